package org.lttbench.tracecompass.core.analysis;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.trace.Trace;

/**
 * The Trace Compass sink of the {@code ThreadStateMachine}: each state change becomes a {@code modifyAttribute} of
 * {@code Threads/<lane>} (the value: the {@link ThreadState}'s stable code), each I/O wait's device (its {@code dev_t},
 * a Long; names are kept with the reports) one of {@code IoDevices/<lane>}, and each blocked wait's reason (its cause
 * and waker, a Long as {@link ThreadStateSink} packs them) one of {@code Waits/<lane>}, both at the wait's start: what the State System Explorer shows, what the time graph data
 * provider draws, and what a later session replays for another range without reading the trace.
 *
 * <p>Lanes. A thread has a lane from its first change on; once it has ended (NOT_ALIVE, always its last change), its
 * lane goes to a thread that first changes later. A busy machine has tens of thousands of short-lived threads but a
 * few thousand at a time: an attribute per thread made Trace Compass's closing of the history (an interval and a name
 * per attribute) cost a tenth of the whole analysis, and its attribute tree most of the heap on big traces. Who each
 * thread is (TID, PID, name, trace) and where its lane starts are not in the state system but in the kept reports
 * ({@link #lanes()}): on a lane, an interval belongs to the thread with the latest start at or before its own.
 * Times are LTTbench's (ns since the epoch of the trace's clock); views convert to Trace Compass's time base.
 *
 * <p>Speed. Trace Compass's transient state and history tree take about as long per change as LTTbench's whole
 * analysis pass does per event, so they run beside the pass instead of in it: the pass's thread fills batches of
 * changes (primitive arrays, reused), and a thread of this writer hands them to the state system in order. At most
 * {@value #BATCHES} batches wait: a pass that outruns the state system waits for it, so memory stays bounded.
 *
 * <p>Order. The machine tells each thread's changes in time order, but a change may be earlier than changes already
 * told for other threads (a blocked wait is classified, I/O or not, at its wakeup). Trace Compass accepts that as it
 * comes: its transient state checks times per attribute only ({@code TransientState.processStateChange} closes the
 * attribute's own ongoing interval at the new time), and its history tree files an interval under a node of the
 * latest branch that starts no later than the interval does, going up to the root if need be ({@code
 * HistoryTreeClassic.tryInsertAtNode}), keeps each node's intervals sorted by end time whatever the insertion order
 * ({@code HTNode.addInterval}), closes nodes at the latest end time seen, and queries every child whose range holds
 * the time asked ({@code CoreNode.selectNextChildren}). A lane passes to a thread whose first change is later than its
 * last owner's end, so each attribute is written in non-decreasing time order, which is all it needs.
 */
final class ThreadStateWriter implements ThreadStateSink {
    static final String THREADS = "Threads";
    /** The devices of each thread's I/O waits (set at each wait's start; the state says when it waits). */
    static final String IO_DEVICES = "IoDevices";
    /** The reasons of each thread's blocked waits (set at each wait's start). */
    static final String WAITS = "Waits";

    private static final int BATCH = 1 << 14;
    private static final int BATCHES = 4;
    /** In a batch's value slot: the entry is an I/O wait's device (the batch's next long), not a state. */
    private static final int DEVICE = -1;
    /** In a batch's value slot: the entry is a blocked wait's reason (the batch's next long), not a state. */
    private static final int WHY = -2;
    /** Bits of a batch entry for the value + 2 (0: a reason, 1: a device): enough for every state's code + 2. */
    private static final int VALUE_BITS = 32 - Integer.numberOfLeadingZeros(
            java.util.Arrays.stream(ThreadState.values()).mapToInt(ThreadState::code).max().orElse(0) + 2);
    private static final Batch END = new Batch();

    private final ITmfStateSystemBuilder ss;
    private ThreadRecord[] threads = new ThreadRecord[256];
    private long[] lastTime = new long[256];
    /** By thread index: its lane + 1 (0: none yet), and the time its lane became its own. */
    private int[] laneOf = new int[256];
    private long[] since = new long[256];
    /** By thread index: when it ended (its NOT_ALIVE), or Long.MIN_VALUE. */
    private long[] died = new long[256];
    private int lanes;
    /** Lanes whose thread ended, in the order they ended, and when (by lane). */
    private final ArrayDeque<Integer> free = new ArrayDeque<>();
    private long[] freedAt = new long[256];
    /** I/O waits' devices of threads with no change told yet, by thread index. */
    private final Map<Integer, List<EarlyDevice>> devicesBeforeLane = new HashMap<>();

    private record EarlyDevice(long from, long device) {
    }
    private final Map<Trace, Long> ends = new LinkedHashMap<>();
    private long outOfOrder;

