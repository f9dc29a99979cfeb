package org.lttbench.core.analysis.latency;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.ToLongFunction;

import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.analysis.process.ProcessPass;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.SummaryLine;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.report.TraceNames;
import org.lttbench.core.trace.KernelLayout;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;
import org.lttbench.core.trace.TraceSet;

/**
 * What the latency analyses share: each hears the process analysis's state machines ({@link ThreadStateSink}: a
 * system call ended, a handler ran, a thread was scheduled, a block request completed), in the run's one pass, and
 * reads nothing itself when a process analysis runs beside it ({@link ProcessPass}). A latency counts in the range when
 * it ends there. How many of the longest each keeps: {@link AnalysisOptions#limit()}.
 */
public abstract class LatencyAnalysis implements ProcessPass.User, ThreadStateSink.WithoutStates {

    protected final AnalysisOptions options;
    private final ProcessPass pass;
    private final String name;
    protected TraceSet traces;

    /** @param name how messages name it: {@code the syscalls analysis} */
    protected LatencyAnalysis(AnalysisOptions options, String name) {
        this.options = options;
        this.name = name;
        this.pass = new ProcessPass(options, this);
    }

    @Override
    public ProcessPass processPass() {
        return pass;
    }

    /** Reads nothing but its calls' arguments while the pass runs: its calls may come on another thread. */
    @Override
    public boolean mayBeToldLater() {
        return true;
    }

    /** Why a kernel trace of this layout cannot give these latencies (the events it lacks), or null when it can. */
    protected abstract String lacks(KernelLayout layout);

    @Override
    public String nameInReasons() {
        return name;
    }

    @Override
    public String whyNotApplicable(TraceSet traces) {
        String why = ProcessPass.User.super.whyNotApplicable(traces);
        return why != null ? why : whatLacks(traces);
    }

    @Override
    public String whyNotApplicableBriefly(TraceSet traces) {
        String why = pass.whyNotApplicableBriefly(traces);
        return why != null ? why : whatLacks(traces);
    }

    /** The kernel traces' reason, when none of them has the events. */
    private String whatLacks(TraceSet traces) {
        List<Trace> kernel = ProcessAnalysis.kernelTraces(traces);
        String why = null;
        for (Trace t : kernel) {
            why = lacks(KernelLayout.of(t));
            if (why == null) {
                return null;
            }
        }
        return kernel.size() > 1 ? "no kernel trace has what " + name + " needs: " + why : why;
    }

    @Override
    public void start(TraceSet traces) {
        this.traces = traces;
        pass.start(traces);
    }

    /**
     * The report grouped as the options ask ({@code --by}). One with groupings overrides
     * {@link #report(AnalysisOptions.GroupBy)}; one without, this.
     */
    @Override
    public Report report() {
        return report(options.groupBy());
    }

    /** A new keeper of the longest latencies, as many as {@link AnalysisOptions#limit()} says. */
    protected final <T> LongestKept<T> longestKept() {
        return new LongestKept<>(options.limit());
    }

    /**
     * The table of the longest latencies kept, the longest first, a row each: when it started, how long it took, then
     * the cells {@code more} adds.
     */
    protected static <T> Table longestTable(TableSchema schema, LongestKept<T> longest, ToLongFunction<T> start,
            ToLongFunction<T> end, BiConsumer<T, List<Object>> more) {
        Table table = schema.table();
        for (T latency : longest.longestFirst()) {
            List<Object> cells = new ArrayList<>();
            cells.add(start.applyAsLong(latency));
            cells.add(end.applyAsLong(latency) - start.applyAsLong(latency));
            more.accept(latency, cells);
            table.addRow(cells.toArray());
        }
        return table;
    }

    /** Whether a latency ending then counts. */
    protected final boolean inRange(long end) {
        return options.range().contains(end);
    }

    /** The process analysis the latencies came from (after the pass). */
    protected final ProcessAnalysis processes() {
        return pass.analysis();
    }

    /** What each kernel trace read could tell: device and IRQ names. */
    protected final Map<Trace, ProcessAnalysis.TraceFacts> facts() {
        return processes().traceFacts();
    }

    /** Whether the traces are of several machines: rows then name theirs first. */
    protected final boolean hosts() {
        return facts().size() > 1;
    }

    protected final String host(Trace trace) {
        return processes().host(trace);
    }

