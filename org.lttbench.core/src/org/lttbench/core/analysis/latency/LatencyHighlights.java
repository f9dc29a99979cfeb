package org.lttbench.core.analysis.latency;

import java.util.List;
import java.util.Locale;

import org.lttbench.core.analysis.waits.WaitsAnalysis;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Cells;
import org.lttbench.core.report.Highlight;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;

/** The worst latency of each latency report: the first row of its table of the longest, ranked by its duration. */
final class LatencyHighlights {
    private LatencyHighlights() {
    }

    /** What a line says of the longest row ({@code row} of {@code table}, {@code ns} long). */
    private interface Describe {
        String line(Table table, Object[] row, long ns);
    }

    static List<Highlight> syscalls(Report report) {
        return longest(report, "syscalls_longest", "duration_ns", "syscalls", (longest, row, ns) -> {
            StringBuilder line = new StringBuilder("Longest system call: ")
                    .append(Cells.asText(Cells.get(longest, row, "syscall"))).append(' ').append(CellFormat.duration(ns))
                    .append(" in ").append(thread(longest, row));
            long blocked = Cells.asLong(Cells.get(longest, row, "blocked_ns"));
            if (blocked > 0) {
                line.append(", blocked ").append(CellFormat.duration(blocked));
            }
            Table perCall = Cells.table(report, "syscalls");
            if (perCall != null && !perCall.rows().isEmpty()) {
                Object[] most = perCall.rows().get(0);
                line.append("; most time in all: ").append(Cells.asText(Cells.get(perCall, most, "syscall")))
                        .append(", ").append(String.format(Locale.ROOT, "%,d", Cells.asLong(Cells.get(perCall, most, "calls"))))
                        .append(" calls, ").append(CellFormat.duration(Cells.asLong(Cells.get(perCall, most, "total_ns"))));
            }
            return line.toString();
        });
    }

    static List<Highlight> interrupts(Report report) {
        return longest(report, "interrupts_longest", "duration_ns", "irq", (longest, row, ns) -> {
            String name = Cells.asText(Cells.get(longest, row, "name"));
            return "Longest interrupt handler: " + Cells.asText(Cells.get(longest, row, "kind")) + ' '
                    + Cells.asText(Cells.get(longest, row, "number")) + (name == null ? "" : " " + name) + ", "
                    + CellFormat.duration(ns) + " on CPU " + Cells.asText(Cells.get(longest, row, "cpu"));
        });
    }

    static List<Highlight> scheduling(Report report) {
        return longest(report, "sched_latency_longest", "latency_ns", "sched", (longest, row, ns) -> {
            String waker = Cells.asText(Cells.get(longest, row, "waker"));
            return "Longest wait for a CPU: " + thread(longest, row) + ' ' + CellFormat.duration(ns) + " on CPU "
                    + Cells.asText(Cells.get(longest, row, "cpu")) + " (" + Cells.asText(Cells.get(longest, row, "kind"))
                    + ')' + (waker == null ? "" : ", woken by "
                            + WaitsAnalysis.wakerAsSaid(WaitsAnalysis.wakerCaveat(longest),
                                    Cells.asText(Cells.get(longest, row, "waker_kind")), waker));
        });
    }

    static List<Highlight> disk(Report report) {
        return longest(report, "disk_requests_longest", "latency_ns", "io",
                (longest, row, ns) -> "Longest disk request: " + Cells.asText(Cells.get(longest, row, "device")) + ' '
                        + Cells.asText(Cells.get(longest, row, "op")) + " of "
                        + CellFormat.bytes(Cells.asLong(Cells.get(longest, row, "bytes"))) + ", "
                        + CellFormat.duration(ns) + ", issued by " + thread(longest, row));
    }

    /** The highlight of a table of the longest, ranked by its first row's duration; none when the table is empty. */
    private static List<Highlight> longest(Report report, String tableKey, String durationKey, String analysis,
            Describe describe) {
        Table longest = Cells.table(report, tableKey);
        if (longest == null || longest.rows().isEmpty()) {
            return List.of();
        }
        Object[] row = longest.rows().get(0);
        long ns = Cells.asLong(Cells.get(longest, row, durationKey));
        return List.of(Highlight.of(analysis, ns, describe.line(longest, row, ns)));
    }

    /** {@code name (TID n)}, or the process when the table has no thread. */
    private static String thread(Table table, Object[] row) {
        Object tid = Cells.get(table, row, "tid");
        return Cells.asText(Cells.get(table, row, "name"))
                + (tid != null ? " (TID " + tid + ")" : " (PID " + Cells.asText(Cells.get(table, row, "pid")) + ")");
    }
}
