package org.lttbench.core.ctf;

import org.lttbench.core.trace.ProgressListener;

/** Bytes of stream data read so far over all streams, told to a listener packet by packet. */
final class ReadProgress {
    private final ProgressListener listener;
    private final long total;
    private long done;

    ReadProgress(ProgressListener listener, long total) {
        this.listener = listener;
        this.total = total;
    }

    void add(long bytes) {
        done += bytes;
        listener.progress(done, total);
    }
}
