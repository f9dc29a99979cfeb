package org.lttbench.core.analysis.latency;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.lttbench.core.analysis.AnalysisDescriptor;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.analysis.waits.WaitsAnalysis;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadStateMachine;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.ColumnRole;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.SummaryLine;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.trace.KernelLayout;
import org.lttbench.core.trace.KernelLayout.Role;

/**
 * How long runnable threads waited for a CPU: from their wakeup ({@code sched_waking}, else {@code sched_wakeup}), a
 * new thread from its {@code sched_wakeup_new} (else its fork), a preempted one from its switch-out, to the switch
 * that ran them. Per kind, per thread (or process) and per priority, with the longest waits and their wakers, as the
 * thread state machine follows them (a thread woken onto a CPU the trace has no stream of is left out).
 */
public final class SchedulingLatencyAnalysis extends LatencyAnalysis {

    public static final AnalysisProvider PROVIDER = new AnalysisDescriptor("sched",
            "Scheduling latency, wakeup (or preemption) to running, per thread or process and per priority, "
                    + "with the longest waits and their wakers (LTTng kernel traces with sched_switch)",
            () -> SchedulingLatencyAnalysis.TABLES, SchedulingLatencyAnalysis::new)
            .withHighlights(LatencyHighlights::scheduling);

    /** The kinds of waits, by {@link ThreadStateSink#WOKEN}... (index 0 unused). */
    private static final String[] KINDS = { null, "woken", "new thread", "preempted" };

    /** How the tables name a kind of wait ({@link ThreadStateSink#WOKEN}...): {@code woken}, {@code new thread}... */
    public static String kindName(int kind) {
        return KINDS[kind];
    }

    /** One wait, as the longest are listed. */
    private record Wait(ThreadRecord thread, int kind, long runnable, long running, int cpu, int prio, int waker) {
    }

    /** One thread's waits of one kind at one priority; the thread's other priorities of that kind follow it. */
    private static final class PrioRow extends DurationStats {
        final int prio;
        PrioRow next;

        PrioRow(int prio) {
            this.prio = prio;
        }
    }

    /**
     * By thread index * KINDS + kind: one array, not one per thread. A wait is added to this one row and to its kind's
     * and priority's (a few rows, in the cache): a report reads no thread's row to sum them.
     */
    private PrioRow[] byThreadKind = new PrioRow[256 * KINDS.length];
    private ThreadRecord[] threads = new ThreadRecord[256];
    /** By thread index: its waits' total, which orders the tables (read without reading the thread's rows). */
    private long[] waited = new long[256];
    /** By priority: each kind's waits (index 0 unused), and the last priority met (nearly every wait's). */
    private final Map<Integer, DurationStats[]> byPriority = new TreeMap<>();
    private int lastPrio;
    private DurationStats[] atLastPrio;
    /**
     * The waits not yet added to their rows: the key is where their row is in {@link #byThreadKind} (high 32 bits) and
     * the priority (low 32), so that a group of the batch is one row.
     */
    private final DurationBatch batch = new DurationBatch(new DurationBatch.Rows() {
        @Override
        public void add(long key, long[] v, int at) {
            row(key).add(v[at]);
            kindAtPrio(key).add(v[at]);
            waited[(int) (key >>> 32) / KINDS.length] += v[at];
        }

        @Override
        public void addAll(long key, long[] v, int[] next, int last, int width) {
            PrioRow row = row(key);
            DurationStats all = kindAtPrio(key);
            long sum = 0;
            for (int i = last; i >= 0; i = next[i]) {
                row.add(v[i * width]);
                all.add(v[i * width]);
                sum += v[i * width];
            }
            waited[(int) (key >>> 32) / KINDS.length] += sum;
        }

        private PrioRow row(long key) {
            int at = (int) (key >>> 32);
            int prio = (int) key;
            PrioRow row = byThreadKind[at];
            while (row != null && row.prio != prio) {
                row = row.next;
            }
            if (row == null) {
                row = new PrioRow(prio);
                row.next = byThreadKind[at];
                byThreadKind[at] = row;
            }
            return row;
        }

        private DurationStats kindAtPrio(long key) {
            int prio = (int) key;
            if (atLastPrio == null || prio != lastPrio) {
                lastPrio = prio;
                atLastPrio = byPriority.computeIfAbsent(prio, x -> new DurationStats[KINDS.length]);
            }
            int kind = (int) (key >>> 32) % KINDS.length;
            return atLastPrio[kind] != null ? atLastPrio[kind] : (atLastPrio[kind] = new DurationStats());
        }
    }, 1);
    private final LongestKept<Wait> longest = longestKept();

