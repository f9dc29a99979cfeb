package org.lttbench.core.analysis.waits;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.lttbench.core.analysis.process.RowProcess;
import org.lttbench.core.kernel.WaitCauses;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Cells;
import org.lttbench.core.report.Highlight;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;

/**
 * The processes whose waits something in the trace ended, longest first, each with its blocked time, the cause that
 * took most of it and the waker that ended most of it: the causes' and the wakers' tables summed per process. A wait
 * nothing ended (a thread asleep until the trace's end) does not rank, nor a process whose waits are mostly a kernel
 * thread's own (an idle worker), nor threads whose process the trace never told (as in the process highlights: they
 * are no one process): they are in the tables.
 */
final class WaitsHighlights {
    /** The processes shown. */
    static final int SHOWN = 3;
    /** The cause of an idle kernel thread's sleep: such a process does not stand out for its waits. */
    private static final String KERNEL_THREAD = new WaitCauses().label(WaitCauses.KERNEL_THREAD);

    private WaitsHighlights() {
    }


    /** One process's blocked time, in all, per cause and per waker. */
    private static final class Blocked {
        String name;
        long pid;
        final java.util.Set<Long> threads = new java.util.HashSet<>();
        long total;
        /** Blocked time a thread, an interrupt or a timer of the trace ended. */
        long woken;
        final Map<String, Long> causes = new HashMap<>();
        final Map<String, Long> wakers = new HashMap<>();
        /** The wakers' times by the table's kind and waker cells, before they are named as the line names them. */
        final Map<WakerCells, Long> byWakerCells = new HashMap<>();
    }

    /** A wakers row's kind and waker cells: a process's rows hold a few wakers each, named once per process. */
    private record WakerCells(String kind, String waker) {
    }

    /**
     * The processes of the tables' rows, in the order first met. A table's rows come thread by thread: consecutive rows
     * of one thread are found once.
     */
    private static final class Processes {
        final Map<RowProcess, Blocked> all = new LinkedHashMap<>();
        private int[] whose;
        private Object host;
        private Object pid;
        private Object tid;
        private Blocked last;

        /** Reads the rows of a table whose {@link #WHO} columns are these. */
        Processes reading(int[] columns) {
            whose = columns;
            last = null;
            return this;
        }

        /** The row's process's sums, or null for a row of no process to name ({@link RowProcess#noProcess}). */
        Blocked of(Object[] row) {
            Object h = Cells.at(row, whose[1]);
            Object p = Cells.at(row, whose[0]);
            Object t = Cells.at(row, whose[2]);
            if (last == null || !java.util.Objects.equals(p, pid) || !java.util.Objects.equals(t, tid)
                    || !java.util.Objects.equals(h, host)) {
                last = process(all, whose, row);
                host = h;
                pid = p;
                tid = t;
            }
            return last;
        }
    }