    /** The host column, first in a table of several machines. */
    protected static Column hostColumn() {
        return new Column("host", "Host", ColumnKind.TEXT, "the machine (kernel trace)");
    }

    /** The thread columns: TID (none per process), PID, name. */
    protected static List<Column> threadColumns(boolean byProcess) {
        List<Column> c = new ArrayList<>();
        if (!byProcess) {
            c.add(new Column("tid", "TID", ColumnKind.TID, "thread ID"));
        }
        c.add(new Column("pid", "PID", ColumnKind.PID, "process (thread group) ID"));
        c.add(new Column("name", "Name", ColumnKind.PROCESS_NAME, "command name"));
        return c;
    }

    /** Whose a row is: the host (several machines), then the thread or process columns. */
    protected static List<Column> whoColumns(boolean byProcess, boolean hosts) {
        List<Column> c = new ArrayList<>();
        if (hosts) {
            c.add(hostColumn());
        }
        c.addAll(threadColumns(byProcess));
        return c;
    }

    /** The cells of {@link #whoColumns} for a thread (its process's, per process). */
    protected final List<Object> whoCells(ThreadRecord t, boolean byProcess, boolean hosts) {
        return java.util.Arrays.asList(cells(t, byProcess, hosts, hosts ? host(t.trace()) : null));
    }

    /** A thread's cells for {@link #threadColumns} (its process's, per process). */
    protected static List<Object> threadCells(ThreadRecord t, boolean byProcess) {
        return java.util.Arrays.asList(cells(t, byProcess, false, null));
    }

    /**
     * The host's cell when asked, then the thread's: one array of their size (a per-thread table makes them for each
     * of tens of thousands of rows at each read).
     */
    private static Object[] cells(ThreadRecord t, boolean byProcess, boolean hosts, String host) {
        Object[] c = new Object[(hosts ? 1 : 0) + (byProcess ? 2 : 3)];
        int at = 0;
        if (hosts) {
            c[at++] = host;
        }
        if (!byProcess) {
            c[at++] = t.placeholder() ? null : (Object) (long) t.tid();
        }
        c[at++] = t.pid() < 0 ? null : (Object) (long) t.pid();
        c[at] = t.pid() == 0 ? "swapper" : t.name();
        return c;
    }

    /** Whose a row is: the thread, or its process (per trace; a thread of no known process stands alone). */
    protected static Object owner(ThreadRecord r, boolean byProcess) {
        return byProcess && r.pid() >= 0 ? List.of(r.trace(), r.pid()) : r;
    }

    /**
     * A new report of this analysis over the range the process analysis covers, with the traces read, their loss
     * notes, and the summary line's start ({@code what}: the kernel traces read, the range, what was lost).
     */
    protected final Report newReport(String analysis, String title, SummaryLine summary) {
        Report process = processes().report(options.groupBy());
        Report r = new Report(analysis, title, process.range());
        r.traces(process.traces());
        process.notes().stream().filter(process::isLossNote).forEach(r::lossNote);
        TraceNames names = traces != null ? TraceNames.ofTraces(traces.traces()) : null;
        if (names != null) {
            List<String> read = new ArrayList<>();
            for (Trace t : facts().keySet()) {
                read.add(names.name(t.path().toString()));
            }
            summary.read(String.join(", ", read) + " (kernel)");
        }
        summary.range(process.range());
        long events = 0;
        long packets = 0;
        for (ProcessAnalysis.TraceFacts f : facts().values()) {
            events += f.lostEvents();
            packets += f.lostPackets();
        }
        summary.lost(events, packets, 0);
        if (!options.range().equals(TimeRange.ALL)) {
            r.note("a latency counts in the range when it ends in it");
        }
        return r;
    }

    /** A table row's cells and the durations they summarise (what a comparison of two runs tests). */
    protected record Sampled(Object[] cells, DurationStats values) {
    }