    public SchedulingLatencyAnalysis(AnalysisOptions options) {
        super(options, "the sched analysis");
    }

    @Override
    protected String lacks(KernelLayout layout) {
        return null; // sched_switch, which the process analysis needs already, tells preemptions; wakeups the rest
    }

    @Override
    public void scheduled(ThreadRecord thread, int kind, long runnable, long running, int cpu, int prio, int waker) {
        if (!inRange(running) || kind <= 0 || kind >= KINDS.length) {
            return;
        }
        long d = running - runnable;
        int index = thread.index();
        if (index >= threads.length) {
            int n = Math.max(index + 1, threads.length * 2);
            threads = java.util.Arrays.copyOf(threads, n);
            waited = java.util.Arrays.copyOf(waited, n);
            byThreadKind = java.util.Arrays.copyOf(byThreadKind, n * KINDS.length);
        }
        if (threads[index] == null) { // once: a reference store costs the collector's barrier
            threads[index] = thread;
        }
        batch.values()[batch.at()] = d;
        batch.add((long) (index * KINDS.length + kind) << 32 | (prio & 0xFFFFFFFFL));
        if (longest.keeps(d, runnable)) {
            longest.offer(d, runnable, new Wait(thread, kind, runnable, running, cpu, prio, waker));
        }
    }

    // ------------------------------------------------------------------ tables

    private static Column kindColumn() {
        return new Column("kind", "Kind", ColumnKind.TEXT, "woken (from a wakeup to running), new thread (from its "
                + "first wakeup, else its fork) or preempted (from leaving the CPU runnable to running again)");
    }

    private static final TableSchema TOTAL = new TableSchema("sched_latency", "Scheduling latency", listOf(
            kindColumn().as(ColumnRole.SUBJECT), StatsColumns.compared("waits", "Waits", "wait for a CPU")));

    private static TableSchema perThread(boolean byProcess, boolean hosts) {
        List<Column> c = whoColumns(byProcess, hosts);
        c.add(kindColumn().as(ColumnRole.SUBJECT));
        c.addAll(StatsColumns.compared("waits", "Waits", "wait for a CPU"));
        return byProcess ? new TableSchema("sched_latency_per_process", "Scheduling latency per process", c)
                : new TableSchema("sched_latency_per_thread", "Scheduling latency per thread", c);
    }

    private static final TableSchema PER_PRIORITY = new TableSchema("sched_latency_per_priority",
            "Scheduling latency per priority", listOf(new Column("prio", "Priority", ColumnKind.INTEGER, "the priority "
                    + "the thread ran at, as the switch gives it (lttng-modules: the kernel's prio - 100: 20 is nice 0, "
                    + "negative is real-time); empty when the trace does not say"), kindColumn(),
                    StatsColumns.of("waits", "Waits", "wait for a CPU")));

    private static TableSchema longestSchema(boolean hosts) {
        List<Column> c = new ArrayList<>();
        c.add(new Column("runnable", "Runnable", ColumnKind.TIMESTAMP, "when it began to wait for a CPU"));
        c.add(new Column("latency_ns", "Latency", ColumnKind.DURATION, "until it ran"));
        c.add(new Column("cpu", "CPU", ColumnKind.CPU, "the CPU it ran on"));
        c.addAll(whoColumns(false, hosts));
        c.add(kindColumn());
        c.add(new Column("prio", "Priority", ColumnKind.INTEGER, "its priority, as the switch gives it"));
        c.add(new Column("waker_kind", "Waker kind", ColumnKind.TEXT, "what woke it: thread, irq, softirq, timer"));
        c.add(new Column("waker", "Waker", ColumnKind.TEXT, "the waking thread, IRQ or softirq"));
        return new TableSchema("sched_latency_longest", "The longest waits for a CPU", c);
    }

