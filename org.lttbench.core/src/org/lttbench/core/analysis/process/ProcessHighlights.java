package org.lttbench.core.analysis.process;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Cells;
import org.lttbench.core.report.Highlight;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.TimeRange;

/**
 * The busiest processes of a process report: its threads summed per process (or its process rows), ranked by running
 * time, each with how it ran and how long it waited for a CPU. Idle threads are not processes.
 */
final class ProcessHighlights {
    /** The busiest processes shown. */
    static final int SHOWN = 3;

    private ProcessHighlights() {
    }

    /** One process's figures, summed over its threads. */
    private static final class Sums {
        String name;
        long pid;
        long threads;
        long running;
        long user;
        long system;
        boolean userKnown = true;
        long waitCpu;
    }

    static List<Highlight> of(Report report) {
        Table table = Cells.table(report, "processes");
        boolean byProcess = table != null;
        if (table == null) {
            table = Cells.table(report, "threads");
        }
        if (table == null) {
            return List.of();
        }
        Map<RowProcess, Sums> processes = new LinkedHashMap<>();
        int[] at = Cells.indices(table, "pid", "tid", "host", "name", "threads", ProcessAnalysis.RUNNING.key(),
                ThreadState.USER.columnKey(), ThreadState.SYSCALL.columnKey(), ThreadState.WAIT_CPU.columnKey());
        for (Object[] row : table.rows()) {
            Object pid = Cells.at(row, at[0]);
            Object tid = Cells.at(row, at[1]);
            if (RowProcess.noProcess(pid, tid)) {
                continue;
            }
            RowProcess process = new RowProcess(Cells.at(row, at[2]), pid);
            Sums s = processes.computeIfAbsent(process, k -> new Sums());
            String name = Cells.asText(Cells.at(row, at[3]));
            if (s.name == null || process.mainThread(tid)) {
                s.name = name;
            }
            s.pid = Cells.asLong(pid);
            s.threads += byProcess ? Cells.asLong(Cells.at(row, at[4])) : 1;
            s.running += Cells.asLong(Cells.at(row, at[5]));
            Object user = Cells.at(row, at[6]);
            s.userKnown &= user != null;
            s.user += Cells.asLong(user);
            s.system += Cells.asLong(Cells.at(row, at[7]));
            s.waitCpu += Cells.asLong(Cells.at(row, at[8]));
        }
        List<Sums> busiest = new ArrayList<>(processes.values());
        busiest.removeIf(s -> s.running == 0);
        busiest.sort(Comparator.comparingLong((Sums s) -> s.running).reversed());
        TimeRange range = report.range();
        long duration = range.begin() == Long.MIN_VALUE || range.end() == Long.MAX_VALUE ? 0 : range.duration();
        List<Highlight> lines = new ArrayList<>();
        for (Sums s : busiest.subList(0, Math.min(SHOWN, busiest.size()))) {
            StringBuilder line = new StringBuilder("Busy: ").append(s.name).append(" (PID ").append(s.pid);
            if (s.threads > 1) {
                line.append(", ").append(String.format(java.util.Locale.ROOT, "%,d", s.threads)).append(" threads");
            }
            line.append(") ran ").append(CellFormat.duration(s.running));
            if (duration > 0) {
                line.append(", ").append(CellFormat.percent((double) s.running / duration)).append(" of a CPU");
            }
            if (s.waitCpu > 0) {
                line.append(", waited ").append(CellFormat.duration(s.waitCpu)).append(" for one");
            }
            if (s.userKnown) {
                line.append(" (user ").append(CellFormat.duration(s.user)).append(", system ")
                        .append(CellFormat.duration(s.system)).append(')');
            }
            lines.add(Highlight.of("process", s.running, line.toString()).detail("--analysis process --by process"));
        }
        return lines;
    }
}
