package org.lttbench.tracecompass.analysis;

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
 * Process time over any range, answered from the state system instead of reading the trace again: each thread's
 * intervals in the range are told, in time order, as the state changes they came from to the ledger of a fresh
 * {@link ProcessAnalysis}, which sums and reports them exactly as in a read (the accounting is the ledger's, not
 * this class's). The range is queried in time slices (one 2D query each, which visits each history node once, where
 * single queries per interval would walk the tree for each): memory holds the threads and one slice's intervals.
 */
public final class ThreadStateHistory {
    private static final ThreadState[] STATES = ThreadState.values();
    private static final int SLICES = 32;

    private final ITmfStateSystem ss;
    private final ThreadRecord[] threads;
    private final int[] stateQuark;
    private final Map<Trace, Long> ends;
    private final List<String> notes;
    private final List<Integer> quarks = new ArrayList<>();
    /** Thread position by state quark. */
    private final int[] threadOfQuark;

    ThreadStateHistory(ITmfStateSystem ss, ThreadRecord[] threads, int[] stateQuark, Map<Trace, Long> ends,
            List<String> notes) {
        this.ss = ss;
        this.threads = threads;
        this.stateQuark = stateQuark;
        this.ends = ends;
        this.notes = List.copyOf(notes);
        int max = -1;
        for (int i = 0; i < threads.length; i++) {
            if (threads[i] != null) {
                quarks.add(stateQuark[i]);
                max = Math.max(max, stateQuark[i]);
            }
        }
        threadOfQuark = new int[max + 1];
        for (int i = 0; i < threads.length; i++) {
            if (threads[i] != null) {
                threadOfQuark[stateQuark[i]] = i;
            }
        }
    }

    /**
     * The process analysis's report over {@code range} ({@link TimeRange#ALL}: the whole trace). Notes about the whole
     * trace (kernel layout, caveats, losses) are the pass's. With several kernel traces, each thread's running ratio
     * is over the whole range shown, not only the part its own trace covers.
     */
    public Report report(TimeRange range, GroupBy groupBy) {
        ProcessAnalysis analysis = new ProcessAnalysis(new AnalysisOptions(range, groupBy));
        ThreadLedger ledger = analysis.ledger();
        long from = Math.max(range.begin(), ss.getStartTime());
        long to = Math.min(range.end(), ss.getCurrentEndTime());
        if (from <= to && !quarks.isEmpty()) {
            replay(from, to, ledger);
        }
        // after every thread's changes, as the machine does at the end of its trace
        ends.forEach(ledger::end);
        Report report = analysis.report();
        notes.forEach(report::note);
        return report;
    }

    /**
     * Each interval is returned by the query of every slice it meets: it is told once, with the slice where it
     * starts (or the first), and each thread's intervals are told in time order, as the ledger needs.
     */
    private void replay(long from, long to, ThreadLedger ledger) {
        long[] told = new long[threads.length];
        Arrays.fill(told, Long.MIN_VALUE);
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
                if (interval.getStartTime() <= told[t]) {
                    continue;
                }
                told[t] = interval.getStartTime();
                // null: before the thread was born
                if (interval.getValue() instanceof Integer state) {
                    ledger.stateChange(threads[t], STATES[state], interval.getStartTime(), -1);
                }
            }
        }
    }
}
