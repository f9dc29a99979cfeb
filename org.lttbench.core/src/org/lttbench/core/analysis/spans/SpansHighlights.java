package org.lttbench.core.analysis.spans;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Cells;
import org.lttbench.core.report.Highlight;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;

/** The span names with the most wall time (the spans table's first rows), each with where most of it went. */
final class SpansHighlights {
    /** The span names shown. */
    static final int SHOWN = 2;
    /** The parts of a span's wall time, as its table names them, and as a line says them. */
    private static final String[][] PARTS = { { "user_ns", "user" }, { "system_ns", "system" }, { "irq_ns", "IRQ" },
            { "user_or_system_ns", "user or system" }, { "wait_cpu_ns", "waiting for a CPU" },
            { "wait_io_ns", "I/O wait" }, { "wait_blocked_ns", "blocked" }, { "unknown_ns", "unknown" },
            { "unmatched_ns", "no kernel thread matched" } };

    private SpansHighlights() {
    }

    static List<Highlight> of(Report report) {
        Table spans = Cells.table(report, "spans");
        if (spans == null) {
            return List.of();
        }
        List<Highlight> lines = new ArrayList<>();
        for (Object[] row : spans.rows().subList(0, Math.min(SHOWN, spans.rows().size()))) {
            long wall = Cells.asLong(Cells.get(spans, row, "wall_ns"));
            if (wall == 0) {
                continue;
            }
            StringBuilder line = new StringBuilder("Spans: ").append(Cells.asText(Cells.get(spans, row, "span")))
                    .append(", ").append(String.format(Locale.ROOT, "%,d", Cells.asLong(Cells.get(spans, row, "spans"))))
                    .append(" in ").append(CellFormat.duration(wall)).append(" (p99 ")
                    .append(CellFormat.duration(Cells.asDouble(Cells.get(spans, row, "p99_ns")))).append(')');
            String most = null;
            long mostNs = 0;
            for (String[] part : PARTS) {
                long ns = Cells.asLong(Cells.get(spans, row, part[0]));
                if (ns > mostNs) {
                    mostNs = ns;
                    most = part[1];
                }
            }
            if (most != null && !most.equals("unknown") && !most.equals("no kernel thread matched")) {
                line.append(", most of it ").append(most).append(" (").append(CellFormat.duration(mostNs)).append(')');
            }
            lines.add(Highlight.of("spans", wall, line.toString()));
        }
        return lines;
    }
}
