package org.lttbench.core.analysis.discarded;

import java.util.List;
import java.util.Locale;

import org.lttbench.core.lttng.ChannelConfig;
import org.lttbench.core.trace.Trace;

/**
 * The ring-buffer model behind the advice. Each CPU's ring buffer is a queue: the traced code produces bytes
 * (recorded plus lost), the consumer daemon drains whole sub-buffers. While a stream loses data its buffer is full,
 * so what it records then is what the consumer freed: the drain rate. Had the buffer been larger, what was lost
 * would have waited in it instead, and drained in the quieter bins that followed at (drain rate - recorded rate).
 * The peak of that extra backlog, over the trace's time bins, is how much more buffer the stream needed. This holds
 * in both loss modes: discard mode drops the new events (discarded events), overwrite mode drops the oldest
 * sub-buffers (lost packets, counted at the packet size).
 *
 * <p>Calibrated with the burst workload under real LTTng: a tight loop produces 300-500 MB/s while a consumer
 * with 4 KiB sub-buffers drains 15-90 MB/s on a loaded 2-CPU machine, so nearly all of a burst must fit; with
 * larger sub-buffers the consumer drains faster, which only adds margin.
 */
final class BufferModel {
    /** LTTng's default sub-buffer count for every domain: the count the trace does not tell. */
    static final int ASSUMED_SUBBUFS = 4;
    /** Headroom over the observed need, for run-to-run variation of rates and scheduling. */
    static final double HEADROOM = 1.5;
    /** Sub-buffer count the advice aims at: enough that the one being filled is a small share. */
    static final int TARGET_SUBBUFS = 8;
    static final long PAGE = 4096;
    /** Beyond this per CPU, advise lowering the event rate instead. */
    static final long REASONABLE_PER_CPU = 1L << 30;
    /** Assumed event size when a stream recorded no event at all (everything was lost). */
    static final double UNKNOWN_EVENT_BYTES = 64;

    private BufferModel() {
    }

    /** What one stream's timeline says about its buffer. */
    record StreamBacklog(double drainBytesPerS, double extraBytes, double meanEventBytes) {
    }

    /** The advice for one channel of one trace. */
    record ChannelAdvice(Trace trace, String channel, boolean overwrite, long observedSubbuf, double drainBytesPerS,
            long extraBytes, long neededBytes, long subbufSize, int numSubbuf, boolean reasonable, String command,
            String assumptions) {

        long memoryPerCpu() {
            return subbufSize * numSubbuf;
        }
    }

    static StreamBacklog backlog(StreamLossLedger s, BinGrid grid) {
        double mean = s.meanEventBytes();
        if (Double.isNaN(mean)) {
            mean = UNKNOWN_EVENT_BYTES;
        }
        double w = grid.width();
        double drain = 0;
        for (int b = 0; b < BinGrid.BINS; b++) {
            if (s.lostIn(b)) {
                drain = Math.max(drain, s.recordedBytes(b, mean) / w);
            }
        }
        if (drain == 0) {
            // It recorded nothing while it lost: the best evidence of the consumer is its best rate elsewhere.
            for (int b = 0; b < BinGrid.BINS; b++) {
                drain = Math.max(drain, s.recordedBytes(b, mean) / w);
            }
        }
        double extra = 0;
        double peak = 0;
        for (int b = 0; b < BinGrid.BINS; b++) {
            if (s.lostIn(b)) {
                extra += s.lostBytes(b, mean);
            } else {
                extra = Math.max(0, extra - Math.max(0, drain * w - s.recordedBytes(b, mean)));
            }
            peak = Math.max(peak, extra);
        }
        return new StreamBacklog(drain * 1e9, peak, mean);
    }

