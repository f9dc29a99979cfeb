package org.lttbench.core.trace;

/** Told how far reading has got; called from the reading thread, often, so it must be cheap. */
@FunctionalInterface
public interface ProgressListener {

    ProgressListener NONE = (done, total) -> {
    };

    void progress(long bytesDone, long bytesTotal);
}
