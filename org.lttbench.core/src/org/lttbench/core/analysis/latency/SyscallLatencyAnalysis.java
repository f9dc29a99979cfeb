package org.lttbench.core.analysis.latency;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.analysis.AnalysisDescriptor;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.kernel.SyscallNames;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.WaitCauses;
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
 * How long system calls took, from entry to exit: per call and per thread (or process) and call, with their errors by
 * errno, the longest calls, and a log-scale histogram per call. Each call's time is split into on a CPU, waiting for a
 * CPU and blocked (asleep until woken), as the thread state machine saw it. Only calls whose entry the trace showed
 * count (as lttng-analyses' {@code syscallstats}); a call ends in the range to count in it.
 */
public final class SyscallLatencyAnalysis extends LatencyAnalysis {

    public static final AnalysisProvider PROVIDER = new AnalysisDescriptor("syscalls",
            "System call latency, per call and per thread or process: count, total, min, mean, max, stddev, "
                    + "percentiles, errors by errno, on/off CPU, the longest calls (LTTng kernel traces with system "
                    + "calls)",
            () -> SyscallLatencyAnalysis.TABLES, SyscallLatencyAnalysis::new)
            .withHighlights(LatencyHighlights::syscalls);

    /** One row's figures: the durations (a row is its own {@link DurationStats}: one object), errors, time off a CPU. */
    static final class CallRow extends DurationStats {
        long errors;
        long blocked;
        long waitCpu;
        /** Errors by errno, once there is one (most rows have none). */
        java.util.TreeMap<Long, Long> errnos;

        void add(long duration, long errno, long blockedNs, long waitCpuNs) {
            add(duration);
            if (errno > 0) {
                errors++;
                if (errnos == null) {
                    errnos = new java.util.TreeMap<>();
                }
                errnos.merge(errno, 1L, Long::sum);
            }
            blocked += blockedNs;
            waitCpu += waitCpuNs;
        }

        void merge(CallRow other) {
            super.merge(other);
            errors += other.errors;
            blocked += other.blocked;
            waitCpu += other.waitCpu;
            if (other.errnos != null) {
                if (errnos == null) {
                    errnos = new java.util.TreeMap<>();
                }
                other.errnos.forEach((k, v) -> errnos.merge(k, v, Long::sum));
            }
        }

        /** {@code EAGAIN 57, ENOENT 3}: the most frequent first; null without errors. */
        String errnoCounts() {
            if (errnos == null) {
                return null;
            }
            List<Map.Entry<Long, Long>> e = new ArrayList<>(errnos.entrySet());
            e.sort(Map.Entry.<Long, Long>comparingByValue().reversed());
            return String.join(", ", e.stream().map(x -> Errno.name(x.getKey()) + " " + x.getValue()).toList());
        }
    }

    /** One thread's rows, by call: few distinct calls per thread, so a short list searched in order. */
    private static final class ThreadCalls {
        ThreadRecord thread;
        int[] ids = new int[4];
        CallRow[] rows = new CallRow[4];
        int size;
        long total;

        ThreadCalls(ThreadRecord thread) {
            this.thread = thread;
        }

        CallRow row(int id) {
            for (int i = 0; i < size; i++) {
                if (ids[i] == id) {
                    return rows[i];
                }
            }
            if (size == ids.length) {
                ids = Arrays.copyOf(ids, size * 2);
                rows = Arrays.copyOf(rows, size * 2);
            }
            ids[size] = id;
            rows[size] = new CallRow();
            return rows[size++];
        }
    }

    /** One call, as the longest are listed. */
    record Call(ThreadRecord thread, int syscall, long entry, long exit, long ret, long blocked, long waitCpu) {
    }

    /** Per thread index: its rows. A call is added to its thread's row and to its call's, in the same flush. */
    private ThreadCalls[] byThread = new ThreadCalls[256];
    private ThreadRecord[] threads = new ThreadRecord[256];
    /**
     * Per call: every thread's calls, added as they are to their thread's row (a handful of rows, in the cache), so that
     * a report reads no thread's row to sum them.
     */
    private CallRow[] byCall = new CallRow[64];
    /** The calls not yet added to their rows: the key is the thread's index and the call, 16 bits. */
    private final DurationBatch batch = new DurationBatch(new DurationBatch.Rows() {
        @Override
        public void add(long key, long[] v, int at) {
            ThreadCalls calls = threadOf(key);
            calls.row((int) (key & 0xFFFF)).add(v[at], v[at + 1], v[at + 2], v[at + 3]);
            callOf(key).add(v[at], v[at + 1], v[at + 2], v[at + 3]);
            calls.total += v[at];
        }

        @Override
        public void addAll(long key, long[] v, int[] next, int last, int width) {
            ThreadCalls calls = threadOf(key);
            CallRow row = calls.row((int) (key & 0xFFFF));
            CallRow all = callOf(key);
            for (int i = last; i >= 0; i = next[i]) {
                int at = i * width;
                row.add(v[at], v[at + 1], v[at + 2], v[at + 3]);
                all.add(v[at], v[at + 1], v[at + 2], v[at + 3]);
                calls.total += v[at];
            }
        }

        private ThreadCalls threadOf(long key) {
            int index = (int) (key >>> 16);
            if (byThread[index] == null) {
                byThread[index] = new ThreadCalls(threads[index]);
            }
            return byThread[index];
        }

        private CallRow callOf(long key) {
            int id = (int) (key & 0xFFFF);
            if (id >= byCall.length) {
                byCall = Arrays.copyOf(byCall, Math.max(id + 1, byCall.length * 2));
            }
            return byCall[id] != null ? byCall[id] : (byCall[id] = new CallRow());
        }
    }, 4);
    private final LongestKept<Call> longest = longestKept();

    public SyscallLatencyAnalysis(AnalysisOptions options) {
        super(options, "the syscalls analysis");
    }

    @Override
    protected String lacks(KernelLayout layout) {
        return lacksSyscalls(layout);
    }

    /**
     * Why an analysis of system calls does not apply to a kernel trace of this layout, with what to record, or null
     * when it declares the entries and exits.
     */
    public static String lacksSyscalls(KernelLayout layout) {
        return layout.declares(Role.SYSCALL_ENTRY) && layout.declares(Role.SYSCALL_EXIT) ? null
                : "the kernel trace has no system call events (record them: lttng enable-event -k --syscall -a)";
    }

    @Override
    public void syscall(ThreadRecord thread, int syscall, long entry, long exit, long ret, long blocked, long waitCpu) {
        if (!inRange(exit)) {
            return;
        }
        long d = exit - entry;
        long errno = ret != Long.MIN_VALUE && Errno.isError(ret) ? -ret : 0;
        int index = thread.index();
        if (index >= threads.length) {
            int n = Math.max(index + 1, threads.length * 2);
            threads = Arrays.copyOf(threads, n);
            byThread = Arrays.copyOf(byThread, n);
        }
        if (threads[index] == null) { // once: a reference store costs the collector's barrier
            threads[index] = thread;
        }
        long[] v = batch.values();
        int at = batch.at();
        v[at] = d;
        v[at + 1] = errno;
        v[at + 2] = blocked;
        v[at + 3] = waitCpu;
        // call ids are the trace's system call names, numbered from 0: far fewer than 2^16
        batch.add((long) index << 16 | syscall);
        if (longest.keeps(d, entry)) {
            longest.offer(d, entry, new Call(thread, syscall, entry, exit, ret, blocked, waitCpu));
        }
    }

    // ------------------------------------------------------------------ tables

    private static List<Column> split() {
        return List.of(
                new Column("on_cpu_ns", "On CPU", ColumnKind.DURATION, "time of the calls on a CPU (in the kernel, or "
                        + "in interrupt handlers that ran meanwhile)").asDetail(),
                new Column("wait_cpu_ns", "Wait CPU", ColumnKind.DURATION,
                        "time of the calls runnable, waiting for a CPU (woken, or preempted)").asDetail(),
                new Column("blocked_ns", "Blocked", ColumnKind.DURATION,
                        "time of the calls asleep, until woken (on disk I/O or anything else)"));
    }

    /** Per call, over every machine's threads. */
    private static final TableSchema PER_CALL = perCall();

    private static TableSchema perCall() {
        List<Column> c = new ArrayList<>();
        c.add(new Column("syscall", "System call", ColumnKind.TEXT, "the system call, as the trace names it")
                .as(ColumnRole.SUBJECT));
        c.addAll(StatsColumns.compared("calls", "Calls", "call duration (entry to exit)"));
        c.add(new Column("errors", "Errors", ColumnKind.INTEGER, "calls that returned an error (-4095 to -1)")
                .as(ColumnRole.COUNT));
        c.addAll(split());
        c.add(new Column("cause", "Blocked in", ColumnKind.TEXT,
                "what a thread asleep in this call waits for, as the waits analysis groups it").asDetail());
        return new TableSchema("syscalls", "System call latency per call", c);
    }

    private static TableSchema perThread(boolean byProcess, boolean hosts) {
        List<Column> c = whoColumns(byProcess, hosts);
        c.add(new Column("syscall", "System call", ColumnKind.TEXT, "the system call").as(ColumnRole.SUBJECT));
        c.addAll(StatsColumns.compared("calls", "Calls", "call duration"));
        c.add(new Column("errors", "Errors", ColumnKind.INTEGER, "calls that returned an error").as(ColumnRole.COUNT));
        c.addAll(split());
        c.add(new Column("errnos", "Errnos", ColumnKind.TEXT, "the errors returned, by name, most frequent first")
                .asDetail());
        return byProcess ? new TableSchema("syscalls_per_process", "System call latency per process and call", c)
                : new TableSchema("syscalls_per_thread", "System call latency per thread and call", c);
    }

    private static final TableSchema ERRORS = new TableSchema("syscall_errors", "System call errors by errno", List.of(
            new Column("syscall", "System call", ColumnKind.TEXT, "the system call"),
            new Column("errno", "Errno", ColumnKind.INTEGER, "the error number the call returned, negated"),
            new Column("error", "Error", ColumnKind.TEXT, "its name (Linux's generic numbers)"),
            new Column("calls", "Calls", ColumnKind.INTEGER, "calls that returned it")));

    private static TableSchema longestSchema(boolean hosts) {
        List<Column> c = new ArrayList<>();
        c.add(new Column("entry", "Entry", ColumnKind.TIMESTAMP, "when the call began"));
        c.add(new Column("duration_ns", "Duration", ColumnKind.DURATION, "entry to exit"));
        c.addAll(whoColumns(false, hosts));
        c.add(new Column("syscall", "System call", ColumnKind.TEXT, "the system call"));
        c.add(new Column("ret", "Return", ColumnKind.INTEGER, "its return value (empty when the exit event has none)"));
        c.add(new Column("error", "Error", ColumnKind.TEXT, "the error's name, when it returned one"));
        c.addAll(split());
        return new TableSchema("syscalls_longest", "The longest system calls", c);
    }

    private static final TableSchema HISTOGRAM = histogram();

    private static TableSchema histogram() {
        List<Column> c = new ArrayList<>();
        c.add(new Column("syscall", "System call", ColumnKind.TEXT, "the system call"));
        c.addAll(StatsColumns.bar("duration", "calls", "Calls"));
        return new TableSchema("syscall_histogram", "System call durations per power of two", c).asChartData();
    }

    private static final AnalysisTables TABLES = new AnalysisTables(
            new AnalysisTables.Grouping("System call latency", List.of(PER_CALL, perThread(false, false), ERRORS,
                    longestSchema(false), HISTOGRAM),
                    List.of(perThread(false, true), longestSchema(true))),
            new AnalysisTables.Grouping("System call latency", List.of(PER_CALL, perThread(true, false), ERRORS,
                    longestSchema(false), HISTOGRAM),
                    List.of(perThread(true, true), longestSchema(true))));

    @Override
    public Report report(GroupBy groupBy) {
        boolean byProcess = groupBy == GroupBy.PROCESS;
        boolean hosts = hosts();
        batch.flush();
        SyscallNames names = processes().syscalls();
        WaitCauses causes = processes().causes();
        SummaryLine summary = SummaryLine.of("System call latency");
        Report r = newReport("syscalls", TABLES.grouping(groupBy).title(), summary);

        // per thread (or process) and call: whose calls took most time first, then their calls by time; a process's
        // rows are its threads' summed, and its main thread names it. The order needs only the threads' totals, and the
        // per-call rows were summed in the pass: a thread's rows are read when its table rows are (tables of thousands
        // of rows are read from memory, not the cache)
        List<ThreadCalls> owners = new ArrayList<>();
        Map<Object, ThreadCalls> processes = byProcess ? new HashMap<>() : null;
        for (ThreadCalls t : byThread) {
            if (t == null) {
                continue;
            }
            Object owner = owner(t.thread, byProcess);
            if (owner == t.thread) {
                owners.add(t); // a thread's own rows: nothing to sum
                continue;
            }
            ThreadCalls sum = processes.get(owner);
            if (sum == null) {
                sum = new ThreadCalls(t.thread);
                processes.put(owner, sum);
                owners.add(sum);
            } else if (t.thread.tid() == t.thread.pid()) {
                sum.thread = t.thread;
            }
            for (int i = 0; i < t.size; i++) {
                sum.row(t.ids[i]).merge(t.rows[i]);
            }
            sum.total += t.total;
        }
        Table perThread = perThread(byProcess, hosts).table();
        int rowCount = 0;
        for (ThreadCalls o : owners) {
            rowCount += o.size;
        }
        addRowsLargestFirst(perThread, rowCount, owners, t -> t.total, t -> t.thread.tid(),
                (o, compared) -> rows(o, byProcess, hosts, names, compared));

        // per call, the most time first
        Table calls = PER_CALL.table();
        List<Integer> ids = new ArrayList<>();
        long count = 0;
        long errorCount = 0;
        for (int id = 0; id < byCall.length; id++) {
            if (byCall[id] != null) {
                ids.add(id);
                count += byCall[id].count();
                errorCount += byCall[id].errors;
            }
        }
        ids.sort(Comparator.comparingLong((Integer id) -> -byCall[id].total()).thenComparing(names::name));
        for (int id : ids) {
            List<Object> cells = new ArrayList<>();
            cells.add(names.name(id));
            cells.addAll(rowCells(byCall[id]));
            cells.add(id == SyscallNames.UNNAMED ? null : causes.label(causes.ofSyscall(names.name(id))));
            calls.addSampledRow(byCall[id].distribution(), cells.toArray());
        }
        r.add(calls);
        r.add(perThread);

        Table errorTable = ERRORS.table();
        // by call and errno: (id << 32 | errno) to count
        Map<Long, long[]> errors = new HashMap<>();
        for (int id : ids) {
            if (byCall[id].errnos != null) {
                byCall[id].errnos.forEach((errno, n) -> errors.put((long) id << 32 | errno, new long[] { n }));
            }
        }
        List<Map.Entry<Long, long[]>> errs = new ArrayList<>(errors.entrySet());
        errs.sort(Comparator.comparingLong((Map.Entry<Long, long[]> e) -> -e.getValue()[0])
                .thenComparing(e -> names.name((int) (e.getKey() >>> 32))).thenComparingLong(Map.Entry::getKey));
        for (Map.Entry<Long, long[]> e : errs) {
            long errno = e.getKey() & 0xFFFFFFFFL;
            errorTable.addRow(names.name((int) (e.getKey() >>> 32)), errno, Errno.name(errno), e.getValue()[0]);
        }
        r.add(errorTable);

        r.add(longestTable(longestSchema(hosts), longest, Call::entry, Call::exit, (c, cells) -> {
            cells.addAll(whoCells(c.thread(), false, hosts));
            cells.add(names.name(c.syscall()));
            boolean told = c.ret() != Long.MIN_VALUE;
            cells.add(told ? (Object) c.ret() : null);
            cells.add(told && Errno.isError(c.ret()) ? Errno.name(-c.ret()) : null);
            cells.add(c.exit() - c.entry() - c.blocked() - c.waitCpu());
            cells.add(c.waitCpu());
            cells.add(c.blocked());
        }));

        Table histogram = HISTOGRAM.table();
        for (int id : ids) {
            for (long[] bar : byCall[id].octaves()) {
                histogram.addRow(names.name(id), bar[0], bar[1], bar[2]);
            }
        }
        r.add(histogram);

        summary.add(SummaryLine.count(count) + (count == 1 ? " call" : " calls") + " of " + ids.size()
                + (ids.size() == 1 ? " system call" : " system calls"));
        if (count > 0) {
            summary.add(String.format(java.util.Locale.ROOT, "%.1f%% errors", 100.0 * errorCount / count));
        }
        r.summary(summary.toString());
        r.note("a call counts from its entry to its exit, when the trace showed both and the thread all along (a call "
                + "begun before the trace, one the trace ended in, and one during which the thread went where the trace "
                + "could not follow it, to a CPU without a stream or through lost events, are left out); its time splits "
                + "into on a CPU, waiting for a CPU, and blocked");
        r.note(StatsColumns.PERCENTILE_ERROR);
        return r;
    }

    /**
     * A thread's or process's table rows: who, then each call, the most time first (ties by name); {@code compared}:
     * with only the cells a comparison reads ({@link StatsColumns#fill}; the errnos are not compared).
     */
    private List<Sampled> rows(ThreadCalls o, boolean byProcess, boolean hosts, SyscallNames names, boolean compared) {
        List<Object> whose = whoCells(o.thread, byProcess, hosts);
        // its calls: a few, sorted in place
        int[] mine = new int[o.size];
        for (int i = 0; i < o.size; i++) {
            int j = i;
            for (; j > 0 && before(o, i, mine[j - 1], names); j--) {
                mine[j] = mine[j - 1];
            }
            mine[j] = i;
        }
        List<Sampled> rows = new ArrayList<>(o.size);
        for (int i : mine) {
            Object[] cells = new Object[whose.size() + 2 + ROW_CELLS];
            int at = 0;
            for (int w = 0; w < whose.size(); w++) { // no iterator: rows are made at each read
                cells[at++] = whose.get(w);
            }
            cells[at++] = names.name(o.ids[i]);
            at = fillRow(cells, at, o.rows[i], compared);
            cells[at] = compared ? null : o.rows[i].errnoCounts();
            rows.add(new Sampled(cells, o.rows[i]));
        }
        return rows;
    }

    /** Whether a thread's row {@code a} comes before its row {@code b}: more time, or as much and first by name. */
    private static boolean before(ThreadCalls t, int a, int b, SyscallNames names) {
        long ta = t.rows[a].total();
        long tb = t.rows[b].total();
        return ta != tb ? ta > tb : names.name(t.ids[a]).compareTo(names.name(t.ids[b])) < 0;
    }

    /** How many cells {@link #fillRow} writes. */
    private static final int ROW_CELLS = StatsColumns.CELLS + 4;

    /** A row's stats, errors and split. */
    private static List<Object> rowCells(CallRow row) {
        Object[] c = new Object[ROW_CELLS];
        fillRow(c, 0, row, false);
        return Arrays.asList(c);
    }

    /** Writes them into {@code cells} from {@code at}; the index after them. */
    private static int fillRow(Object[] cells, int at, CallRow row, boolean compared) {
        at = StatsColumns.fill(cells, at, row, compared);
        cells[at++] = row.errors;
        cells[at++] = row.total() - row.blocked - row.waitCpu;
        cells[at++] = row.waitCpu;
        cells[at++] = row.blocked;
        return at;
    }
}
