package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.AnalyzeCommandTest.Run;
import org.lttbench.tests.writer.KernelTraceWriter;
import org.lttbench.tests.writer.KernelTracer;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** {@code lttbench analyze --analysis discarded}, and the one-line loss warning every analysis run gives. */
class AnalyzeDiscardedTest {

    @Test
    void jsonShape() {
        Path trace = TestPaths.trace("ust-hello-lost");
        Run run = AnalyzeCommandTest.analyze("--analysis", "discarded", "--format", "json", trace.toString());
        assertEquals(0, run.status(), run.err());
        JsonObject json = JsonParser.parseString(run.out()).getAsJsonObject();
        JsonArray streams = json.getAsJsonArray("streams");
        assertEquals(4, streams.size());
        JsonObject lossy = null;
        for (JsonElement e : streams) {
            JsonObject s = e.getAsJsonObject();
            assertTrue(s.keySet().containsAll(Set.of("trace", "stream", "cpu", "events", "discarded_events",
                    "discarded_packets")), s.keySet().toString());
            assertEquals(trace.toString(), s.get("trace").getAsString());
            if (s.get("stream").getAsString().equals("channel1_2")) {
                lossy = s;
            }
        }
        // README: 32,300 events recorded, 967,700 discarded, on CPU 2; LTTng-UST 2.3 has no packet_seq_num.
        assertEquals(2, lossy.get("cpu").getAsInt());
        assertEquals(32_300, lossy.get("events").getAsLong());
        assertEquals(967_700, lossy.get("discarded_events").getAsLong());
        assertTrue(lossy.get("discarded_packets").isJsonNull(), "lost packets cannot be known: null, not 0");
        JsonArray advice = json.getAsJsonArray("advice");
        assertEquals(1, advice.size());
        JsonObject a = advice.get(0).getAsJsonObject();
        assertTrue(a.keySet().containsAll(Set.of("channel", "subbuf_size", "num_subbuf", "memory_per_cpu", "command",
                "assumptions")), a.keySet().toString());
        assertEquals("channel1", a.get("channel").getAsString());
        assertEquals(a.get("subbuf_size").getAsLong() * a.get("num_subbuf").getAsLong(), a.get("memory_per_cpu").getAsLong());
        assertTrue(a.get("command").getAsString().contains("--subbuf-size="), a.toString());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith("warning: events were lost: " + trace + ": 967,700 discarded events in 562 places"),
                run.err());
    }

    @Test
    void textAndCsvWithoutLoss() {
        String trace = TestPaths.trace("ust-trace-with-index").toString();
        Run text = AnalyzeCommandTest.analyze("--analysis", "discarded", trace);
        assertEquals(0, text.status(), text.err());
        assertTrue(text.out().contains("note: no events lost"), text.out());
        assertEquals("", text.err(), "no loss, no warning");
        Run csv = AnalyzeCommandTest.analyze("--analysis", "discarded", "--format", "csv", trace);
        assertEquals(0, csv.status(), csv.err());
        List<String> lines = csv.out().lines().toList();
        assertEquals("# streams", lines.get(0));
        assertTrue(lines.get(1).startsWith("trace,stream,channel,cpu,packets,subbuf_size,events,discarded_events,"
                + "discarded_packets"), lines.get(1));
        assertEquals(6, lines.indexOf(""), "the key, the header and four streams, then the next table: " + lines);
    }

    @Test
    void anyAnalysisSaysWhenTheTraceLostEvents() throws Exception {
        // A kernel trace written with a known loss: 1,234 events discarded on CPU 1.
        Path trace = TestPaths.workDir("cli-lost");
        try (KernelTraceWriter w = new KernelTraceWriter(trace, KernelTracer.lttng(2, 10, "4.15.0"), List.of("read"),
                false)) {
            w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "dd", 401);
            w.schedSwitch(2_000, 1, "swapper/1", 0, 0, "cc", 402);
            w.discard(1, 1_234);
            w.schedSwitch(900_000, 1, "cc", 402, 0, "swapper/1", 0);
            w.schedSwitch(950_000, 0, "dd", 401, 0, "swapper/0", 0);
        }
        Run run = AnalyzeCommandTest.analyze("--analysis", "process", "--format", "json", trace.toString());
        assertEquals(0, run.status(), run.err());
        JsonParser.parseString(run.out()); // stdout stays clean JSON
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().contains(trace + ": 1,234 discarded events in 1 place"), run.err());
    }

    @Test
    void exitStatuses() {
        Run missing = AnalyzeCommandTest.analyze("--analysis", "discarded", "/nonexistent/trace");
        assertEquals(3, missing.status());
        assertEquals(1, missing.err().lines().count(), missing.err());
        Run format = AnalyzeCommandTest.analyze("--analysis", "discarded", "--format", "xml",
                TestPaths.trace("ust-trace-with-index").toString());
        assertEquals(2, format.status(), format.err());
    }
}