    private final BlockingQueue<Batch> toWrite = new ArrayBlockingQueue<>(BATCHES + 1);
    private final BlockingQueue<Batch> written = new ArrayBlockingQueue<>(BATCHES + 1);
    private Batch filling = new Batch();
    private final Thread handOver;
    private volatile Throwable handOverFailure;
    private volatile boolean abandoned;

    /**
     * Changes as the pass tells them, for the state system's thread: 12 bytes a change (the pass's core writes them,
     * the writer's reads them: half the memory traffic of a lane, a value and a device slot apiece). I/O waits'
     * devices, a few percent of the changes, are in a list of their own, in order.
     */
    private static final class Batch {
        /** lane << VALUE_BITS | (value + 1): 0 in the low bits is an I/O wait's device. */
        final int[] laneValue = new int[BATCH];
        final long[] time = new long[BATCH];
        /** The I/O waits' devices ({@code dev_t}s) and the blocked waits' reasons, in order. */
        long[] devices = new long[64];
        int deviceCount;
        int size;
    }

    ThreadStateWriter(ITmfStateSystemBuilder ss) {
        this.ss = ss;
        for (int i = 0; i < BATCHES - 1; i++) {
            written.add(new Batch());
        }
        handOver = new Thread(this::handOver, "LTTbench state system writer");
        handOver.setDaemon(true);
        handOver.start();
    }

