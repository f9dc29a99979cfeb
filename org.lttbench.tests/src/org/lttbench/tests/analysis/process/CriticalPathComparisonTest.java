package org.lttbench.tests.analysis.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.lttbench.core.batch.Main;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.analysis.process.ProcessScenarios.Scenario;
import org.lttbench.tests.analysis.process.ProcessScenarios.Written;
import org.lttbench.tests.writer.KernelTracer;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * Two critical paths side by side ({@code analyze --analysis critical-path --against}), on the waits-chain story
 * (a client waiting on a server that reads the disk), whose path is known by construction: two runs of the story
 * compare equal, their times those of the intended path; the client's path over a later range against the whole one
 * differs by what the intended path spends before that range.
 */
class CriticalPathComparisonTest {
    private static final KernelTracer TRACER = ProcessScenarios.TRACERS.get(ProcessScenarios.TRACERS.size() - 1);

    private static Scenario chain() {
        return ProcessScenarios.ALL.stream().filter(s -> s.name().equals("waits-chain")).findFirst().orElseThrow();
    }

    /** Time per {state, thread} on the intended path over [from, to): the client is the thread itself. */
    private static Map<List<String>, Long> intended(Written w, long from, long to) {
        Map<List<String>, Long> sums = new TreeMap<>(CriticalPathComparisonTest::compare);
        for (IntendedTimeline.PathSegment s : w.intended().path()) {
            long ns = Math.min(to, s.to()) - Math.max(from, s.from());
            if (ns > 0) {
                String who = s.tid() == w.intended().criticalPathOf() ? "(the thread itself)" : "server";
                sums.merge(List.of(s.state(), who), ns, Long::sum);
            }
        }
        return sums;
    }

    private static int compare(List<String> a, List<String> b) {
        return String.join("/", a).compareTo(String.join("/", b));
    }

    private static JsonObject analyze(String... args) {
        List<String> all = new ArrayList<>(List.of("analyze", "--analysis", "critical-path", "--thread", "client",
                "--format", "json"));
        all.addAll(List.of(args));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), all.toArray(String[]::new));
        assertEquals(0, code, err.toString());
        return JsonParser.parseString(out.toString()).getAsJsonObject();
    }

    /** The comparison's rows per {state, thread}: {ns_a, ns_b, change_ns}. */
    private static Map<List<String>, long[]> rows(JsonObject comparison) {
        Map<List<String>, long[]> rows = new TreeMap<>(CriticalPathComparisonTest::compare);
        for (JsonElement e : comparison.getAsJsonArray("critical_path_comparison")) {
            JsonObject r = e.getAsJsonObject();
            rows.put(List.of(r.get("state").getAsString(), r.get("thread").getAsString()), new long[] {
                    r.get("ns_a").getAsLong(), r.get("ns_b").getAsLong(), r.get("change_ns").getAsLong() });
        }
        return rows;
    }

    @Test
    void twoRunsOfOneStoryCompareEqual() throws Exception {
        Written a = chain().write(TestPaths.workDir("path-compare-a"), TRACER);
        Written b = chain().write(TestPaths.workDir("path-compare-b"), TRACER);
        Map<List<String>, Long> path = intended(a, Long.MIN_VALUE, Long.MAX_VALUE);
        assertTrue(path.size() >= 4, "a path through both threads: " + path);
        Map<List<String>, long[]> rows = rows(analyze(dir(a).toString(), "--against", dir(b).toString()));
        assertEquals(path.keySet(), rows.keySet(), "a row per state and thread on the path");
        path.forEach((key, ns) -> {
            assertEquals(ns, rows.get(key)[0], key + " in A");
            assertEquals(ns, rows.get(key)[1], key + " in B");
            assertEquals(0, rows.get(key)[2], key + ": no change");
        });
    }

    @Test
    void aLaterRangeAgainstTheWholeTrace() throws Exception {
        Written w = chain().write(TestPaths.workDir("path-compare-range"), TRACER);
        long offset = w.writer().clockOffset();
        long from = 5_400; // the server is running again, the client still waits on it
        long to = 8_000;
        Map<List<String>, Long> whole = intended(w, Long.MIN_VALUE, Long.MAX_VALUE);
        Map<List<String>, Long> later = intended(w, from, to);
        Map<List<String>, long[]> rows = rows(analyze(dir(w).toString(), "--against-begin", Long.toString(offset + from),
                "--against-end", Long.toString(offset + to)));
        assertEquals(whole.keySet(), rows.keySet(), "a row per state and thread on either path");
        whole.forEach((key, ns) -> {
            long b = later.getOrDefault(key, 0L);
            assertEquals(ns, rows.get(key)[0], key + " over the whole trace");
            assertEquals(b, rows.get(key)[1], key + " from " + from + " to " + to);
            assertEquals(b - ns, rows.get(key)[2], key + ": B - A");
        });
    }

    private static Path dir(Written w) {
        return w.writer().ctf().directory();
    }
}
