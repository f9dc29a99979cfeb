package org.lttbench.tests.analysis.discarded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.analysis.discarded.DiscardedAnalysisProvider;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Report;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.writer.CtfTraceWriter;
import org.lttbench.tests.writer.CtfType;
import org.lttbench.tests.writer.KernelTraceWriter;
import org.lttbench.tests.writer.KernelTracer;
import org.lttbench.tests.writer.TraceMetadata;
import org.lttbench.tests.writer.TraceMetadata.HeaderKind;
import org.lttbench.tests.writer.TraceMetadata.StreamClass;
import org.lttbench.tests.writer.UstMetadata;

/**
 * Written traces whose bursts and losses are known by construction. The advice model: what a burst lost must be
 * added to the buffer, but what the consumer could drain before the next burst must not be counted twice. A time
 * range: the losses it meets, and only those.
 */
public class DiscardedScenarioTest {
    private static final int EVENTS_PER_BURST = 400;
    /** Discarded after every 8th event of a burst but its first two packets: 48 x 40. */
    private static final long LOST_PER_BURST = 48 * 40;

    @Test
    void burstsApartNeedOneBurstOfRoomBurstsTogetherNeedTwo() throws Exception {
        Map<String, Object> apart = advice("discarded-bursts-apart", 1_000_000_000L);
        Map<String, Object> together = advice("discarded-bursts-together", 1_000_000L + EVENTS_PER_BURST * 1_000L);
        long one = (Long) apart.get("extra_needed");
        long two = (Long) together.get("extra_needed");
        // sched_switch records take between 16 and 128 bytes.
        assertTrue(one >= LOST_PER_BURST * 16 && one <= LOST_PER_BURST * 128, "one burst's loss: " + one + " bytes");
        assertEquals(2.0, (double) two / one, 0.2, "two bursts back to back: " + two + " against " + one);
        for (Map<String, Object> a : List.of(apart, together)) {
            assertTrue((Long) a.get("memory_per_cpu") >= (Long) a.get("extra_needed"), a.toString());
            assertEquals("discard", a.get("mode"));
        }
    }

    @Test
    void aRangeCountsTheLossesItMeets() throws Exception {
        Path dir = TestPaths.workDir("discarded-range");
        long offset;
        try (KernelTraceWriter w = new KernelTraceWriter(dir, KernelTracer.lttng(2, 10, "4.15.0"), List.of(), false)) {
            w.ctf().packetBytes(512);
            offset = w.clockOffset();
            burst(w, 1_000_000L);
            burst(w, 1_000_000_000L);
        }
        TimeRange firstHalf = new TimeRange(offset, offset + 500_000_000L);
        Report report;
        try (TraceSet set = CtfTraceSet.open(List.of(dir))) {
            var analysis = new DiscardedAnalysisProvider().create(new AnalysisOptions(firstHalf, GroupBy.THREAD));
            report = AnalysisRun.run(set, List.of(analysis), ProgressListener.NONE).get(0);
        }
        assertEquals(LOST_PER_BURST, report.table("streams").cell(0, "discarded_events"), "only the first burst's");
        assertEquals((long) EVENTS_PER_BURST, report.table("streams").cell(0, "events"));
        assertEquals(firstHalf.end(), report.range().end());
    }

    /**
     * A user-space channel of 16 KiB sub-buffers whose streams' last packets are trimmed as LTTng trims them when
     * tracing stops (content rounded up to a 4 KiB page): chan_0 has 1,500 events in two full packets and a trimmed
     * third, chan_1 10 events in a lone trimmed packet.
     */
    public static Path trimmedLastPackets(String name) throws Exception {
        Path dir = TestPaths.workDir(name);
        TraceMetadata m = UstMetadata.metadata(2, 13, "scenario");
        StreamClass channel = m.streamClass(HeaderKind.LARGE, List.of(UstMetadata.vpid(), UstMetadata.vtid()), true);
        channel.event("app:tick", TraceMetadata.field("i", CtfType.u64()));
        try (CtfTraceWriter w = new CtfTraceWriter(dir, m, false).packetBytes(16384).trimLastPackets(true)) {
            for (int i = 0; i < 1_500; i++) {
                w.stream(channel, "chan", 0).event(1_000L + 100L * i, "app:tick", 501L, 501L, (long) i);
            }
            for (int i = 0; i < 10; i++) {
                w.stream(channel, "chan", 1).event(2_000L + 100L * i, "app:tick", 501L, 502L, (long) i);
            }
        }
        return dir;
    }

