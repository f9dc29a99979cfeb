package org.lttbench.tests.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.run.ExitCode;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.InProcessCli;
import org.lttbench.tests.batch.LauncherTest;
import org.lttbench.tests.diff.DiffScenarios.Workload;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * {@code lttbench diff} as a user runs it: a run against itself changes nothing, on every shared trace and example;
 * two runs of one workload change nothing beyond noise; a change planted in a scenario ranks first, and nothing else
 * is significant; the JSON contract; the CI gate's exit status.
 */
public class DiffCommandTest {

    public static LauncherTest.Result diff(String... args) {
        List<String> all = new ArrayList<>(List.of("diff"));
        all.addAll(List.of(args));
        return InProcessCli.run(all.toArray(String[]::new));
    }

    public static JsonObject json(LauncherTest.Result r) {
        assertTrue(r.code() == ExitCode.OK || r.code() == ExitCode.REGRESSION || r.code() == ExitCode.READ_IN_PART,
                r.code() + ": " + r.err());
        return JsonParser.parseString(r.out()).getAsJsonObject();
    }

    static List<JsonObject> significant(JsonObject diff) {
        List<JsonObject> s = new ArrayList<>();
        for (JsonElement e : diff.getAsJsonArray("changes")) {
            if (e.getAsJsonObject().get("significant").getAsBoolean()) {
                s.add(e.getAsJsonObject());
            }
        }
        return s;
    }

    /** Every shared trace and example, as the other tests enumerate them: each a run to compare with itself. */
    static Stream<Path> runs() throws IOException {
        List<Path> all = new ArrayList<>();
        for (Path dir : List.of(TestPaths.traces(), TestPaths.repository().resolve("examples"))) {
            try (Stream<Path> list = Files.list(dir)) {
                list.filter(Files::isDirectory).sorted().forEach(all::add);
            }
        }
        return all.stream();
    }

    @ParameterizedTest
    @MethodSource("runs")
    void aRunAgainstItselfChangesNothing(Path run) {
        JsonObject d = json(diff("--format", "json", run.toString(), run.toString()));
        assertEquals(List.of(), significant(d), run.toString());
        for (JsonElement e : d.getAsJsonArray("changes")) {
            JsonObject c = e.getAsJsonObject();
            assertEquals(c.get("a"), c.get("b"), c.toString());
        }
    }

    /** The built-in example's workload is steady (examples/README.md): its two halves are two runs of it. */
    @Test
    void twoRangesOfOneTraceAreTwoRuns() {
        String demo = TestPaths.repository().resolve("examples/kernel-demo").toString();
        String half = "1700000000500000000"; // its first event is at 1700000000000010000, its last 1 s later
        LauncherTest.Result r = diff("--format", "json", "--end", half, "--b-begin", half, demo, demo);
        JsonObject d = json(r);
        assertEquals(List.of(), significant(d));
        assertTrue(d.get("a").getAsString().endsWith("range start to " + half), d.get("a").toString());
        assertTrue(d.get("b").getAsString().endsWith("range " + half + " to end"), d.get("b").toString());
        double seconds = d.getAsJsonObject("seconds").getAsJsonObject("syscalls").get("a").getAsDouble();
        assertEquals(0.5, seconds, 0.01);
    }

    private static Path written(String name, Workload work) throws IOException {
        return DiffScenarios.write(TestPaths.workDir("diff-" + name), work);
    }

    @Test
    void twoRunsOfOneWorkloadChangeNothingBeyondNoise() throws IOException {
        for (long seed = 2; seed <= 4; seed++) {
            Path a = written("same-1", Workload.base(1));
            Path b = written("same-" + seed, Workload.base(seed));
            JsonObject d = json(diff("--format", "json", a.toString(), b.toString()));
            assertEquals(List.of(), significant(d), "seed " + seed);
            assertTrue(d.getAsJsonArray("changes").size() > 50, "figures compared: " + d.getAsJsonArray("changes").size());
        }
    }

    static Stream<Workload> planted() {
        Workload b = Workload.base(2);
        return Stream.of(b.withSlowerDisk(2), b.withSlowerWrite(3), b.withLockHolders(4), b.withNeighbour());
    }

