package org.lttbench.core.analysis.waits;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.trace.Trace;

/**
 * Every thread's states over the pass, kept compactly (per thread, arrays of change times, states and wait
 * reasons): what a critical path walks. Memory grows with the state changes (about 20 bytes each), which is why only
 * the critical path keeps it, and only when asked for.
 */
public final class ThreadHistory implements ThreadStateSink {
    /** One thread's changes, in time order. */
    public static final class Changes {
        final ThreadRecord thread;
        long[] times = new long[8];
        byte[] states = new byte[8];
        long[] whys = new long[8];
        int size;

        Changes(ThreadRecord thread) {
            this.thread = thread;
        }

        void add(long time, ThreadState state, long why) {
            if (size == times.length) {
                times = Arrays.copyOf(times, size * 2);
                states = Arrays.copyOf(states, size * 2);
                whys = Arrays.copyOf(whys, size * 2);
            }
            times[size] = time;
            states[size] = (byte) state.ordinal();
            whys[size] = why;
            size++;
        }

        /** How many changes. */
        public int size() {
            return size;
        }

        /** When the first change was (the thread's birth in the history). */
        public long first() {
            return times[0];
        }

        /** The change in effect at {@code time} (the last one at or before it), or -1 before the first. */
        int at(long time) {
            int k = Arrays.binarySearch(times, 0, size, time);
            if (k < 0) {
                return -k - 2;
            }
            while (k + 1 < size && times[k + 1] == time) {
                k++; // the last of changes at the same time holds
            }
            return k;
        }
    }

    private final Map<Integer, Changes> threads = new HashMap<>();
    /** The device of each I/O wait, by thread index and the wait's start. */
    private final Map<IoWait, Long> ioDevices = new HashMap<>();

    private record IoWait(int thread, long from) {
    }
    private final Map<Trace, Long> ends = new HashMap<>();

    @Override
    public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu) {
        stateChange(thread, state, time, cpu, 0);
    }

    @Override
    public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu, long why) {
        threads.computeIfAbsent(thread.index(), i -> new Changes(thread)).add(time, state, why);
    }

    @Override
    public void ioWait(ThreadRecord thread, long device, long from, long to) {
        ioDevices.put(new IoWait(thread.index(), from), device);
    }

    @Override
    public void end(Trace trace, long time) {
        if (time != Long.MIN_VALUE) {
            ends.put(trace, time);
        }
    }

    /** The changes of the thread of that index, or null. */
    public Changes of(int index) {
        return threads.get(index);
    }

    /** The changes of the thread that forked this one (as the trace shows it), or null. */
    public Changes parentOf(Changes c) {
        return c.thread.parent() < 0 ? null : threads.get(c.thread.parent());
    }

    /** The thread these changes are of. */
    public static ThreadRecord thread(Changes c) {
        return c.thread;
    }

    public Iterable<Changes> all() {
        return threads.values();
    }

    static ThreadState state(Changes c, int k) {
        return ThreadState.of(c.states[k]);
    }

    /** When the change {@code k} of {@code c} stops holding: the next change, else its trace's end. */
    public long until(Changes c, int k) {
        if (k + 1 < c.size) {
            return c.times[k + 1];
        }
        Long end = ends.get(c.thread.trace());
        return end == null ? c.times[k] : Math.max(end, c.times[k]);
    }

    /**
     * When the thread's life in the history ends: its last change to not alive, else its trace's end. A path is walked
     * from {@link Changes#first()} to there, by the command line and the views alike.
     */
    public long died(Changes c) {
        for (int k = c.size - 1; k >= 0; k--) {
            if (state(c, k) == ThreadState.NOT_ALIVE) {
                return c.times[k];
            }
        }
        return until(c, c.size - 1);
    }

    /** The device of the I/O wait of that thread that started then, or null. */
    Long ioDevice(int index, long from) {
        return ioDevices.get(new IoWait(index, from));
    }
}
