package org.lttbench.tests.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.run.ExitCode;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.LauncherTest;
import org.lttbench.tests.diff.DiffScenarios.Workload;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * {@code lttbench diff --process NAME}: a chosen process's change, part by part. In the scenario whose disk is twice as
 * slow in B, the backup process's largest change is its I/O wait, up and significant; its states add up to its one
 * thread's whole time per second, and its blocked time's causes, and its wakers, each add up to its blocked time.
 */
class ProcessBreakdownTest {

    @Test
    void theSlowerDisksProcessWaitsMoreOnIt() throws Exception {
        Path a = DiffScenarios.write(TestPaths.workDir("breakdown-a"), Workload.base(1));
        Path b = DiffScenarios.write(TestPaths.workDir("breakdown-b"), Workload.base(1).withSlowerDisk(2));
        JsonObject d = DiffCommandTest.json(DiffCommandTest.diff("--format", "json", "--process", "backup", a.toString(), b.toString()));
        JsonObject breakdown = d.getAsJsonObject("breakdown");
        assertEquals("backup", breakdown.get("process").getAsString());
        List<JsonObject> parts = new ArrayList<>();
        for (JsonElement e : breakdown.getAsJsonArray("parts")) {
            parts.add(e.getAsJsonObject());
        }
        JsonObject largest = parts.stream().max(Comparator.comparingDouble(p -> Math.abs(p.get("change").getAsDouble()))).orElseThrow();
        assertEquals("Blocked on disk I/O", largest.get("part").getAsString(), parts.toString());
        assertTrue(largest.get("change").getAsDouble() > 0 && largest.get("significant").getAsBoolean(), largest.toString());
        for (String run : List.of("a", "b")) {
            double states = sum(parts, "state", run);
            double seconds = d.getAsJsonObject("seconds").getAsJsonObject("process").get(run).getAsDouble();
            assertEquals(seconds * 1e9, states, seconds * 1e9 * 0.01, run + ": one thread, alive the whole run");
            double blocked = parts.stream().filter(p -> p.get("part").getAsString().equals("Blocked"))
                    .mapToDouble(p -> p.get(run).getAsDouble()).sum();
            assertEquals(blocked, sum(parts, "cause", run), run + ": the causes add up to Blocked");
            assertEquals(blocked, sum(parts, "waker", run), run + ": the wakers add up to Blocked");
        }
        LauncherTest.Result none = DiffCommandTest.diff("--process", "no-such-process", a.toString(), b.toString());
        assertEquals(ExitCode.USAGE, none.code(), none.err());
        assertTrue(none.err().contains("--process no-such-process: no process of that command name in A or B"), none.err());
    }

    private static double sum(List<JsonObject> parts, String kind, String run) {
        return parts.stream().filter(p -> p.get("kind").getAsString().equals(kind)).mapToDouble(p -> p.get(run).getAsDouble()).sum();
    }
}
