package org.lttbench.core.analysis.spans;

import java.util.Arrays;

import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;

/**
 * One span: opened by a user-space event on a thread, closed by another, its wall time split over the states of the
 * kernel thread that ran it as the process analysis told them. The split is kept up to {@link #upTo}: each part added
 * moves it on, so the parts add up to the wall time exactly once it reaches the end.
 */
final class Span {
    /** The parts of the wall time, in {@link #PARTS}' order, then time no kernel thread was matched for. */
    static final int USER = 0, SYSTEM = 1, IRQ = 2, USER_OR_SYSTEM = 3, WAIT_CPU = 4, WAIT_IO = 5, BLOCKED = 6,
            UNKNOWN = 7, UNMATCHED = 8, PARTS = 9;

    /**
     * What closes a span: an end of its name (a {@code --span} pair), or an end of the same address: a function's exit
     * ({@code -finstrument-functions}), a ROS 2 callback's end.
     */
    static final int BY_NAME = 0, BY_FUNCTION_EXIT = 1, BY_CALLBACK_END = 2;

    final int name;
    final int closedBy;
    /** The function's or callback's address (spans closed by address). */
    final long address;
    final long begin;
    final int depth;
    final Span parent;
    final UstThread thread;
    long end = -1;
    /** The wall time of the spans closed inside this one (their total: its self time is the rest). */
    long children;
    /** Split up to here. */
    long upTo;
    final long[] parts = new long[PARTS];
    /** Blocked time by reason ({@code ThreadStateSink}'s cause and waker), pairs of (why, ns), {@code blockedSize} of them. */
    long[] blocked;
    int blockedSize;
    /** The kernel thread whose states split it (the last it followed), or null. */
    ThreadRecord kernel;
    /** Closed by an end, or left: an inner function whose exit the trace lost, a keyed span begun again. */
    boolean closed;
    boolean dropped;
    /** Counted in its name's tally (told once). */
    boolean finished;

    Span(int name, int closedBy, long address, long begin, Span parent, UstThread thread) {
        this.name = name;
        this.closedBy = closedBy;
        this.address = address;
        this.begin = begin;
        this.upTo = begin;
        this.parent = parent;
        this.depth = parent == null ? 0 : parent.depth + 1;
        this.thread = thread;
    }

    /** The part of the wall time a thread state is in. */
    static int part(ThreadState s) {
        return switch (s) {
            case USER -> USER;
            case SYSCALL -> SYSTEM;
            case IRQ -> IRQ;
            case USER_OR_SYSTEM -> USER_OR_SYSTEM;
            case WAIT_CPU -> WAIT_CPU;
            case WAIT_IO -> WAIT_IO;
            case WAIT_BLOCKED -> BLOCKED;
            default -> UNKNOWN;
        };
    }

    /** Splits the time from {@link #upTo} to {@code to} (no further than its end, once closed) into that part. */
    void splitTo(long to, int part, long why) {
        if (closed && to > end) {
            to = end;
        }
        if (to <= upTo) {
            return;
        }
        long ns = to - upTo;
        parts[part] += ns;
        upTo = to;
        if (part == BLOCKED) {
            block(why, ns);
        }
    }

    private void block(long why, long ns) {
        for (int i = 0; i < blockedSize; i++) {
            if (blocked[2 * i] == why) {
                blocked[2 * i + 1] += ns;
                return;
            }
        }
        if (blocked == null) {
            blocked = new long[4];
        } else if (2 * blockedSize == blocked.length) {
            blocked = Arrays.copyOf(blocked, blocked.length * 2);
        }
        blocked[2 * blockedSize] = why;
        blocked[2 * blockedSize + 1] = ns;
        blockedSize++;
    }

    long wall() {
        return end - begin;
    }

    long self() {
        return wall() - children;
    }

    /** Whether its split has reached its end. */
    boolean split() {
        return closed && upTo >= end;
    }
}
