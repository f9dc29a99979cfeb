package org.lttbench.core.analysis.dropin;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.analysis.latency.SchedulingLatencyAnalysis;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;

/**
 * {@code lttng-schedstats-mi}: wakeup to running latencies per TID ({@code per_tid_stats}, by name), in all
 * ({@code total_stats}) and per priority ({@code per_prio_stats}), from the sched analysis's woken and new-thread waits
 * (lttng-analyses leaves preemptions out), and each TID's chronological priorities ({@link Priorities}, from the
 * process analysis the sched analysis builds on). All three tables are given, whatever {@code --total},
 * {@code --per-tid} or {@code --per-prio} ask.
 */
final class SchedStats extends DropIn {

    private static final List<Column> STATS = stats("count", "Scheduling count", "latency", "latency",
            "Scheduling latency standard deviation");
    private static final TableSchema TOTAL = schema("total_stats", "Scheduling latency stats (total)", STATS);
    private static final TableSchema PER_TID = schema("per_tid_stats", "Scheduling latency stats (per-TID)",
            List.of(column("process", "Wakee process", ColumnKind.PROCESS_NAME), column("tid", "TID", ColumnKind.TID)),
            STATS, List.of(column("prio_list", "Chronological priorities", ColumnKind.TEXT)));
    private static final TableSchema PER_PRIO = schema("per_prio_stats", "Scheduling latency stats (per-prio)",
            List.of(column("prio", "Priority", ColumnKind.INTEGER)), STATS);

    static final AnalysisProvider PROVIDER = provider("schedstats",
            "Scheduling latency statistics (lttng-analyses' schedstats, from LTTbench's sched analysis)",
            List.of("linux-kernel", "lttng-analyses", "sched", "stats", "freq", "top", "log", "lttbench"), AnalysisTables.ungrouped(new AnalysisTables.Grouping(
                    "Scheduling latencies analysis", List.of(TOTAL, PER_TID, PER_PRIO), List.of())),
            SchedStats::new);

    /** The kinds of waits lttng-analyses counts: from a wakeup. */
    private static final List<String> WAKEUPS = List.of("woken", "new thread");

    private final Priorities priorities = new Priorities();

    SchedStats(AnalysisOptions options) {
        // the sched analysis takes the process analysis beside it as its own (one machine), which tells the priorities
        super(options, List.of(new SchedulingLatencyAnalysis(options.withGroupBy(AnalysisOptions.GroupBy.THREAD)),
                new ProcessAnalysis(options.withGroupBy(AnalysisOptions.GroupBy.THREAD))));
        this.<ProcessAnalysis>inner(1).observe(priorities);
    }

    @Override
    public Report report() {
        Report mine = this.<SchedulingLatencyAnalysis>inner(0).report();
        Report r = newReport("schedstats", "Scheduling latencies analysis", mine);

        Table totals = mine.table("sched_latency");
        MergedRows all = new MergedRows("waits");
        for (int i = 0; i < totals.rows().size(); i++) {
            if (WAKEUPS.contains(totals.cell(i, "kind"))) {
                all.add(totals, i);
            }
        }
        Table total = TOTAL.table();
        if (all.count() > 0) {
            total.addRow(all.count(), all.min(), all.mean(), all.max(), all.stddev());
        }
        r.add(total);

        Table threads = mine.table("sched_latency_per_thread");
        Map<Long, MergedRows> byTid = new LinkedHashMap<>();
        Map<Long, String> names = new LinkedHashMap<>();
        for (int i = 0; i < threads.rows().size(); i++) {
            if (WAKEUPS.contains(threads.cell(i, "kind")) && threads.cell(i, "tid") != null) {
                long tid = (Long) threads.cell(i, "tid");
                byTid.computeIfAbsent(tid, k -> new MergedRows("waits")).add(threads, i);
                names.putIfAbsent(tid, (String) threads.cell(i, "name"));
            }
        }
        List<Long> tids = new ArrayList<>(byTid.keySet());
        tids.sort(Comparator.comparing((Long tid) -> String.valueOf(names.get(tid)).toLowerCase(java.util.Locale.ROOT))
                .thenComparingLong(tid -> tid));
        Table perTid = PER_TID.table();
        for (long tid : tids) {
            MergedRows m = byTid.get(tid);
            perTid.addRow(names.get(tid), tid, m.count(), m.min(), m.mean(), m.max(), m.stddev(),
                    priorities.list(tid, options.range()));
        }
        r.add(perTid);

        Table prios = mine.table("sched_latency_per_priority");
        Map<Long, MergedRows> byPrio = new TreeMap<>();
        for (int i = 0; i < prios.rows().size(); i++) {
            if (WAKEUPS.contains(prios.cell(i, "kind")) && prios.cell(i, "prio") != null) {
                byPrio.computeIfAbsent((Long) prios.cell(i, "prio"), k -> new MergedRows("waits")).add(prios, i);
            }
        }
        Table perPrio = PER_PRIO.table();
        byPrio.forEach((prio, m) -> perPrio.addRow(prio, m.count(), m.min(), m.mean(), m.max(), m.stddev()));
        r.add(perPrio);
        return r;
    }
}
