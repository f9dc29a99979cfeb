package org.lttbench.core.trace;

import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Calls written into batches on the reading thread and made again, in the same order, on a thread of its own: a stage
 * of a staged pass. A batch is a few arrays reused from batch to batch (each call's kind, then its numbers and its
 * objects in order), so handing a call over allocates nothing. {@link #finish()} waits until every call is made; a
 * failure on the other thread is thrown on the reading thread.
 */
public abstract class HandOff {
    /**
     * Calls per batch, unless {@code -Dlttbench.pass.batch} says otherwise (StagedPassTest makes it a few, so that calls
     * of every kind fall at a batch's end).
     */
    private static final int CALLS = 4096;
    /**
     * Batches in flight: one filled while the others wait to be made, about 6 ms of a stage's work. Three left the
     * reading thread waiting for a free batch 0.8 s of a 10 M-event pass, whenever the other thread lost its core to
     * the compilers for a few milliseconds (2.7 MB in all: the 400 MiB goal keeps it from more).
     */
    private static final int BATCHES = 16;

    /** One batch of calls: each call's kind, then its numbers and its objects in order. */
    protected static final class Batch {
        public final byte[] calls;
        public final long[] longs;
        public final Object[] objects;
        public int n;
        public int l;
        public int o;
        /** The last batch: the stage ends after it. */
        boolean last;

        Batch(int calls, int longsPerCall, int objectsPerCall) {
            this.calls = new byte[calls];
            longs = new long[calls * longsPerCall];
            objects = new Object[calls * objectsPerCall];
        }
    }

    private final BlockingQueue<Batch> full = new ArrayBlockingQueue<>(BATCHES);
    private final BlockingQueue<Batch> free = new ArrayBlockingQueue<>(BATCHES);
    private final Thread maker;
    /** What went wrong on the other thread, rethrown on the reading thread. */
    private volatile Throwable failure;
    /** The pass failed before its end: the other thread stops waiting for batches. */
    private volatile boolean abandoned;
    /** The batch being filled. */
    protected Batch b;

    /**
     * Whether a pass may hand work to threads of its own: the machine has more than one CPU, and
     * {@code -Dlttbench.pass.threads} is not 1.
     */
    public static boolean secondCore() {
        return Runtime.getRuntime().availableProcessors() > 1 && Integer.getInteger("lttbench.pass.threads", 2) > 1;
    }

    /**
     * Starts the other thread. A batch holds room for {@code longsPerCall} numbers and {@code objectsPerCall} objects
     * per call on average; a call takes what it needs ({@link #room}).
     */
    protected HandOff(String threadName, int longsPerCall, int objectsPerCall) {
        int calls = Math.max(1, Integer.getInteger("lttbench.pass.batch", CALLS));
        for (int i = 0; i < BATCHES - 1; i++) {
            free.add(new Batch(calls, longsPerCall, objectsPerCall));
        }
        b = new Batch(calls, longsPerCall, objectsPerCall);
        maker = new Thread(this::takeBatches, threadName);
        maker.setDaemon(true);
        maker.start();
    }

    /** Makes the calls of a batch, on the other thread. */
    protected abstract void make(Batch batch);

    /** Hands the last batch over and waits until every call is made. */
    public final void finish() {
        b.last = true;
        put(b);
        b = null;
        try {
            maker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the pass's last calls were made", e);
        }
        rethrow();
    }

    /** The pass ends without {@link #finish()} (it failed): the other thread stops. */
    public final void abandon() {
        abandoned = true;
    }

    private void rethrow() {
        Throwable t = failure;
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        if (t != null) {
            throw new IllegalStateException(t);
        }
    }

    private void put(Batch batch) {
        try {
            full.put(batch);
        } catch (InterruptedException e) {
            throw interrupted(e);
        }
    }

    private static IllegalStateException interrupted(InterruptedException e) {
        Thread.currentThread().interrupt();
        return new IllegalStateException("interrupted while handing calls over", e);
    }

    /**
     * Room in {@link #b} for one more call of {@code longs} numbers and {@code objects} objects, handing it over first
     * when it has none: read {@link #b} after this call.
     */
    protected final Batch room(int longs, int objects) {
        Batch x = b;
        if (x.n == x.calls.length || x.l + longs > x.longs.length || x.o + objects > x.objects.length) {
            if (longs > x.longs.length || objects > x.objects.length) {
                throw new IllegalArgumentException("a call of " + longs + " numbers and " + objects
                        + " objects: more than a batch holds");
            }
            put(x);
            rethrow();
            try {
                x = free.take();
            } catch (InterruptedException e) {
                throw interrupted(e);
            }
            x.n = 0;
            x.l = 0;
            x.o = 0;
            b = x;
        }
        return x;
    }

    // ---- the other thread

    private void takeBatches() {
        try {
            while (true) {
                Batch x = full.poll(200, TimeUnit.MILLISECONDS);
                if (x == null) {
                    if (abandoned) {
                        return;
                    }
                    continue;
                }
                if (failure == null) {
                    try {
                        make(x);
                    } catch (RuntimeException | Error e) {
                        failure = e; // the reading thread rethrows it; batches are still taken, so it never waits
                    }
                }
                if (x.last) {
                    return;
                }
                Arrays.fill(x.objects, 0, x.o, null);
                free.put(x);
            }
        } catch (InterruptedException e) {
            failure = e;
        }
    }
}
