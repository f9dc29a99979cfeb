package org.lttbench.tracecompass.core.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.analysis.process.ThreadLedger;
import org.lttbench.core.analysis.process.ThreadRecord;
import org.lttbench.core.analysis.process.ThreadState;
import org.lttbench.core.report.Report;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;

/**
 * Process time over any range, answered from the kept state system instead of reading the trace again: each thread's
 * intervals in the range are told, in time order, as the state changes they came from to the ledger of a fresh
 * {@link ProcessAnalysis}, which sums and reports them exactly as in a read (the accounting is the ledger's, not
 * this class's). Who each thread is (as last known) is told with the history: the writer's threads after a read, the
 * kept reports' in a later session, so a history kept by an earlier session serves as well as one just built. The range is
 * queried in time slices (one 2D query each, which visits each history node once, where single queries per
 * interval would walk the tree for each): memory holds the threads and one slice's intervals.
 */
public final class ThreadStateHistory {
    private static final ThreadState[] STATES = ThreadState.values();
    private static final int SLICES = 32;

    private final ITmfStateSystem ss;
    private final Map<Trace, ProcessAnalysis.TraceFacts> facts;
    private final Map<Trace, Long> ends;
    private final Report whole;
    private final ThreadRecord[] threads;
    private final List<Integer> quarks = new ArrayList<>();
    /** Thread position by state quark, and by I/O device quark. */
    private final int[] threadOfQuark;
    private final int[] ioQuarkOfThread;

    /**
     * @param threads the threads the writer wrote, as last known (a thread without states in {@code ss} is left out)
     * @param facts  what each kernel trace could tell (the pass's {@link ProcessAnalysis#traceFacts()})
     * @param ends   each kernel trace's end (its threads stay in their last state until then)
     * @param whole  the pass's process report: its notes about the whole trace (kernel layout, caveats, losses)
     */
    ThreadStateHistory(ITmfStateSystem ss, List<ThreadRecord> threads, Map<Trace, ProcessAnalysis.TraceFacts> facts,
            Map<Trace, Long> ends, Report whole) {
        this.ss = ss;
        this.facts = facts;
        this.ends = Map.copyOf(ends);
        this.whole = whole;
        List<ThreadRecord> found = new ArrayList<>();
        List<Integer> stateQuarks = new ArrayList<>();
        List<Integer> ioQuarks = new ArrayList<>();
        for (ThreadRecord t : threads) {
            String node = Integer.toString(t.index());
            int state = ss.optQuarkAbsolute(ThreadStateWriter.THREADS, node);
            if (state != ITmfStateSystem.INVALID_ATTRIBUTE) {
                found.add(t);
                stateQuarks.add(state);
                ioQuarks.add(ss.optQuarkAbsolute(ThreadStateWriter.IO_DEVICES, node));
            }
        }
        this.threads = found.toArray(new ThreadRecord[0]);
        int max = stateQuarks.stream().mapToInt(Integer::intValue).max().orElse(-1);
        max = Math.max(max, ioQuarks.stream().mapToInt(Integer::intValue).max().orElse(-1));
        threadOfQuark = new int[max + 1];
        ioQuarkOfThread = new int[this.threads.length];
        for (int i = 0; i < this.threads.length; i++) {
            quarks.add(stateQuarks.get(i));
            threadOfQuark[stateQuarks.get(i)] = i;
            ioQuarkOfThread[i] = ioQuarks.get(i);
            if (ioQuarks.get(i) != ITmfStateSystem.INVALID_ATTRIBUTE) {
                quarks.add(ioQuarks.get(i));
                threadOfQuark[ioQuarks.get(i)] = i;
            }
        }
    }

    /** The device an I/O wait starting at {@code time} waited on, from its thread's {@code IoDevices/<n>} intervals. */
    private static String device(List<ITmfStateInterval> intervals, long time) {
        for (ITmfStateInterval i : intervals) {
            if (i.getStartTime() <= time && time <= i.getEndTime() && i.getValue() != null) {
                return i.getValue().toString();
            }
        }
        return "unknown";
    }

    /** The attribute of the thread's states ({@code Threads/<n>}), or {@link ITmfStateSystem#INVALID_ATTRIBUTE}. */
    public int stateQuark(ThreadRecord thread) {
        return ss.optQuarkAbsolute(ThreadStateWriter.THREADS, Integer.toString(thread.index()));
    }

    /** The threads the history holds, as last known. */
    public List<ThreadRecord> threads() {
        return List.of(threads);
    }

    /**
     * The process analysis's report over {@code range} ({@link TimeRange#ALL}: the whole trace). Notes about the whole
     * trace (kernel layout, caveats, losses) are the pass's. With several kernel traces, each thread's running ratio
     * is over the whole range shown, not only the part its own trace covers.
     */
    public Report report(TimeRange range, GroupBy groupBy) {
        ProcessAnalysis analysis = ProcessAnalysis.replay(new AnalysisOptions(range, groupBy), facts, whole);
        ThreadLedger ledger = analysis.ledger();
        long from = Math.max(range.begin(), ss.getStartTime());
        long to = Math.min(range.end(), ss.getCurrentEndTime());
        if (from <= to && !quarks.isEmpty()) {
            replay(from, to, ledger);
        }
        // after every thread's changes, as the machine does at the end of its trace
        ends.forEach(ledger::end);
        return analysis.report();
    }

    /**
     * Each interval is returned by the query of every slice it meets: it is told once, with the slice where it
     * starts (or the first), and each thread's intervals are told in time order, as the ledger needs. An I/O wait is
     * told with the device its thread's {@code IoDevices/<n>} attribute names at the wait's start.
     */
    private void replay(long from, long to, ThreadLedger ledger) {
        long[] told = new long[threads.length];
        Arrays.fill(told, Long.MIN_VALUE);
        List<List<ITmfStateInterval>> devices = new ArrayList<>();
        for (int i = 0; i < threads.length; i++) {
            devices.add(new ArrayList<>());
        }
        long step = (to - from) / SLICES + 1;
        // the thread as tie-break: the same report for the same range every time
        Comparator<ITmfStateInterval> byStart = Comparator.comparingLong(ITmfStateInterval::getStartTime)
                .thenComparingInt(i -> threadOfQuark[i.getAttribute()]);
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
                int t = threadOfQuark[interval.getAttribute()];
                List<ITmfStateInterval> known = devices.get(t);
                if (interval.getAttribute() == ioQuarkOfThread[t]
                        && (known.isEmpty() || known.get(known.size() - 1).getStartTime() < interval.getStartTime())) {
                    known.add(interval); // before the states: a wait and its device start at the same time
                }
            }
            for (ITmfStateInterval interval : slice) {
                int t = threadOfQuark[interval.getAttribute()];
                if (interval.getAttribute() == ioQuarkOfThread[t] || interval.getStartTime() <= told[t]) {
                    continue;
                }
                told[t] = interval.getStartTime();
                // null: before the thread was born
                if (interval.getValue() instanceof Integer state) {
                    ledger.stateChange(threads[t], STATES[state], interval.getStartTime(), -1);
                    if (STATES[state] == ThreadState.WAIT_IO) {
                        ledger.ioWait(threads[t], device(devices.get(t), interval.getStartTime()),
                                interval.getStartTime(), interval.getEndTime() + 1);
                    }
                }
            }
        }
    }
}
