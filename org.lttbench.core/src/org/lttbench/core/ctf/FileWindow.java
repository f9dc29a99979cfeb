package org.lttbench.core.ctf;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.StandardOpenOption;

import org.lttbench.core.trace.TraceFormatException;

/**
 * One reader's view of stream files: the bytes of its current packet, read into a buffer of its own that is reused
 * from packet to packet. Reading (not mapping) keeps the resident memory to a packet per stream: the pages of a mapped
 * file stayed resident until the collector dropped the mapping, so a whole trace's pages added to the peak. Each
 * reader has its own, so several reads of one trace set (several threads) never share one. The file being read stays
 * open until the reader moves to another file or is released.
 */
final class FileWindow {
    /** Largest packet this reader reads (a ByteBuffer is indexed by int). */
    static final long MAX_PACKET = Integer.MAX_VALUE - 8;

    private StreamFile file;
    private FileChannel channel;
    /** Holds the bytes [{@link #start}, {@link #start} + {@link #held}) of {@link #file}. */
    private ByteBuffer buffer;
    private long start;
    private int held;
    /** The last packet's size: a stream's packets are mostly of one size, so the next is read whole at once. */
    private long lastPacket;

    /**
     * The bytes [offset, offset + length) of {@code f}, possibly more up to {@code maxLength} when the buffer holds
     * them. Never past the end of the file: callers check {@code length} against the file's size first. The bytes
     * stay valid until the next call.
     */
    ByteBuffer bytes(StreamFile f, long offset, long length, long maxLength) throws IOException {
        if (length > MAX_PACKET) {
            throw new TraceFormatException(f.path, offset, "a packet of " + length
                    + " bytes is larger than this reader supports (" + MAX_PACKET + " bytes)");
        }
        if (length == maxLength) { // a whole packet's content
            lastPacket = Math.max(lastPacket, length);
        }
        if (f != file || buffer == null || offset < start || offset + length > start + held) {
            read(f, offset, Math.min(Math.min(f.size - offset, MAX_PACKET),
                    Math.max(length, Math.min(maxLength, lastPacket))));
        }
        int from = (int) (offset - start);
        int n = (int) Math.min(held - from, Math.max(length, Math.min(maxLength, MAX_PACKET)));
        return buffer.slice(from, n);
    }

    private void read(StreamFile f, long offset, long want) throws IOException {
        if (f != file) {
            closeChannel();
            try {
                channel = FileChannel.open(f.path, StandardOpenOption.READ);
            } catch (AccessDeniedException e) {
                throw new TraceFormatException(f.path, -1, "cannot read the stream file (permission denied)", e);
            }
            file = f;
        }
        int n = (int) want;
        if (buffer == null || buffer.capacity() < n) {
            // direct: the decoders then see one buffer class, as they did with mappings
            buffer = ByteBuffer.allocateDirect(Math.max(n, buffer == null ? 0 : Math.min(2 * buffer.capacity(),
                    (int) MAX_PACKET)));
        }
        held = 0;
        ByteBuffer into = buffer.clear().limit(n);
        try {
            while (into.hasRemaining()) {
                if (channel.read(into, offset + into.position()) < 0) {
                    throw new EOFException("the file ended at " + (offset + into.position()) + " bytes");
                }
            }
        } catch (IOException e) {
            throw new TraceFormatException(f.path, offset, "cannot read " + n + " bytes of the stream file: "
                    + e.getMessage(), e);
        }
        start = offset;
        held = n;
    }

    private void closeChannel() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // a read-only file: nothing was left to write
            }
            channel = null;
        }
    }

    /** Closes the file and forgets what the buffer holds (the buffer is kept for the next packet). */
    void release() {
        closeChannel();
        file = null;
        held = 0;
    }
}