    @ParameterizedTest
    @MethodSource("planted")
    void aPlantedChangeRanksFirstAndNothingElseIsSignificant(Workload changed) throws IOException {
        Workload base = Workload.base(1);
        List<String> planted = DiffScenarios.plantedSubjects(base, changed);
        Path a = written("base", base);
        Path b = written("planted-" + changed.slowerWrite() + "-" + changed.slowerDisk() + "-" + changed.lockHolders()
                + (changed.neighbour() ? "-neighbour" : ""), changed);
        JsonObject d = json(diff("--format", "json", a.toString(), b.toString()));
        List<JsonObject> found = significant(d);
        assertFalse(found.isEmpty(), "the planted change is found");
        JsonObject first = d.getAsJsonArray("changes").get(0).getAsJsonObject();
        assertTrue(first.get("significant").getAsBoolean() && about(first, planted), first.toString());
        for (JsonObject c : found) {
            assertTrue(about(c, planted), "only the planted subjects " + planted + " change: " + c);
        }
    }

    @Test
    void aSlowerSpanRanksFirstAndNothingElseIsSignificant() throws IOException {
        Path a = DiffScenarios.spans(TestPaths.workDir("diff-spans-a"), 1, 1);
        Path same = DiffScenarios.spans(TestPaths.workDir("diff-spans-same"), 2, 1);
        Path slower = DiffScenarios.spans(TestPaths.workDir("diff-spans-slower"), 2, 1.5);
        JsonObject noise = json(diff("--format", "json", "--span", DiffScenarios.REQUEST, a.toString(), same.toString()));
        assertEquals(List.of(), significant(noise));
        assertTrue(noise.getAsJsonArray("changes").asList().stream()
                .anyMatch(c -> c.getAsJsonObject().get("analysis").getAsString().equals("spans")), noise.toString());
        JsonObject d = json(diff("--format", "json", "--span", DiffScenarios.REQUEST, a.toString(), slower.toString()));
        JsonObject first = d.getAsJsonArray("changes").get(0).getAsJsonObject();
        assertEquals("spans", first.get("analysis").getAsString(), first.toString());
        assertEquals("request", first.get("subject").getAsString(), first.toString());
        assertTrue(first.get("significant").getAsBoolean(), first.toString());
        for (JsonObject c : significant(d)) {
            assertEquals("request", c.get("subject").getAsString(), c.toString());
        }
    }

    /**
     * The latency analyses' per-thread rows are compared per thread name and call (per name and kind of wait): web's
     * write three times as long (15 to 25 µs, by construction) is found in its own row, at three times its mean; a
     * noisy neighbour's slice (web waits 0.2 to 1 ms for its CPU once woken, 1 µs without) in web's woken waits.
     */
    @Test
    void aThreadsSlowerCallIsFoundInItsOwnRow() throws IOException {
        Path a = written("base", Workload.base(1));
        JsonObject d = json(diff("--format", "json", a.toString(),
                written("planted-3.0-1.0-3", Workload.base(2).withSlowerWrite(3)).toString()));
        JsonObject mean = change(d, "syscalls_per_thread", "web, write", "mean_ns");
        assertTrue(mean.get("significant").getAsBoolean(), mean.toString());
        assertEquals(3, mean.get("b").getAsDouble() / mean.get("a").getAsDouble(), 0.3, mean.toString());
        JsonObject calls = change(d, "syscalls_per_thread", "web, write", "calls");
        assertFalse(calls.get("significant").getAsBoolean(), "as many writes: " + calls);

        JsonObject n = json(diff("--format", "json", a.toString(),
                written("planted-1.0-1.0-3-neighbour", Workload.base(2).withNeighbour()).toString()));
        JsonObject woken = change(n, "sched_latency_per_thread", "web, woken", "mean_ns");
        assertTrue(woken.get("significant").getAsBoolean(), woken.toString());
        assertTrue(woken.get("b").getAsDouble() > 200_000 && woken.get("a").getAsDouble() < 10_000, woken.toString());
    }

    private static JsonObject change(JsonObject diff, String table, String subject, String figure) {
        return diff.getAsJsonArray("changes").asList().stream().map(JsonElement::getAsJsonObject)
                .filter(c -> c.get("table").getAsString().equals(table) && c.get("subject").getAsString().equals(subject)
                        && c.get("figure").getAsString().equals(figure))
                .findFirst().orElseThrow(() -> new AssertionError(table + " " + subject + " " + figure + " not compared"));
    }

    /** Whether a change is about one of those subjects (a wait's cause is named after its thread). */
    private static boolean about(JsonObject change, List<String> subjects) {
        String s = change.get("subject").getAsString();
        return subjects.stream().anyMatch(p -> s.equals(p) || s.startsWith(p + ", "));
    }

