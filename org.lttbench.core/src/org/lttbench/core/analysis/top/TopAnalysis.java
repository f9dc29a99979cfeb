package org.lttbench.core.analysis.top;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.kernel.ThreadStateMachine;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.SummaryLine;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.report.TraceNames;
import org.lttbench.core.report.WallClock;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.FieldHandle;
import org.lttbench.core.trace.FieldHandle.FieldKind;
import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;
import org.lttbench.core.trace.TraceSet;

/**
 * What each process did over the last seconds, interval after interval, as {@code top} shows it: CPU, waits and I/O
 * wait (from a kernel trace's thread states, which a {@link ProcessAnalysis} of the same pass tells it), events per
 * second and lost events. The stream's time is cut into intervals aligned on multiples of their length; each time
 * one ends (a record or a quiet stream's beacon at or past its end) a report over the window (the last intervals) goes
 * to the listener. Memory holds the window's figures per process and the threads' open states, never events.
 */
public final class TopAnalysis implements Analysis, ThreadStateSink {
    /** A process's figures in one interval, by position. */
    static final int RUNNING = 0;
    static final int WAIT_CPU = 1;
    static final int WAIT_IO = 2;
    static final int BLOCKED = 3;
    static final int EVENTS = 4;
    static final int DISCARDED = 5;
    static final int LOST_PACKETS = 6;
    static final int FIGURES = 7;
    /** The row of what no process can be named for (per-user buffers' losses, events without a vpid context). */
    static final long UNATTRIBUTED = -1;
    /** The figure a state's time adds to; -1 for none (unknown, parked, ended). */
    private static final int[] FIGURE_OF_STATE = figureOfState();

    private static int[] figureOfState() {
        int[] figure = new int[ThreadState.values().length];
        for (ThreadState s : ThreadState.values()) {
            figure[s.ordinal()] = s.running() ? RUNNING : switch (s) {
            case WAIT_CPU -> WAIT_CPU;
            case WAIT_IO -> WAIT_IO;
            case WAIT_BLOCKED -> BLOCKED;
            default -> -1;
            };
        }
        return figure;
    }

    /**
     * One interval's figures, and its totals: per thread of a kernel trace (its process is read when reported: a
     * thread's PID may be learnt after its first state), per PID for user-space events and losses.
     */
    static final class Interval {
        final long begin;
        long end;
        final Map<Object, long[]> rows = new HashMap<>();
        long events;
        long discarded;
        long lostPackets;

        Interval(long begin, long end) {
            this.begin = begin;
            this.end = end;
        }

        /** @param who a {@link ThreadRecord}, or a PID ({@link Long}) */
        long[] row(Object who) {
            return rows.computeIfAbsent(who, k -> new long[FIGURES]);
        }
    }

    /** How an event class names its process: a vpid context, the trace's own process (per-process buffers), a CPU's thread. */
    private static final class Attribution {
        FieldHandle vpid;
        FieldHandle procname;
        long tracePid = UNATTRIBUTED;
        String traceName;
        ThreadStateMachine machine;
    }

    /** A thread's state since a time, whose time is not counted yet. */
    private static final class Open {
        int figure = -1;
        long since;
    }

    private final long intervalNs;
    private final int windowIntervals;
    private final ProcessAnalysis processes;
    private final Consumer<Report> listener;
    /** The closed intervals of the window, oldest first. */
    private final ArrayDeque<Interval> window = new ArrayDeque<>();
    private Interval current;
    /** Losses that came before any time was known, for the first interval. */
    private final Interval early = new Interval(Long.MIN_VALUE, Long.MIN_VALUE);
    private long last = Long.MIN_VALUE;
    private TraceSet traces;
    private Attribution[] attributions = new Attribution[0];
    /** User-space processes' names (procname), of the PIDs of the window. */
    private final Map<Long, String> names = new HashMap<>();
    private final Map<ThreadRecord, Open> open = new HashMap<>();
    private long cachedPid = Long.MIN_VALUE;
    private ThreadRecord cachedThread;
    private long[] cachedRow;
    private Report latest;

