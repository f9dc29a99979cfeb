package org.lttbench.core.analysis.dropin;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.trace.Trace;

/**
 * {@code lttng-cputop-mi}: each TID's share of the range on a CPU ({@code per-process}, the {@code --limit} most
 * first), each CPU's busy share ({@code per-cpu}: all but its idle thread's time) and their mean ({@code total}), from
 * the process analysis's running time (equal to lttng-analyses' cputop per TID to the ns: docs/validation.md,
 * "Process time"); each TID's migrations, its {@code sched_migrate_task} events in the range (as cputop counts them);
 * its chronological priorities ({@link Priorities}).
 */
final class CpuTop extends DropIn {

    private static final TableSchema PER_PROCESS = schema("per-process", "Per-TID top CPU usage",
            column("process", "Process", ColumnKind.PROCESS_NAME), column("tid", "TID", ColumnKind.TID),
            column("migrations", "Migration count", ColumnKind.INTEGER),
            column("prio_list", "Chronological priorities", ColumnKind.TEXT),
            column("usage", "CPU usage", ColumnKind.RATIO));
    private static final TableSchema PER_CPU = schema("per-cpu", "Per-CPU top CPU usage",
            column("cpu", "CPU", ColumnKind.CPU), column("usage", "CPU usage", ColumnKind.RATIO));
    private static final TableSchema TOTAL = schema("total", "Total CPU usage", column("usage", "CPU usage", ColumnKind.RATIO));

    static final AnalysisProvider PROVIDER = provider("cputop",
            "Per-TID, per-CPU, and total top CPU usage (lttng-analyses' cputop, from LTTbench's process analysis)",
            List.of("linux-kernel", "lttng-analyses", "cpu", "top", "lttbench"), AnalysisTables.ungrouped(new AnalysisTables.Grouping("Top CPU usage",
                    List.of(PER_PROCESS, PER_CPU, TOTAL), List.of())),
            CpuTop::new);

    /** How the process analysis names a CPU's idle thread. */
    private static final String IDLE = "swapper/";

    /** {@code sched_migrate_task} events in the range, by TID (cputop's rows are per TID). */
    private final Map<Long, Long> migrations = new HashMap<>();
    private final Priorities priorities = new Priorities();

    CpuTop(AnalysisOptions options) {
        super(options, List.of(new ProcessAnalysis(options.withGroupBy(AnalysisOptions.GroupBy.THREAD))));
        this.<ProcessAnalysis>inner(0).observe(new ThreadStateSink.WithoutStates() {
            @Override
            public void migrated(Trace trace, int tid, long time, int from, int to) {
                if (options.range().contains(time)) {
                    migrations.merge((long) tid, 1L, Long::sum);
                }
            }
        });
        this.<ProcessAnalysis>inner(0).observe(priorities);
    }

    @Override
    public Report report() {
        Report mine = this.<ProcessAnalysis>inner(0).report();
        Table threads = mine.table("threads");
        Report r = newReport("cputop", "Top CPU usage", mine);
        List<Integer> rows = new ArrayList<>();
        TreeMap<Long, Double> cpus = new TreeMap<>();
        for (int i = 0; i < threads.rows().size(); i++) {
            Object tid = threads.cell(i, "tid");
            String name = (String) threads.cell(i, "name");
            Double ratio = (Double) threads.cell(i, "running_ratio");
            if (Long.valueOf(0).equals(tid) && name != null && name.startsWith(IDLE)) {
                cpus.put(Long.parseLong(name.substring(IDLE.length())), ratio == null ? null : 1 - ratio);
            } else if (tid != null && ratio != null) {
                rows.add(i);
            }
        }
        rows.sort(Comparator.comparingDouble((Integer i) -> -(Double) threads.cell(i, "running_ratio")));
        Table perProcess = PER_PROCESS.table();
        for (int i : rows.subList(0, options.limit() > 0 ? Math.min(options.limit(), rows.size()) : rows.size())) {
            long tid = (Long) threads.cell(i, "tid");
            perProcess.addRow(threads.cell(i, "name"), tid, migrations.getOrDefault(tid, 0L),
                    priorities.list(tid, options.range()), threads.cell(i, "running_ratio"));
        }
        Table perCpu = PER_CPU.table();
        cpus.forEach((cpu, usage) -> perCpu.addRow(cpu, usage));
        Table total = TOTAL.table();
        if (!cpus.isEmpty()) {
            total.addRow(cpus.values().stream().mapToDouble(u -> u == null ? 0 : u).average().orElse(0));
        }
        return r.add(perProcess).add(perCpu).add(total);
    }
}
