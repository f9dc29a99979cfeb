package org.lttbench.core.lttng;

import java.util.ArrayList;
import java.util.List;

/**
 * A user-space channel configuration, as {@code lttng enable-channel} takes it. Sizes are in bytes; LTTng wants
 * powers of two for both the sub-buffer size and count.
 *
 * @param tracefileSize bytes per stream file before rotating to a new one, 0 for no limit
 */
public record ChannelConfig(String name, long subbufSize, int numSubbuf, boolean overwrite, Buffers buffers,
        long tracefileSize) {

    /** Buffer ownership: one ring buffer per user (LTTng's default) or per process. */
    public enum Buffers {
        PER_UID("--buffers-uid"), PER_PID("--buffers-pid");

        private final String option;

        Buffers(String option) {
            this.option = option;
        }

        public String option() {
            return option;
        }
    }

    public ChannelConfig {
        if (Long.bitCount(subbufSize) != 1 || Integer.bitCount(numSubbuf) != 1) {
            throw new IllegalArgumentException("sub-buffer size (" + subbufSize + ") and count (" + numSubbuf
                    + ") must be powers of two");
        }
    }

    public ChannelConfig(String name, long subbufSize, int numSubbuf, boolean overwrite) {
        this(name, subbufSize, numSubbuf, overwrite, Buffers.PER_UID, 0);
    }

    /** Ring-buffer memory this channel takes per CPU (and per user or process, depending on {@link #buffers}). */
    public long bytesPerCpu() {
        return subbufSize * numSubbuf;
    }

    /** The {@code lttng enable-channel} arguments after {@code lttng}. */
    public List<String> enableArguments(String session) {
        List<String> args = new ArrayList<>(List.of("enable-channel", "--userspace", "--session=" + session,
                "--subbuf-size=" + sizeArgument(subbufSize), "--num-subbuf=" + numSubbuf, buffers.option()));
        if (overwrite) {
            args.add("--overwrite");
        }
        if (tracefileSize > 0) {
            args.add("--tracefile-size=" + tracefileSize);
        }
        args.add(name);
        return args;
    }

    /** The command line a user copies: {@code lttng enable-channel --userspace --subbuf-size=64K ... NAME}. */
    public String enableCommandLine() {
        List<String> args = new ArrayList<>(List.of("lttng", "enable-channel", "--userspace",
                "--subbuf-size=" + sizeArgument(subbufSize), "--num-subbuf=" + numSubbuf));
        if (buffers == Buffers.PER_PID) {
            args.add(buffers.option());
        }
        if (overwrite) {
            args.add("--overwrite");
        }
        args.add(name);
        return String.join(" ", args);
    }

    /** LTTng's size suffixes (k, M, G) where the size is a whole number of them. */
    static String sizeArgument(long bytes) {
        if (bytes % (1L << 30) == 0) {
            return (bytes >> 30) + "G";
        }
        if (bytes % (1L << 20) == 0) {
            return (bytes >> 20) + "M";
        }
        if (bytes % (1L << 10) == 0) {
            return (bytes >> 10) + "k";
        }
        return Long.toString(bytes);
    }
}
