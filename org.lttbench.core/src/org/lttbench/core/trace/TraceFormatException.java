package org.lttbench.core.trace;

import java.io.IOException;
import java.nio.file.Path;

/** Malformed or unreadable trace data: says which file, where in it, and what was expected there. */
public class TraceFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final long offset;

    /**
     * @param offset byte offset in the file, or -1 when the problem is not at one place (a missing file)
     */
    public TraceFormatException(Path file, long offset, String message) {
        super(format(file, offset, message));
        this.file = file;
        this.offset = offset;
    }

    public TraceFormatException(Path file, long offset, String message, Throwable cause) {
        this(file, offset, message);
        initCause(cause);
    }

    public Path file() {
        return file;
    }

    public long offset() {
        return offset;
    }

    private static String format(Path file, long offset, String message) {
        String where = file == null ? "" : offset >= 0 ? file + " at byte " + offset + ": " : file + ": ";
        return where + message;
    }
}