    /**
     * @param intervalNs      how long each interval is
     * @param windowIntervals how many of the last intervals each report covers
     * @param processes       the process analysis of the same pass, which tells this one its thread states (this is
     *                        its observer), or null when there is no kernel trace
     * @param listener        told each interval's report as it ends, in time order
     */
    public TopAnalysis(long intervalNs, int windowIntervals, ProcessAnalysis processes, Consumer<Report> listener) {
        if (intervalNs <= 0 || windowIntervals <= 0) {
            throw new IllegalArgumentException("interval " + intervalNs + " ns, window of " + windowIntervals);
        }
        this.intervalNs = intervalNs;
        this.windowIntervals = windowIntervals;
        this.processes = processes;
        this.listener = listener;
    }

    /** It counts events and losses of any trace; thread states come with a kernel trace. */
    @Override
    public String whyNotApplicable(TraceSet traces) {
        return null;
    }

    @Override
    public void start(TraceSet traces) {
        this.traces = traces;
    }

    /** Where events of that class come from, resolved once (classes come while a live session is read). */
    private Attribution attribution(EventType type) {
        int i = type.index();
        if (i >= attributions.length) {
            attributions = java.util.Arrays.copyOf(attributions, Math.max(i + 1, traces.eventTypes().size()));
        }
        Attribution a = attributions[i];
        if (a == null) {
            a = new Attribution();
            a.vpid = FieldHandle.integer(type.contextField("vpid"));
            FieldHandle name = type.contextField("procname");
            a.procname = name != null && name.kind() == FieldKind.STRING ? name : null;
            Trace trace = type.trace();
            Object vpid = trace.environment().get("vpid"); // LTTng's per-process buffers: one trace per process
            if (vpid instanceof Number n) {
                a.tracePid = n.longValue();
                Object procname = trace.environment().get("procname");
                a.traceName = procname == null ? null : procname.toString();
            }
            a.machine = processes == null ? null : processes.machine(trace);
            attributions[i] = a;
        }
        return a;
    }

    @Override
    public void event(Event event) {
        long t = event.timestamp();
        moveTo(t);
        Attribution a = attribution(event.type());
        if (a.vpid == null && a.tracePid == UNATTRIBUTED && a.machine != null && event.cpu() >= 0) {
            ThreadRecord running = a.machine.onCpu(event.cpu()); // a kernel event: the thread on its CPU
            if (running != cachedThread || cachedRow == null) {
                cachedRow = running == null ? current.row(UNATTRIBUTED) : current.row(running);
                cachedThread = running;
                cachedPid = Long.MIN_VALUE;
            }
        } else {
            long pid = a.vpid != null ? event.longValue(a.vpid) : a.tracePid;
            if (pid != cachedPid || cachedRow == null) {
                cachedRow = current.row(pid);
                cachedPid = pid;
                cachedThread = null;
                if (pid != UNATTRIBUTED && !names.containsKey(pid)) { // read a name once per process and window
                    names.put(pid, a.procname != null ? event.stringValue(a.procname) : a.traceName);
                }
            }
        }
        cachedRow[EVENTS]++;
        current.events++;
    }

    @Override
    public void loss(Loss loss) {
        moveTo(loss.beginNs() >= 0 ? loss.beginNs() : last);
        Object vpid = loss.stream().trace().environment().get("vpid");
        long pid = vpid instanceof Number n ? n.longValue() : UNATTRIBUTED;
        // before any time is known (packets lost before a stream's first, in overwrite mode): in the first interval
        Interval into = current != null ? current : early;
        long[] row = into.row(pid);
        if (loss.kind() == Loss.Kind.DISCARDED_EVENTS) {
            row[DISCARDED] += loss.count();
            into.discarded += loss.count();
        } else {
            row[LOST_PACKETS] += loss.count();
            into.lostPackets += loss.count();
        }
    }

    @Override
    public void quiet(long time) {
        moveTo(time);
    }

