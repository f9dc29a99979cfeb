package org.lttbench.core.analysis.cpu;

import java.util.List;

import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Cells;
import org.lttbench.core.report.Highlight;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;

/**
 * How busy the CPUs were and how long threads waited for them: one line, ranked by the time threads spent in the run
 * queues (what the CPUs' contention cost).
 */
final class CpuHighlights {
    private CpuHighlights() {
    }

    static List<Highlight> of(Report report) {
        Table cpus = Cells.table(report, CpuUsageTables.CPUS);
        if (cpus == null || cpus.rows().isEmpty()) {
            return List.of();
        }
        long busy = 0;
        long known = 0;
        long queued = 0;
        Object[] busiest = null;
        for (Object[] row : cpus.rows()) {
            busy += Cells.asLong(Cells.get(cpus, row, "busy_ns"));
            known += Cells.asLong(Cells.get(cpus, row, "known_ns"));
            queued += Cells.asLong(Cells.get(cpus, row, "queue_ns"));
            if (busiest == null || Cells.asDouble(Cells.get(cpus, row, "busy_ratio"))
                    > Cells.asDouble(Cells.get(cpus, busiest, "busy_ratio"))) {
                busiest = row;
            }
        }
        if (known == 0) {
            return List.of();
        }
        int n = cpus.rows().size();
        String line = "CPUs: " + n + ", busy " + CellFormat.percent((double) busy / known)
                + " of their known time; the busiest, CPU " + Cells.asText(Cells.get(cpus, busiest, "cpu")) + ", "
                + CellFormat.percent(Cells.asDouble(Cells.get(cpus, busiest, "busy_ratio"))) + "; threads waited "
                + CellFormat.duration(queued) + " in run queues";
        return List.of(Highlight.of("cpu", queued, line));
    }
}
