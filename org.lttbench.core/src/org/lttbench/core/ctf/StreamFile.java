package org.lttbench.core.ctf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.lttbench.core.trace.TraceFormatException;

/**
 * One data stream file, mapped into memory a window at a time (packets are read in place, never copied). The
 * channel is opened on first use and closed by {@link #release()}.
 */
final class StreamFile {
    /** Bytes mapped at once; a packet larger than this gets a window of its own. */
    private static final long WINDOW = 256L << 20;
    /** Largest packet this reader maps (a ByteBuffer is indexed by int). */
    static final long MAX_PACKET = Integer.MAX_VALUE - 8;

    final Path path;
    final long size;
    /** Raw timestamp_begin of the first packet (to order the files of one stream), or -1. */
    long firstBeginNs = -1;

    private FileChannel channel;
    private MappedByteBuffer window;
    private long windowStart;

    StreamFile(Path path, long size) {
        this.path = path;
        this.size = size;
    }

    /**
     * The bytes [offset, offset + length), possibly more up to {@code maxLength} when the window holds them. Never
     * past the end of the file: callers check {@code length} against {@link #size} first.
     */
    ByteBuffer bytes(long offset, long length, long maxLength) throws IOException {
        if (length > MAX_PACKET) {
            throw new TraceFormatException(path, offset, "a packet of " + length + " bytes is larger than this reader supports ("
                    + MAX_PACKET + " bytes)");
        }
        if (window == null || offset < windowStart || offset + length > windowStart + window.capacity()) {
            map(offset, length);
        }
        int from = (int) (offset - windowStart);
        int available = window.capacity() - from;
        int n = (int) Math.min(available, Math.max(length, Math.min(maxLength, MAX_PACKET)));
        return window.slice(from, n);
    }

    private void map(long offset, long length) throws IOException {
        if (channel == null) {
            try {
                channel = FileChannel.open(path, StandardOpenOption.READ);
            } catch (AccessDeniedException e) {
                throw new TraceFormatException(path, -1, "cannot read the stream file (permission denied)", e);
            } catch (IOException e) {
                throw new TraceFormatException(path, -1, "cannot open the stream file: " + e.getMessage(), e);
            }
        }
        long span = Math.min(size - offset, Math.max(length, WINDOW));
        span = Math.min(span, MAX_PACKET);
        try {
            window = channel.map(FileChannel.MapMode.READ_ONLY, offset, span);
        } catch (IOException e) {
            throw new TraceFormatException(path, offset, "cannot map " + span + " bytes of the stream file: " + e.getMessage(), e);
        }
        windowStart = offset;
    }

    /** Closes the channel and drops the mapping (the memory goes back when the buffer is collected). */
    void release() {
        window = null;
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // nothing to do: the file was only read
            }
            channel = null;
        }
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
