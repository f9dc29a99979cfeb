package org.lttbench.tracecompass.analysis;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.lttbench.core.analysis.process.ThreadRecord;
import org.lttbench.core.analysis.process.ThreadState;
import org.lttbench.core.analysis.process.ThreadStateSink;
import org.lttbench.core.trace.Trace;

/**
 * The Trace Compass sink of the {@code ThreadStateMachine}: each state change becomes a {@code modifyAttribute} of
 * {@code Threads/<n>/State} (n: the thread record's index; the value: the {@link ThreadState}'s ordinal), with the
 * thread's {@code TID}, {@code PID} and {@code Name} beside it for Trace Compass's State System Explorer.
 *
 * <p>Order. The machine tells each thread's changes in time order, but a change may be earlier than changes already
 * told for other threads (a blocked wait is classified, I/O or not, at its wakeup). Trace Compass accepts that as it
 * comes, so nothing is buffered: its transient state checks times per attribute only ({@code
 * TransientState.processStateChange} closes the attribute's own ongoing interval at the new time), and its history
 * tree files an interval under a node of the latest branch that starts no later than the interval does, going up
 * to the root if need be ({@code HistoryTreeClassic.tryInsertAtNode}), keeps each node's intervals sorted by end time
 * whatever the insertion order ({@code HTNode.addInterval}), closes nodes at the latest end time seen, and queries
 * every child whose range holds the time asked ({@code CoreNode.selectNextChildren}). Every attribute here belongs
 * to one thread, so each is written in non-decreasing time order, which is all it needs.
 */
final class ThreadStateWriter implements ThreadStateSink {
    static final String THREADS = "Threads";
    static final String STATE = "State";
    static final String TID = "TID";
    static final String PID = "PID";
    static final String NAME = "Name";

    private final ITmfStateSystemBuilder ss;
    private ThreadRecord[] threads = new ThreadRecord[256];
    private int[] stateQuark = new int[256];
    private long[] lastTime = new long[256];
    private long[] identityTime = new long[256];
    private final Map<Trace, Long> ends = new LinkedHashMap<>();
    private long outOfOrder;

    ThreadStateWriter(ITmfStateSystemBuilder ss) {
        this.ss = ss;
    }

    @Override
    public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu) {
        int i = thread.index();
        if (i >= threads.length) {
            int n = Math.max(i + 1, threads.length * 2);
            threads = Arrays.copyOf(threads, n);
            stateQuark = Arrays.copyOf(stateQuark, n);
            lastTime = Arrays.copyOf(lastTime, n);
            identityTime = Arrays.copyOf(identityTime, n);
        }
        long t = time;
        if (threads[i] == null) {
            threads[i] = thread;
            stateQuark[i] = ss.getQuarkAbsoluteAndAdd(THREADS, Integer.toString(i), STATE);
            lastTime[i] = t;
            identityTime[i] = t;
            writeIdentity(thread, t);
        } else if (t < lastTime[i]) {
            // The machine's contract rules this out; the state system would silently keep the later value instead.
            outOfOrder++;
            t = lastTime[i];
        }
        lastTime[i] = t;
        ss.modifyAttribute(t, state.ordinal(), stateQuark[i]);
    }

    @Override
    public void threadUpdated(ThreadRecord thread, long time) {
        int i = thread.index();
        if (i < threads.length && threads[i] != null) {
            identityTime[i] = Math.max(identityTime[i], time);
            writeIdentity(thread, identityTime[i]);
        }
    }

    private void writeIdentity(ThreadRecord thread, long t) {
        String node = Integer.toString(thread.index());
        ss.modifyAttribute(t, thread.tid(), ss.getQuarkAbsoluteAndAdd(THREADS, node, TID));
        ss.modifyAttribute(t, thread.pid() < 0 ? null : (Object) thread.pid(), ss.getQuarkAbsoluteAndAdd(THREADS, node, PID));
        ss.modifyAttribute(t, thread.name(), ss.getQuarkAbsoluteAndAdd(THREADS, node, NAME));
    }

    @Override
    public void end(Trace trace, long time) {
        if (time != Long.MIN_VALUE) {
            ends.put(trace, time);
        }
    }

    /** What a replay needs, once the pass is over: the threads told of, their attributes, each trace's end. */
    ThreadStateHistory history(List<String> passNotes) {
        int n = 0;
        for (int i = 0; i < threads.length; i++) {
            if (threads[i] != null) {
                n = i + 1;
            }
        }
        List<String> notes = new java.util.ArrayList<>(passNotes);
        if (outOfOrder > 0) {
            notes.add(outOfOrder + " thread state change(s) came earlier than the thread's previous one and were moved to it");
        }
        return new ThreadStateHistory(ss, Arrays.copyOf(threads, n), Arrays.copyOf(stateQuark, n), Map.copyOf(ends), notes);
    }
}
