package org.lttbench.tests.analysis.discarded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lttbench.core.report.Report;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.writer.KernelTraceWriter;
import org.lttbench.tests.writer.KernelTracer;

/**
 * The advice model on traces whose bursts are known by construction: what a burst lost must be added to the
 * buffer, but what the consumer could drain before the next burst must not be counted twice.
 */
class BufferModelScenarioTest {
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
