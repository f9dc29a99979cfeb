package org.lttbench.tracecompass.core.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.kernel.BlockDevice;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.kernel.WaitCauses;
import org.lttbench.core.report.Report;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;

/**
 * Process time over any range, answered from the kept state system instead of reading the trace again: each thread's
 * intervals in the range are told, in time order, as the state changes they came from to the ledger of a fresh
 * {@link ProcessAnalysis}, which sums and reports them exactly as in a read (the accounting is the ledger's, not
 * this class's). Who each thread is (as last known) and where its lane starts are told with the history: the writer's
 * after a read, the kept reports' in a later session, so a history kept by an earlier session serves as well as one
 * just built. On a lane, an interval belongs to the thread whose lane starts latest at or before the interval does.
 * The range is queried in time slices (one 2D query each, which visits each history node once, where single queries
 * per interval would walk the tree for each): memory holds the threads and one slice's intervals.
 */
public final class ThreadStateHistory {
    private static final int SLICES = 32;

    private final ITmfStateSystem ss;
    private final Map<Trace, ProcessAnalysis.TraceFacts> facts;
    private final Map<Trace, Long> ends;
    private final Report whole;
    /** By position: the thread, its state quark, when its lane became its own, and until when (exclusive). */
    private final ThreadRecord[] threads;
    private final int[] quarkOf;
    private final long[] since;
    private final long[] until;
    private final long[] died;
    private final Map<ThreadRecord, Integer> position = new HashMap<>();
    private final List<Integer> quarks = new ArrayList<>();
    /** By state quark: its lane's threads (positions) in the order they took it, and their starts; its lane's device quark. */
    private final int[][] ownersOfQuark;
    private final long[][] sinceOfQuark;
    private final Map<Integer, Integer> ioQuarkOf = new HashMap<>();
    private final Map<Integer, Integer> waitQuarkOf = new HashMap<>();
    private final java.util.Set<Integer> reasonQuarks = new java.util.HashSet<>();
    private final WaitCauses causes;

