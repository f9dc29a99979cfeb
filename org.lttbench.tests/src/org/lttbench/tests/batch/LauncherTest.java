package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.lttbench.tests.TestPaths;

/** The {@code ./lttbench} launcher from the repository: works when built, one clear line when it cannot run. */
// It only waits on programs it launches: it runs beside the other tests (its own cases one at a time, they share
// scratch directories), never beside the @Isolated ones that measure or record with LTTng.
@Execution(ExecutionMode.CONCURRENT)
public class LauncherTest {

    public record Result(int code, String out, String err) {
    }

    public static Result run(Path launcher, Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("/bin/bash", launcher.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().putAll(env);
        Path out = Files.createTempFile("launcher", ".out");
        Path err = Files.createTempFile("launcher", ".err");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "launcher did not finish");
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    /** A directory for PATH with only the tools the launcher script needs (no java, no lttng). */
    public static Path launcherTools(String name) throws IOException {
        Path bin = TestPaths.workDir(name);
        for (String tool : List.of("bash", "dirname", "readlink", "sed", "head", "ls")) {
            Path real = Path.of("/usr/bin", tool);
            Files.createSymbolicLink(bin.resolve(tool), Files.exists(real) ? real : Path.of("/bin", tool));
        }
        return bin;
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void helpAndVersionWorkFromTheBuild() throws Exception {
        Path launcher = TestPaths.repository().resolve("lttbench");
        Result help = run(launcher, Map.of(), "--help");
        assertEquals(0, help.code(), help.err());
        assertTrue(help.out().contains("Usage: lttbench"), help.out());
        Result version = run(launcher, Map.of(), "--version");
        assertEquals(0, version.code(), version.err());
        assertTrue(version.out().matches("lttbench \\d+\\.\\d+\\.\\d+\\.\\S+\\s*"), version.out());
    }

    /**
     * The build's class archive is what the launcher starts from: our classes and picocli's (compiled again for Java
     * 21 so that an archive can hold them) come from it, not from the jars. Skipped, saying why, when the build made
     * none (LTTBENCH_CLASS_ARCHIVE=0) or made it with another JDK than the launcher finds.
     */
    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void itStartsFromTheClassArchiveTheBuildMade() throws Exception {
        Path target = TestPaths.repository().resolve("org.lttbench.ui/target");
        Path jdk = target.resolve("lttbench.archive-jdk");
        String why = !Files.exists(jdk) ? "the build made no class archive (" + jdk + " is missing)" : null;
        Result found = run(TestPaths.repository().resolve("releng/scripts/find-jdk"), Map.of());
        if (why == null && !Files.readString(jdk).strip().equals(found.out().strip())) {
            why = "the class archive is for " + Files.readString(jdk).strip() + ", the launcher runs " + found.out().strip();
        }
        if (why != null) {
            System.out.println("LauncherTest.itStartsFromTheClassArchiveTheBuildMade skipped: " + why);
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(why == null, why);
        // LTTBENCH_JAVA_OPTS is split at spaces, and the clone's path may hold some: a log file named relatively
        Path dir = TestPaths.workDir("launcher-archive");
        ProcessBuilder pb = new ProcessBuilder("/bin/bash", TestPaths.repository().resolve("lttbench").toString(), "dump",
                "--count", TestPaths.repository().resolve("examples/kernel-demo").toString()).directory(dir.toFile())
                .redirectOutput(dir.resolve("out").toFile()).redirectError(dir.resolve("err").toFile());
        pb.environment().put("LTTBENCH_JAVA_OPTS", "-Xlog:class+load=info:file=class-load.log");
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "launcher did not finish");
        Result r = new Result(p.exitValue(), Files.readString(dir.resolve("out")), Files.readString(dir.resolve("err")));
        assertEquals(0, r.code(), r.err());
        List<String> lines = Files.readAllLines(dir.resolve("class-load.log"));
        for (String cls : List.of("org.lttbench.core.batch.Main", "org.lttbench.core.ctf.TsdlParser", "picocli.CommandLine")) {
            String line = lines.stream().filter(l -> l.contains(" " + cls + " source: ")).findFirst().orElse("none");
            assertTrue(line.contains("source: shared objects file"), cls + " is not from the archive: " + line);
        }
        // and without it (as on another JDK), the same answer
        Result without = run(TestPaths.repository().resolve("lttbench"), Map.of("LTTBENCH_CLASS_ARCHIVE", "0"), "dump",
                "--count", TestPaths.repository().resolve("examples/kernel-demo").toString());
        assertEquals(0, without.code(), without.err());
        assertEquals(r.out(), without.out());
    }

    /**
     * The analysing commands run on C1 alone when their traces add up to under 150 MiB (C2's compiling does not pay
     * off in a run of seconds; docs/performance.md), not on larger traces, not for dump, not for a live session, and
     * not when LTTBENCH_JAVA_OPTS chooses the compilers. Read from the JVM's own log of its arguments.
     */
    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void smallTracesAreAnalysedOnC1Alone() throws Exception {
        Path dir = TestPaths.workDir("launcher-jit");
        String demo = TestPaths.repository().resolve("examples/kernel-demo").toString();
        // a trace of 200 MiB to the launcher's eye: its metadata and a sparse stream file (the JVM only starts)
        Path large = Files.createDirectories(dir.resolve("large"));
        Files.copy(Path.of(demo, "metadata"), large.resolve("metadata"));
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(large.resolve("channel0_0").toFile(), "rw")) {
            f.setLength(200L << 20);
        }
        String c1Alone = "-XX:TieredStopAtLevel=1";
        assertTrue(jvmArguments(dir, "", "analyze", demo).contains(c1Alone));
        assertTrue(jvmArguments(dir, "", "diff", demo, demo).contains(c1Alone));
        assertTrue(!jvmArguments(dir, "", "dump", "--count", demo).contains(c1Alone));
        assertTrue(!jvmArguments(dir, "", "lami", "process", "--mi-version", large.toString()).contains(c1Alone));
        assertTrue(!jvmArguments(dir, "", "diff", demo, large.toString()).contains(c1Alone));
        assertTrue(!jvmArguments(dir, "", "analyze", "net://127.0.0.1:1/host/h/s").contains(c1Alone));
        String chosen = jvmArguments(dir, "-XX:TieredStopAtLevel=4", "analyze", demo);
        assertTrue(!chosen.contains(c1Alone) && chosen.contains("-XX:TieredStopAtLevel=4"), chosen);
    }

    /** The {@code jvm_args} the JVM logs when the launcher runs these arguments, with these LTTBENCH_JAVA_OPTS added. */
    private static String jvmArguments(Path dir, String options, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("/bin/bash", TestPaths.repository().resolve("lttbench")
                .toString()));
        command.addAll(List.of(args));
        Path log = dir.resolve("arguments.log");
        Files.deleteIfExists(log);
        // LTTBENCH_JAVA_OPTS is split at spaces, and the clone's path may hold some: a log file named relatively
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(dir.resolve("out").toFile())
                .redirectError(dir.resolve("err").toFile());
        pb.environment().put("LTTBENCH_JAVA_OPTS", (options + " -Xlog:arguments=info:file=arguments.log").strip());
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "launcher did not finish");
        return Files.readAllLines(log).stream().filter(l -> l.contains("jvm_args:")).findFirst()
                .orElseThrow(() -> new AssertionError("no jvm_args in the JVM's log: " + String.join(" ", args)));
    }

    /**
     * What the JVM itself logs (here: a class archive it cannot use, named in LTTBENCH_JAVA_OPTS) goes to stderr: on
     * stdout it would break the JSON a tool reads (a locked /tmp/hsperfdata file of another process with the same PID
     * once put such a line in a snapshot's JSON).
     */
    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void theJvmsOwnMessagesGoToStderr() throws Exception {
        Path none = TestPaths.workDir("launcher-jvm-messages").resolve("none.jsa");
        Result r = run(TestPaths.repository().resolve("lttbench"), Map.of("LTTBENCH_CLASS_ARCHIVE", "0",
                "LTTBENCH_JAVA_OPTS", "-XX:SharedArchiveFile=" + none), "analyze", "--format", "json",
                TestPaths.repository().resolve("examples/kernel-demo").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains(none.toString()), "the JVM's message: " + r.err());
        assertTrue(com.google.gson.JsonParser.parseString(r.out()).getAsJsonObject().has("threads"), r.out());
        assertTrue(r.out().startsWith("{"), r.out().lines().findFirst().orElse(""));
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void withoutTheBuildItSaysSoInOneLine() throws Exception {
        // A copy of the launcher and its scripts in a tree that was never built.
        Path tree = TestPaths.workDir("launcher-unbuilt");
        Files.createDirectories(tree.resolve("releng/scripts"));
        for (String f : TestPaths.LAUNCHER_FILES) {
            Files.copy(TestPaths.repository().resolve(f), tree.resolve(f));
        }
        tree.resolve("releng/scripts/find-jdk").toFile().setExecutable(true);

        Result r = run(tree.resolve("lttbench"), Map.of(), "--help");
        assertEquals(4, r.code());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("not built yet"), r.err());
        assertTrue(r.out().isEmpty(), r.out());
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void withoutAJdk21ItSaysSoInOneLine() throws Exception {
        // PATH with the tools the script needs but no java; no JAVA_HOME; no JDK directories to search.
        Path bin = launcherTools("launcher-nojava-bin");
        Map<String, String> env = new java.util.HashMap<>();
        env.put("PATH", bin.toString());
        env.put("JAVA_HOME", "");
        env.put("LTTBENCH_JAVA_HOME", "");
        env.put("LTTBENCH_JDK_DIRS", "/nonexistent-jdk-dir");
        Result r = run(TestPaths.repository().resolve("lttbench"), env, "--help");
        assertEquals(4, r.code());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("no JDK 21 or newer found"), r.err());
    }
}
