package org.lttbench.core.calibration;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one run of the calibration workload measured itself, parsed from its printed lines
 * ({@code lttbench-calibrate kind=summary ...}, one {@code kind=repeat} line per repetition).
 *
 * @param build                 {@code tracepoint} (compiled in) or {@code none}
 * @param tracing               {@code active}, {@code inactive} (no session enables it) or {@code none}
 * @param nsPerIteration        median wall-clock ns per iteration over the repetitions
 * @param cpuNsPerIteration     median ns of the thread's own CPU time per iteration: what others' load does not change
 * @param minCpuNsPerIteration  the fastest repetition's CPU ns per iteration
 * @param output                everything the workload printed
 */
public record WorkloadMeasurement(String build, String tracing, int repeats, long iterations, long warmup,
        double nsPerIteration, double cpuNsPerIteration, double minCpuNsPerIteration, long pid, long tid,
        String output) {

    static final String PREFIX = "lttbench-calibrate ";

    /** Events of the tracepoint under test the run emitted: the warm-up iterations and every timed one. */
    public long iterationEvents() {
        return warmup + repeats * iterations;
    }

    /** Every event the traced build emits: iterations plus a begin and an end marker per repetition. */
    public long allEvents() {
        return iterationEvents() + 2L * repeats;
    }

    /** Parses the workload's output; {@code warmup} is what it was asked to run (it does not print it). */
    static WorkloadMeasurement parse(String output, long warmup) throws IOException {
        Map<String, String> summary = null;
        int repeatLines = 0;
        for (String line : output.split("\n")) {
            if (!line.startsWith(PREFIX)) {
                continue;
            }
            Map<String, String> fields = fields(line);
            if ("summary".equals(fields.get("kind"))) {
                summary = fields;
            } else if ("repeat".equals(fields.get("kind"))) {
                repeatLines++;
            }
        }
        if (summary == null) {
            throw new IOException("the calibration workload printed no summary line; it printed: " + output.strip());
        }
        try {
            int repeats = Integer.parseInt(summary.get("repeats"));
            if (repeats != repeatLines) {
                throw new IOException("the calibration workload announced " + repeats + " repetitions but printed "
                        + repeatLines);
            }
            return new WorkloadMeasurement(summary.get("build"), summary.get("tracing"), repeats,
                    Long.parseLong(summary.get("iterations")), warmup, Double.parseDouble(summary.get("ns_per_iteration")),
                    Double.parseDouble(summary.get("cpu_ns_per_iteration")),
                    Double.parseDouble(summary.get("min_cpu_ns_per_iteration")), Long.parseLong(summary.get("pid")),
                    Long.parseLong(summary.get("tid")), output);
        } catch (NumberFormatException | NullPointerException e) {
            throw new IOException("malformed summary line from the calibration workload: " + summary, e);
        }
    }

    /** The key=value fields of one printed line. */
    static Map<String, String> fields(String line) {
        Map<String, String> fields = new HashMap<>();
        for (String token : line.substring(PREFIX.length()).trim().split("\\s+")) {
            int eq = token.indexOf('=');
            if (eq > 0) {
                fields.put(token.substring(0, eq), token.substring(eq + 1));
            }
        }
        return fields;
    }

    /** The {@code kind=repeat} lines' fields, in order. */
    public List<Map<String, String>> repeatLines() {
        List<Map<String, String>> lines = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (line.startsWith(PREFIX) && line.contains(" kind=repeat ")) {
                lines.add(fields(line));
            }
        }
        return lines;
    }
}
