package org.lttbench.core.analysis.waits;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisDescriptor;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.analysis.process.ProcessPass;
import org.lttbench.core.kernel.BlockDevice;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.kernel.Waker;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.SummaryLine;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;
import org.lttbench.core.trace.TraceSet;

/**
 * The critical path of one thread over a range (after Giraldeau and Dagenais, "Wait Analysis of Distributed Systems
 * Using Kernel Tracing", IEEE TPDS 2016): at every moment, what the thread's progress waited on. The thread's own
 * running and waiting for a CPU are on the path as they are; a wait a thread ended is replaced by that waker's own
 * path over the wait (its running, its own waits, followed the same way), and a waker's time before it was born is
 * the path of the thread that forked it; a wait an interrupt ended is the disk, the network, a timer or that
 * interrupt; a wait nothing in the trace ended is blocked. The path's states cover the range exactly (the part of it
 * the thread was alive in the trace).
 *
 * <p>The walk is iterative: a waker's path is a stack frame, not a recursion, so long chains of wakers cannot
 * overflow the stack. It ends: each frame's thread is blocked all over its interval (or not born yet), so it cannot
 * wake or fork anything in it, each step moves a frame's time forward, and a thread already walked by a frame below is
 * not walked again.
 */
public final class CriticalPathAnalysis implements ProcessPass.User {

    public static final AnalysisProvider PROVIDER = new AnalysisDescriptor("critical-path",
            "The critical path of one thread (--thread TID|NAME): what its progress waited on at every moment, "
                    + "followed through its wakers' own waits (LTTng kernel traces)",
            () -> CriticalPathAnalysis.TABLES, CriticalPathAnalysis::new);

    /** What a moment of the path is. */
    public enum PathState {
        RUNNING("running", 0x009E73), WAIT_CPU("waiting for a CPU", 0xE69F00), DISK("disk", 0xCC79A7),
        NETWORK("network", 0x0072B2), TIMER("timer", 0xF0E442), INTERRUPT("interrupt", 0xD55E00),
        BLOCKED("blocked, nothing in the trace woke it", 0x56B4E9), UNKNOWN("unknown", 0x787878);

        final String label;
        private final int rgb;

        PathState(String label, int rgb) {
            this.label = label;
            this.rgb = rgb;
        }

        /** The colour every view draws it with, as 0xRRGGBB (the thread states' where they mean the same). */
        public int rgb() {
            return rgb;
        }

        /** How the tables and views name it. */
        public String label() {
            return label;
        }
    }

    /** One segment of the path: a state of a thread over [begin, end), with what it was (device, interrupt). */
    public record Segment(long begin, long end, PathState state, ThreadRecord thread, String detail) {
    }

    private final AnalysisOptions options;
    private final ThreadHistory history;
    /** What each kernel trace of the pass could tell (the IRQs' names). */
    private final java.util.function.Function<Trace, ProcessAnalysis.TraceFacts> facts;
    private final ProcessPass pass;
    /** The thread the last report followed, or null. */
    private ThreadRecord followed;

    public CriticalPathAnalysis(AnalysisOptions options) {
        this.options = options;
        this.history = new ThreadHistory();
        this.pass = new ProcessPass(options, history);
        this.facts = trace -> pass.analysis().traceFacts().get(trace);
    }

    private CriticalPathAnalysis(AnalysisOptions options, ThreadHistory history,
            java.util.function.Function<Trace, ProcessAnalysis.TraceFacts> facts) {
        this.options = options;
        this.history = history;
        this.facts = facts;
        this.pass = null; // walks a given history only
    }

    @Override
    public ProcessPass processPass() {
        return pass;
    }

    @Override
    public String whyNotApplicable(TraceSet traces) {
        if (options.thread() == null || options.thread().isBlank()) {
            return "the critical path is of one thread: give it with --thread TID or --thread NAME";
        }
        return ProcessPass.User.super.whyNotApplicable(traces);
    }

    @Override
    public String nameInReasons() {
        return "the critical path";
    }

    /** Said whatever the trace set: the user asked for this thread's path. */
    @Override
    public String whyNotApplicableBriefly(TraceSet traces) {
        return whyNotApplicable(traces);
    }

