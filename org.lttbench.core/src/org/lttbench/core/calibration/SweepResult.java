package org.lttbench.core.calibration;

import java.nio.file.Path;
import java.util.List;

import org.lttbench.core.analysis.overhead.CostEstimate;
import org.lttbench.core.analysis.overhead.MachineCalibration;

/**
 * One traced run of the sweep: what the workload measured, and what its trace holds.
 *
 * @param traces         the trace directories the session wrote
 * @param captured       events of the tracepoint under test found in the trace
 * @param capturedAll    every event of the workload's provider found in the trace
 * @param discarded      events the tracer counted as discarded (discard mode)
 * @param lostPackets    packets lost between packets read (overwrite mode), as babeltrace2 reports them
 * @param lostFirstPackets packets lost before each stream's first packet read (overwrite mode)
 * @param bytesPerEvent  mean bytes per event of the tracepoint under test, or null
 * @param estimate       what the overhead analysis estimates one event costs, from the trace alone
 */
public record SweepResult(SweepPoint point, WorkloadMeasurement measurement, List<Path> traces, long captured,
        long capturedAll, long discarded, long lostPackets, long lostFirstPackets, Double bytesPerEvent,
        CostEstimate estimate) {

    public SweepResult {
        traces = List.copyOf(traces);
    }

    /** Events the workload emitted that the trace has neither as events nor as discarded: overwritten packets. */
    public long overwritten() {
        return Math.max(0, measurement.allEvents() - capturedAll - discarded);
    }

    /** Whether this run measures the cost of an event ({@link MachineCalibration#measures}). */
    public boolean measures() {
        return MachineCalibration.measures(point.channel().overwrite(), discarded, overwritten(), capturedAll,
                measurement.allEvents());
    }

    /** Share of the workload's events missing from the trace, discarded or overwritten. */
    public double lossShare() {
        return (measurement.allEvents() - capturedAll) / (double) measurement.allEvents();
    }
}