    private static final TableSchema HISTOGRAM = new TableSchema("sched_latency_histogram",
            "Scheduling latency per power of two", listOf(kindColumn(),
                    StatsColumns.bar("latency", "waits", "Waits"))).asChartData();

    private static final AnalysisTables TABLES = new AnalysisTables(
            new AnalysisTables.Grouping("Scheduling latency", List.of(TOTAL, perThread(false, false), PER_PRIORITY,
                    longestSchema(false), HISTOGRAM), List.of(perThread(false, true), longestSchema(true))),
            new AnalysisTables.Grouping("Scheduling latency", List.of(TOTAL, perThread(true, false), PER_PRIORITY,
                    longestSchema(false), HISTOGRAM), List.of(perThread(true, true), longestSchema(true))));

    private static List<Column> listOf(Column first, List<Column> rest) {
        List<Column> c = new ArrayList<>();
        c.add(first);
        c.addAll(rest);
        return c;
    }

    private static List<Column> listOf(Column first, Column second, List<Column> rest) {
        List<Column> c = new ArrayList<>(List.of(first, second));
        c.addAll(rest);
        return c;
    }

    @Override
    public Report report(GroupBy groupBy) {
        boolean byProcess = groupBy == GroupBy.PROCESS;
        boolean hosts = hosts();
        batch.flush();
        SummaryLine summary = SummaryLine.of("Scheduling latency");
        Report r = newReport("sched", TABLES.grouping(groupBy).title(), summary);

        // a thread's or process's rows of a kind (one per thread and priority) summed, the longest waits in all first.
        // The order needs only the threads' totals, and the per-kind and per-priority rows were summed in the pass: a
        // thread's rows are read when its table rows are (thousands of rows are read from memory, not the cache)
        /** A thread or a process: its threads' indices, who names it (a process: its main thread), its total wait. */
        final class Owner {
            ThreadRecord whose;
            long waited;
            int[] threads = new int[1];
            int size;

            Owner(ThreadRecord whose) {
                this.whose = whose;
            }

            void add(int index) {
                if (size == threads.length) {
                    threads = java.util.Arrays.copyOf(threads, size * 2);
                }
                threads[size++] = index;
            }

            /** Its rows of that kind summed (a thread's one row at one priority as it is); null when none. */
            DurationStats kind(int k) {
                DurationStats sum = null;
                for (int n = 0; n < size; n++) {
                    for (PrioRow p = byThreadKind[threads[n] * KINDS.length + k]; p != null; p = p.next) {
                        if (sum == null && size == 1 && p.next == null) {
                            return p;
                        }
                        (sum != null ? sum : (sum = new DurationStats())).merge(p);
                    }
                }
                return sum;
            }
        }
        List<Owner> owners = new ArrayList<>();
        Map<Object, Owner> processes = byProcess ? new HashMap<>() : null;
        for (int i = 0; i < threads.length; i++) {
            ThreadRecord t = threads[i];
            if (t == null) {
                continue;
            }
            Object key = owner(t, byProcess);
            Owner owner = key == t ? null : processes.get(key);
            if (owner == null) {
                owner = new Owner(t);
                owners.add(owner);
                if (key != t) {
                    processes.put(key, owner);
                }
            } else if (t.tid() == t.pid()) {
                owner.whose = t;
            }
            owner.add(i);
            owner.waited += waited[i];
        }
        Table perThread = perThread(byProcess, hosts).table();
        int rowCount = 0;
        for (Owner o : owners) {
            for (int k = 1; k < KINDS.length; k++) {
                for (int n = 0; n < o.size; n++) {
                    if (byThreadKind[o.threads[n] * KINDS.length + k] != null) {
                        rowCount++;
                        break;
                    }
                }
            }
        }
        addRowsLargestFirst(perThread, rowCount, owners, o -> o.waited, o -> o.whose.tid(), (o, compared) -> {
            List<Object> who = whoCells(o.whose, byProcess, hosts);
            List<Sampled> rows = new ArrayList<>(KINDS.length - 1);
            for (int k = 1; k < KINDS.length; k++) {
                DurationStats s = o.kind(k);
                if (s != null) {
                    rows.add(new Sampled(row(who, KINDS[k], s, compared), s));
                }
            }
            return rows;
        });

        // per kind: the priorities' rows summed (a few), not every thread's again
        DurationStats[] total = new DurationStats[KINDS.length];
        for (int k = 1; k < KINDS.length; k++) {
            total[k] = new DurationStats();
        }
        for (DurationStats[] atPrio : byPriority.values()) {
            for (int k = 1; k < KINDS.length; k++) {
                if (atPrio[k] != null) {
                    total[k].merge(atPrio[k]);
                }
            }
        }
        Table totals = TOTAL.table();
        long waits = 0;
        for (int k = 1; k < KINDS.length; k++) {
            if (total[k].count() > 0) {
                totals.addSampledRow(total[k].distribution(), row(List.of(), KINDS[k], total[k]));
                waits += total[k].count();
            }
        }
        r.add(totals);
        r.add(perThread);

        Table perPriority = PER_PRIORITY.table();
        byPriority.forEach((prio, s) -> {
            for (int k = 1; k < KINDS.length; k++) {
                if (s[k] != null) {
                    List<Object> priority = new ArrayList<>();
                    priority.add(prio == ThreadStateMachine.UNTOLD ? null : (Object) (long) prio);
                    perPriority.addRow(row(priority, KINDS[k], s[k]));
                }
            }
        });
        r.add(perPriority);

        Table longestWaits = longestTable(longestSchema(hosts), longest, Wait::runnable, Wait::running, (w, cells) -> {
            cells.add((long) w.cpu());
            cells.addAll(whoCells(w.thread(), false, hosts));
            cells.add(KINDS[w.kind()]);
            cells.add(w.prio() == ThreadStateMachine.UNTOLD ? null : (Object) (long) w.prio());
            if (w.waker() == org.lttbench.core.kernel.Waker.NONE) { // preempted, or new without a wakeup
                cells.add(null);
                cells.add(null);
            } else {
                cells.addAll(WaitsAnalysis.waker(w.waker(), w.thread().trace(), false, processes().ledger(), facts()));
            }
        });
        WaitsAnalysis.warnOfWakers(processes(), longestWaits);
        r.add(longestWaits);

        Table histogram = HISTOGRAM.table();
        for (int k = 1; k < KINDS.length; k++) {
            for (long[] bar : total[k].octaves()) {
                histogram.addRow(KINDS[k], bar[0], bar[1], bar[2]);
            }
        }
        r.add(histogram);

        summary.add(SummaryLine.count(waits) + (waits == 1 ? " wait" : " waits") + " for a CPU");
        if (total[ThreadStateSink.WOKEN].count() > 0) {
            summary.add("woken: p99 " + org.lttbench.core.report.CellFormat.duration(
                    total[ThreadStateSink.WOKEN].percentile(0.99)));
        }
        r.summary(summary.toString());
        r.note("a wait for a CPU counts from the wakeup (sched_waking, else sched_wakeup; a new thread's "
                + "sched_wakeup_new, else its fork) or from the switch that preempted the thread, to the switch that runs "
                + "it; a thread woken onto, or moved to, a CPU the trace has no stream of is left out");
        for (var layout : processes().layouts().entrySet()) {
            if (!layout.getValue().declares(Role.SCHED_WAKEUP_NEW)) {
                r.note((hosts ? layout.getKey().path() + ": " : "") + "the trace has no sched_wakeup_new events: a new "
                        + "thread's wait for a CPU counts from its fork");
            }
        }
        r.note(StatsColumns.PERCENTILE_ERROR);
        return r;
    }

    /** A row: the cells {@code before} (whose it is), then the kind and its figures, in one array. */
    private static Object[] row(List<Object> before, String kind, DurationStats s) {
        return row(before, kind, s, false);
    }

    /** The same, or only the cells a comparison reads ({@link StatsColumns#fill}). */
    private static Object[] row(List<Object> before, String kind, DurationStats s, boolean compared) {
        Object[] cells = new Object[before.size() + 1 + StatsColumns.CELLS];
        int at = 0;
        for (int i = 0; i < before.size(); i++) { // no iterator: a per-thread table's rows are made at each read
            cells[at++] = before.get(i);
        }
        cells[at++] = kind;
        StatsColumns.fill(cells, at, s, compared);
        return cells;
    }
}