    /** Time moved on to {@code t}: every interval that ends at or before it is closed and reported. */
    private void moveTo(long t) {
        if (t == Long.MIN_VALUE) {
            return;
        }
        if (current == null) {
            long begin = Math.floorDiv(t, intervalNs) * intervalNs;
            current = new Interval(begin, begin + intervalNs);
            current.rows.putAll(early.rows);
            current.discarded = early.discarded;
            current.lostPackets = early.lostPackets;
            early.rows.clear();
        }
        last = Math.max(last, t);
        while (t >= current.end) {
            close(current.end);
            long begin = current.end;
            if (t - begin >= windowIntervals * intervalNs) { // a long silence: its empty intervals all look alike
                begin = Math.floorDiv(t, intervalNs) * intervalNs - (windowIntervals - 1) * intervalNs;
            }
            current = new Interval(begin, begin + intervalNs);
        }
    }

    /** The current interval ends at {@code end}: open states are counted up to it, and the window reported. */
    private void close(long end) {
        current.end = end;
        // a thread whose change the machine has not told yet keeps its time until it is told (then it is split)
        countOpen(end, thread -> !thread.changesPending());
        window.addLast(current);
        while (window.size() > windowIntervals) {
            window.removeFirst();
        }
        cachedRow = null;
        latest = reportOfWindow();
        Set<Object> shown = new HashSet<>();
        for (Interval i : window) {
            shown.addAll(i.rows.keySet());
        }
        names.keySet().retainAll(shown);
        if (listener != null) {
            listener.accept(latest);
        }
    }

