package org.lttbench.core.analysis.dropin;

import java.util.List;

import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.analysis.latency.InterruptLatencyAnalysis;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Interrupt;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;

/**
 * {@code lttng-irqstats-mi}: each hard IRQ's handler durations ({@code hard-stats}) and each softirq vector's, with
 * its raise latencies ({@code soft-stats}), from the irq analysis. x86 vectors without an IRQ (the local timer, IPIs)
 * are LTTbench's own: lttng-analyses reads no such events, so they are not here.
 */
final class IrqStats extends DropIn {

    private static final List<Column> RUNS = stats("count", "Interrupt count", "duration", "duration",
            "Interrupt duration standard deviation");
    private static final TableSchema HARD = schema("hard-stats", "Hardware interrupt statistics",
            List.of(column("irq", "Interrupt", ColumnKind.IRQ)), RUNS);
    private static final TableSchema SOFT = schema("soft-stats", "Software interrupt statistics",
            List.of(column("irq", "Interrupt", ColumnKind.IRQ)), RUNS, stats("raise_count", "Interrupt raise count",
                    "raise latency", "latency", "Interrupt raise latency standard deviation"));

    static final AnalysisProvider PROVIDER = provider("irqstats",
            "Interrupt statistics (lttng-analyses' irqstats, from LTTbench's irq analysis)",
            List.of("linux-kernel", "lttng-analyses", "interrupt", "stats", "freq", "log", "lttbench"), AnalysisTables.ungrouped(new AnalysisTables.Grouping(
                    "System interrupt analysis", List.of(HARD, SOFT), List.of())),
            IrqStats::new);

    IrqStats(AnalysisOptions options) {
        super(options, List.of(new InterruptLatencyAnalysis(options)));
    }

    @Override
    public Report report() {
        Report mine = this.<InterruptLatencyAnalysis>inner(0).report();
        Table handlers = mine.table("interrupts");
        Table raised = mine.table("softirq_raise_latency");
        Report r = newReport("irqstats", "System interrupt analysis", mine);
        Table hard = HARD.table();
        Table soft = SOFT.table();
        for (int i = 0; i < handlers.rows().size(); i++) {
            String kind = (String) handlers.cell(i, "kind");
            long number = (Long) handlers.cell(i, "number");
            String name = (String) handlers.cell(i, "name");
            MergedRows runs = new MergedRows("runs").add(handlers, i);
            if (kind.equals("hard IRQ")) {
                hard.addRow(new Interrupt(true, number, name), runs.count(), runs.min(), runs.mean(), runs.max(),
                        runs.stddev());
            } else if (kind.equals("softirq")) {
                MergedRows raise = new MergedRows("raised");
                for (int j = 0; j < raised.rows().size(); j++) {
                    if (raised.cell(j, "number").equals(number)
                            && (!raised.columns().get(0).key().equals("host") || raised.cell(j, "host").equals(
                                    handlers.cell(i, "host")))) {
                        raise.add(raised, j);
                    }
                }
                soft.addRow(new Interrupt(false, number, name + "_SOFTIRQ"), runs.count(), runs.min(), runs.mean(),
                        runs.max(), runs.stddev(), raise.count(), raise.min(), raise.mean(), raise.max(), raise.stddev());
            }
        }
        return r.add(hard).add(soft);
    }
}