    /** The thread the user named: that TID, or of that name the one that ran most (the others are said in a note). */
    private ThreadHistory.Changes target(List<String> notes) {
        String wanted = options.thread().trim();
        Integer tid = null;
        try {
            tid = Integer.parseInt(wanted);
        } catch (NumberFormatException e) {
            // a name
        }
        List<ThreadHistory.Changes> matches = new ArrayList<>();
        for (ThreadHistory.Changes c : history.all()) {
            ThreadRecord r = c.thread;
            if (!r.placeholder() && (tid != null ? r.tid() == tid : wanted.equals(r.name()))) {
                matches.add(c);
            }
        }
        if (matches.isEmpty()) {
            return null;
        }
        matches.sort((a, b) -> Long.compare(pass.analysis().ledger().running(b.thread, 0), pass.analysis().ledger().running(a.thread, 0)));
        if (matches.size() > 1) {
            notes.add(matches.size() + " threads match --thread " + wanted + ": the path is of TID " + matches.get(0).thread.tid()
                    + " (the one that ran most), not of " + matches.stream().skip(1).limit(10)
                            .map(c -> Integer.toString(c.thread.tid())).reduce((a, b) -> a + ", " + b).orElse("")
                    + (matches.size() > 11 ? "..." : ""));
        }
        return matches.get(0);
    }

    /** A frame of the walk: what {@code thread}'s progress waited on over [cursor, to). */
    private static final class Frame {
        final ThreadHistory.Changes thread;
        long cursor;
        final long to;

        Frame(ThreadHistory.Changes thread, long from, long to) {
            this.thread = thread;
            this.cursor = from;
            this.to = to;
        }
    }

    /**
     * The path of {@code target} over [from, to), in time order, from a history of every thread's states (a pass's,
     * or one replayed from a kept state system); {@code facts} name the IRQs.
     */
    public static List<Segment> path(ThreadHistory history, ThreadHistory.Changes target, long from, long to,
            java.util.function.Function<Trace, ProcessAnalysis.TraceFacts> facts) {
        CriticalPathAnalysis walk = new CriticalPathAnalysis(AnalysisOptions.DEFAULT, history, facts);
        return walk.path(target, from, to);
    }

    /** The path of {@code target} over [from, to), in time order. */
    List<Segment> path(ThreadHistory.Changes target, long from, long to) {
        List<Segment> path = new ArrayList<>();
        Deque<Frame> stack = new ArrayDeque<>();
        // the threads of the frames: none is walked twice at once (only a contradictory history would ask it, forever)
        Set<ThreadHistory.Changes> walking = Collections.newSetFromMap(new IdentityHashMap<>());
        stack.push(new Frame(target, from, to));
        walking.add(target);
        while (!stack.isEmpty()) {
            Frame f = stack.peek();
            if (f.cursor >= f.to) {
                walking.remove(stack.pop().thread);
                continue;
            }
            ThreadHistory.Changes c = f.thread;
            int k = c.at(f.cursor);
            long begin = f.cursor;
            if (k < 0) {
                // before the thread's first change: a waker born during the wait, whose existence until then was
                // the progress of the thread that forked it
                long end = Math.min(f.to, c.size > 0 ? c.times[0] : f.to);
                f.cursor = end;
                ThreadHistory.Changes parent = history.parentOf(c);
                if (parent != null && walking.add(parent)) {
                    stack.push(new Frame(parent, begin, end));
                } else {
                    add(path, new Segment(begin, end, PathState.UNKNOWN, c.thread, "before the thread's first event"));
                }
                continue;
            }
            long end = Math.min(f.to, history.until(c, k));
            if (end <= begin) {
                end = f.to; // the thread's last state holds to the end
            }
            ThreadState s = ThreadHistory.state(c, k);
            f.cursor = end;
            switch (s) {
                case USER, SYSCALL, IRQ, USER_OR_SYSTEM -> add(path, new Segment(begin, end, PathState.RUNNING, c.thread, s.title()));
                case WAIT_CPU -> add(path, new Segment(begin, end, PathState.WAIT_CPU, c.thread, null));
                case WAIT_IO -> {
                    Long device = history.ioDevice(c.thread.index(), c.times[k]);
                    add(path, new Segment(begin, end, PathState.DISK, c.thread,
                            device == null ? null : BlockDevice.numbers(device)));
                }
                case WAIT_BLOCKED -> {
                    int waker = ThreadStateSink.waker(c.whys[k]);
                    ThreadHistory.Changes w = Waker.kind(waker) == Waker.THREAD ? history.of(Waker.id(waker)) : null;
                    if (w != null && walking.add(w)) {
                        stack.push(new Frame(w, begin, end)); // what the waker did meanwhile is what this wait waited on
                    } else {
                        add(path, blocked(begin, end, c.thread, waker));
                    }
                }
                default -> add(path, new Segment(begin, end, PathState.UNKNOWN, c.thread, s.name().toLowerCase(Locale.ROOT)));
            }
        }
        return path;
    }

