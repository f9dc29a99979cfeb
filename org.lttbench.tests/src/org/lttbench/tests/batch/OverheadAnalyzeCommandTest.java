package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.analysis.overhead.OverheadScenarioTest;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** {@code lttbench analyze --analysis overhead} as a user runs it. */
class OverheadAnalyzeCommandTest {

    private static JsonObject json(AnalyzeCommandTest.Run run) {
        assertEquals(0, run.status(), run.err());
        return JsonParser.parseString(run.out()).getAsJsonObject();
    }

    @Test
    void jsonGivesEachTracepointsCostOrWhyNot() throws Exception {
        JsonObject out = json(AnalyzeCommandTest.analyze("--analysis", "overhead", "--format", "json",
                TestPaths.trace("ust-lttng-crash").toString()));
        JsonArray tracepoints = out.getAsJsonArray("tracepoints");
        assertEquals(1, tracepoints.size());
        JsonObject tp = tracepoints.get(0).getAsJsonObject();
        assertEquals("my_app:current_temp", tp.get("name").getAsString());
        assertEquals(400, tp.get("count").getAsLong());
        assertTrue(tp.get("bytes_per_event").getAsDouble() > 0);
        assertTrue(tp.get("cost_bound_ns").isJsonNull());
        assertTrue(tp.get("why").getAsString().contains("no thread context"), tp.get("why").toString());
    }

    @Test
    void withTheSessionsKernelTraceEveryAnalysisRunsInOnePassAndTheyAgree() throws Exception {
        Path[] traces = OverheadScenarioTest.sessionTraces("cli-overhead-share");
        JsonObject out = json(AnalyzeCommandTest.analyze("--format", "json", "--by", "process", traces[0].toString(),
                traces[1].toString()));
        JsonArray analyses = out.getAsJsonArray("analyses");
        assertTrue(analyses.contains(new com.google.gson.JsonPrimitive("process")), analyses.toString());
        assertTrue(analyses.contains(new com.google.gson.JsonPrimitive("overhead")), analyses.toString());
        JsonObject tick = out.getAsJsonArray("tracepoints").get(0).getAsJsonObject();
        assertEquals("app:tick", tick.get("name").getAsString());
        assertEquals(250, tick.get("cost_bound_ns").getAsDouble(), 1e-9);

        // The share's CPU time is the process analysis's running time of the same process.
        long running = -1;
        for (JsonElement e : out.getAsJsonArray("processes")) {
            JsonObject p = e.getAsJsonObject();
            if (p.get("pid").getAsLong() == 501) {
                running = p.get("running_ns").getAsLong();
            }
        }
        JsonObject share = out.getAsJsonArray("tracing_share").get(0).getAsJsonObject();
        assertEquals(501, share.get("pid").getAsLong());
        assertEquals(running, share.get("cpu_ns").getAsLong());
        assertTrue(share.get("share").isJsonNull(), "no calibration given");
        assertEquals(1_400 * 250.0 / running, share.get("share_bound").getAsDouble(), 1e-12);
    }

