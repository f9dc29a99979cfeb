package org.lttbench.core.report;

import java.io.IOException;
import java.io.Writer;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

import org.lttbench.core.trace.HandOff;

/**
 * A writer whose writes are made again, in the same order and as the same calls, on a thread of its own onto another
 * writer: the encoding of a large report into bytes (a third of the time spent writing every row as JSON, after the
 * pass, on the one thread that bounds it) moves to the core the pass's stages leave idle by then. The other writer gets
 * exactly the calls it would have got, so the bytes are the same.
 * <p>
 * Short writes are copied into a batch; strings of {@value #BY_REFERENCE} characters or more (a JSON row's text) are
 * held as they are. {@link #flush()} waits until every write is made and the other writer flushed; {@link #close()}
 * waits until they are made. A failure of the other writer is thrown at the next write, flush or close.
 */
final class WritesBehind extends Writer {
    private static final int BY_REFERENCE = 64;
    private static final int CHARS = 1 << 15;
    private static final int STRINGS = 1024;
    /** Batches in flight: a few hundred kilobytes at most, plus the strings they hold. */
    private static final int BATCHES = 8;

    /** Writes in order: {@code chars}' run up to {@code at[i]}, then {@code strings[i]}, ..., then the rest of {@code chars}. */
    private static final class Batch {
        final char[] chars = new char[CHARS];
        int used;
        final String[] strings = new String[STRINGS];
        final int[] at = new int[STRINGS];
        int n;
        /** Then flush the other writer and say so ({@link #flushed}). */
        boolean flush;
        /** The last batch: the thread ends after it. */
        boolean last;
    }

    private final Writer out;
    private final BlockingQueue<Batch> full = new ArrayBlockingQueue<>(BATCHES);
    private final BlockingQueue<Batch> free = new ArrayBlockingQueue<>(BATCHES);
    /** Each flush's batch back, once the other writer is flushed. */
    private final BlockingQueue<Batch> flushed = new ArrayBlockingQueue<>(1);
    private final Thread writer;
    private volatile Throwable failure;
    private Batch b = new Batch();
    private boolean closed;

    /**
     * A {@link BatchedWriter} to {@code to}, behind a thread of its own when the machine has another core to run it.
     * Close it when done, whether or not the writing failed: its thread ends then.
     */
    static Writer batchedTo(Writer to) {
        Writer batched = new BatchedWriter(to);
        return HandOff.secondCore() ? new WritesBehind(batched) : batched;
    }

    private WritesBehind(Writer out) {
        this.out = out;
        for (int i = 0; i < BATCHES - 1; i++) {
            free.add(new Batch());
        }
        writer = new Thread(this::write, "lttbench output");
        writer.setDaemon(true);
        writer.start();
    }

    @Override
    public void write(int c) throws IOException {
        if (b.used == CHARS) {
            handOver(false, false);
        }
        b.chars[b.used++] = (char) c;
    }

    @Override
    public void write(char[] chars, int off, int len) throws IOException {
        while (len > 0) {
            if (b.used == CHARS) {
                handOver(false, false);
            }
            int n = Math.min(len, CHARS - b.used);
            System.arraycopy(chars, off, b.chars, b.used, n);
            b.used += n;
            off += n;
            len -= n;
        }
    }

    @Override
    public void write(String s) throws IOException {
        if (s.length() < BY_REFERENCE) {
            write(s, 0, s.length());
            return;
        }
        if (b.n == STRINGS) {
            handOver(false, false);
        }
        b.strings[b.n] = s;
        b.at[b.n++] = b.used;
    }

    @Override
    public void write(String s, int off, int len) throws IOException {
        if (len >= BY_REFERENCE) {
            write(s.substring(off, off + len));
            return;
        }
        if (len > CHARS - b.used) {
            handOver(false, false);
        }
        s.getChars(off, off + len, b.chars, b.used);
        b.used += len;
    }

    @Override
    public Writer append(CharSequence csq) throws IOException {
        write(String.valueOf(csq));
        return this;
    }

    @Override
    public void flush() throws IOException {
        handOver(true, false);
        try {
            free.put(flushed.take());
        } catch (InterruptedException e) {
            throw interrupted(e);
        }
        rethrow();
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        handOver(false, true);
        try {
            writer.join();
        } catch (InterruptedException e) {
            throw interrupted(e);
        }
        rethrow();
    }

    private void handOver(boolean flush, boolean last) throws IOException {
        if (closed && !last) {
            throw new IOException("the writer is closed");
        }
        if (!last) {
            rethrow(); // the last batch is handed over whatever failed, so that the thread ends
        }
        Batch x = b;
        x.flush = flush;
        x.last = last;
        try {
            full.put(x);
            b = last ? null : free.take();
        } catch (InterruptedException e) {
            throw interrupted(e);
        }
        if (b != null) {
            b.used = 0;
            b.n = 0;
        }
    }

    private void rethrow() throws IOException {
        Throwable t = failure;
        if (t instanceof RuntimeException e) {
            throw e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        if (t != null) {
            throw new IOException(t.getMessage(), t);
        }
    }

    private static IOException interrupted(InterruptedException e) {
        Thread.currentThread().interrupt();
        return new java.io.InterruptedIOException("interrupted while the output was written");
    }

    // ---- the writing thread

    private void write() {
        try {
            while (true) {
                Batch x = full.take();
                if (failure == null) {
                    try {
                        make(x);
                    } catch (IOException | RuntimeException | Error e) {
                        failure = e; // thrown at the writer's next call; batches are still taken, so it never waits
                    }
                }
                Arrays.fill(x.strings, 0, x.n, null);
                if (x.last) {
                    return;
                }
                if (x.flush) {
                    flushed.put(x);
                } else {
                    free.put(x);
                }
            }
        } catch (InterruptedException e) {
            failure = e;
        }
    }

    private void make(Batch x) throws IOException {
        int from = 0;
        for (int i = 0; i < x.n; i++) {
            out.write(x.chars, from, x.at[i] - from);
            out.write(x.strings[i]);
            from = x.at[i];
        }
        out.write(x.chars, from, x.used - from);
        if (x.flush) {
            out.flush();
        }
        if (x.last) {
            out.close();
        }
    }
}
