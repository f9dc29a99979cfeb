package org.lttbench.core.report;

import java.io.IOException;
import java.io.Writer;

/**
 * Gathers a writer's many small writes (a JSON writer writes a name, a colon, a value, a comma...) into large ones to
 * another writer, without the lock and the checks a {@link java.io.BufferedWriter} and a {@link java.io.PrintWriter}
 * take at each: writing every row of a large report as JSON spent a quarter of the run there. One thread only;
 * {@link #flush()} hands over what it holds (and flushes the other writer), {@link #close()} only hands it over.
 */
final class BatchedWriter extends Writer {
    private final Writer out;
    private final char[] buffer = new char[1 << 16];
    private int used;

    BatchedWriter(Writer out) {
        this.out = out;
    }

    @Override
    public void write(int c) throws IOException {
        if (used == buffer.length) {
            handOver();
        }
        buffer[used++] = (char) c;
    }

    @Override
    public void write(char[] chars, int off, int len) throws IOException {
        if (len > buffer.length - used) {
            handOver();
            if (len > buffer.length) {
                out.write(chars, off, len);
                return;
            }
        }
        System.arraycopy(chars, off, buffer, used, len);
        used += len;
    }

    @Override
    public void write(String s, int off, int len) throws IOException {
        if (len > buffer.length - used) {
            handOver();
            if (len > buffer.length) {
                out.write(s, off, len);
                return;
            }
        }
        s.getChars(off, off + len, buffer, used);
        used += len;
    }

    private void handOver() throws IOException {
        out.write(buffer, 0, used);
        used = 0;
    }

    @Override
    public void flush() throws IOException {
        handOver();
        out.flush();
    }

    @Override
    public void close() throws IOException {
        handOver(); // the other writer is its owner's to close
    }
}
