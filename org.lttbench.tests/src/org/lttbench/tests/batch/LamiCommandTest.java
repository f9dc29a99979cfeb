package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.LauncherTest.Result;
import org.lttbench.tests.report.LamiProtocol;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * {@code lttbench lami} on the shared real traces, checked against the LAMI 1.0 protocol as Trace Compass reads it:
 * version, metadata, compatibility answers, progress lines before the results, every cell of its column's class,
 * every time inside the trace (or the range asked for).
 */
class LamiCommandTest {
    private static final List<String> TRACES = List.of("kernel-many-threads", "ust-hello-lost", "session-multi-domains", "ust-trace-with-index");

    private static List<AnalysisProvider> analyses() {
        List<AnalysisProvider> all = Analyses.all();
        assertFalse(all.isEmpty(), "no analysis registered");
        return all;
    }

    private static Map<String, List<String>> metadata(AnalysisProvider analysis) {
        Result r = InProcessCli.run("lami", analysis.name(), "--metadata");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        return LamiProtocol.checkMetadata(LamiProtocol.parseOneLine(r.out()));
    }

    private static TimeRange span(Path trace) throws Exception {
        try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
            return set.span();
        }
    }

    @Test
    void theVersionIsOnePointZeroForEveryEntryPoint() {
        assertEquals(new Result(0, "1.0\n", ""), InProcessCli.run("--mi-version"));
        assertEquals(new Result(0, "1.0\n", ""), InProcessCli.run("lami", "--mi-version"));
        for (AnalysisProvider a : analyses()) {
            assertEquals(new Result(0, "1.0\n", ""), InProcessCli.run("lami", a.name(), "--mi-version"));
        }
    }

    @Test
    void everyAnalysisHasMetadataWithLamiClasses() {
        for (AnalysisProvider a : analyses()) {
            JsonObject m = LamiProtocol.parseOneLine(InProcessCli.run("lami", a.name(), "--metadata").out());
            LamiProtocol.checkMetadata(m);
            assertTrue(m.get("title").getAsString().startsWith("LTTbench: "), m.toString());
            assertEquals(a.description(), m.get("description").getAsString());
            // its LAMI tags name the tool and the analysis (a drop-in's name lttng-analyses: DropInLamiTest)
            String tags = m.getAsJsonArray("tags").toString();
            assertTrue(tags.contains("\"lttbench\"") && tags.contains("\"" + a.name() + "\""), a.name() + ": " + tags);
        }
    }

    @Test
    void resultsOnRealTracesFollowTheProtocolWithProgressLinesFirstAndTimesInsideTheTrace() throws Exception {
        int runs = 0;
        for (AnalysisProvider a : analyses()) {
            Map<String, List<String>> classes = metadata(a);
            for (String name : TRACES) {
                Path trace = TestPaths.trace(name);
                Result compatible = InProcessCli.run("lami", a.name(), "--test-compatibility", trace.toString());
                if (compatible.code() != 0) {
                    assertEquals(1, compatible.code(), a.name() + " on " + name + ": " + compatible);
                    assertEquals("", compatible.err(), "Trace Compass reads stdout and stderr as one JSON object here");
                    assertTrue(LamiProtocol.parseOneLine(compatible.out()).get("error-message").getAsString().contains(a.name()));
                    continue;
                }
                assertEquals(new Result(0, "", ""), compatible);
                Result r = InProcessCli.run("lami", a.name(), "--output-progress", trace.toString());
                assertEquals(0, r.code(), r.err());
                assertEquals("", r.err());
                JsonObject results = afterProgressLines(r.out());
                List<JsonObject> tables = LamiProtocol.checkResults(results, classes);
                assertFalse(tables.isEmpty(), a.name() + " on " + name);
                TimeRange span = span(trace);
                for (JsonObject t : tables) {
                    assertTimesInside(t, span, a.name() + " on " + name);
                }
                runs++;
            }
        }
        assertTrue(runs > 0, "no analysis applied to any of " + TRACES);
    }

    @Test
    void aTimeRangeAsTraceCompassPassesItBoundsEveryResult() throws Exception {
        Path trace = TestPaths.trace("kernel-many-threads");
        TimeRange span = span(trace);
        TimeRange asked = new TimeRange(span.begin() + span.duration() / 3, span.begin() + 2 * span.duration() / 3);
        for (AnalysisProvider a : analyses()) {
            Result r = InProcessCli.run("lami", a.name(), "--output-progress", "--begin", Long.toString(asked.begin()),
                    "--end", Long.toString(asked.end()), trace.toString());
            if (r.code() == 1) {
                continue; // not applicable: covered above
            }
            assertEquals(0, r.code(), r.err());
            for (JsonObject t : LamiProtocol.checkResults(afterProgressLines(r.out()), metadata(a))) {
                assertTimesInside(t.getAsJsonObject("time-range"), asked, a.name() + " range");
            }
        }
    }

    /** The progress lines (fraction, then a message; never backwards; the last at 1), then one JSON line. */
    private static JsonObject afterProgressLines(String out) {
        List<String> lines = out.lines().toList();
        List<String> progress = new ArrayList<>();
        int i = 0;
        while (i < lines.size() && !lines.get(i).startsWith("{")) {
            progress.add(lines.get(i++));
        }
        assertEquals(1, lines.size() - i, "one JSON line after the progress lines: " + out);
        assertTrue(progress.size() >= 2, "progress lines: " + progress);
        double last = -1;
        for (String p : progress) {
            assertTrue(p.matches("[01]\\.\\d{4} \\S.*"), "progress line " + p);
            double fraction = Double.parseDouble(p.substring(0, p.indexOf(' ')));
            assertTrue(fraction >= last, "progress goes back: " + progress);
            last = fraction;
        }
        assertEquals(1.0, last);
        return LamiProtocol.parseOneLine(lines.get(i));
    }

    /** Every timestamp in the element (time-range bounds, timestamp cells) is inside the range. */
    private static void assertTimesInside(JsonElement e, TimeRange range, String what) {
        if (e.isJsonArray()) {
            e.getAsJsonArray().forEach(x -> assertTimesInside(x, range, what));
        } else if (e.isJsonObject()) {
            JsonObject o = e.getAsJsonObject();
            if (o.has("class") && o.get("class").isJsonPrimitive() && o.get("class").getAsString().equals("timestamp")) {
                long t = o.get("value").getAsLong();
                assertTrue(range.contains(t), what + ": " + t + " outside " + range);
            }
            o.entrySet().forEach(x -> assertTimesInside(x.getValue(), range, what));
        }
    }
}
