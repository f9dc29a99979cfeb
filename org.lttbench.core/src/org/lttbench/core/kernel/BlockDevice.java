package org.lttbench.core.kernel;

/**
 * How reports name a block device: a kernel {@code dev_t} as the trace holds it (20 minor bits) is
 * {@code major:minor}, with the disk's name when the trace's statedump gave it, wherever in the trace it did.
 */
public final class BlockDevice {
    /** A wait ended by a completion that named no device (-1 in a trace, or no {@code dev} field). */
    public static final long UNKNOWN = -1;

    private BlockDevice() {
    }

    /** {@code major:minor}, or {@code unknown}. */
    public static String numbers(long device) {
        return device < 0 ? "unknown" : (device >>> 20) + ":" + (device & 0xFFFFF);
    }

    /** {@code name (major:minor)} when the name is known, else {@link #numbers(long)}. */
    public static String label(long device, String name) {
        return device < 0 || name == null ? numbers(device) : name + " (" + numbers(device) + ")";
    }
}
