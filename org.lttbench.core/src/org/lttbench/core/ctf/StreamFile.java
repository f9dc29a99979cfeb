package org.lttbench.core.ctf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.lttbench.core.trace.UnreadFile;

/** One data stream file of a trace (a stream may have several: tracefile rotation, session rotation chunks). */
final class StreamFile {
    final Path path;
    final long size;
    /** How far the file was read when it ends inside a packet ({@link CutShortException}), or null. */
    private volatile UnreadFile cut;

    StreamFile(Path path, long size) {
        this.path = path;
        this.size = size;
    }

    /** Notes that the file ends inside a packet; what it holds before that packet is read. */
    void cut(UnreadFile asRead) {
        cut = asRead;
    }

    /** How far the file was read, when it was found to end inside a packet; else null. */
    UnreadFile cut() {
        return cut;
    }

    @Override
    public String toString() {
        return path.toString();
    }

    /**
     * What a path that is not a regular file is, in words ("a FIFO (named pipe)", "a socket", "a character device",
     * "a block device", "a directory", "a symbolic link to nothing"), for errors and warnings. Reading a FIFO would
     * wait for a writer forever, so no such file is ever opened.
     */
    static String kind(Path p) {
        if (Files.isDirectory(p)) {
            return "a directory";
        }
        if (!Files.exists(p)) {
            return Files.isSymbolicLink(p) ? "a symbolic link to nothing" : "missing";
        }
        try {
            int mode = (Integer) Files.getAttribute(p, "unix:mode");
            return switch (mode & 0170000) {
            case 0010000 -> "a FIFO (named pipe)";
            case 0140000 -> "a socket";
            case 0020000 -> "a character device";
            case 0060000 -> "a block device";
            default -> "not a regular file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return "not a regular file";
        }
    }
}
