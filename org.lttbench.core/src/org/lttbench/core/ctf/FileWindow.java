package org.lttbench.core.ctf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.StandardOpenOption;

import org.lttbench.core.trace.TraceFormatException;

/**
 * One reader's view of stream files: a window of a file mapped into memory, so packets are read in place, never
 * copied. Each reader has its own, so several reads of one trace set (several threads) never share one. The
 * file is closed as soon as a window is mapped (the mapping stays valid): reading holds no descriptors.
 */
final class FileWindow {
    /** Bytes mapped at once; a packet larger than this gets a window of its own. */
    private static final long WINDOW = 256L << 20;
    /** Largest packet this reader maps (a ByteBuffer is indexed by int). */
    static final long MAX_PACKET = Integer.MAX_VALUE - 8;

    private StreamFile file;
    private MappedByteBuffer window;
    private long windowStart;

    /**
     * The bytes [offset, offset + length) of {@code f}, possibly more up to {@code maxLength} when the window holds
     * them. Never past the end of the file: callers check {@code length} against the file's size first.
     */
    ByteBuffer bytes(StreamFile f, long offset, long length, long maxLength) throws IOException {
        if (length > MAX_PACKET) {
            throw new TraceFormatException(f.path, offset, "a packet of " + length
                    + " bytes is larger than this reader supports (" + MAX_PACKET + " bytes)");
        }
        if (f != file || window == null || offset < windowStart || offset + length > windowStart + window.capacity()) {
            map(f, offset, length);
        }
        int from = (int) (offset - windowStart);
        int available = window.capacity() - from;
        int n = (int) Math.min(available, Math.max(length, Math.min(maxLength, MAX_PACKET)));
        return window.slice(from, n);
    }

    private void map(StreamFile f, long offset, long length) throws IOException {
        long span = Math.min(f.size - offset, Math.max(length, WINDOW));
        span = Math.min(span, MAX_PACKET);
        try (FileChannel channel = FileChannel.open(f.path, StandardOpenOption.READ)) {
            window = channel.map(FileChannel.MapMode.READ_ONLY, offset, span);
        } catch (AccessDeniedException e) {
            throw new TraceFormatException(f.path, -1, "cannot read the stream file (permission denied)", e);
        } catch (IOException e) {
            throw new TraceFormatException(f.path, offset, "cannot map " + span + " bytes of the stream file: "
                    + e.getMessage(), e);
        }
        file = f;
        windowStart = offset;
    }

    /** Drops the mapping (its memory goes back when the buffer is collected). */
    void release() {
        window = null;
        file = null;
    }
}
