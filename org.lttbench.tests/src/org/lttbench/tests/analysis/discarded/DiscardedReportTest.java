package org.lttbench.tests.analysis.discarded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.discarded.DiscardedAnalysisProvider;
import org.lttbench.core.analysis.discarded.LossTally;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordFanOut;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tests.TestPaths;

/** What the discarded report says on real traces with and without loss, checked against invariants and README. */
class DiscardedReportTest {

    @Test
    void traceWithoutLossSaysSoPlainly() throws Exception {
        Report r = DiscardedRun.analyze(TestPaths.trace("ust-trace-with-index"));
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("no events lost")), r.notes().toString());
        Table streams = r.table("streams");
        for (int i = 0; i < streams.rows().size(); i++) {
            assertEquals(0L, streams.cell(i, "discarded_events"), "a stream that counts its losses says 0, not empty");
            assertEquals(0L, streams.cell(i, "discarded_packets"));
        }
        assertEquals(0, r.table("advice").rows().size());
        assertEquals(0, r.table("losses").rows().size());
    }

    @Test
    void streamWithoutCounterSaysLossCannotBeKnown() throws Exception {
        Path trace = CounterlessTrace.write(TestPaths.workDir("discarded-counterless"));
        Bt2Losses reference = Bt2Losses.of(trace);
        assertEquals(CounterlessTrace.PACKETS * CounterlessTrace.EVENTS_PER_PACKET,
                reference.streams().get("chan_0").events(), "babeltrace2 reads the hand-made trace");
        Report r = DiscardedRun.analyze(trace);
        Map<String, Object> row = DiscardedRun.rowsBy(r.table("streams"), "stream").get("chan_0");
        assertEquals((long) CounterlessTrace.PACKETS * CounterlessTrace.EVENTS_PER_PACKET, row.get("events"));
        assertNull(row.get("discarded_events"), "unknown, not 0");
        assertNull(row.get("discarded_packets"), "unknown, not 0");
        assertNull(row.get("discard_ratio"));
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("discarded events cannot be known for 1 of 1 streams")),
                r.notes().toString());
        assertTrue(r.notes().stream().noneMatch(n -> n.contains("no events lost")), r.notes().toString());
    }

    @Test
    void heavyLossIsCountedPlacedAndAdvised() throws Exception {
        Report r = DiscardedRun.analyze(TestPaths.trace("ust-hello-lost"));
        // README: 1,000,000 events emitted, 967,700 dropped in 562 gaps, all on CPU 2.
        Map<String, Object> lossy = DiscardedRun.rowsBy(r.table("streams"), "stream").get("channel1_2");
        assertEquals(967_700L, lossy.get("discarded_events"));
        assertEquals(2L, lossy.get("cpu"));
        assertEquals(0.9677, (Double) lossy.get("discard_ratio"), 1e-9);
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("967,700 events")), r.notes().toString());

        // The loss episodes keep every count however many records they join, and stay bounded in number.
        Table losses = r.table("losses");
        assertTrue(losses.rows().size() <= 64, losses.rows().size() + " loss ranges kept");
        assertEquals(967_700L, DiscardedRun.total(losses, "discarded_events"));
        assertEquals(562L, DiscardedRun.total(losses, "loss_records"));
        // This trace's packets have no packet_seq_num: lost packets are unknown in every loss range, as per stream.
        assertEquals(null, lossy.get("discarded_packets"));
        for (int row = 0; row < losses.rows().size(); row++) {
            assertEquals(null, losses.cell(row, "discarded_packets"), "loss range " + row + ": lost packets unknown");
        }
        // The timeline spreads each loss over its range: the bins add up to the total.
        assertEquals(967_700.0, sumDouble(r.table("loss_timeline"), "discarded_events"), 1e-3);

        Map<String, Object> advice = DiscardedRun.rowsBy(r.table("advice"), "channel").get("channel1");
        assertNotNull(advice, "advice for channel1");
        assertEquals("discard", advice.get("mode"));
        long subbuf = (Long) advice.get("subbuf_size");
        long count = (Long) advice.get("num_subbuf");
        assertEquals(1, Long.bitCount(subbuf));
        assertEquals(1, Long.bitCount(count));
        assertEquals(subbuf * count, advice.get("memory_per_cpu"));
        // It must at least hold what was lost: no event record is smaller than 16 bytes (header and payload).
        assertTrue(subbuf * count > 967_700L * 16, subbuf * count + " bytes cannot hold 967,700 events");
        assertTrue(((String) advice.get("command")).startsWith("lttng enable-channel --userspace --subbuf-size="),
                (String) advice.get("command"));
    }

    @Test
    void kernelAdviceIsAKernelCommand() throws Exception {
        Report r = DiscardedRun.analyze(TestPaths.trace("session-multi-domains/kernel"));
        assertEquals(728L, DiscardedRun.total(r.table("streams"), "discarded_events"));
        Map<String, Object> advice = DiscardedRun.rowsBy(r.table("advice"), "channel").values().iterator().next();
        assertTrue(((String) advice.get("command")).startsWith("lttng enable-channel --kernel "),
                (String) advice.get("command"));
    }

    @Test
    void tallySaysInOneLineWhichTracesLostWhat() throws Exception {
        LossTally tally = new LossTally();
        var analysis = new DiscardedAnalysisProvider().create(AnalysisOptions.DEFAULT);
        try (TraceSet set = CtfTraceSet.open(List.of(TestPaths.trace("ust-hello-lost"),
                TestPaths.trace("session-multi-domains/kernel"), TestPaths.trace("ust-trace-with-index")))) {
            set.read(new RecordFanOut(List.of(tally, analysis)), ProgressListener.NONE);
        }
        String line = tally.summaryLine();
        assertNotNull(line);
        assertEquals(1, line.lines().count(), line);
        assertTrue(line.contains(TestPaths.trace("ust-hello-lost") + ": 967,700 discarded events in 562 places"), line);
        assertTrue(line.contains(TestPaths.trace("session-multi-domains/kernel") + ": 728 discarded events in 1 place"),
                line);
        assertTrue(!line.contains("ust-trace-with-index"), line);
        assertEquals(DiscardedRun.total(analysis.report().table("streams"), "discarded_events"), tally.discardedEvents());
        assertEquals(line, LossTally.summaryLine(analysis.report()), "a run that kept only its reports says the same line");

        LossTally quiet = new LossTally();
        var quietAnalysis = new DiscardedAnalysisProvider().create(AnalysisOptions.DEFAULT);
        try (TraceSet set = CtfTraceSet.open(List.of(TestPaths.trace("ust-trace-with-index")))) {
            set.read(new RecordFanOut(List.of(quiet, quietAnalysis)), ProgressListener.NONE);
        }
        assertNull(quiet.summaryLine());
        assertNull(LossTally.summaryLine(quietAnalysis.report()));
    }

    private static double sumDouble(Table t, String column) {
        double s = 0;
        for (int i = 0; i < t.rows().size(); i++) {
            s += (Double) t.cell(i, column);
        }
        return s;
    }
}
