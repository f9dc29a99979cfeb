package org.lttbench.core.analysis.latency;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.analysis.process.ProcessPass;
import org.lttbench.core.analysis.process.ThreadRecord;
import org.lttbench.core.analysis.process.ThreadStateSink;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.SummaryLine;
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

    /** Why a kernel trace of this layout cannot give these latencies (the events it lacks), or null when it can. */
    protected abstract String lacks(KernelLayout layout);

    @Override
    public String whyNotApplicable(TraceSet traces) {
        String why = pass.whyNotApplicable(traces, name);
        return why != null ? why : whatLacks(traces);
    }

    @Override
    public String whyNotApplicableBriefly(TraceSet traces) {
        String why = new ProcessAnalysis(options).whyNotApplicableBriefly(traces);
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
        List<Object> c = new ArrayList<>();
        if (hosts) {
            c.add(host(t.trace()));
        }
        c.addAll(threadCells(t, byProcess));
        return c;
    }

    /** A thread's cells for {@link #threadColumns} (its process's, per process). */
    protected static List<Object> threadCells(ThreadRecord t, boolean byProcess) {
        List<Object> c = new ArrayList<>();
        if (!byProcess) {
            c.add(t.placeholder() ? null : (Object) (long) t.tid());
        }
        c.add(t.pid() < 0 ? null : (Object) (long) t.pid());
        c.add(t.pid() == 0 ? "swapper" : t.name());
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

    /**
     * The rows of {@code owners} owners, made as they are read ({@link org.lttbench.core.report.Table#addRowsWhenRead}):
     * {@code rowsOf} makes an owner's (by its index), whose figures are final.
     */
    protected static java.util.Iterator<Object[]> ownersRows(int owners,
            java.util.function.IntFunction<List<Object[]>> rowsOf) {
        return new java.util.Iterator<>() {
            private int next;
            private java.util.Iterator<Object[]> rows = java.util.Collections.emptyIterator();

            @Override
            public boolean hasNext() {
                while (!rows.hasNext() && next < owners) {
                    rows = rowsOf.apply(next++).iterator();
                }
                return rows.hasNext();
            }

            @Override
            public Object[] next() {
                if (!hasNext()) {
                    throw new java.util.NoSuchElementException();
                }
                return rows.next();
            }
        };
    }

    /**
     * The keys, largest first by {@code size}, ties by {@code tie}, else in their order: each computed once per key,
     * and the keys sorted as indices into primitive arrays (thousands of rows: no object per key, no boxed comparison).
     */
    protected static <K> List<K> largestFirst(List<K> keys, java.util.function.ToLongFunction<K> size,
            java.util.function.ToIntFunction<K> tie) {
        int n = keys.size();
        long[] sizes = new long[n];
        int[] ties = new int[n];
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            K k = keys.get(i);
            sizes[i] = size.applyAsLong(k);
            ties[i] = tie.applyAsInt(k);
            order[i] = i;
        }
        // a bottom-up merge sort: stable, so that keys of one size and tie keep their order
        int[] from = order;
        int[] to = new int[n];
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                int a = lo;
                int b = mid;
                for (int o = lo; o < hi; o++) {
                    if (a < mid && (b >= hi || !before(sizes, ties, from[b], from[a]))) {
                        to[o] = from[a++];
                    } else {
                        to[o] = from[b++];
                    }
                }
            }
            int[] swap = from;
            from = to;
            to = swap;
        }
        List<K> sorted = new ArrayList<>(n);
        for (int i : from) {
            sorted.add(keys.get(i));
        }
        return sorted;
    }

    /** Whether key {@code a} comes strictly before key {@code b}: larger, or as large and of a smaller tie. */
    private static boolean before(long[] sizes, int[] ties, int a, int b) {
        return sizes[a] != sizes[b] ? sizes[a] > sizes[b] : ties[a] < ties[b];
    }
}
