package org.lttbench.tracecompass.core.analysis;

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
 * {@code Threads/<n>/State} (n: the thread record's index; the value: the {@link ThreadState}'s ordinal), with who
 * the thread is beside it ({@code TID}, {@code PID}, {@code Name}, {@code Kernel}, which can change over its life,
 * and {@code Trace}, {@code IdleCpu}, which do not): what the State System Explorer shows, what the time graph data
 * provider draws, and what a later session replays for another range without reading the trace. Times are
 * LTTbench's (ns since the epoch of the trace's clock); views convert to Trace Compass's time base.
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
    static final String TRACE = "Trace";
    static final String IDLE_CPU = "IdleCpu";
    static final String KERNEL = "Kernel";
    /** The device of the thread's I/O waits (set at each wait's start; the state says when it waits). */
    static final String IO_DEVICE = "IoDevice";

    private final ITmfStateSystemBuilder ss;
    private final List<? extends Trace> traces;
    private ThreadRecord[] threads = new ThreadRecord[256];
    private int[] stateQuark = new int[256];
    private long[] lastTime = new long[256];
    private long[] identityTime = new long[256];
    private final Map<Trace, Long> ends = new LinkedHashMap<>();
    private long outOfOrder;

    /** @param traces the run's traces, in order: a thread's {@code Trace} attribute is its position here */
    ThreadStateWriter(ITmfStateSystemBuilder ss, List<? extends Trace> traces) {
        this.ss = ss;
        this.traces = traces;
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
            String node = Integer.toString(i);
            stateQuark[i] = ss.getQuarkAbsoluteAndAdd(THREADS, node, STATE);
            lastTime[i] = t;
            identityTime[i] = t;
            ss.modifyAttribute(t, traces.indexOf(thread.trace()), ss.getQuarkAbsoluteAndAdd(THREADS, node, TRACE));
            ss.modifyAttribute(t, thread.idleCpu(), ss.getQuarkAbsoluteAndAdd(THREADS, node, IDLE_CPU));
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
        ss.modifyAttribute(t, thread.kernelThread() ? 1 : 0, ss.getQuarkAbsoluteAndAdd(THREADS, node, KERNEL));
    }

    @Override
    public void ioWait(ThreadRecord thread, String device, long from, long to) {
        ss.modifyAttribute(from, device, ss.getQuarkAbsoluteAndAdd(THREADS, Integer.toString(thread.index()), IO_DEVICE));
    }

    @Override
    public void end(Trace trace, long time) {
        if (time != Long.MIN_VALUE) {
            ends.put(trace, time);
        }
    }

    /** Each kernel trace's end, as its machine told it. */
    Map<Trace, Long> ends() {
        return Map.copyOf(ends);
    }

    /** State changes that came earlier than their thread's previous one (none, by the machine's contract). */
    long outOfOrder() {
        return outOfOrder;
    }
}
