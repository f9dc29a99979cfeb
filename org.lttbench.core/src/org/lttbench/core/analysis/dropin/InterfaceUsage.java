package org.lttbench.core.analysis.dropin;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;

/**
 * The bytes each network interface sent and received, as lttng-analyses' iousagetop counts them: the {@code len} of
 * each {@code net_dev_xmit} and {@code netif_receive_skb} in the range ({@link ThreadStateSink#networkPacket}), by the
 * interface's {@code name} (the traces' interfaces of one name are one). Memory: the interfaces.
 */
final class InterfaceUsage implements ThreadStateSink.WithoutStates {

    private final TimeRange range;
    /** Per interface, in the order of its first packet: bytes received, sent. */
    private final Map<String, long[]> interfaces = new LinkedHashMap<>();

    InterfaceUsage(TimeRange range) {
        this.range = range;
    }

    @Override
    public void networkPacket(Trace trace, long time, String netif, long bytes, boolean sent) {
        if (range.contains(time)) {
            interfaces.computeIfAbsent(netif, k -> new long[2])[sent ? 1 : 0] += bytes;
        }
    }

    @Override
    public boolean followsNetwork() {
        return true;
    }

    /** An interface and the bytes it received or sent. */
    record Row(String netif, long bytes) {
    }

    /**
     * Every interface that received or sent a packet, with the bytes it received ({@code sent} false) or sent, most
     * first (then in the order of their first packet, as lttng-analyses lists them): 0 for one that only did the other.
     */
    List<Row> largest(boolean sent) {
        List<Row> rows = new ArrayList<>();
        interfaces.forEach((netif, bytes) -> rows.add(new Row(netif, bytes[sent ? 1 : 0])));
        rows.sort(Comparator.comparingLong(r -> -r.bytes()));
        return rows;
    }
}
