package org.lttbench.tests.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.run.ExitCode;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.LauncherTest;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * {@code lttbench diff --per-request SPAN}: a run that serves twice as many of the same requests a second does twice as
 * much of everything per second, and nothing different per request; a request made slower is still found.
 */
class PerRequestTest {

    @Test
    void aBusierRunOfTheSameRequestsChangesNothingPerRequest() throws Exception {
        Path a = DiffScenarios.spans(TestPaths.workDir("per-request-a"), 1, 1);
        Path busier = DiffScenarios.spans(TestPaths.workDir("per-request-busier"), 2, 1, 1_000_000);
        JsonObject perSecond = DiffCommandTest.json(DiffCommandTest.diff("--format", "json", "--span", DiffScenarios.REQUEST,
                a.toString(), busier.toString()));
        assertTrue(DiffCommandTest.significant(perSecond).stream().anyMatch(c -> c.get("subject").getAsString().equals("request")
                && c.get("figure").getAsString().equals("spans")), "per second, twice the requests: " + perSecond);

        JsonObject perRequest = DiffCommandTest.json(DiffCommandTest.diff("--format", "json", "--span", DiffScenarios.REQUEST,
                "--per-request", "request", a.toString(), busier.toString()));
        assertEquals(List.of(), DiffCommandTest.significant(perRequest), "per request, the same requests");
        JsonObject per = perRequest.getAsJsonObject("per");
        assertEquals("request", per.get("unit").getAsString());
        assertEquals(1_000, per.get("a").getAsLong(), "a request every 2 ms for 2 s");
        assertEquals(2_000, per.get("b").getAsLong(), "a request every 1 ms for 2 s");
        assertTrue(perRequest.get("normalisation").getAsString().startsWith("counts and total times per request"),
                perRequest.get("normalisation").toString());
        for (JsonElement e : perRequest.getAsJsonArray("changes")) {
            JsonObject c = e.getAsJsonObject();
            if (c.get("figure").getAsString().equals("spans")) {
                // one request per request, and one call of the function in each
                assertEquals(1.0, c.get("a_compared").getAsDouble(), 1e-9, c.toString());
                assertEquals(1.0, c.get("b_compared").getAsDouble(), 1e-9, c.toString());
                assertTrue(c.get("line").getAsString().contains("/request"), c.toString());
                assertFalse(c.get("per_second").getAsBoolean(), c.toString());
            }
        }

        Path slower = DiffScenarios.spans(TestPaths.workDir("per-request-slower"), 2, 1.5, 1_000_000);
        JsonObject d = DiffCommandTest.json(DiffCommandTest.diff("--format", "json", "--span", DiffScenarios.REQUEST,
                "--per-request", "request", a.toString(), slower.toString()));
        JsonObject first = DiffCommandTest.significant(d).get(0);
        assertEquals("request", first.get("subject").getAsString(), first.toString());
    }

    @Test
    void aSpanNeitherRunHasIsOneLine() throws Exception {
        Path a = DiffScenarios.spans(TestPaths.workDir("per-request-a"), 1, 1);
        LauncherTest.Result none = DiffCommandTest.diff("--span", DiffScenarios.REQUEST, "--per-request", "reply",
                a.toString(), a.toString());
        assertEquals(ExitCode.USAGE, none.code(), none.err());
        assertTrue(none.err().contains("--per-request reply: no such span ended in A (its spans: request, 0x401000)"), none.err());
        String kernel = TestPaths.trace("kernel-scp-src").toString();
        LauncherTest.Result noSpans = DiffCommandTest.diff("--per-request", "request", kernel, kernel);
        assertEquals(ExitCode.NOT_APPLICABLE, noSpans.code(), noSpans.err());
        assertTrue(noSpans.err().contains("--per-request needs the spans analysis, which does not apply to A: "), noSpans.err());
    }
}