    /** Advice for the streams of one channel (one per CPU), or {@code null} when none of them lost anything. */
    static ChannelAdvice advise(Trace trace, String channel, List<StreamLossLedger> streams, BinGrid grid) {
        long observedSubbuf = 0;
        double extra = 0;
        double drain = Double.MAX_VALUE;
        boolean overwrite = false;
        boolean lost = false;
        boolean guessedSize = false;
        for (StreamLossLedger s : streams) {
            Long subbuf = s.subbuf.bytes();
            observedSubbuf = Math.max(observedSubbuf, subbuf == null ? 0 : subbuf);
            if (!s.lost()) {
                continue;
            }
            lost = true;
            overwrite |= s.lostPackets > 0;
            guessedSize |= s.discardedEvents > 0 && Double.isNaN(s.meanEventBytes());
            StreamBacklog b = backlog(s, grid);
            extra = Math.max(extra, b.extraBytes());
            drain = Math.min(drain, b.drainBytesPerS());
        }
        if (!lost) {
            return null;
        }
        long subbuf = powerOfTwoAtLeast(Math.max(observedSubbuf, PAGE));
        long needed = (long) Math.ceil(ASSUMED_SUBBUFS * subbuf + extra);
        double target = HEADROOM * needed;
        long size = Math.max(subbuf, powerOfTwoAtLeast(target / (TARGET_SUBBUFS - 1)));
        long count = Math.max(2, powerOfTwoAtLeast(target / size + 1));
        boolean reasonable = size <= REASONABLE_PER_CPU / count;
        int num = (int) Math.min(count, 1 << 30);
        String command = null;
        if (reasonable) {
            ChannelConfig config = new ChannelConfig(channel, size, num, overwrite, buffers(trace), 0);
            command = config.enableCommandLine();
            if ("kernel".equals(trace.domain())) {
                command = command.replace(" --userspace ", " --kernel ");
            }
        }
        return new ChannelAdvice(trace, channel, overwrite, observedSubbuf, drain, (long) Math.ceil(extra), needed,
                size, num, reasonable, command, assumptions(overwrite, subbuf, observedSubbuf == 0, drain, guessedSize,
                        reasonable, size * num));
    }

    private static String assumptions(boolean overwrite, long subbuf, boolean subbufUnknown, double drain,
            boolean guessedSize, boolean reasonable, long memory) {
        StringBuilder s = new StringBuilder();
        if (!reasonable) {
            s.append(String.format(Locale.ROOT, "would need %.1f GiB per CPU: reduce the event rate instead "
                    + "(enable fewer events, add filters, or trace less often); ", memory / (double) (1L << 30)));
        }
        s.append(String.format(Locale.ROOT, "the consumer drains at least %.1f MB/s (what the stream recorded "
                + "while it lost data); the same bursts at the same rates; ", drain / 1e6));
        s.append(String.format(Locale.ROOT, "the channel had %d sub-buffers of %s (LTTng's default count; with N "
                + "sub-buffers add (N-%d) x %s); %.1fx headroom; one sub-buffer is always being filled; ",
                ASSUMED_SUBBUFS, size(subbuf), ASSUMED_SUBBUFS, size(subbuf), HEADROOM));
        if (subbufUnknown) {
            s.append("the packets do not tell the sub-buffer size (one packet per stream, maybe trimmed): a page assumed; ");
        }
        s.append(overwrite ? "overwrite mode: each lost packet cost one whole sub-buffer"
                : "discard mode: discarded events counted at the stream's mean event size");
        if (guessedSize) {
            s.append(String.format(Locale.ROOT, "; no event recorded: %.0f bytes per event assumed", UNKNOWN_EVENT_BYTES));
        }
        s.append("; memory is per CPU (and per user or process with per-UID or per-PID buffers)");
        return s.toString();
    }

    private static ChannelConfig.Buffers buffers(Trace trace) {
        // lttng-ust writes tracer_buffering_scheme (uid or pid); lttng-modules trace_buffering_scheme (global).
        Object scheme = trace.environment().get("tracer_buffering_scheme");
        return "pid".equals(scheme) ? ChannelConfig.Buffers.PER_PID : ChannelConfig.Buffers.PER_UID;
    }

    static long powerOfTwoAtLeast(double bytes) {
        if (bytes <= 1) {
            return 1;
        }
        if (bytes >= (double) (1L << 62)) {
            return 1L << 62;
        }
        long v = (long) Math.ceil(bytes);
        return Long.highestOneBit(v - 1) << 1;
    }

    private static String size(long bytes) {
        if (bytes % (1L << 20) == 0) {
            return (bytes >> 20) + " MiB";
        }
        if (bytes % (1L << 10) == 0) {
            return (bytes >> 10) + " KiB";
        }
        return bytes + " B";
    }
}
