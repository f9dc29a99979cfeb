package org.lttbench.core.analysis.latency;

import java.util.List;

import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Cells;
import org.lttbench.core.report.Highlight;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;

/** The worst latency of each latency report: the first row of its table of the longest, ranked by its duration. */
final class LatencyHighlights {
    private LatencyHighlights() {
    }

    static List<Highlight> syscalls(Report report) {
        Table longest = Cells.table(report, "syscalls_longest");
        if (longest == null || longest.rows().isEmpty()) {
            return List.of();
        }
        Object[] row = longest.rows().get(0);
        long ns = Cells.asLong(Cells.get(longest, row, "duration_ns"));
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
            line.append("; most time in all: ").append(Cells.asText(Cells.get(perCall, most, "syscall"))).append(", ")
                    .append(String.format(java.util.Locale.ROOT, "%,d", Cells.asLong(Cells.get(perCall, most, "calls"))))
                    .append(" calls, ").append(CellFormat.duration(Cells.asLong(Cells.get(perCall, most, "total_ns"))));
        }
        return List.of(Highlight.of("syscalls", ns, line.toString()));
    }

    static List<Highlight> interrupts(Report report) {
        Table longest = Cells.table(report, "interrupts_longest");
        if (longest == null || longest.rows().isEmpty()) {
            return List.of();
        }
        Object[] row = longest.rows().get(0);
        long ns = Cells.asLong(Cells.get(longest, row, "duration_ns"));
        String name = Cells.asText(Cells.get(longest, row, "name"));
        String line = "Longest interrupt handler: " + Cells.asText(Cells.get(longest, row, "kind")) + ' '
                + Cells.asText(Cells.get(longest, row, "number")) + (name == null ? "" : " " + name) + ", "
                + CellFormat.duration(ns) + " on CPU " + Cells.asText(Cells.get(longest, row, "cpu"));
        return List.of(Highlight.of("irq", ns, line));
    }

    static List<Highlight> scheduling(Report report) {
        Table longest = Cells.table(report, "sched_latency_longest");
        if (longest == null || longest.rows().isEmpty()) {
            return List.of();
        }
        Object[] row = longest.rows().get(0);
        long ns = Cells.asLong(Cells.get(longest, row, "latency_ns"));
        StringBuilder line = new StringBuilder("Longest wait for a CPU: ").append(thread(longest, row)).append(' ')
                .append(CellFormat.duration(ns)).append(" on CPU ").append(Cells.asText(Cells.get(longest, row, "cpu")))
                .append(" (").append(Cells.asText(Cells.get(longest, row, "kind"))).append(')');
        String waker = Cells.asText(Cells.get(longest, row, "waker"));
        if (waker != null) {
            line.append(", woken by ").append(Cells.asText(Cells.get(longest, row, "waker_kind"))).append(' ')
                    .append(waker);
        }
        return List.of(Highlight.of("sched", ns, line.toString()));
    }

    static List<Highlight> disk(Report report) {
        Table longest = Cells.table(report, "disk_requests_longest");
        if (longest == null || longest.rows().isEmpty()) {
            return List.of();
        }
        Object[] row = longest.rows().get(0);
        long ns = Cells.asLong(Cells.get(longest, row, "latency_ns"));
        String line = "Longest disk request: " + Cells.asText(Cells.get(longest, row, "device")) + ' '
                + Cells.asText(Cells.get(longest, row, "op")) + " of "
                + CellFormat.bytes(Cells.asLong(Cells.get(longest, row, "bytes"))) + ", " + CellFormat.duration(ns)
                + ", issued by " + thread(longest, row);
        return List.of(Highlight.of("io", ns, line));
    }

    /** {@code name (TID n)}, or the process when the table has no thread. */
    private static String thread(Table table, Object[] row) {
        Object tid = Cells.get(table, row, "tid");
        return Cells.asText(Cells.get(table, row, "name"))
                + (tid != null ? " (TID " + tid + ")" : " (PID " + Cells.asText(Cells.get(table, row, "pid")) + ")");
    }
}
