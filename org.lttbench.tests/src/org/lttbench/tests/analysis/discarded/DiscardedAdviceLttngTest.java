package org.lttbench.tests.analysis.discarded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.lttng.ChannelConfig;
import org.lttbench.core.report.Report;
import org.lttbench.tests.Bt2Counter;
import org.lttbench.tests.LttngRecording;

/**
 * End to end with real LTTng: the burst workload overflows a channel with tiny buffers; the analysis's advice,
 * read from its report, is applied to a second recording of the same workload, which must lose at least 95% fewer
 * events. The ground truth of what was lost is the workload's own count of what it emitted minus what the trace
 * recorded.
 */
@ExtendWith(LttngRecording.class)
@Isolated
class DiscardedAdviceLttngTest {
    private static final String CHANNEL = "burst";
    /** 100,000 events of about 54 bytes each, as fast as the tracer takes them, all on CPU 0. */
    private static final String[] FLAT_OUT = { "--events", "100000", "--payload", "32", "--cpu", "0" };
    /**
     * Four bursts of 50,000 events, each as fast as the tracer takes them, 20 ms apart: the consumer catches up
     * between them. (A paced rate such as 400,000 events/s is one an idle machine's consumer keeps up with, even
     * with 4 KiB sub-buffers: tiny buffers would then lose too little for the test to mean anything.)
     */
    private static final String[] PACED = { "--events", "50000", "--payload", "32", "--bursts", "4", "--gap-ms", "20",
            "--cpu", "0" };

    static Stream<Arguments> scenarios() {
        return Stream.of(Arguments.of("discard-flat-out", false, FLAT_OUT),
                Arguments.of("overwrite-flat-out", true, FLAT_OUT), Arguments.of("discard-paced", false, PACED),
                Arguments.of("overwrite-paced", true, PACED));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void advisedBuffersKeepTheBurst(String name, boolean overwrite, String[] burst) throws Exception {
        String mode = overwrite ? "overwrite" : "discard";
        BurstRecording before = BurstRecording.record(name + "-tiny", new ChannelConfig(CHANNEL, 4096, 2, overwrite),
                burst);
        Report tiny = DiscardedRun.analyze(before.trace());
        DiscardedMatchesBabeltraceTest.assertMatchesBabeltrace(before.trace(), tiny);
        long recordedBefore = DiscardedRun.total(tiny.table("streams"), "events");
        long lostBefore = before.emitted() - recordedBefore;
        if (overwrite) {
            assertTrue(DiscardedRun.total(tiny.table("streams"), "discarded_packets") > 0, "overwrite mode lost no packet");
        } else {
            // Discard mode counts every event it drops: recorded + discarded is what the workload emitted.
            assertEquals(before.emitted(), recordedBefore + DiscardedRun.total(tiny.table("streams"), "discarded_events"));
        }
        assertTrue(lostBefore > before.emitted() / 10, "tiny buffers lost only " + lostBefore + " of " + before.emitted());

        Map<String, Object> advice = DiscardedRun.rowsBy(tiny.table("advice"), "channel").get(CHANNEL);
        assertNotNull(advice, "no advice for channel " + CHANNEL);
        assertEquals(mode, advice.get("mode"));
        ChannelConfig advised = new ChannelConfig(CHANNEL, (Long) advice.get("subbuf_size"),
                Math.toIntExact((Long) advice.get("num_subbuf")), "overwrite".equals(advice.get("mode")));
        assertEquals(advised.enableCommandLine(), advice.get("command"));
        assertEquals(advised.bytesPerCpu(), advice.get("memory_per_cpu"));

        BurstRecording after = BurstRecording.record(name + "-advised", advised, burst);
        Report advisedReport = DiscardedRun.analyze(after.trace());
        // The advised trace holds the whole burst: babeltrace2's command line counts it (the per-stream Python
        // reference, run on the lossy trace above, takes seconds per 100,000 events).
        Bt2Counter counted = Bt2Counter.of(List.of(after.trace()));
        assertEquals(counted.events(), DiscardedRun.total(advisedReport.table("streams"), "events"), "events");
        assertEquals(counted.discardedEventsMessages() + counted.discardedPacketsMessages(),
                DiscardedRun.total(advisedReport.table("streams"), "loss_records"), "places with loss");
        if (counted.discardedEventsMessages() + counted.discardedPacketsMessages() > 0) {
            DiscardedMatchesBabeltraceTest.assertMatchesBabeltrace(after.trace(), advisedReport);
        }
        long lostAfter = after.emitted() - DiscardedRun.total(advisedReport.table("streams"), "events");
        System.out.printf(Locale.ROOT, "discarded %s: 4 KiB x 2 lost %d of %d events (%d discarded, %d packets);"
                + " advised %s lost %d of %d%n", name, lostBefore, before.emitted(),
                DiscardedRun.total(tiny.table("streams"), "discarded_events"), DiscardedRun.total(tiny.table("streams"), "discarded_packets"),
                advice.get("command"), lostAfter, after.emitted());
        assertTrue(lostAfter <= lostBefore / 20, "the advised buffers (" + advice.get("command") + ") still lost "
                + lostAfter + " events, against " + lostBefore + " before");
    }
}