    /** A wait no thread ended: by what interrupt (a network or disk softirq, a timer), or nothing the trace shows. */
    private Segment blocked(long begin, long end, ThreadRecord thread, int waker) {
        int id = Waker.id(waker);
        return switch (Waker.kind(waker)) {
            case Waker.TIMER -> new Segment(begin, end, PathState.TIMER, thread, "timer expiry");
            case Waker.SOFTIRQ -> {
                String vector = Waker.softirqName(id);
                PathState state = vector.startsWith("NET_") ? PathState.NETWORK
                        : vector.equals("BLOCK") ? PathState.DISK : PathState.INTERRUPT;
                yield new Segment(begin, end, state, thread, "softirq " + vector);
            }
            case Waker.IRQ -> {
                ProcessAnalysis.TraceFacts f = facts.apply(thread.trace());
                String name = f == null ? null : f.irqNames().get(id);
                yield new Segment(begin, end, PathState.INTERRUPT, thread, "irq " + (id >= 1 << 16 ? "vector " + (id & 0xFFFF) : id)
                        + (name == null ? "" : " " + name));
            }
            default -> new Segment(begin, end, PathState.BLOCKED, thread,
                    Waker.kind(waker) == Waker.NONE ? "until the trace ended" : "no wakeup event seen");
        };
    }

    /** Appends a segment, merged with the previous one when it continues it (same state, thread and detail). */
    private static void add(List<Segment> path, Segment s) {
        if (s.end() <= s.begin()) {
            return;
        }
        if (!path.isEmpty()) {
            Segment last = path.get(path.size() - 1);
            if (last.end() == s.begin() && last.state() == s.state() && last.thread() == s.thread()
                    && java.util.Objects.equals(last.detail(), s.detail())) {
                path.set(path.size() - 1, new Segment(last.begin(), s.end(), s.state(), s.thread(), s.detail()));
                return;
            }
        }
        path.add(s);
    }

    static List<Column> totalsColumns() {
        return List.of(new Column("state", "State", ColumnKind.TEXT, "what the thread's progress waited on: running, "
                + "waiting for a CPU, disk, network, timer, interrupt, blocked (nothing in the trace woke it), unknown"),
                new Column("tid", "TID", ColumnKind.TID, "the thread on the path in that state (the target, or a waker)"),
                new Column("name", "Name", ColumnKind.PROCESS_NAME, "its command name"),
                new Column("ns", "Time", ColumnKind.DURATION, "time on the path in that state and thread"),
                new Column("share", "Share", ColumnKind.RATIO, "of the path's whole time"));
    }

    /** A critical path's state, as its segments and the comparison of two paths name it. */
    static Column stateColumn() {
        return new Column("state", "State", ColumnKind.TEXT, "what the thread's progress waited on");
    }

    static List<Column> segmentColumns() {
        return List.of(new Column("begin", "Begin", ColumnKind.TIMESTAMP, "start of the segment"),
                new Column("end", "End", ColumnKind.TIMESTAMP, "end of the segment"),
                stateColumn(),
                new Column("tid", "TID", ColumnKind.TID, "the thread on the path"),
                new Column("name", "Name", ColumnKind.PROCESS_NAME, "its command name"),
                new Column("detail", "Detail", ColumnKind.TEXT, "its running state, the device, the interrupt"),
                new Column("ns", "Duration", ColumnKind.DURATION, "the segment's length"));
    }

