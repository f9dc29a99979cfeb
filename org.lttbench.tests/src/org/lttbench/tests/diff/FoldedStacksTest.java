package org.lttbench.tests.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lttbench.core.run.ExitCode;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.InProcessCli;
import org.lttbench.tests.batch.LauncherTest;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * {@code --folded}, as a user writes flame graphs with it: {@code analyze} writes each run's stacks, which add up to
 * the process analysis's threads table of the same trace; {@code diff} writes both runs' stacks, the same files, and
 * their difference per second of each run's traced time; a run against itself differs nowhere; what cannot be written
 * is one line naming why.
 */
public class FoldedStacksTest {
    private static final Path SRC = TestPaths.trace("kernel-scp-src");
    private static final Path DEST = TestPaths.trace("kernel-scp-dest");

    /** A folded file: each stack and its figures (one per run's file, two in a difference). */
    public static Map<String, long[]> read(Path file) throws IOException {
        int figures = file.getFileName().toString().equals("diff.folded") ? 2 : 1;
        Map<String, long[]> stacks = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] parts = line.split(" ");
            String stack = String.join(" ", List.of(parts).subList(0, parts.length - figures));
            long[] n = new long[figures];
            for (int i = 0; i < figures; i++) {
                n[i] = Long.parseLong(parts[parts.length - figures + i]);
            }
            assertTrue(stacks.put(stack, n) == null, "one line per stack: " + stack);
        }
        return stacks;
    }

    @Test
    void analyzeWritesStacksThatAddUpToTheThreadsTable() throws IOException {
        Path folded = TestPaths.workDir("folded").resolve("scp-src.folded");
        LauncherTest.Result r = InProcessCli.run("analyze", "--analysis", "process", "--format", "json", "--folded",
                folded.toString(), SRC.toString());
        assertEquals(ExitCode.OK, r.code(), r.err());
        long threads = 0;
        for (JsonElement e : JsonParser.parseString(r.out()).getAsJsonObject().getAsJsonArray("threads")) {
            JsonObject t = e.getAsJsonObject();
            if (t.get("tid").getAsLong() != 0) {
                for (String s : List.of("running_ns", "wait_cpu_ns", "wait_io_ns", "wait_blocked_ns", "unknown_ns")) {
                    threads += t.get(s).isJsonNull() ? 0 : t.get(s).getAsLong();
                }
            }
        }
        Map<String, long[]> stacks = read(folded);
        assertTrue(stacks.size() > 50, stacks.size() + " stacks");
        assertEquals(threads, stacks.values().stream().mapToLong(n -> n[0]).sum(), "every thread's time, once");
        assertTrue(stacks.keySet().stream().allMatch(s -> s.split(";").length == 3 || s.split(";")[2].equals("Blocked")),
                "process;thread;state, and a blocked state's cause;waker");
    }

    @Test
    void diffWritesBothRunsAndTheirDifferencePerSecond() throws IOException {
        Path dir = TestPaths.workDir("folded-diff");
        LauncherTest.Result r = DiffCommandTest.diff("--format", "json", "--folded", dir.toString(), SRC.toString(), DEST.toString());
        JsonObject d = DiffCommandTest.json(r);
        Path alone = dir.resolve("src-alone.folded");
        assertEquals(ExitCode.OK, InProcessCli.run("analyze", "--folded", alone.toString(), SRC.toString()).code());
        assertEquals(Files.readString(alone), Files.readString(dir.resolve("a.folded")), "A's stacks are analyze's");
        Map<String, long[]> a = read(dir.resolve("a.folded"));
        Map<String, long[]> b = read(dir.resolve("b.folded"));
        Map<String, long[]> both = read(dir.resolve("diff.folded"));
        double secondsA = d.getAsJsonObject("seconds").getAsJsonObject("process").get("a").getAsDouble();
        double secondsB = d.getAsJsonObject("seconds").getAsJsonObject("process").get("b").getAsDouble();
        assertEquals(new java.util.TreeSet<String>(union(a, b)), new java.util.TreeSet<>(both.keySet()));
        for (var e : both.entrySet()) {
            long[] ab = e.getValue();
            assertEquals(2, ab.length, e.getKey());
            assertEquals(a.containsKey(e.getKey()) ? a.get(e.getKey())[0] / secondsA : 0, ab[0], 1.0, e.getKey());
            assertEquals(b.containsKey(e.getKey()) ? b.get(e.getKey())[0] / secondsB : 0, ab[1], 1.0, e.getKey());
        }
        // the receiving sshd (the server, which decrypts) ran where the sending machine's did not
        assertTrue(both.entrySet().stream().anyMatch(e -> e.getKey().equals("sshd;sshd;User or system (no system call events)") && e.getValue()[1] > 10 * e.getValue()[0]),
                "the receiver's sshd runs more");
    }

    private static java.util.Set<String> union(Map<String, long[]> a, Map<String, long[]> b) {
        java.util.Set<String> all = new java.util.HashSet<>(a.keySet());
        all.addAll(b.keySet());
        return all;
    }

    @Test
    void aRunAgainstItselfDiffersNowhere() throws IOException {
        Path dir = TestPaths.workDir("folded-self");
        DiffCommandTest.json(DiffCommandTest.diff("--format", "json", "--folded", dir.toString(), SRC.toString(), SRC.toString()));
        Map<String, long[]> both = read(dir.resolve("diff.folded"));
        assertTrue(both.size() > 50);
        both.forEach((stack, ab) -> assertEquals(ab[0], ab[1], stack));
    }

    @Test
    void whatCannotBeWrittenIsOneLine() throws IOException {
        LauncherTest.Result ust = InProcessCli.run("analyze", "--folded", TestPaths.workDir("folded-ust").resolve("f").toString(),
                TestPaths.trace("ust-hello-lost").toString());
        assertEquals(ExitCode.NOT_APPLICABLE, ust.code(), ust.err());
        assertTrue(ust.err().startsWith("lttbench analyze: --folded needs the process analysis, which does not apply: "), ust.err());
        LauncherTest.Result notAsked = InProcessCli.run("analyze", "--analysis", "overhead", "--folded", "f", SRC.toString());
        assertEquals(ExitCode.USAGE, notAsked.code(), notAsked.err());
        assertTrue(notAsked.err().contains("--folded needs the process analysis or one built on it"), notAsked.err());
        Path file = TestPaths.workDir("folded-file").resolve("a-file");
        Files.writeString(file, "");
        LauncherTest.Result unwritable = InProcessCli.run("analyze", "--analysis", "process", "--folded",
                file.resolve("under-a-file.folded").toString(), SRC.toString());
        assertEquals(ExitCode.USAGE, unwritable.code(), unwritable.err());
        assertTrue(unwritable.err().contains("--folded " + file.resolve("under-a-file.folded") + ": cannot write there"), unwritable.err());
        assertEquals(1, unwritable.err().lines().filter(l -> !l.startsWith("note: ")).count(), unwritable.err());
    }
}