    @Test
    void theJsonContract() throws IOException {
        Path a = written("contract-a", Workload.base(1));
        Path b = written("contract-b", Workload.base(2).withSlowerDisk(2));
        JsonObject d = json(diff("--format", "json", a.toString(), b.toString()));
        JsonArray changes = d.getAsJsonArray("changes");
        boolean significantBefore = true;
        for (JsonElement e : changes) {
            JsonObject c = e.getAsJsonObject();
            for (String field : List.of("analysis", "subject", "figure", "a", "b", "significant")) {
                assertTrue(c.has(field), field + " in " + c);
            }
            assertTrue(c.get("significant").getAsJsonPrimitive().isBoolean());
            // ranked: the significant first
            assertTrue(significantBefore || !c.get("significant").getAsBoolean(), c.toString());
            significantBefore = c.get("significant").getAsBoolean();
            // the figure is a column of that analysis's table
            LauncherTest.Result help = InProcessCli.run("help", c.get("analysis").getAsString());
            assertTrue(help.out().contains(c.get("figure").getAsString()), c.get("figure") + " in lttbench help "
                    + c.get("analysis"));
        }
        assertTrue(d.get("normalisation").getAsString().contains("per second"));
    }

    @Test
    void aThresholdPassedFailsTheRunWithItsOwnStatus() throws IOException {
        Path a = written("gate-a", Workload.base(1));
        Path b = written("gate-b", Workload.base(2).withSlowerDisk(2));
        LauncherTest.Result failed = diff("--format", "json", "--fail-if", "io.p50 > +10%", a.toString(), b.toString());
        assertEquals(ExitCode.REGRESSION, failed.code(), failed.err());
        JsonArray which = json(failed).getAsJsonArray("failed");
        assertEquals(1, which.size());
        assertEquals("io.p50 > +10%", which.get(0).getAsJsonObject().get("threshold").getAsString());
        assertTrue(failed.err().contains("--fail-if 'io.p50 > +10%' failed"), failed.err());

        LauncherTest.Result passed = diff("--format", "json", "--fail-if", "io.p50 > +1000%", "--fail-if",
                "syscalls.p99 > +10%", a.toString(), a.toString());
        assertEquals(ExitCode.OK, passed.code(), passed.err());
        assertEquals(0, json(passed).getAsJsonArray("failed").size());

        LauncherTest.Result unknown = diff("--fail-if", "io.nonsense > +10%", a.toString(), b.toString());
        assertEquals(ExitCode.USAGE, unknown.code());
        assertTrue(unknown.err().startsWith("lttbench diff: --fail-if 'io.nonsense > +10%': no figure"), unknown.err());
        assertFalse(unknown.err().contains("\tat "), unknown.err());
    }

    @Test
    void textSaysWhatChangedBiggestFirst() throws IOException {
        Path a = written("text-a", Workload.base(1));
        Path b = written("text-b", Workload.base(2).withSlowerDisk(2));
        LauncherTest.Result r = diff(a.toString(), b.toString());
        assertEquals(ExitCode.OK, r.code(), r.err());
        String[] lines = r.out().split("\n");
        int list = List.of(lines).indexOf("What changed, biggest first");
        assertTrue(list > 0, r.out());
        assertTrue(lines[list + 1].matches("  (io|process|syscalls): .*(backup|read).*\\+.*"), lines[list + 1]);
        assertTrue(r.out().contains("per second of traced time"), r.out());
        LauncherTest.Result all = diff("--rows", "all", a.toString(), b.toString());
        assertEquals(ExitCode.OK, all.code(), all.err());
        assertFalse(all.out().contains(" more: --rows all"), all.out());
        assertTrue(all.out().lines().count() > r.out().lines().count());
    }

    @Test
    void analysesOfOneRunOnlyAreSaidNotCompared() {
        Path examples = TestPaths.repository().resolve("examples");
        LauncherTest.Result r = diff("--format", "json", examples.resolve("kernel-demo").toString(),
                examples.resolve("ust-calibrate").toString());
        assertTrue(r.err().contains("note: not compared, since they ran on one run only: process (A only)"), r.err());
        for (JsonElement e : json(r).getAsJsonArray("changes")) {
            String analysis = e.getAsJsonObject().get("analysis").getAsString();
            assertTrue(analysis.equals("overhead") || analysis.equals("discarded"), analysis);
        }
    }

    @Test
    void aMissingRunIsOneLine() {
        LauncherTest.Result r = diff("/nonexistent/run", TestPaths.repository().resolve("examples/kernel-demo").toString());
        assertEquals(ExitCode.UNREADABLE_TRACE, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("lttbench diff: "), r.err());
    }
}
