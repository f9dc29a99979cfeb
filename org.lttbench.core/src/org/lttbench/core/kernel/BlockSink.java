package org.lttbench.core.kernel;

import org.lttbench.core.trace.Trace;

/** Hears the block requests, and the waits their completions ended. */
public interface BlockSink {

    /**
     * The thread waited on block-device I/O from {@code from} to {@code to} (told at the wakeup, beside the
     * {@link ThreadState#WAIT_IO} change, to the sinks that {@link StateSink#followsStates()}), for a request of that
     * device (a kernel {@code dev_t}: {@link BlockDevice}; {@link BlockDevice#UNKNOWN} when the completion named none).
     */
    default void ioWait(ThreadRecord thread, long device, long from, long to) {
    }

    /**
     * A block request of that trace completed (its last sectors): its device (a {@code dev_t}), operation, sectors,
     * when it was inserted into the I/O scheduler's queue ({@link Long#MIN_VALUE} when the trace showed no
     * {@code block_rq_insert} for it), issued to the device, and completed; {@code issuer} is the thread that issued
     * it, or null when the trace does not say.
     */
    default void blockRequest(Trace trace, long device, BlockOperation op, long sectors, long inserted, long issued,
            long completed, ThreadRecord issuer) {
    }
}
