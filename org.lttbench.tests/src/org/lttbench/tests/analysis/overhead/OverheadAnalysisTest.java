package org.lttbench.tests.analysis.overhead;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.overhead.CostEstimate;
import org.lttbench.core.analysis.overhead.GapHistogram;
import org.lttbench.core.analysis.overhead.OverheadAnalysis;
import org.lttbench.core.analysis.overhead.TracepointStats;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tests.Bt2Gaps;
import org.lttbench.tests.TestPaths;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/** The overhead analysis on the shared real traces, against babeltrace2's decoding of the same traces. */
class OverheadAnalysisTest {

    static OverheadAnalysis analyze(List<Path> traces) throws IOException {
        return analyze(traces, AnalysisOptions.DEFAULT);
    }

    static OverheadAnalysis analyze(List<Path> traces, AnalysisOptions options) throws IOException {
        OverheadAnalysis analysis = new OverheadAnalysis(options);
        try (TraceSet set = CtfTraceSet.open(traces)) {
            AnalysisRun.run(set, List.of(analysis), ProgressListener.NONE);
        }
        return analysis;
    }

    /** Counts, gap counts and gap percentiles agree with babeltrace2's (percentiles within one 4.4 % bin). */
    static void assertSameAsBabeltrace2(List<Path> traces) throws Exception {
        OverheadAnalysis analysis = analyze(traces);
        JsonObject bt2 = Bt2Gaps.of(traces);
        JsonObject expected = bt2.getAsJsonObject("tracepoints");
        assertEquals(expected.size(), analysis.tracepoints().size(), "tracepoints in " + traces);
        for (Map.Entry<String, JsonElement> e : expected.entrySet()) {
            JsonObject ref = e.getValue().getAsJsonObject();
            TracepointStats tp = analysis.tracepoint(e.getKey());
            assertNotNull(tp, e.getKey());
            assertEquals(ref.get("count").getAsLong(), tp.events(), e.getKey() + " count");
            GapHistogram gaps = tp.allGaps();
            assertEquals(ref.get("gaps").getAsLong(), gaps.count(), e.getKey() + " gaps");
            if (gaps.count() >= 50) {
                for (String p : List.of("p10", "p50", "p90")) {
                    double want = ref.get(p).getAsDouble();
                    double got = gaps.percentile(Integer.parseInt(p.substring(1)) / 100.0);
                    assertEquals(want, got, Math.max(1, want * 0.045), e.getKey() + " " + p);
                }
            }
        }
        assertEquals(bt2.get("discarded_events").getAsLong(), analysis.discardedEvents());
        assertEquals(bt2.get("discarded_packets").getAsLong(), analysis.discardedPackets());
    }

    @Test
    void functionEntryAndExitAgreeWithBabeltrace2() throws Exception {
        assertSameAsBabeltrace2(List.of(TestPaths.trace("ust-cyg-profile-glxgears")));
        assertSameAsBabeltrace2(List.of(TestPaths.trace("ust-context-switches")));
    }

    @Test
    void ros2OnEightCpusAgreesWithBabeltrace2() throws Exception {
        assertSameAsBabeltrace2(List.of(TestPaths.trace("ust-ros2")));
    }

    /**
     * The events' own sizes and the packets' content sizes tell the same story, per stream: what is left of a packet's
     * content outside its events is its header and context, the same whole number of bytes in every packet of the
     * trace's one stream class (LTTng packs its events on bytes here: no padding between them), within what an LTTng
     * packet header and context take (40 to 96 bytes). One event's size wrong by a byte makes it a fraction, or
     * differ between streams.
     */
    @Test
    void eventSizesAddUpToPacketContent() throws Exception {
        for (String trace : List.of("ust-memory-libc", "ust-ros2", "ust-cyg-profile-glxgears")) {
            Report report = analyze(List.of(TestPaths.trace(trace))).report();
            Table streams = report.table("overhead_streams");
            java.util.Set<Double> headers = new java.util.HashSet<>();
            for (int row = 0; row < streams.rows().size(); row++) {
                long events = (Long) streams.cell(row, "events");
                if (events == 0) {
                    continue;
                }
                long content = (Long) streams.cell(row, "content_bytes");
                long eventBytes = (Long) streams.cell(row, "event_bytes");
                double header = (Double) streams.cell(row, "header_bytes_per_packet");
                String where = trace + " " + streams.cell(row, "stream");
                assertTrue(eventBytes < content, where);
                assertTrue(header >= 40 && header <= 96 && header == Math.rint(header),
                        where + ": " + header + " bytes per packet outside events");
                headers.add(header);
            }
            assertEquals(1, headers.size(), trace + ": one header size for every stream: " + headers);
        }
    }

    @Test
    void withoutThreadContextItSaysWhyInsteadOfANumber() throws Exception {
        // One tracepoint, 400 events, no vtid context.
        OverheadAnalysis analysis = analyze(List.of(TestPaths.trace("ust-lttng-crash")));
        TracepointStats tp = analysis.tracepoint("my_app:current_temp");
        assertEquals(400, tp.events());
        CostEstimate e = tp.estimate();
        assertNull(e.boundNs());
        assertTrue(e.why().contains("no thread context"), e.why());
        Table table = analysis.report().table("tracepoints");
        assertNull(table.cell(0, "cost_bound_ns"));
        assertNull(table.cell(0, "cost_ns"), "no calibration given");
        assertTrue(((String) table.cell(0, "why")).contains(e.why()), (String) table.cell(0, "why"));
    }

    @Test
    void singleEventsSayWhyInsteadOfANumber() throws Exception {
        OverheadAnalysis analysis = analyze(List.of(TestPaths.trace("ust-debuginfo-app4")));
        for (String name : List.of("my_provider:my_first_tracepoint", "lttng_ust_statedump:start")) {
            CostEstimate e = analysis.tracepoint(name).estimate();
            assertNull(e.boundNs(), name);
            assertTrue(e.why().contains("a single event"), name + ": " + e.why());
        }
    }

    @Test
    void oneTracepointWithFewGapsSaysWhyInsteadOfANumber() throws Exception {
        // heartbeat:msg only, 20 events over 3 threads.
        OverheadAnalysis analysis = analyze(List.of(TestPaths.trace("ust-wk-heartbeat-2.0")));
        assertEquals(1, analysis.tracepoints().size());
        TracepointStats tp = analysis.tracepoint("heartbeat:msg");
        CostEstimate e = tp.estimate();
        assertNull(e.boundNs());
        assertTrue(e.why().contains("gaps"), e.why());
    }
}
