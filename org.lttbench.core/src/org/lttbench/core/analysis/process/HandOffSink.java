package org.lttbench.core.analysis.process;

import org.lttbench.core.kernel.BlockOperation;
import org.lttbench.core.kernel.DescriptorType;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.trace.HandOff;
import org.lttbench.core.trace.Trace;

/**
 * The second stage of a staged pass: the state machines' calls, written into batches on the reading thread and told
 * to the sinks ({@code target}: the ledger and the analyses that follow the states) on a thread of their own, in the
 * same order ({@link HandOff}). The reader, the decoders and the trackers then share one core, the sinks another. Only
 * sinks that {@link ThreadStateSink#mayBeToldLater()} are handed off. {@link #finish()} waits for the sinks to have
 * heard every call.
 */
final class HandOffSink extends HandOff implements ThreadStateSink {
    /** The most numbers a call writes down, on average, and the most objects. */
    private static final int LONGS = 4, MOST_OBJECTS = 2;

    private static final int STATE = 0, STATE_WHY = 1, THREAD_UPDATED = 2, IO_WAIT = 3, SYSCALL = 4, SCHEDULED = 5,
            INTERRUPT = 6, BLOCK_REQUEST = 7, MIGRATED = 8, PRIORITY = 9, FILE_IO = 10, NETWORK = 11, END = 12;
    private static final ThreadState[] STATES = ThreadState.values();
    private static final BlockOperation[] OPERATIONS = BlockOperation.values();
    private static final DescriptorType[] DESCRIPTORS = DescriptorType.values();

    private final ThreadStateSink target;

    HandOffSink(ThreadStateSink target) {
        super("lttbench-sinks", LONGS, MOST_OBJECTS);
        this.target = target;
    }

    // ---- the sinks' thread

    @Override
    protected void make(Batch x) {
        long[] v = x.longs;
        Object[] r = x.objects;
        int l = 0;
        int o = 0;
        for (int i = 0; i < x.n; i++) {
            switch (x.calls[i]) {
            case STATE -> {
                target.stateChange((ThreadRecord) r[o++], STATES[(int) v[l]], v[l + 1], (int) v[l + 2]);
                l += 3;
            }
            case STATE_WHY -> {
                target.stateChange((ThreadRecord) r[o++], STATES[(int) v[l]], v[l + 1], (int) v[l + 2], v[l + 3]);
                l += 4;
            }
            case THREAD_UPDATED -> target.threadUpdated((ThreadRecord) r[o++], v[l++]);
            case IO_WAIT -> {
                target.ioWait((ThreadRecord) r[o++], v[l], v[l + 1], v[l + 2]);
                l += 3;
            }
            case SYSCALL -> {
                long head = v[l];
                target.syscall((ThreadRecord) r[o++], (int) head, v[l + 1], v[l + 2], v[l + 3], v[l + 4], v[l + 5]);
                l += 6;
            }
            case SCHEDULED -> {
                long head = v[l];
                target.scheduled((ThreadRecord) r[o++], (int) (head >>> 32), v[l + 1], v[l + 2], (int) head,
                        (int) (v[l + 3] >>> 32), (int) v[l + 3]);
                l += 4;
            }
            case INTERRUPT -> {
                long head = v[l];
                target.interrupt((Trace) r[o++], (int) (head >>> 32), (int) head, v[l + 1], v[l + 2], v[l + 3]);
                l += 4;
            }
            case BLOCK_REQUEST -> {
                target.blockRequest((Trace) r[o], v[l], OPERATIONS[(int) v[l + 1]], v[l + 2], v[l + 3], v[l + 4],
                        v[l + 5], (ThreadRecord) r[o + 1]);
                o += 2;
                l += 6;
            }
            case MIGRATED -> {
                long head = v[l];
                target.migrated((Trace) r[o++], (int) head, v[l + 1], (int) (v[l + 2] >>> 32), (int) v[l + 2]);
                l += 3;
            }
            case PRIORITY -> {
                target.priority((ThreadRecord) r[o++], v[l], (int) v[l + 1]);
                l += 2;
            }
            case FILE_IO -> {
                long head = v[l];
                target.fileIo((ThreadRecord) r[o], v[l + 1], (int) (head >>> 8), (String) r[o + 1],
                        DESCRIPTORS[(int) (head >>> 1) & 0x7F], v[l + 2], (head & 1) != 0);
                o += 2;
                l += 3;
            }
            case NETWORK -> {
                target.networkPacket((Trace) r[o], v[l], (String) r[o + 1], v[l + 1], v[l + 2] != 0);
                o += 2;
                l += 3;
            }
            case END -> target.end((Trace) r[o++], v[l++]);
            default -> throw new IllegalStateException("no such call: " + x.calls[i]);
            }
        }
    }

    // ---- the reading thread: each call written down

