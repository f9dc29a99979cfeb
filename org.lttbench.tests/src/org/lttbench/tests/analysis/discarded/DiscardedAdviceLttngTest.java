package org.lttbench.tests.analysis.discarded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lttbench.core.lttng.ChannelConfig;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;

/**
 * End to end with real LTTng: the burst workload overflows a channel with tiny buffers; the analysis's advice,
 * read from its report, is applied to a second recording of the same workload, which must lose at least 95% fewer
 * events. The ground truth of what was lost is the workload's own count of what it emitted minus what the trace
 * recorded.
 */
class DiscardedAdviceLttngTest {
    private static final String CHANNEL = "burst";
    /** 100,000 events of about 54 bytes each, as fast as the tracer takes them, all on CPU 0. */
    private static final String[] BURST = { "--events", "100000", "--payload", "32", "--cpu", "0" };

    @ParameterizedTest(name = "overwrite={0}")
    @ValueSource(booleans = { false, true })
    void advisedBuffersKeepTheBurst(boolean overwrite) throws Exception {
        String mode = overwrite ? "overwrite" : "discard";
        BurstRecording before = BurstRecording.record(mode + "-tiny", new ChannelConfig(CHANNEL, 4096, 2, overwrite),
                BURST);
        Report tiny = DiscardedRun.analyze(before.trace());
        DiscardedMatchesBabeltraceTest.assertMatchesBabeltrace(before.trace(), tiny);
        long recordedBefore = total(tiny.table("streams"), "events");
        long lostBefore = before.emitted() - recordedBefore;
        if (overwrite) {
            assertTrue(total(tiny.table("streams"), "discarded_packets") > 0, "overwrite mode lost no packet");
        } else {
            // Discard mode counts every event it drops: recorded + discarded is what the workload emitted.
            assertEquals(before.emitted(), recordedBefore + total(tiny.table("streams"), "discarded_events"));
        }
        assertTrue(lostBefore > before.emitted() / 4, "tiny buffers lost only " + lostBefore + " of " + before.emitted());

        Map<String, Object> advice = DiscardedRun.rowsBy(tiny.table("advice"), "channel").get(CHANNEL);
        assertNotNull(advice, "no advice for channel " + CHANNEL);
        assertEquals(mode, advice.get("mode"));
        ChannelConfig advised = new ChannelConfig(CHANNEL, (Long) advice.get("subbuf_size"),
                Math.toIntExact((Long) advice.get("num_subbuf")), "overwrite".equals(advice.get("mode")));
        assertEquals(advised.enableCommandLine(), advice.get("command"));
        assertEquals(advised.bytesPerCpu(), advice.get("memory_per_cpu"));

        BurstRecording after = BurstRecording.record(mode + "-advised", advised, BURST);
        Report advisedReport = DiscardedRun.analyze(after.trace());
        DiscardedMatchesBabeltraceTest.assertMatchesBabeltrace(after.trace(), advisedReport);
        long lostAfter = after.emitted() - total(advisedReport.table("streams"), "events");
        System.out.printf(Locale.ROOT, "discarded %s mode: 4 KiB x 2 lost %d of %d events (%d discarded, %d packets);"
                + " advised %s lost %d of %d%n", mode, lostBefore, before.emitted(),
                total(tiny.table("streams"), "discarded_events"), total(tiny.table("streams"), "discarded_packets"),
                advice.get("command"), lostAfter, after.emitted());
        assertTrue(lostAfter <= lostBefore / 20, "the advised buffers (" + advice.get("command") + ") still lost "
                + lostAfter + " events, against " + lostBefore + " before");
    }

    private static long total(Table table, String column) {
        long sum = 0;
        for (int r = 0; r < table.rows().size(); r++) {
            Object v = table.cell(r, column);
            sum += v == null ? 0 : (Long) v;
        }
        return sum;
    }
}
