package org.lttbench.core.analysis;

import org.lttbench.core.trace.Packet;

/**
 * What a stream's packets tell of its channel's sub-buffer size. LTTng writes a full sub-buffer as a packet of that
 * size, and one it closes early (tracing stopped, a flush) as its content rounded up to a page: the largest packet is
 * the size, unless the stream has a single packet of whole 4 KiB pages, which may be such a trimmed one and then says
 * nothing of it. Both analyses that show a stream's sub-buffer (discarded, overhead) ask this.
 */
public final class SubBufferSize {
    /** The smallest page of the systems LTTng runs on: every page, so every trimmed packet, is a multiple of it. */
    private static final long PAGE = 4096;

    private long packets;
    private long largestBytes;

    public void packet(Packet p) {
        packets++;
        largestBytes = Math.max(largestBytes, Math.max(0, p.sizeBits()) / 8);
    }

    /** The sub-buffer size in bytes, or null when the packets cannot tell (none, or one that may be trimmed). */
    public Long bytes() {
        return packets > 1 || packets == 1 && largestBytes % PAGE != 0 ? largestBytes : null;
    }
}
