package org.lttbench.core.calibration;

import java.util.List;

import org.lttbench.core.lttng.ChannelConfig;

/**
 * One channel configuration of the calibration sweep.
 *
 * @param contexts whether every event also records the vpid, vtid and procname contexts
 */
public record SweepPoint(ChannelConfig channel, boolean contexts) {

    /** The contexts a point with {@code contexts} adds. */
    public static final List<String> CONTEXTS = List.of("vpid", "vtid", "procname");

    /** Short name for tables and directories, e.g. {@code 64k-x4-discard-ctx}. */
    public String label() {
        return size(channel.subbufSize()) + "-x" + channel.numSubbuf() + "-" + mode() + (contexts ? "-ctx" : "");
    }

    public String mode() {
        return channel.overwrite() ? "overwrite" : "discard";
    }

    static String size(long bytes) {
        return bytes % (1 << 20) == 0 ? (bytes >> 20) + "M" : bytes % 1024 == 0 ? (bytes >> 10) + "k" : Long.toString(bytes);
    }
}
