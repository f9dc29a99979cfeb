package org.lttbench.core.analysis.overhead;

import java.util.List;

/**
 * What one event of a tracepoint costs the tracer: the machine calibration's cost per event for the event's contexts
 * ({@link MachineCalibration}), plus the tracepoint's share of sub-buffer switches as the trace shows them (the extra
 * time of the gaps that follow a switch, which the program's work does not change). Null, with why, where it cannot
 * be known: without a calibration (the trace alone only bounds it: {@link CostEstimate}), for kernel tracepoints and
 * perf counter contexts (which the calibration does not measure).
 *
 * @param ns  ns per event, or null
 * @param why why {@code ns} is null, or null
 */
public record TracerCost(Double ns, String why) {

    static TracerCost of(MachineCalibration calibration, boolean kernel, List<String> contexts, CostEstimate trace) {
        if (calibration == null) {
            return new TracerCost(null, "the trace alone cannot tell the tracer's cost from the program's work between "
                    + "events (cost_bound_ns bounds it): give the calibration of the machine that recorded it "
                    + "(lttbench calibrate --out DIR there, then --calibration DIR)");
        }
        if (kernel) {
            return new TracerCost(null, "the calibration measures user-space tracepoints, not kernel ones");
        }
        if (contexts.stream().anyMatch(c -> c.startsWith(OverheadAnalysis.COUNTER_PREFIX_THREAD)
                || c.startsWith(OverheadAnalysis.COUNTER_PREFIX_CPU))) {
            return new TracerCost(null, "the calibration does not measure perf counter contexts, which this event records");
        }
        double ns = calibration.eventNs(contexts);
        if (trace.switchNs() != null) {
            ns += trace.switchShare() * trace.switchNs();
        }
        return new TracerCost(ns, null);
    }
}
