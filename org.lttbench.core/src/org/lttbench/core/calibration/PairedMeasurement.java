package org.lttbench.core.calibration;

import java.io.IOException;
import java.util.Map;

/**
 * What one run of the calibration workload in paired mode measured itself ({@code calibrate -p -s SPINS}): each
 * iteration does some work, then fires the tracepoint in one repetition of each pair and not in the other; the median
 * of the pairs' differences is the cost of an event with that work between events, free of the drift between two runs.
 * Parsed from its {@code lttbench-calibrate kind=pairs ...} line.
 *
 * @param tracing                    {@code active} or {@code inactive} (no session enables the tracepoint)
 * @param spins                      rounds of work before each event
 * @param tracedCpuNsPerIteration    median CPU ns per iteration of the repetitions that fired the tracepoint
 * @param untracedCpuNsPerIteration  median CPU ns per iteration of those that did not: the work alone
 * @param costNs                     median over the pairs of their difference, per iteration
 * @param realTime                   whether it ran under the real-time policy it asks for (granted to root)
 * @param output                     everything the workload printed
 */
public record PairedMeasurement(String tracing, long spins, int pairs, long iterations, long warmup,
        double tracedCpuNsPerIteration, double untracedCpuNsPerIteration, double costNs, boolean realTime, long pid,
        long tid, String output) {

    /** Events the run emitted: the warm-up iterations and the traced half of every pair. */
    public long events() {
        return warmup + pairs * iterations;
    }

    /** Parses the workload's output; {@code warmup} is what it was asked to run (it does not print it). */
    static PairedMeasurement parse(String output, long warmup) throws IOException {
        Map<String, String> summary = null;
        for (String line : output.split("\n")) {
            if (line.startsWith(WorkloadMeasurement.PREFIX) && line.contains(" kind=pairs ")) {
                summary = WorkloadMeasurement.fields(line);
            }
        }
        if (summary == null) {
            throw new IOException("the calibration workload printed no paired summary line; it printed: "
                    + output.strip());
        }
        try {
            return new PairedMeasurement(summary.get("tracing"), Long.parseLong(summary.get("spins")),
                    Integer.parseInt(summary.get("pairs")), Long.parseLong(summary.get("iterations")), warmup,
                    Double.parseDouble(summary.get("traced_cpu_ns_per_iteration")),
                    Double.parseDouble(summary.get("untraced_cpu_ns_per_iteration")),
                    Double.parseDouble(summary.get("cost_ns")), "fifo".equals(summary.get("policy")),
                    Long.parseLong(summary.get("pid")),
                    Long.parseLong(summary.get("tid")), output);
        } catch (NumberFormatException | NullPointerException e) {
            throw new IOException("malformed paired summary line from the calibration workload: " + summary, e);
        }
    }
}
