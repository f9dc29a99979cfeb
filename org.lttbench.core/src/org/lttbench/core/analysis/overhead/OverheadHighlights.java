package org.lttbench.core.analysis.overhead;

import java.util.List;
import java.util.Locale;

import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Cells;
import org.lttbench.core.report.Highlight;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;

/**
 * What the tracing cost, where the report knows it: the time spent tracing (events x each tracepoint's cost, from the
 * machine's calibration) and the process whose CPU time it took the largest share of; without a calibration, the
 * events and the busiest tracepoint, ranked last, since their cost is not known.
 */
final class OverheadHighlights {
    private OverheadHighlights() {
    }

    static List<Highlight> of(Report report) {
        Table tracepoints = Cells.table(report, "tracepoints");
        if (tracepoints == null || tracepoints.rows().isEmpty()) {
            return List.of();
        }
        long events = 0;
        double tracingNs = 0;
        boolean known = false;
        Object[] busiest = null;
        for (Object[] row : tracepoints.rows()) {
            long count = Cells.asLong(Cells.get(tracepoints, row, "count"));
            events += count;
            Object cost = Cells.get(tracepoints, row, "cost_ns");
            if (cost != null) {
                known = true;
                tracingNs += count * Cells.asDouble(cost);
            }
            if (busiest == null || count > Cells.asLong(Cells.get(tracepoints, busiest, "count"))) {
                busiest = row;
            }
        }
        String busiestName = Cells.asText(Cells.get(tracepoints, busiest, "name"));
        int n = tracepoints.rows().size();
        String counts = String.format(Locale.ROOT, "%,d events of %,d tracepoint%s", events, n, n == 1 ? "" : "s");
        if (!known) {
            return List.of(new Highlight(OverheadAnalysis.NAME, 0, "Tracing: " + counts + ", the busiest " + busiestName
                    + " (" + CellFormat.rate(Cells.asDouble(Cells.get(tracepoints, busiest, "rate_hz")))
                    + "); what they cost needs the machine's calibration", "--analysis overhead --calibration DIR"));
        }
        StringBuilder line = new StringBuilder("Tracing cost: ").append(CellFormat.duration(tracingNs)).append(" for ")
                .append(counts);
        Table share = Cells.table(report, TracingShare.TABLE);
        if (share != null) {
            Object[] most = null;
            for (Object[] row : share.rows()) {
                if (most == null || Cells.asDouble(Cells.get(share, row, "share"))
                        > Cells.asDouble(Cells.get(share, most, "share"))) {
                    most = row;
                }
            }
            if (most != null && Cells.get(share, most, "share") != null) {
                line.append("; ").append(CellFormat.percent(Cells.asDouble(Cells.get(share, most, "share"))))
                        .append(" of ").append(Cells.asText(Cells.get(share, most, "name"))).append(" (PID ")
                        .append(Cells.asText(Cells.get(share, most, "pid"))).append(")'s CPU time");
            }
        }
        return List.of(Highlight.of(OverheadAnalysis.NAME, Math.round(tracingNs), line.toString()));
    }
}
