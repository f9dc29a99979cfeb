package org.lttbench.testing;

import java.io.Writer;
import java.util.function.Consumer;

/** A writer that hands each line written to it, without its newline, to a consumer (what a writer of jsonl wrote). */
public final class LineWriter extends Writer {
    private final Consumer<String> line;
    private final StringBuilder pending = new StringBuilder();

    public LineWriter(Consumer<String> line) {
        this.line = line;
    }

    @Override
    public void write(char[] buf, int off, int len) {
        for (int i = off; i < off + len; i++) {
            if (buf[i] == '\n') {
                line.accept(pending.toString());
                pending.setLength(0);
            } else {
                pending.append(buf[i]);
            }
        }
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
}