    static List<Highlight> of(Report report) {
        Table causes = Cells.table(report, "blocked_by_cause");
        Table wakers = Cells.table(report, "blocked_by_waker");
        if (causes == null || wakers == null) {
            return List.of();
        }
        Processes processes = new Processes().reading(Cells.indices(causes, WHO));
        int[] at = Cells.indices(causes, "blocked_ns", "cause");
        for (Object[] row : causes.rows()) {
            Blocked b = processes.of(row);
            if (b == null) {
                continue;
            }
            long ns = Cells.asLong(Cells.at(row, at[0]));
            b.total += ns;
            b.causes.merge(Cells.asText(Cells.at(row, at[1])), ns, Long::sum);
        }
        at = Cells.indices(wakers, "waker_kind", "waker", "blocked_ns");
        processes.reading(Cells.indices(wakers, WHO));
        for (Object[] row : wakers.rows()) {
            Blocked b = processes.of(row);
            if (b != null) {
                WakerCells waker = new WakerCells(Cells.asText(Cells.at(row, at[0])), Cells.asText(Cells.at(row, at[1])));
                b.byWakerCells.merge(waker, Cells.asLong(Cells.at(row, at[2])), Long::sum);
            }
        }
        String caveat = WaitsAnalysis.wakerCaveat(wakers);
        for (Blocked b : processes.all.values()) {
            b.byWakerCells.forEach((cells, ns) -> {
                String kind = cells.kind();
                String who = switch (kind == null ? "" : kind) {
                    case "none" -> "none";
                    case "unknown" -> "unknown";
                    case "timer" -> cells.waker();
                    default -> WaitsAnalysis.wakerAsSaid(caveat, kind, cells.waker());
                };
                b.wakers.merge(who, ns, Long::sum);
                if (!who.equals("none") && !who.equals("unknown")) {
                    b.woken += ns;
                }
            });
        }
        List<Blocked> longest = new ArrayList<>(processes.all.values());
        longest.removeIf(b -> b.woken == 0 || KERNEL_THREAD.equals(key(largest(b.causes))));
        longest.sort(Comparator.comparingLong((Blocked b) -> b.woken).reversed());
        List<Highlight> lines = new ArrayList<>();
        for (Blocked b : longest.subList(0, Math.min(SHOWN, longest.size()))) {
            StringBuilder line = new StringBuilder("Blocked: ").append(b.name).append(" (PID ").append(b.pid);
            if (b.threads.size() > 1) {
                line.append(", ").append(String.format(Locale.ROOT, "%,d", b.threads.size())).append(" threads");
            }
            line.append(") ").append(CellFormat.duration(b.total));
            Map.Entry<String, Long> cause = largest(b.causes);
            if (cause != null) {
                Map.Entry<String, Long> known = null;
                if (WaitCauses.unknown(cause.getKey())) { // what the trace does tell, too: the reader asked "on what"
                    Map<String, Long> told = new HashMap<>(b.causes);
                    told.keySet().removeIf(WaitCauses::unknown);
                    known = largest(told);
                }
                // with a known cause after it, the unknown one's reason is left to the table: the line stays two lines
                line.append(", ").append(CellFormat.duration(cause.getValue())).append(' ')
                        .append(known != null ? "unknown" : cause.getKey());
                if (known != null) {
                    line.append(", ").append(CellFormat.duration(known.getValue())).append(' ').append(known.getKey());
                }
            }
            b.wakers.remove("none");
            b.wakers.remove("unknown");
            Map.Entry<String, Long> waker = largest(b.wakers);
            line.append("; woken most by ").append(waker.getKey()).append(": ").append(CellFormat.duration(waker.getValue()));
            lines.add(Highlight.of("waits", b.woken, line.toString()).detail("--analysis waits --by process"));
        }
        return lines;
    }

    /** Whose a row is: these columns, in this order. */
    private static final String[] WHO = { "pid", "host", "tid", "name" };

    /** The row's process's sums, or null for a row of no process to name ({@link RowProcess#noProcess}). */
    private static Blocked process(Map<RowProcess, Blocked> processes, int[] whose, Object[] row) {
        Object pid = Cells.at(row, whose[0]);
        Object tid = Cells.at(row, whose[2]);
        if (RowProcess.noProcess(pid, tid)) {
            return null;
        }
        RowProcess process = new RowProcess(Cells.at(row, whose[1]), pid);
        Blocked b = processes.computeIfAbsent(process, k -> new Blocked());
        String name = Cells.asText(Cells.at(row, whose[3]));
        if (b.name == null || process.mainThread(tid)) {
            b.name = name;
        }
        b.pid = Cells.asLong(pid);
        if (tid != null) {
            b.threads.add(Cells.asLong(tid));
        }
        return b;
    }

    private static String key(Map.Entry<String, Long> entry) {
        return entry == null ? null : entry.getKey();
    }

    private static Map.Entry<String, Long> largest(Map<String, Long> times) {
        // the largest; of equal ones, the first by name, so that the line is the same from one run to the next
        Comparator<Map.Entry<String, Long>> order = Map.Entry.comparingByValue();
        order = order.thenComparing(Map.Entry::getKey, Comparator.reverseOrder());
        return times.entrySet().stream().filter(e -> e.getValue() > 0).max(order).orElse(null);
    }
}