    /** A lone packet LTTng may have trimmed says nothing of the sub-buffer size; the CPU a stream lacks is unknown. */
    @Test
    void subBufferSizeAndCpuOnlyWhereThePacketsTell() throws Exception {
        Path dir = trimmedLastPackets("discarded-trimmed");
        assertEquals(Map.of("chan_0", List.of(16384L, 16384L, 4096L), "chan_1", List.of(4096L)), packetSizes(dir));
        Map<String, Map<String, Object>> streams = DiscardedRun.rowsBy(DiscardedRun.analyze(dir).table("streams"),
                "stream");
        assertEquals(16384L, streams.get("chan_0").get("subbuf_size"), "the largest of its three packets");
        assertNull(streams.get("chan_1").get("subbuf_size"), "its only packet, trimmed to 4 KiB: unknown");
        assertEquals(1L, streams.get("chan_1").get("cpu"));
        // barectf writes no cpu_id: the CPU is unknown (it was -1); nor packet_seq_num, which is no LTTng version's
        Report bareReport = DiscardedRun.analyze(TestPaths.traceCtf2("barectf-event-before-packet"));
        Map<String, Object> bare = DiscardedRun.rowsBy(bareReport.table("streams"), "stream").get("stream");
        assertNull(bare.get("cpu"));
        assertEquals(72L, bare.get("subbuf_size"), "a lone packet of 72 bytes is no trimmed LTTng one");
        assertTrue(bareReport.notes().contains("lost packets cannot be known for 1 of 1 streams (their packet context"
                + " has no packet_seq_num, which LTTng writes from 2.8 on; from barectf 2.3.0 (domain bare)):"
                + " barectf-event-before-packet/stream"), bareReport.notes().toString());
    }

    /** Each packet's size in bytes, by stream. */
    private static Map<String, List<Long>> packetSizes(Path dir) throws Exception {
        Map<String, List<Long>> sizes = new java.util.HashMap<>();
        try (TraceSet set = CtfTraceSet.open(List.of(dir))) {
            set.read(new org.lttbench.core.trace.RecordSink() {
                @Override
                public void packet(org.lttbench.core.trace.Packet p) {
                    sizes.computeIfAbsent(p.stream().name(), k -> new java.util.ArrayList<>()).add(p.sizeBits() / 8);
                }

                @Override
                public void event(org.lttbench.core.trace.Event e) {
                    // packets only
                }
            }, ProgressListener.NONE);
        }
        return sizes;
    }

    private static Map<String, Object> advice(String name, long secondBurst) throws Exception {
        Path dir = TestPaths.workDir(name);
        try (KernelTraceWriter w = new KernelTraceWriter(dir, KernelTracer.lttng(2, 10, "4.15.0"), List.of(), false)) {
            w.ctf().packetBytes(512);
            burst(w, 1_000_000L);
            burst(w, secondBurst);
        }
        Report report = DiscardedRun.analyze(dir);
        DiscardedMatchesBabeltraceTest.assertMatchesBabeltrace(dir, report);
        assertEquals(2 * LOST_PER_BURST, report.table("streams").cell(0, "discarded_events"));
        return DiscardedRun.rowsBy(report.table("advice"), "channel").get("channel0");
    }

    /** One event per µs on CPU 0; from the third 512-byte packet on, 40 events lost after every 8th. */
    private static void burst(KernelTraceWriter w, long start) throws Exception {
        for (int i = 0; i < EVENTS_PER_BURST; i++) {
            w.schedSwitch(start + i * 1_000L, 0, "a", 1, 0, "b", 2);
            if (i >= 16 && i % 8 == 0) {
                w.discard(0, 40);
            }
        }
    }
}
