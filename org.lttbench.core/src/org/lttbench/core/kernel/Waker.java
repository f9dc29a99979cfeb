package org.lttbench.core.kernel;

/**
 * What ended a wait, packed in an int for the sinks: a kind in the top bits and an identity below (a thread's
 * {@link ThreadRecord#index()}, an IRQ number, a softirq vector). Taken from the context the wakeup
 * ({@code sched_waking}, else {@code sched_wakeup}) was emitted in: the innermost interrupt handler or timer callback
 * running on the waking CPU, else the thread running there.
 */
public final class Waker {
    /** The wait was not ended by a wakeup: the trace ended, or the thread went away, while it waited. */
    public static final int NONE = 0;
    /** A thread (id: its record's index). */
    public static final int THREAD = 1;
    /** A hard IRQ handler (id: the IRQ number), or an x86 vector without one (id: the vector). */
    public static final int IRQ = 2;
    /** A softirq (id: the vector), but the timer ones. */
    public static final int SOFTIRQ = 3;
    /**
     * A timer's expiry: a timer's callback ({@code hrtimer_expire_entry} to {@code _exit}, {@code timer_expire_entry}
     * to {@code _exit}), the local timer interrupt, or the timer and hrtimer softirqs.
     */
    public static final int TIMER = 4;
    /** Woken, but the trace does not say by what: no wakeup event was seen, or it came from a CPU whose thread is unnamed. */
    public static final int UNKNOWN = 5;

    private static final int KIND_SHIFT = 28;
    private static final int ID_MASK = (1 << KIND_SHIFT) - 1;

    /** Linux's softirq vectors, by number (include/linux/interrupt.h). */
    private static final String[] SOFTIRQS = { "HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL", "TASKLET",
            "SCHED", "HRTIMER", "RCU" };
    /** The timer softirqs: {@code TIMER} and {@code HRTIMER}. */
    private static final int SOFTIRQ_TIMER = 1, SOFTIRQ_HRTIMER = 8;

    private Waker() {
    }

    public static int of(int kind, int id) {
        return kind << KIND_SHIFT | (id & ID_MASK);
    }

    public static int kind(int waker) {
        return waker >>> KIND_SHIFT;
    }

    public static int id(int waker) {
        return waker & ID_MASK;
    }

    /** The waker of a softirq's vector: a timer for the timer softirqs. */
    public static int softirq(int vector) {
        return vector == SOFTIRQ_TIMER || vector == SOFTIRQ_HRTIMER ? of(TIMER, 0) : of(SOFTIRQ, vector);
    }

    /** The name of a softirq vector ({@code NET_RX}), or its number. */
    public static String softirqName(int vector) {
        return vector >= 0 && vector < SOFTIRQS.length ? SOFTIRQS[vector] : "vector " + vector;
    }

    /** The kind as the tables name it. */
    public static String kindName(int waker) {
        return switch (kind(waker)) {
            case THREAD -> "thread";
            case IRQ -> "irq";
            case SOFTIRQ -> "softirq";
            case TIMER -> "timer";
            case UNKNOWN -> "unknown";
            default -> "none";
        };
    }
}
