package org.lttbench.core.analysis.overhead;

import java.util.List;

/**
 * What one event of a tracepoint costs the tracer: the machine calibration's cost per event for the event's contexts
 * ({@link MachineCalibration}) at the gaps the trace shows before the tracepoint's events (the time since the same
 * thread's previous event: the cost by gap averaged over them; the tight loop's cost where the calibration has no cost
 * by gap or the trace no gap), plus the tracepoint's share of sub-buffer switches as the trace shows them (the extra
 * time of the gaps that follow a switch, which the program's work does not change). Null, with why, where it cannot
 * be known: without a calibration (the trace alone only bounds it: {@link CostEstimate}), for kernel tracepoints and
 * perf counter contexts (which the calibration does not measure).
 *
 * @param ns    ns per event, or null
 * @param why   why {@code ns} is null, or null
 * @param byGap how the cost by gap read the gaps before the events (how many fell outside the calibrated gaps), or
 *              null where {@code ns} is the tight loop's (or null)
 */
public record TracerCost(Double ns, String why, GapCostCurve.Reading byGap) {

    private static TracerCost unknown(String why) {
        return new TracerCost(null, why, null);
    }

    static TracerCost of(MachineCalibration calibration, boolean kernel, List<String> contexts, CostEstimate trace,
            GapHistogram gapsBefore) {
        if (calibration == null) {
            return unknown("the trace alone cannot tell the tracer's cost from the program's work between "
                    + "events (cost_bound_ns bounds it): give the calibration of the machine that recorded it "
                    + "(lttbench calibrate --out DIR there, then --calibration DIR)");
        }
        if (kernel) {
            return unknown("the calibration measures user-space tracepoints, not kernel ones");
        }
        if (contexts.stream().anyMatch(c -> c.startsWith(OverheadAnalysis.COUNTER_PREFIX_THREAD)
                || c.startsWith(OverheadAnalysis.COUNTER_PREFIX_CPU))) {
            return unknown("the calibration does not measure perf counter contexts, which this event records");
        }
        GapCostCurve.Reading byGap = calibration.eventNs(contexts, gapsBefore);
        double ns = byGap != null ? byGap.ns() : calibration.eventNs(contexts);
        if (trace.switchNs() != null) {
            ns += trace.switchShare() * trace.switchNs();
        }
        return new TracerCost(ns, null, byGap);
    }
}