    /**
     * {@code --calibration DIR} reads what {@code lttbench calibrate --out DIR} wrote: the cost per event is the
     * calibration's for the events' contexts (here vpid and vtid, two of the three it measures), and the share
     * follows; a directory without a calibration is a usage error naming the file.
     */
    @Test
    void aCalibrationGivesTheCostAndTheShare() throws Exception {
        Path[] traces = OverheadScenarioTest.sessionTraces("cli-overhead-calibration");
        Path dir = TestPaths.workDir("cli-calibration");
        java.nio.file.Files.writeString(dir.resolve("calibration.json"), """
                {"calibration_machine": [{"host": "scenario", "cpus": 2, "cpu_model": null}],
                 "calibration_tracing": [
                  {"config": "1M-x4-discard", "subbuf_bytes": 1048576, "subbufs": 4, "mode": "discard", "contexts": "none",
                   "overhead_ns": 90.0, "emitted": 610006, "captured": 610006, "discarded": 0, "overwritten": 0},
                  {"config": "4k-x4-discard-ctx", "subbuf_bytes": 4096, "subbufs": 4, "mode": "discard",
                   "contexts": "vpid,vtid,procname", "overhead_ns": 80.0, "emitted": 610006, "captured": 108222,
                   "discarded": 501784, "overwritten": 0},
                  {"config": "1M-x4-discard-ctx", "subbuf_bytes": 1048576, "subbufs": 4, "mode": "discard",
                   "contexts": "vpid,vtid,procname", "overhead_ns": 120.0, "emitted": 610006, "captured": 610006,
                   "discarded": 0, "overwritten": 0}]}
                """);
        JsonObject out = json(AnalyzeCommandTest.analyze("--format", "json", "--calibration", dir.toString(),
                traces[0].toString(), traces[1].toString()));
        JsonObject tick = out.getAsJsonArray("tracepoints").get(0).getAsJsonObject();
        // the lossy run is not the cost of a kept event: 90 + (120 - 90) x 2/3
        assertEquals(110.0, tick.get("cost_ns").getAsDouble(), 1e-9);
        JsonObject share = out.getAsJsonArray("tracing_share").get(0).getAsJsonObject();
        assertEquals(1_400 * 110.0 / share.get("cpu_ns").getAsLong(), share.get("share").getAsDouble(), 1e-12);
        assertTrue(out.toString().contains("the calibration has no cost by the gap between events"), out.toString());

        // A calibration with the cost by gap: the ticks come 250 ns apart, half way in log(gap) from 125 to 500 ns:
        // 300 ns with the three contexts, less a third of their 30 ns for the one the events do not record
        String json = java.nio.file.Files.readString(dir.resolve("calibration.json")).strip();
        Path byGap = java.nio.file.Files.createDirectories(dir.resolve("by-gap"));
        java.nio.file.Files.writeString(byGap.resolve("calibration.json"), json.substring(0, json.length() - 1) + """
                , "calibration_gap_cost": [
                 {"work_ns": 0.0, "gap_ns": 125.0, "cost_ns": 200.0, "emitted": 10, "captured": 10, "discarded": 0},
                 {"work_ns": 400.0, "gap_ns": 500.0, "cost_ns": 400.0, "emitted": 10, "captured": 10, "discarded": 0}]}
                """);
        JsonObject gapAware = json(AnalyzeCommandTest.analyze("--format", "json", "--calibration", byGap.toString(),
                traces[0].toString(), traces[1].toString()));
        assertEquals(290.0, gapAware.getAsJsonArray("tracepoints").get(0).getAsJsonObject().get("cost_ns")
                .getAsDouble(), 1e-9);
        JsonObject gapShare = gapAware.getAsJsonArray("tracing_share").get(0).getAsJsonObject();
        assertEquals(1_400 * 290.0 / gapShare.get("cpu_ns").getAsLong(), gapShare.get("share").getAsDouble(), 1e-12);
        assertTrue(!gapAware.toString().contains("no cost by the gap"), gapAware.toString());

        AnalyzeCommandTest.Run missing = AnalyzeCommandTest.analyze("--calibration", traces[1].toString(),
                traces[1].toString());
        assertEquals(2, missing.status());
        assertEquals(1, missing.err().lines().count(), missing.err());
        assertTrue(missing.err().contains(traces[1].resolve("calibration.json").toString()), missing.err());
    }

    @Test
    void textAndCsvToo() throws Exception {
        String trace = TestPaths.trace("ust-cyg-profile-glxgears").toString();
        AnalyzeCommandTest.Run text = AnalyzeCommandTest.analyze("--analysis", "overhead", trace);
        assertEquals(0, text.status(), text.err());
        assertTrue(text.out().contains("lttng_ust_cyg_profile:func_entry"), text.out());
        assertTrue(text.out().contains("Cost at most"), text.out());
        assertTrue(text.out().lines().anyMatch(l -> l.startsWith("lttng_ust_cyg_profile:func_entry") && l.matches(".* [0-9.]+ [nµm]?s .*")),
                "the cost bound with its unit: " + text.out());
        AnalyzeCommandTest.Run csv = AnalyzeCommandTest.analyze("--analysis", "overhead", "--format", "csv", trace);
        assertEquals(0, csv.status(), csv.err());
        assertTrue(csv.out().contains("cost_bound_ns"), csv.out());
    }
}
