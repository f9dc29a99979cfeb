package org.lttbench.tests.analysis.discarded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.analysis.AnalysisRun;
import org.lttbench.core.analysis.discarded.DiscardedAnalysisProvider;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Report;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.writer.KernelTraceWriter;
import org.lttbench.tests.writer.KernelTracer;

/**
 * Written traces whose bursts and losses are known by construction. The advice model: what a burst lost must be
 * added to the buffer, but what the consumer could drain before the next burst must not be counted twice. A time
 * range: the losses it meets, and only those.
 */
class DiscardedScenarioTest {
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