    /**
     * Writes down a call of that kind with its first object and makes room for {@code longs} numbers: where they go in
     * {@link #b}'s {@code longs}, read after this call (it may hand the batch over and take another).
     */
    private int call(int kind, Object object, int longs) {
        Batch x = room(longs, MOST_OBJECTS);
        x.calls[x.n++] = (byte) kind;
        x.objects[x.o++] = object;
        int l = x.l;
        x.l = l + longs;
        return l;
    }

    @Override
    public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu) {
        int l = call(STATE, thread, 3);
        long[] v = b.longs;
        v[l] = state.ordinal();
        v[l + 1] = time;
        v[l + 2] = cpu;
    }

    @Override
    public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu, long why) {
        int l = call(STATE_WHY, thread, 4);
        long[] v = b.longs;
        v[l] = state.ordinal();
        v[l + 1] = time;
        v[l + 2] = cpu;
        v[l + 3] = why;
    }

    @Override
    public void threadUpdated(ThreadRecord thread, long time) {
        int l = call(THREAD_UPDATED, thread, 1);
        b.longs[l] = time;
    }

    @Override
    public void ioWait(ThreadRecord thread, long device, long from, long to) {
        int l = call(IO_WAIT, thread, 3);
        long[] v = b.longs;
        v[l] = device;
        v[l + 1] = from;
        v[l + 2] = to;
    }

    @Override
    public void syscall(ThreadRecord thread, int syscall, long entry, long exit, long ret, long blocked,
            long waitCpu) {
        int l = call(SYSCALL, thread, 6);
        long[] v = b.longs;
        v[l] = syscall;
        v[l + 1] = entry;
        v[l + 2] = exit;
        v[l + 3] = ret;
        v[l + 4] = blocked;
        v[l + 5] = waitCpu;
    }

    @Override
    public void scheduled(ThreadRecord thread, int kind, long runnable, long running, int cpu, int prio, int waker) {
        int l = call(SCHEDULED, thread, 4);
        long[] v = b.longs;
        v[l] = pair(kind, cpu);
        v[l + 1] = runnable;
        v[l + 2] = running;
        v[l + 3] = pair(prio, waker);
    }

    @Override
    public void interrupt(Trace trace, int cpu, int handler, long raised, long entry, long exit) {
        int l = call(INTERRUPT, trace, 4);
        long[] v = b.longs;
        v[l] = pair(cpu, handler);
        v[l + 1] = raised;
        v[l + 2] = entry;
        v[l + 3] = exit;
    }

    @Override
    public void blockRequest(Trace trace, long device, BlockOperation op, long sectors, long inserted, long issued,
            long completed, ThreadRecord issuer) {
        int l = call(BLOCK_REQUEST, trace, 6);
        b.objects[b.o++] = issuer;
        long[] v = b.longs;
        v[l] = device;
        v[l + 1] = op.ordinal();
        v[l + 2] = sectors;
        v[l + 3] = inserted;
        v[l + 4] = issued;
        v[l + 5] = completed;
    }

    @Override
    public void migrated(Trace trace, int tid, long time, int from, int to) {
        int l = call(MIGRATED, trace, 3);
        long[] v = b.longs;
        v[l] = tid;
        v[l + 1] = time;
        v[l + 2] = pair(from, to);
    }

    @Override
    public void priority(ThreadRecord thread, long time, int prio) {
        int l = call(PRIORITY, thread, 2);
        b.longs[l] = time;
        b.longs[l + 1] = prio;
    }

    @Override
    public void fileIo(ThreadRecord thread, long time, int fd, String name, DescriptorType type, long bytes,
            boolean written) {
        int l = call(FILE_IO, thread, 3);
        b.objects[b.o++] = name;
        long[] v = b.longs;
        v[l] = (long) fd << 8 | type.ordinal() << 1 | (written ? 1 : 0);
        v[l + 1] = time;
        v[l + 2] = bytes;
    }

    @Override
    public void networkPacket(Trace trace, long time, String netif, long bytes, boolean sent) {
        int l = call(NETWORK, trace, 3);
        b.objects[b.o++] = netif;
        long[] v = b.longs;
        v[l] = time;
        v[l + 1] = bytes;
        v[l + 2] = sent ? 1 : 0;
    }

    @Override
    public void end(Trace trace, long time) {
        int l = call(END, trace, 1);
        b.longs[l] = time;
    }

    private static long pair(int high, int low) {
        return (long) high << 32 | (low & 0xFFFFFFFFL);
    }

    // ---- what the trackers ask, answered by the sinks told later (their answers never change)

    @Override
    public boolean followsStates() {
        return target.followsStates();
    }

    @Override
    public boolean followsPriorities() {
        return target.followsPriorities();
    }

    @Override
    public boolean followsFiles() {
        return target.followsFiles();
    }

    @Override
    public boolean followsNetwork() {
        return target.followsNetwork();
    }

    @Override
    public boolean mayBeToldLater() {
        return true;
    }
}
