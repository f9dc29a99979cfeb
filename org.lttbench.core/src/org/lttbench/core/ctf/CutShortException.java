package org.lttbench.core.ctf;

import java.nio.file.Path;

import org.lttbench.core.trace.TraceFormatException;
import org.lttbench.core.trace.UnreadFile;

/**
 * A stream file that ends inside a packet: a trace copied while it was still being written, or left by a machine that
 * stopped. Reading a file stops there, and the trace is read in part ({@link UnreadFile}); where nothing can take the
 * file as cut (a live session's packet), it is the error its message says.
 */
final class CutShortException extends TraceFormatException {
    private static final long serialVersionUID = 1L;

    private final transient UnreadFile cut;

    private CutShortException(Path file, long offset, long remaining, boolean inHead, long declared, String message) {
        super(file, offset, message);
        String packet = offset == 0 ? "its first packet" : "the packet at byte " + offset;
        String reason = "cut short at byte " + (offset + remaining) + ", inside " + (inHead ? "the header of " + packet
                : packet + " (of " + Long.toUnsignedString(declared) + " bytes)");
        this.cut = new UnreadFile(file, reason, offset == 0 ? -1 : offset);
    }

    /**
     * The packet at {@code offset} declares more bytes than the {@code remaining} ones of its file: the file is cut
     * short where the packet's size is one the stream's packets have ({@code usual}: the largest packet before it in
     * the file; any size up to 4 GiB for a first packet), else the packet is damaged (its size is the error).
     */
    static TraceFormatException inPacket(Path file, long offset, long declared, long remaining, long usual) {
        String message = "the packet declares " + Long.toUnsignedString(declared) + " bytes (packet_size) but the file"
                + " has only " + remaining + " bytes from here (truncated file?)";
        boolean plausible = Long.compareUnsigned(declared, offset == 0 ? 1L << 32 : usual) <= 0;
        return plausible ? new CutShortException(file, offset, remaining, false, declared, message)
                : new TraceFormatException(file, offset, message);
    }

    /** The file ends inside the header or context ({@code where}) of the packet at {@code offset}. */
    static CutShortException inHead(Path file, long offset, long remaining, String where, String why) {
        return new CutShortException(file, offset, remaining, true, -1, "the file ends inside the " + where
                + " of the packet starting here (only " + remaining + " bytes left; truncated file?)" + why);
    }

    /** The file as read: not at all when it ends inside its first packet, else up to the packet it ends in. */
    UnreadFile cut() {
        return cut;
    }
}