    @Override
    public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu) {
        int i = thread.index();
        long t = time;
        if (i >= threads.length || threads[i] == null) {
            lane(i, t, state == ThreadState.NOT_ALIVE);
            threads[i] = thread;
            List<EarlyDevice> devices = devicesBeforeLane.remove(i);
            if (devices != null) {
                devices.forEach(d -> add(laneOf[i] - 1, d.from(), DEVICE, d.device()));
            }
        } else if (t < lastTime[i]) {
            // The machine's contract rules this out; the state system would silently keep the later value instead.
            outOfOrder++;
            t = lastTime[i];
        }
        lastTime[i] = t;
        int lane = laneOf[i] - 1;
        add(lane, t, state.code(), 0);
        if (state == ThreadState.NOT_ALIVE) {
            freedAt[lane] = t;
            free.add(lane);
            died[i] = t;
        }
    }

    @Override
    public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu, long why) {
        stateChange(thread, state, time, cpu);
        if (state == ThreadState.WAIT_BLOCKED && why != 0) {
            int i = thread.index();
            add(laneOf[i] - 1, lastTime[i], WHY, why);
        }
    }

    @Override
    public void ioWait(ThreadRecord thread, long device, long from, long to) {
        int i = thread.index();
        if (i < threads.length && threads[i] != null) {
            add(laneOf[i] - 1, from, DEVICE, device);
        } else {
            // told before the wait's own change, and before changes still unresolved that may be earlier: the
            // thread's lane is given at its first change, whose time is its turn's start
            devicesBeforeLane.computeIfAbsent(i, k -> new ArrayList<>()).add(new EarlyDevice(from, device));
        }
    }

    /**
     * Gives thread {@code i}, first told of at {@code t}, the lane that ended first if that was before {@code t}, else
     * a new one (and a new one to a thread whose first change is its end: it would have nothing to tell on an ended
     * lane).
     */
    private void lane(int i, long t, boolean ended) {
        if (i >= threads.length) {
            int n = Math.max(i + 1, threads.length * 2);
            threads = Arrays.copyOf(threads, n);
            lastTime = Arrays.copyOf(lastTime, n);
            laneOf = Arrays.copyOf(laneOf, n);
            since = Arrays.copyOf(since, n);
            died = Arrays.copyOf(died, n);
        }
        Integer head = free.peekFirst();
        int lane;
        if (!ended && head != null && freedAt[head] < t) {
            lane = free.pollFirst();
        } else {
            if (lanes == 1 << (31 - VALUE_BITS)) {
                // not a real machine's (each lane is a thread alive at once); a batch entry could not hold it
                throw new IllegalStateException("more than " + lanes + " threads alive at once");
            }
            lane = lanes++;
            if (lane >= freedAt.length) {
                freedAt = Arrays.copyOf(freedAt, freedAt.length * 2);
            }
        }
        laneOf[i] = lane + 1;
        since[i] = t;
        died[i] = Long.MIN_VALUE;
    }

    private void add(int lane, long time, int value, long device) {
        Batch b = filling;
        int n = b.size++;
        b.laneValue[n] = lane << VALUE_BITS | (value + 2);
        b.time[n] = time;
        if (value == DEVICE || value == WHY) {
            if (b.deviceCount == b.devices.length) {
                b.devices = Arrays.copyOf(b.devices, b.deviceCount * 2);
            }
            b.devices[b.deviceCount++] = device;
        }
        if (b.size == BATCH) {
            put(toWrite, b);
            filling = take(written);
        }
    }

    /** Waits for the state system's thread, but not for ever: its failure ends the pass. */
    private <T> T take(BlockingQueue<T> q) {
        try {
            T t;
            while ((t = q.poll(100, TimeUnit.MILLISECONDS)) == null) {
                checkHandOver();
            }
            return t;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while writing the thread states", e);
        }
    }

    private <T> void put(BlockingQueue<T> q, T t) {
        try {
            while (!q.offer(t, 100, TimeUnit.MILLISECONDS)) {
                checkHandOver();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while writing the thread states", e);
        }
    }

    private void checkHandOver() {
        Throwable f = handOverFailure;
        if (f instanceof Error e) {
            throw e;
        }
        if (f != null) {
            throw new IllegalStateException("writing the thread states failed: " + f, f);
        }
        if (!handOver.isAlive()) {
            throw new IllegalStateException("the thread writing the thread states ended early");
        }
    }

    /** The state system's thread: quarks made as lanes first appear, changes written in the order told. */
    private void handOver() {
        int[] stateQuark = new int[256];
        int[] deviceQuark = new int[256];
        int[] waitQuark = new int[256];
        try {
            while (true) {
                Batch b = toWrite.take();
                if (b == END || abandoned) {
                    return;
                }
                int d = 0;
                for (int k = 0; k < b.size; k++) {
                    int i = b.laneValue[k] >>> VALUE_BITS;
                    int value = (b.laneValue[k] & ((1 << VALUE_BITS) - 1)) - 2;
                    if (i >= stateQuark.length) {
                        int n = Math.max(i + 1, stateQuark.length * 2);
                        stateQuark = Arrays.copyOf(stateQuark, n);
                        deviceQuark = Arrays.copyOf(deviceQuark, n);
                        waitQuark = Arrays.copyOf(waitQuark, n);
                    }
                    if (value == WHY) {
                        if (waitQuark[i] == 0) {
                            waitQuark[i] = ss.getQuarkAbsoluteAndAdd(WAITS, Integer.toString(i)) + 1;
                        }
                        ss.modifyAttribute(b.time[k], (Object) b.devices[d++], waitQuark[i] - 1);
                    } else if (value == DEVICE) {
                        if (deviceQuark[i] == 0) {
                            deviceQuark[i] = ss.getQuarkAbsoluteAndAdd(IO_DEVICES, Integer.toString(i)) + 1;
                        }
                        ss.modifyAttribute(b.time[k], (Object) b.devices[d++], deviceQuark[i] - 1);
                    } else {
                        // quarks kept +1: 0 is "not made yet"
                        if (stateQuark[i] == 0) {
                            stateQuark[i] = ss.getQuarkAbsoluteAndAdd(THREADS, Integer.toString(i)) + 1;
                        }
                        ss.modifyAttribute(b.time[k], value, stateQuark[i] - 1);
                    }
                }
                b.deviceCount = 0;
                b.size = 0;
                written.put(b);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable e) {
            // Errors too (OutOfMemoryError): the pass's thread rethrows it
            handOverFailure = e;
        }
    }

    /** Everything told is in the state system when this returns (before {@code closeHistory}). */
    void finish() {
        if (filling.size > 0) {
            put(toWrite, filling);
        }
        filling = null; // nothing is told after the end
        put(toWrite, END);
        try {
            while (handOver.isAlive()) {
                handOver.join(100);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while writing the thread states", e);
        }
        if (handOverFailure != null) {
            checkHandOver();
        }
    }

    /** The pass was cancelled or failed: the state system's thread stops without writing what is left. */
    void abandon() {
        abandoned = true;
        toWrite.clear();
        toWrite.offer(END);
        handOver.interrupt();
        try {
            handOver.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
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

    /** Every thread with a state (as last known, by index), its lane and since when. */
    List<ThreadLane> lanes() {
        List<ThreadLane> out = new ArrayList<>();
        for (int i = 0; i < threads.length; i++) {
            if (threads[i] != null) {
                out.add(new ThreadLane(threads[i], laneOf[i] - 1, since[i], died[i]));
            }
        }
        return out;
    }

    /** How many lanes the threads took (the state system's {@code Threads/<lane>} attributes). */
    int laneCount() {
        return lanes;
    }

    /** State changes that came earlier than their thread's previous one (none, by the machine's contract). */
    long outOfOrder() {
        return outOfOrder;
    }
}