    /**
     * @param lanes  the threads the writer wrote (as last known), with their lanes (a thread whose lane is not in
     *               {@code ss} is left out)
     * @param facts  what each kernel trace could tell (the pass's {@link ProcessAnalysis#traceFacts()})
     * @param ends   each kernel trace's end (its threads stay in their last state until then)
     * @param whole  the pass's process report: its notes about the whole trace (kernel layout, caveats, losses)
     */
    ThreadStateHistory(ITmfStateSystem ss, List<ThreadLane> lanes, Map<Trace, ProcessAnalysis.TraceFacts> facts,
            Map<Trace, Long> ends, Report whole, WaitCauses causes) {
        this.ss = ss;
        this.causes = causes;
        this.facts = facts;
        this.ends = Map.copyOf(ends);
        this.whole = whole;
        Map<Integer, Integer> quarkOfLane = new HashMap<>();
        List<ThreadLane> found = new ArrayList<>();
        for (ThreadLane l : lanes) {
            int quark = quarkOfLane.computeIfAbsent(l.lane(),
                    lane -> ss.optQuarkAbsolute(ThreadStateWriter.THREADS, Integer.toString(lane)));
            if (quark != ITmfStateSystem.INVALID_ATTRIBUTE) {
                found.add(l);
            }
        }
        // each lane's threads in the order they took it
        found.sort(Comparator.comparingInt(ThreadLane::lane).thenComparingLong(ThreadLane::since));
        int n = found.size();
        threads = new ThreadRecord[n];
        quarkOf = new int[n];
        since = new long[n];
        until = new long[n];
        died = new long[n];
        Map<Integer, List<Integer>> owners = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            ThreadLane l = found.get(i);
            threads[i] = l.thread();
            quarkOf[i] = quarkOfLane.get(l.lane());
            since[i] = l.since();
            died[i] = l.died();
            boolean last = i + 1 == n || found.get(i + 1).lane() != l.lane();
            until[i] = last ? Long.MAX_VALUE : found.get(i + 1).since();
            position.put(l.thread(), i);
            owners.computeIfAbsent(quarkOf[i], q -> new ArrayList<>()).add(i);
        }
        int max = owners.keySet().stream().mapToInt(Integer::intValue).max().orElse(-1);
        ownersOfQuark = new int[max + 1][];
        sinceOfQuark = new long[max + 1][];
        owners.forEach((quark, positions) -> {
            quarks.add(quark);
            ownersOfQuark[quark] = positions.stream().mapToInt(Integer::intValue).toArray();
            sinceOfQuark[quark] = positions.stream().mapToLong(p -> since[p]).toArray();
            int lane = found.get(positions.get(0)).lane();
            int io = ss.optQuarkAbsolute(ThreadStateWriter.IO_DEVICES, Integer.toString(lane));
            if (io != ITmfStateSystem.INVALID_ATTRIBUTE) {
                ioQuarkOf.put(quark, io);
                quarks.add(io);
            }
            int waits = ss.optQuarkAbsolute(ThreadStateWriter.WAITS, Integer.toString(lane));
            if (waits != ITmfStateSystem.INVALID_ATTRIBUTE) {
                waitQuarkOf.put(quark, waits);
                quarks.add(waits);
                reasonQuarks.add(waits);
            }
        });
    }

    /** The position of the thread whose lane (state quark) holds {@code time}, or -1 (before the lane's first). */
    private int owner(int quark, long time) {
        long[] starts = sinceOfQuark[quark];
        int k = Arrays.binarySearch(starts, time);
        if (k < 0) {
            k = -k - 2;
        }
        return k < 0 ? -1 : ownersOfQuark[quark][k];
    }

    /**
     * The value set at {@code time} in a lane's {@code IoDevices/<lane>} or {@code Waits/<lane>} intervals (an I/O
     * wait's device, a blocked wait's reason), or {@code none}.
     */
    private static long valueAt(List<ITmfStateInterval> intervals, long time, long none) {
        for (ITmfStateInterval i : intervals) {
            if (i.getStartTime() <= time && time <= i.getEndTime() && i.getValue() instanceof Long value) {
                return value;
            }
        }
        return none;
    }

    /** The attribute of the thread's states ({@code Threads/<lane>}), or {@link ITmfStateSystem#INVALID_ATTRIBUTE}. */
    public int stateQuark(ThreadRecord thread) {
        Integer p = position.get(thread);
        return p == null ? ITmfStateSystem.INVALID_ATTRIBUTE : quarkOf[p];
    }

    /** From when the thread's state quark holds its states (its first change). */
    public long since(ThreadRecord thread) {
        return since[position.get(thread)];
    }

    /** When the thread ended (its NOT_ALIVE, its last change), or {@code Long.MIN_VALUE} (alive at the end, or now). */
    public long died(ThreadRecord thread) {
        return died[position.get(thread)];
    }

    /** Until when (exclusive) the thread's state quark holds its states: where the lane's next thread starts. */
    public long until(ThreadRecord thread) {
        return until[position.get(thread)];
    }

    /** The threads the history holds, as last known (in the order the pass first told of them). */
    public List<ThreadRecord> threads() {
        return Arrays.stream(threads).sorted(Comparator.comparingInt(ThreadRecord::index)).toList();
    }

    /**
     * The process analysis's report over {@code range} ({@link TimeRange#ALL}: the whole trace). Notes about the whole
     * trace (kernel layout, caveats, losses) are the pass's. With several kernel traces, each thread's running ratio
     * is over the whole range shown, not only the part its own trace covers.
     */
    public Report report(TimeRange range, GroupBy groupBy) {
        return replayed(range, groupBy, null).report();
    }

    /**
     * A process analysis that has replayed the kept history over {@code range} (its ledger holds the range's
     * figures, blocked time by cause and waker included), every change also told to {@code also} (a critical path's
     * history), or null.
     */
    public ProcessAnalysis replayed(TimeRange range, GroupBy groupBy, ThreadStateSink also) {
        ProcessAnalysis analysis = ProcessAnalysis.replay(new AnalysisOptions(range, groupBy), facts, whole, causes);
        if (also != null) {
            analysis.observe(also);
        }
        ThreadStateSink sink = analysis.sink();
        for (ThreadRecord t : threads) {
            analysis.ledger().knowOf(t);
        }
        long from = Math.max(range.begin(), ss.getStartTime());
        long to = Math.min(range.end(), ss.getCurrentEndTime());
        if (from <= to && !quarks.isEmpty()) {
            replay(from, to, sink);
        }
        // after every thread's changes, as the machine does at the end of its trace
        ends.forEach(sink::end);
        return analysis;
    }

    /** What each kernel trace could tell (the pass's). */
    public Map<Trace, ProcessAnalysis.TraceFacts> facts() {
        return facts;
    }

    private boolean isStateQuark(int quark) {
        return quark < ownersOfQuark.length && ownersOfQuark[quark] != null;
    }

    /**
     * Each interval is returned by the query of every slice it meets: it is told once, with the slice where it
     * starts (or the first), and each thread's intervals are told in time order, as the ledger needs. An I/O wait is
     * told with the device its thread's {@code IoDevices/<n>} attribute names at the wait's start.
     */
    private void replay(long from, long to, ThreadStateSink ledger) {
        long[] told = new long[threads.length];
        Arrays.fill(told, Long.MIN_VALUE);
        Map<Integer, List<ITmfStateInterval>> devices = new HashMap<>();
        long step = (to - from) / SLICES + 1;
        // the thread as tie-break: the same report for the same range every time
        Comparator<ITmfStateInterval> byStart = Comparator.comparingLong(ITmfStateInterval::getStartTime)
                .thenComparingInt(i -> {
                    int t = isStateQuark(i.getAttribute()) ? owner(i.getAttribute(), i.getStartTime()) : -1;
                    return t < 0 ? -1 : threads[t].index();
                });
        for (long begin = from; begin <= to; begin += step) {
            long end = Math.min(to, begin + step - 1);
            List<ITmfStateInterval> slice = new ArrayList<>();
            try {
                ss.query2D(quarks, begin, end).forEach(slice::add);
            } catch (StateSystemDisposedException e) {
                throw new IllegalStateException("the trace's state system was disposed (trace closed?)", e);
            }
            slice.sort(byStart);
            for (ITmfStateInterval interval : slice) {
                int quark = interval.getAttribute();
                if (!isStateQuark(quark)) {
                    List<ITmfStateInterval> known = devices.computeIfAbsent(quark, q -> new ArrayList<>());
                    if (known.isEmpty() || known.get(known.size() - 1).getStartTime() < interval.getStartTime()) {
                        known.add(interval); // before the states: a wait and its device start at the same time
                    }
                }
            }
            for (ITmfStateInterval interval : slice) {
                int quark = interval.getAttribute();
                if (!isStateQuark(quark)) {
                    continue;
                }
                int t = owner(quark, interval.getStartTime());
                if (t < 0 || interval.getStartTime() <= told[t]) {
                    continue;
                }
                told[t] = interval.getStartTime();
                // null: before the lane's first thread
                ThreadState state = interval.getValue() instanceof Integer code ? ThreadState.ofCode(code) : null;
                if (state != null) {
                    long why = 0;
                    if (state == ThreadState.WAIT_BLOCKED) {
                        Integer w = waitQuarkOf.get(quark);
                        why = valueAt(w == null ? List.of() : devices.getOrDefault(w, List.of()), interval.getStartTime(), 0);
                    }
                    ledger.stateChange(threads[t], state, interval.getStartTime(), -1, why);
                    if (state == ThreadState.WAIT_IO) {
                        Integer io = ioQuarkOf.get(quark);
                        ledger.ioWait(threads[t], valueAt(io == null ? List.of() : devices.getOrDefault(io, List.of()),
                                interval.getStartTime(), BlockDevice.UNKNOWN), interval.getStartTime(),
                                interval.getEndTime() + 1);
                    }
                }
            }
        }
    }
}
