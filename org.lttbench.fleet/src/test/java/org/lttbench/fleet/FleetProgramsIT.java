package org.lttbench.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fleet job as users run it, each a program of its own on the jars the build just made: {@code ./lttbench fleet}
 * (Spark embedded), and {@code spark-submit} of the -spark jar to a {@code local-cluster} master (a standalone master
 * and worker in the driver, the executor a JVM of its own that gets LTTbench from the jar Spark ships it). Both are
 * held to {@code ./lttbench analyze --format csv} on each host's session directory.
 */
class FleetProgramsIT {
    private static final String[] TABLES = { "threads", "processes", "streams", "tracepoints" };

    private static Path repo;
    private static RelaydTree tree;

    @BeforeAll
    static void tree() throws IOException {
        repo = Path.of(System.getProperty("lttbench.repo", "..")).toAbsolutePath().normalize();
        tree = RelaydTree.small(TestTraces.work("programs-relayd"));
    }

    @Test
    void theLauncherWritesWhatAnalyzeGivesPerHostAndSaysOnlyProgressAndTheFailure() throws Exception {
        Path out = TestTraces.work("programs-launcher");
        Run r = run(Map.of(), List.of(repo.resolve("lttbench").toString(), "fleet", tree.root().toString(), "--out",
                out.toString(), "--no-ui"));
        assertEquals(3, r.code, r.err);
        assertTrue(r.out.startsWith("LTTbench fleet: 5 traces of 5 hosts, "), r.out);
        List<String> err = r.err.lines().toList();
        for (String line : err) {
            assertTrue(line.startsWith("fleet: ") || line.startsWith("lttbench fleet: "), "stderr: " + line);
        }
        assertTrue(err.get(err.size() - 1).startsWith("lttbench fleet: 1 of 5 traces failed"), r.err);
        assertTrue(err.get(err.size() - 2).startsWith("fleet: 5/5 traces (1 failed), "), r.err);
        sameAsAnalyze(out);
    }

    @Test
    void sparkSubmitRunsTheSameJobOnExecutorsOfTheirOwn() throws Exception {
        Path target = repo.resolve("org.lttbench.fleet/target");
        Path jar = Files.list(target).filter(p -> p.getFileName().toString().endsWith("-spark.jar")).findFirst()
                .orElseThrow();
        // what a Spark installation's layout gives the worker to start executors: SPARK_HOME/jars
        Path sparkHome = TestTraces.work("spark-home");
        Files.createSymbolicLink(sparkHome.resolve("jars"), target.resolve("lib"));
        Path out = TestTraces.work("programs-submit");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Run r = run(Map.of("SPARK_HOME", sparkHome.toString(), "SPARK_SCALA_VERSION", "2.13"),
                List.of(java, "@" + repo.resolve("org.lttbench.fleet/jvm-options"), "-cp",
                        target.resolve("lib") + File.separator + "*", "org.apache.spark.deploy.SparkSubmit",
                        "--master", "local-cluster[1,2,1024]", "--conf", "spark.driver.host=127.0.0.1",
                        "--conf", "spark.ui.enabled=false",
                        "--class", "org.lttbench.fleet.FleetMain", jar.toString(),
                        tree.root().toString(), "--out", out.toString()));
        assertEquals(3, r.code, r.err);
        assertTrue(r.err.contains("ExecutorRunner: Launch command"), "an executor JVM of its own");
        assertTrue(r.out.startsWith("LTTbench fleet: 5 traces of 5 hosts, "), r.out);
        sameAsAnalyze(out);
    }

    /** Each host's rows of each table are the CSV rows of {@code ./lttbench analyze} on its session directory. */
    private static void sameAsAnalyze(Path out) throws Exception {
        int compared = 0;
        for (String table : TABLES) {
            List<String> fleet = Files.readAllLines(out.resolve("csv").resolve(table + ".csv"));
            for (RelaydTree.Unit u : tree.units()) {
                if (u == tree.broken()) {
                    continue;
                }
                Path cli = analyzeCsv(u, table.equals("processes"));
                Path file = cli.resolve(table + ".csv");
                String prefix = u.host() + "," + u.session() + ",";
                List<String> mine = fleet.stream().filter(l -> l.startsWith(prefix))
                        .map(l -> l.substring(prefix.length())).sorted().toList();
                if (!Files.exists(file)) {
                    assertEquals(List.of(), mine, table + " " + u.host());
                    continue;
                }
                List<String> lines = Files.readAllLines(file);
                assertEquals("host,session," + lines.get(0), fleet.get(0));
                assertEquals(lines.subList(1, lines.size()).stream().sorted().toList(), mine, table + " " + u.host());
                compared++;
            }
        }
        assertTrue(compared >= 10, "tables compared: " + compared);
    }

    private static final java.util.Map<String, Path> ANALYZED = new java.util.HashMap<>();

    private static synchronized Path analyzeCsv(RelaydTree.Unit u, boolean byProcess) throws Exception {
        String key = u.dir() + " " + byProcess;
        Path out = ANALYZED.get(key);
        if (out == null) {
            out = TestTraces.work("programs-analyze");
            List<String> command = new ArrayList<>(List.of(repo.resolve("lttbench").toString(), "analyze", "--format",
                    "csv", "--out", out.toString()));
            if (byProcess) {
                command.addAll(List.of("--by", "process"));
            }
            command.add(u.dir().toString());
            Run r = run(Map.of(), command);
            assertEquals(0, r.code, r.err);
            ANALYZED.put(key, out);
        }
        return out;
    }

    private record Run(int code, String out, String err) {
    }

    private static Run run(Map<String, String> env, List<String> command) throws Exception {
        Path dir = TestTraces.work("program");
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(dir.resolve("out").toFile())
                .redirectError(dir.resolve("err").toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("still running after 10 minutes: " + command);
        }
        return new Run(p.exitValue(), Files.readString(dir.resolve("out"), StandardCharsets.UTF_8),
                Files.readString(dir.resolve("err"), StandardCharsets.UTF_8));
    }
}
