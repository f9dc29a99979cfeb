package org.lttbench.core.analysis.dropin;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.analysis.latency.SyscallLatencyAnalysis;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;

/**
 * {@code lttng-syscallstats-mi}: per TID, each system call's count, min, average, max, standard deviation and return
 * values ({@code per-tid}, one table per TID, most calls first), and each TID's call count ({@code total}), from the
 * syscalls analysis's table per thread and call.
 */
final class SyscallStats extends DropIn {

    private static final TableSchema PER_TID = schema("per-tid", "System call statistics",
            List.of(column("syscall", "System call", ColumnKind.SYSCALL)),
            stats("count", "Call count", "call duration", "duration", "Call duration standard deviation"),
            List.of(column("return_values", "Return values count", ColumnKind.TEXT)));
    private static final TableSchema TOTAL = schema("total", "Per-TID system call statistics",
            column("process", "Process", ColumnKind.PROCESS_NAME), column("pid", "PID", ColumnKind.PID),
            column("tid", "TID", ColumnKind.TID), column("count", "Total system call count", ColumnKind.INTEGER));

    static final AnalysisProvider PROVIDER = provider("syscallstats",
            "Per-TID and global system call statistics (lttng-analyses' syscallstats, from LTTbench's syscalls analysis)",
            List.of("linux-kernel", "lttng-analyses", "syscall", "stats", "lttbench"), AnalysisTables.ungrouped(new AnalysisTables.Grouping("System call statistics",
                    List.of(PER_TID, TOTAL), List.of())),
            SyscallStats::new);

    SyscallStats(AnalysisOptions options) {
        super(options, List.of(new SyscallLatencyAnalysis(options.withGroupBy(AnalysisOptions.GroupBy.THREAD))));
    }

    /** One TID's calls. */
    private record Calls(String name, Long pid, long tid, List<Integer> rows, long count) {
    }

    @Override
    public Report report() {
        Report mine = this.<SyscallLatencyAnalysis>inner(0).report();
        Table perThread = mine.table("syscalls_per_thread");
        Map<Long, List<Integer>> byTid = new LinkedHashMap<>();
        for (int r = 0; r < perThread.rows().size(); r++) {
            Object tid = perThread.cell(r, "tid");
            if (tid != null) {
                byTid.computeIfAbsent((Long) tid, k -> new ArrayList<>()).add(r);
            }
        }
        List<Calls> tids = new ArrayList<>();
        byTid.forEach((tid, rows) -> {
            int first = rows.get(0);
            long count = rows.stream().mapToLong(r -> (Long) perThread.cell(r, "calls")).sum();
            tids.add(new Calls((String) perThread.cell(first, "name"), (Long) perThread.cell(first, "pid"), tid, rows,
                    count));
        });
        tids.sort(Comparator.comparingLong((Calls c) -> -c.count()).thenComparingLong(Calls::tid));
        Report r = newReport("syscallstats", "System call statistics", mine);
        Table total = TOTAL.table();
        for (Calls c : tids) {
            Table t = new Table(PER_TID.key(), PER_TID.title() + " [" + c.name() + " (" + (c.pid() == null ? "?" : c.pid())
                    + ", TID: " + c.tid() + ")]", PER_TID.columns());
            // a reused TID's threads are one TID here, as in lttng-analyses: their calls of one name merge
            Map<String, List<Integer>> bySyscall = new LinkedHashMap<>();
            for (int row : c.rows()) {
                bySyscall.computeIfAbsent((String) perThread.cell(row, "syscall"), k -> new ArrayList<>()).add(row);
            }
            List<Map.Entry<String, List<Integer>>> calls = new ArrayList<>(bySyscall.entrySet());
            calls.sort(Comparator.comparingLong((Map.Entry<String, List<Integer>> e) -> -e.getValue().stream()
                    .mapToLong(row -> (Long) perThread.cell(row, "calls")).sum()).thenComparing(Map.Entry::getKey));
            for (Map.Entry<String, List<Integer>> e : calls) {
                MergedRows m = new MergedRows("calls");
                long errors = 0;
                List<String> errnos = new ArrayList<>();
                for (int row : e.getValue()) {
                    m.add(perThread, row);
                    errors += (Long) perThread.cell(row, "errors");
                    if (perThread.cell(row, "errnos") != null) {
                        errnos.add((String) perThread.cell(row, "errnos"));
                    }
                }
                t.addRow(e.getKey(), m.count(), m.min(), m.mean(), m.max(), m.stddev(),
                        returnValues(m.count() - errors, errnos));
            }
            r.add(t);
            total.addRow(c.name(), c.pid(), c.tid(), c.count());
        }
        r.add(total);
        return r;
    }

    /** lttng-analyses' return values: {@code {'success': 8005, 'EAGAIN': 57}} (a Python dict, as it prints it). */
    private static String returnValues(long successes, List<String> errnos) {
        Map<String, Long> counts = new LinkedHashMap<>();
        if (successes > 0) {
            counts.put("success", successes);
        }
        for (String list : errnos) {
            for (String e : list.split(", ")) {
                int space = e.lastIndexOf(' ');
                counts.merge(e.substring(0, space), Long.parseLong(e.substring(space + 1)), Long::sum);
            }
        }
        List<String> items = new ArrayList<>();
        counts.forEach((k, v) -> items.add("'" + k + "': " + v));
        return "{" + String.join(", ", items) + "}";
    }
}