    /**
     * Adds the table rows of {@code owners} ({@code count} of them), made at each read and not kept
     * ({@link org.lttbench.core.report.Table#addRowsMadeAtEachRead}), with their durations for comparisons: the owners
     * largest by {@code size} first, ties by {@code tie}, else in their order, each one's rows made by {@code rowsOf}
     * from figures that are final. The owners are drawn from a heap as their rows are first read: a table read for its
     * first rows (terminal text) orders none of the others, and one never read orders none. The last owner's rows are
     * kept, so that reading a table in order makes each owner's rows once; a writer holds one owner's cells at a time,
     * not the hundreds of thousands of per-thread rows' (their boxed figures were a third of the default run's peak heap
     * on 10 M events). {@code rowsOf} makes an owner's rows whole, or (its second argument true) only with the cells a
     * comparison of two runs reads ({@link StatsColumns#fill}).
     */
    protected static <K> void addRowsLargestFirst(org.lttbench.core.report.Table table, int count, List<K> owners,
            java.util.function.ToLongFunction<K> size, java.util.function.ToIntFunction<K> tie,
            java.util.function.BiFunction<K, Boolean, List<Sampled>> rowsOf) {
        int n = owners.size();
        long[] sizes = new long[n];
        int[] ties = new int[n];
        for (int i = 0; i < n; i++) {
            sizes[i] = size.applyAsLong(owners.get(i));
            ties[i] = tie.applyAsInt(owners.get(i));
        }
        class Rows {
            private LargestFirst order;
            /** The owners drawn so far, in row order, and the number of each one's first row. */
            private int[] drawn = new int[16];
            private int[] firstRow = new int[16];
            private int drawnCount;
            private int rowsDrawn;
            private int keptOwner = -1;
            private boolean keptCompared;
            private List<Sampled> kept;

            Sampled apply(int row, boolean compared) {
                if (order == null) {
                    order = new LargestFirst(sizes, ties);
                }
                while (rowsDrawn <= row) {
                    if (order.size == 0) {
                        throw new IndexOutOfBoundsException("row " + row + " of " + rowsDrawn);
                    }
                    if (drawnCount == drawn.length) {
                        drawn = java.util.Arrays.copyOf(drawn, drawnCount * 2);
                        firstRow = java.util.Arrays.copyOf(firstRow, drawnCount * 2);
                    }
                    int o = order.next();
                    drawn[drawnCount] = o;
                    firstRow[drawnCount++] = rowsDrawn;
                    keep(o, compared);
                    rowsDrawn += kept.size();
                }
                int at = java.util.Arrays.binarySearch(firstRow, 0, drawnCount, row);
                if (at < 0) {
                    at = -at - 2;
                }
                while (at + 1 < drawnCount && firstRow[at + 1] == row) {
                    at++; // owners without rows share their successor's first row
                }
                keep(drawn[at], compared);
                return kept.get(row - firstRow[at]);
            }

            private void keep(int owner, boolean compared) {
                if (owner != keptOwner || compared != keptCompared) {
                    kept = rowsOf.apply(owners.get(owner), compared);
                    keptOwner = owner;
                    keptCompared = compared;
                }
            }
        }
        Rows rows = new Rows();
        // a comparison reads each row's compared cells and then its durations: both from the same owner's rows
        table.addRowsMadeAtEachRead(count, i -> rows.apply(i, false).cells(),
                i -> rows.apply(i, true).values().distribution(), i -> rows.apply(i, true).cells());
    }

    /** Positions drawn largest first (ties by tie, then position) from a binary heap, built in linear time. */
    private static final class LargestFirst {
        final long[] sizes;
        final int[] ties;
        final int[] heap;
        int size;

        LargestFirst(long[] sizes, int[] ties) {
            this.sizes = sizes;
            this.ties = ties;
            this.size = sizes.length;
            this.heap = new int[size];
            for (int i = 0; i < size; i++) {
                heap[i] = i;
            }
            for (int i = size / 2 - 1; i >= 0; i--) {
                siftDown(i);
            }
        }

        int next() {
            int top = heap[0];
            heap[0] = heap[--size];
            siftDown(0);
            return top;
        }

        private void siftDown(int at) {
            int moving = heap[at];
            for (int child = 2 * at + 1; child < size; child = 2 * at + 1) {
                if (child + 1 < size && before(heap[child + 1], heap[child])) {
                    child++;
                }
                if (!before(heap[child], moving)) {
                    break;
                }
                heap[at] = heap[child];
                at = child;
            }
            heap[at] = moving;
        }

        /** Whether position {@code a} comes before {@code b}: larger, or as large and of a smaller tie, or first. */
        private boolean before(int a, int b) {
            return sizes[a] != sizes[b] ? sizes[a] > sizes[b] : ties[a] != ties[b] ? ties[a] < ties[b] : a < b;
        }
    }
}
