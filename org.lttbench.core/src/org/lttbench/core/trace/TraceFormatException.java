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
        return oneLine(where + message);
    }

    /**
     * The message with its control characters escaped ({@code \n}, {@code \u001e}): errors are one line, and a
     * message may quote the trace (a name, a string, a JSON key), which may hold anything.
     */
    private static String oneLine(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f || c == 0x2028 || c == 0x2029 || c == 0x85) {
                if (sb == null) {
                    sb = new StringBuilder(s.length() + 16).append(s, 0, i);
                }
                switch (c) {
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> sb.append(String.format("\\u%04x", (int) c));
                }
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? s : sb.toString();
    }
}
