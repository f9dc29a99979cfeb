package org.lttbench.core.calibration;

import java.nio.file.Path;
import java.util.List;

/**
 * One traced paired run of the calibration workload with some work between events: what the workload measured an event
 * cost with that work, and the gap the trace shows between its thread's consecutive events (the work and the tracer
 * together, as the overhead analysis sees a program's gaps).
 *
 * @param round     which round over the plan's amounts of work, from 1
 * @param workNs    the work between events asked for, ns (as {@code spins} rounds came to on this machine)
 * @param captured  iteration events found in the trace
 * @param discarded events the tracer counted as discarded
 * @param gapNs     median gap from an iteration event to the thread's next event on the same CPU, or null
 */
public record GapCostResult(int round, long workNs, PairedMeasurement measurement, List<Path> traces, long captured,
        long discarded, Double gapNs) {

    public GapCostResult {
        traces = List.copyOf(traces);
    }

    /** Whether the trace kept every event: a discarded event costs less than a kept one. */
    public boolean measures() {
        return discarded == 0 && captured == measurement.events() && gapNs != null;
    }
}
