package org.lttbench.core.trace;

import java.nio.file.Path;
import java.util.List;

/**
 * A file of a trace that could not be read as a stream file, or not to its end (a FIFO, socket or device where a stream
 * file should be, a file nobody lets us read, a file that ends inside a packet): the trace is then read in part, and
 * every report and command says so.
 *
 * @param reason   what the file is or why it cannot be read, e.g. "a FIFO (named pipe), not a regular file"
 * @param readUpTo the bytes read from it (its packets before the one it ends in), or -1 when nothing was read
 */
public record UnreadFile(Path file, String reason, long readUpTo) {

    /** A file not read at all. */
    public UnreadFile(Path file, String reason) {
        this(file, reason, -1);
    }

    @Override
    public String toString() {
        return file + ": " + reason;
    }

    /** What was done with the file, for a warning: "not read", or "read up to byte N". */
    public String asRead() {
        return readUpTo < 0 ? "not read" : "read up to byte " + readUpTo;
    }

    /** How the note of {@link #note} begins: a view shows it with what the figures lack, not among other notes. */
    public static final String NOTE_START = "the traces were read in part: ";

    /** The note every report of a read in part carries, or null when nothing was left unread. */
    public static String note(List<UnreadFile> unread) {
        if (unread.isEmpty()) {
            return null;
        }
        long inPart = unread.stream().filter(u -> u.readUpTo >= 0).count();
        StringBuilder sb = new StringBuilder(NOTE_START).append(unread.size())
                .append(unread.size() == 1 ? " stream file" : " stream files")
                .append(inPart == 0 ? " could not be read, and every figure here lacks their events ("
                        : inPart == unread.size() ? (unread.size() == 1 ? " was" : " were")
                                + " read only up to where it ends inside a packet, and every figure here lacks the"
                                + " events from there ("
                        : " could not be read, or only in part, and every figure here lacks the events not read (");
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
