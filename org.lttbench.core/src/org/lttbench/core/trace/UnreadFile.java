package org.lttbench.core.trace;

import java.nio.file.Path;
import java.util.List;

/**
 * A file of a trace that could not be read as a stream file (a FIFO, socket or device where a stream file should be,
 * or a file nobody lets us read): the trace is then read in part, and every report and command says so.
 *
 * @param reason what the file is or why it cannot be read, e.g. "a FIFO (named pipe), not a regular file"
 */
public record UnreadFile(Path file, String reason) {

    @Override
    public String toString() {
        return file + ": " + reason;
    }

    /** The note every report of a read in part carries, or null when nothing was left unread. */
    public static String note(List<UnreadFile> unread) {
        if (unread.isEmpty()) {
            return null;
        }
        StringBuilder sb = new StringBuilder("the traces were read in part: ").append(unread.size())
                .append(unread.size() == 1 ? " stream file" : " stream files")
                .append(" could not be read, and every figure here lacks their events (");
        int shown = Math.min(unread.size(), 3);
        for (int i = 0; i < shown; i++) {
            sb.append(i > 0 ? "; " : "").append(unread.get(i));
        }
        if (unread.size() > shown) {
            sb.append("; and ").append(unread.size() - shown).append(" more");
        }
        return sb.append(')').toString();
    }
}