    private static final TableSchema TOTALS = new TableSchema("critical_path", "Critical path: time per state and thread",
            totalsColumns());
    private static final TableSchema SEGMENTS = new TableSchema("critical_path_segments", "Critical path segments",
            segmentColumns()).asChartData();
    private static final AnalysisTables TABLES = AnalysisTables.ungrouped(
            new AnalysisTables.Grouping("Critical path", List.of(TOTALS, SEGMENTS), List.of()));

    /** The thread the report followed (after {@link #report()}), or null when none matched. */
    public ThreadRecord followed() {
        return followed;
    }

    @Override
    public Report report() {
        Report process = pass.analysis().report(AnalysisOptions.GroupBy.THREAD);
        List<String> notes = new ArrayList<>();
        ThreadHistory.Changes target = target(notes);
        Table totals = TOTALS.table();
        Table segments = SEGMENTS.table();
        TimeRange shown = process.range();
        String who = options.thread();
        if (target != null) {
            ThreadRecord t = target.thread;
            followed = t;
            who = t.tid() + " " + t.name();
            long from = Math.max(shown.begin(), target.first());
            long to = Math.min(shown.end(), history.died(target));
            if (to > from) {
                List<Segment> path = path(target, from, to);
                Map<List<Object>, long[]> sums = new LinkedHashMap<>();
                for (Segment s : path) {
                    sums.computeIfAbsent(List.of(s.state(), s.thread()), k -> new long[1])[0] += s.end() - s.begin();
                    segments.addRow(s.begin(), s.end(), s.state().label, (long) s.thread().tid(), s.thread().name(),
                            s.detail(), s.end() - s.begin());
                }
                List<Map.Entry<List<Object>, long[]>> rows = new ArrayList<>(sums.entrySet());
                rows.sort((a, b) -> Long.compare(b.getValue()[0], a.getValue()[0]));
                for (var e : rows) {
                    ThreadRecord r = (ThreadRecord) e.getKey().get(1);
                    totals.addRow(((PathState) e.getKey().get(0)).label, (long) r.tid(), r.name(), e.getValue()[0],
                            (double) e.getValue()[0] / (to - from));
                }
                shown = new TimeRange(from, to);
            }
        } else {
            notes.add("no thread of the trace is " + options.thread() + " (a TID, or a command name as the trace names it)");
        }
        Report r = new Report("critical-path", "Critical path of " + who, shown);
        r.traces(process.traces());
        WaitsAnalysis.warnOfWakers(pass.analysis(), totals, segments);
        r.add(totals).add(segments);
        notes.forEach(r::note);
        r.note("the path follows each wait to the thread whose wakeup ended it, through that thread's own waits; a wait "
                + "an interrupt ended is the disk, the network, a timer or that interrupt");
        process.notes().stream().filter(process::isLossNote).forEach(r::lossNote);
        SummaryLine line = SummaryLine.of(r.title()).range(shown);
        Map<String, Long> byState = new LinkedHashMap<>();
        long all = 0;
        long idle = 0;
        for (Object[] row : totals.rows()) {
            byState.merge((String) row[0], (Long) row[3], Long::sum);
            all += (Long) row[3];
            if (PathState.RUNNING.label.equals(row[0]) && Long.valueOf(0).equals(row[1])) {
                idle += (Long) row[3];
            }
        }
        long whole = all;
        // An idle CPU's swapper on the path ran no work of the thread's: a wakeup made in an interrupt the trace does
        // not hold is put down to it. The line says how much of "running" that is, or it reads as a CPU-bound thread.
        String swapper = idle == 0 ? "" : " (swapper " + CellFormat.percent((double) idle / whole) + ")";
        byState.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(4)
                .forEach(e -> line.add(String.format(Locale.ROOT, "%s %s%s", e.getKey(),
                        CellFormat.percent((double) e.getValue() / whole),
                        e.getKey().equals(PathState.RUNNING.label) ? swapper : "")));
        r.summary(line.toString());
        return r;
    }
}
