package org.lttbench.core.report;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A table's rows read in order, made by a thread of their own in batches ahead of the reader, each as what the reader
 * wants of it ({@link Table#rowsInOrder(Function)}: a JSON row's text). The maker stops when the rows end, when making
 * one fails (the reader then gets the failure), or when the reader has taken nothing for a minute (it stopped reading:
 * a writer that failed).
 */
final class RowsAhead<T> implements Iterator<T> {
    private static final int BATCH = 512;
    /** Batches made and not yet read, at most: the rows held at once stay a few thousand. */
    private static final int AHEAD = 4;
    private static final Object[] END = new Object[0];

    private final BlockingQueue<Object> made = new ArrayBlockingQueue<>(AHEAD);
    private Object[] batch = new Object[0];
    private int next;
    private boolean ended;

    RowsAhead(List<Object[]> rows, Function<Object[], T> as, String table) {
        Thread maker = new Thread(() -> make(rows, as), "lttbench rows of " + table);
        maker.setDaemon(true);
        maker.start();
    }

    private void make(List<Object[]> rows, Function<Object[], T> as) {
        try {
            int size = rows.size();
            for (int from = 0; from < size; from += BATCH) {
                Object[] b = new Object[Math.min(BATCH, size - from)];
                for (int i = 0; i < b.length; i++) {
                    b[i] = as.apply(rows.get(from + i));
                }
                if (!hand(b)) {
                    return;
                }
            }
            hand(END);
        } catch (RuntimeException | Error e) {
            hand(e);
        }
    }

    /** Hands a batch (or the end, or a failure) to the reader; false when the reader stopped reading. */
    private boolean hand(Object o) {
        try {
            return made.offer(o, 1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public boolean hasNext() {
        if (next < batch.length) {
            return true;
        }
        if (ended) {
            return false;
        }
        Object o;
        try {
            o = made.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the rows were made", e);
        }
        if (o instanceof RuntimeException r) {
            throw r;
        }
        if (o instanceof Error e) {
            throw e;
        }
        batch = (Object[]) o;
        next = 0;
        ended = batch == END;
        return !ended;
    }

    @Override
    @SuppressWarnings("unchecked") // each is as.apply's
    public T next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return (T) batch[next++];
    }
}