    @Override
    public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu) {
        moveTo(time); // the change may be the first news of a later interval (the event that made it comes next)
        Open o = open.get(thread);
        if (o != null && o.figure >= 0 && time > o.since) {
            count(thread, o.figure, o.since, time);
        }
        if (state == ThreadState.NOT_ALIVE) {
            open.remove(thread);
            return;
        }
        if (o == null) {
            o = new Open();
            open.put(thread, o);
        }
        o.figure = FIGURE_OF_STATE[state.ordinal()];
        o.since = Math.max(o.since, time);
    }

    /** Adds the span's time to the thread, in each interval of the window (or the current one) it meets. */
    private void count(ThreadRecord thread, int figure, long from, long to) {
        if (current != null) {
            add(current, thread, figure, from, to);
        }
        for (Interval i : window) {
            add(i, thread, figure, from, to);
        }
    }

    private static void add(Interval i, ThreadRecord thread, int figure, long from, long to) {
        long overlap = Math.min(to, i.end) - Math.max(from, i.begin);
        if (overlap > 0) {
            i.row(thread)[figure] += overlap;
        }
    }

    /** A kernel trace ended: its threads' states last until then, as the process analysis counts them. */
    @Override
    public void end(Trace trace, long time) {
        countOpen(time, thread -> thread.trace() == trace);
    }

    /** The open states of the threads {@code which} takes are counted up to {@code upTo}, and go on from there. */
    private void countOpen(long upTo, java.util.function.Predicate<ThreadRecord> which) {
        for (Map.Entry<ThreadRecord, Open> e : open.entrySet()) {
            Open o = e.getValue();
            if (o.figure >= 0 && o.since < upTo && which.test(e.getKey())) {
                count(e.getKey(), o.figure, o.since, upTo);
                o.since = upTo;
            }
        }
    }

    @Override
    public void end() {
        if (current == null && !early.rows.isEmpty()) {
            moveTo(0); // nothing but losses of unknown time: one interval says them
        }
        if (current != null) {
            close(Math.max(last, current.begin + 1)); // the last interval ends with the last record
            current = null;
        }
    }

    /** The report of the last window (after the end: the window the read ended with). */
    @Override
    public Report report() {
        return latest != null ? latest : windowReport(List.of());
    }

    private Report windowReport(List<Interval> intervals) {
        TimeRange range = intervals.isEmpty() ? new TimeRange(0, 0)
                : new TimeRange(intervals.get(0).begin, intervals.get(intervals.size() - 1).end);
        Report r = new Report("top", "Top: per process over the last " + CellFormat.duration(windowIntervals * intervalNs),
                range);
        if (traces != null) {
            r.traces(traces.traces().stream().map(t -> t.path().toString()).toList());
        }
        boolean states = processes != null && !processes.layouts().isEmpty();
        boolean io = states && processes.traceFacts().values().stream().anyMatch(ProcessAnalysis.TraceFacts::ioWaitKnown);
        Map<Long, long[]> sums = new HashMap<>();
        Map<Long, String> named = new HashMap<>(names);
        for (Interval i : intervals) {
            i.rows.forEach((who, f) -> {
                long pid = pid(who);
                if (who instanceof ThreadRecord t && t.name() != null && pid != UNATTRIBUTED
                        && (t.tid() == t.pid() || named.get(pid) == null)) {
                    named.put(pid, pid == 0 ? "swapper" : t.name()); // the main thread names the process
                }
                long[] s = sums.computeIfAbsent(pid, k -> new long[FIGURES]);
                for (int k = 0; k < FIGURES; k++) {
                    s[k] += f[k];
                }
            });
        }
        double seconds = range.duration() / 1e9;
        List<Map.Entry<Long, long[]>> rows = new ArrayList<>(sums.entrySet());
        // busiest first, as top sorts; the idle threads (PID 0) last: their running time is idle time
        rows.sort(Comparator.comparing((Map.Entry<Long, long[]> e) -> e.getKey() == 0)
                .thenComparingLong(e -> -e.getValue()[RUNNING]).thenComparingLong(e -> -e.getValue()[EVENTS])
                .thenComparingLong(Map.Entry::getKey));
        Table table = (states ? PROCESSES : PROCESS_EVENTS).table();
        long windowEvents = 0;
        long windowDiscarded = 0;
        long windowPackets = 0;
        boolean unattributedLoss = false;
        for (Map.Entry<Long, long[]> e : rows) {
            long[] f = e.getValue();
            long pid = e.getKey();
            windowEvents += f[EVENTS];
            windowDiscarded += f[DISCARDED];
            windowPackets += f[LOST_PACKETS];
            unattributedLoss |= pid == UNATTRIBUTED && f[DISCARDED] + f[LOST_PACKETS] > 0;
            List<Object> cells = new ArrayList<>();
            cells.add(pid == UNATTRIBUTED ? null : (Long) pid);
            cells.add(pid == UNATTRIBUTED ? null : named.get(pid));
            if (states) {
                cells.addAll(java.util.Arrays.asList(seconds > 0 ? (Double) (f[RUNNING] / 1e9 / seconds) : null,
                        f[RUNNING], f[WAIT_CPU], io ? (Long) f[WAIT_IO] : null, f[BLOCKED]));
            }
            cells.addAll(java.util.Arrays.asList(f[EVENTS], seconds > 0 ? (Double) (f[EVENTS] / seconds) : null,
                    f[DISCARDED], f[LOST_PACKETS]));
            table.addRow(cells.toArray());
        }
        Interval last = intervals.isEmpty() ? null : intervals.get(intervals.size() - 1);
        Table interval = INTERVAL.table();
        if (last != null) {
            double s = (last.end - last.begin) / 1e9;
            interval.addRow(last.begin, last.end, last.events, s > 0 ? (Double) (last.events / s) : null, last.discarded,
                    last.lostPackets, last.rows.keySet().stream().map(TopAnalysis::pid).distinct().count());
        }
        r.add(interval);
        r.add(table);
        SummaryLine line = SummaryLine.of("Top");
        if (traces != null) {
            line.read(String.join(", ", traces.traces().stream()
                    .map(t -> TraceNames.ofTraces(traces.traces()).name(t.path().toString())).toList()));
        }
        line.range(range);
        if (last != null) {
            line.add("interval to " + WallClock.format(last.end) + ": " + SummaryLine.count(last.events) + " events");
        }
        line.lost(windowDiscarded, windowPackets, 0);
        line.add(SummaryLine.count(windowEvents) + " events, " + SummaryLine.count(rows.size())
                + (rows.size() == 1 ? " process" : " processes"));
        r.summary(line.toString());
        if (!states) {
            r.note("CPU and waits need a kernel trace with sched_switch events, which this session has not: the rows "
                    + "count events and losses");
        } else {
            r.note("a wait is counted when it ends: a thread blocked now shows its wait once woken");
        }
        if (unattributedLoss) {
            r.note("losses are per buffer: only per-process buffers (lttng enable-channel --buffers-pid) name the "
                    + "process; the row without a PID has the others");
        }
        if (windowDiscarded + windowPackets > 0) {
            r.lossNote("the session lost " + SummaryLine.count(windowDiscarded) + " events and "
                    + SummaryLine.count(windowPackets) + " packets in this window: the counts are lower than what ran");
        }
        return r;
    }

    /** The process of a row's key: its thread's (as known now), or the PID itself. */
    private static long pid(Object who) {
        if (who instanceof ThreadRecord t) {
            return t.pid() >= 0 ? t.pid() : UNATTRIBUTED;
        }
        return (Long) who;
    }

    /** The window's report: the intervals it holds. */
    private Report reportOfWindow() {
        return windowReport(new ArrayList<>(window));
    }

    private static final Column EVENTS_COLUMN = new Column("events", "Events", ColumnKind.INTEGER,
            "events recorded in the window (the process's own: vpid context, per-process buffers, or on a CPU the "
                    + "kernel trace says it ran on)");
    private static final Column DISCARDED_COLUMN = new Column("discarded_events", "Discarded", ColumnKind.INTEGER,
            "events the tracer discarded (full buffers, discard mode)");
    private static final Column LOST_PACKETS_COLUMN = new Column("lost_packets", "Lost packets", ColumnKind.INTEGER,
            "packets lost (overwrite mode, or the relay daemon's)");
    private static final Column PID = new Column("pid", "PID", ColumnKind.PID,
            "process ID (empty: events and losses no process can be named for)");
    private static final Column NAME = new Column("name", "Name", ColumnKind.PROCESS_NAME, "command name");
    private static final Column EVENTS_PER_S = new Column("events_per_s", "Events/s", ColumnKind.RATE,
            "events per second over the window");
    /** The processes table of a session without a kernel trace: its events and losses. */
    static final TableSchema PROCESS_EVENTS = new TableSchema("top", "Per process over the window",
            List.of(PID, NAME, EVENTS_COLUMN, EVENTS_PER_S, DISCARDED_COLUMN, LOST_PACKETS_COLUMN));
    /** The processes table: the window's figures per process, with their time from a kernel trace's thread states. */
    static final TableSchema PROCESSES = new TableSchema("top", "Per process over the window", List.of(PID, NAME,
            new Column("running_ratio", "CPU", ColumnKind.RATIO,
                    "running time over the window, as top counts it: 100% is one CPU"),
            ProcessAnalysis.RUNNING,
            new Column(ThreadState.WAIT_CPU.columnKey(), ThreadState.WAIT_CPU.title(), ColumnKind.DURATION,
                    ThreadState.WAIT_CPU.description()),
            new Column(ThreadState.WAIT_IO.columnKey(), ThreadState.WAIT_IO.title(), ColumnKind.DURATION,
                    ThreadState.WAIT_IO.description()),
            new Column(ThreadState.WAIT_BLOCKED.columnKey(), ThreadState.WAIT_BLOCKED.title(), ColumnKind.DURATION,
                    ThreadState.WAIT_BLOCKED.description()),
            EVENTS_COLUMN, EVENTS_PER_S, DISCARDED_COLUMN, LOST_PACKETS_COLUMN));
    /** The interval that just ended: its own totals (the window's are the processes table's sums). */
    static final TableSchema INTERVAL = new TableSchema("interval", "The interval that ended", List.of(
            new Column("begin", "Begin", ColumnKind.TIMESTAMP, "the interval's start (ns since the epoch)"),
            new Column("end", "End", ColumnKind.TIMESTAMP, "its end (the last one's: the last record)"),
            new Column("events", "Events", ColumnKind.INTEGER, "events recorded in the interval"),
            new Column("events_per_s", "Events/s", ColumnKind.RATE, "events per second over the interval"),
            DISCARDED_COLUMN, LOST_PACKETS_COLUMN,
            new Column("processes", "Processes", ColumnKind.INTEGER, "processes with events, losses or time in it")));
}
