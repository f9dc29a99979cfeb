package org.lttbench.tests.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.lttbench.core.analysis.overhead.MachineCalibration;
import org.lttbench.core.calibration.CalibrationWorkload.Build;
import org.lttbench.core.calibration.CalibrationWorkload;
import org.lttbench.core.calibration.WorkloadMeasurement;
import org.lttbench.tests.LttngRecording;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.analysis.discarded.Bt2Losses;
import org.lttbench.tests.batch.LauncherTest.Result;
import org.lttbench.tests.batch.LauncherTest;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * {@code ./lttbench calibrate --quick} with real LTTng: the report's figures are what the workload printed, the trace
 * accounts for every event the workload emitted, babeltrace2 finds the same counts in the traces, and a machine
 * without the tools gets one clear line.
 */
@ExtendWith(LttngRecording.class)
@Isolated
class CalibrationTest {

    /** The fields of the workload's summary line in a file it printed. */
    static Map<String, String> summary(Path file) throws IOException {
        return line(file, "summary");
    }

    /** The fields of the workload's line of this kind ({@code summary}, or {@code pairs} in paired mode). */
    static Map<String, String> line(Path file, String kind) throws IOException {
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.startsWith("lttbench-calibrate kind=" + kind + " ")) {
                Map<String, String> fields = new HashMap<>();
                for (String token : line.split(" ")) {
                    int eq = token.indexOf('=');
                    if (eq > 0) {
                        fields.put(token.substring(0, eq), token.substring(eq + 1));
                    }
                }
                return fields;
            }
        }
        throw new AssertionError("no " + kind + " line in " + file);
    }

    static double number(Map<String, String> fields, String key) {
        return Double.parseDouble(fields.get(key));
    }

    @Test
    void quickSweepReportsTheWorkloadsOwnMeasurements() throws Exception {
        Path out = TestPaths.workDir("calibrate-quick");
        Result r = LauncherTest.run(TestPaths.repository().resolve("lttbench"), Map.of(), "calibrate", "--quick", "--out",
                out.toString(), "--session-prefix", "overhead-test-quick");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("Tracing overhead per event"), r.out());
        JsonObject report = JsonParser.parseString(Files.readString(out.resolve("calibration.json"))).getAsJsonObject();

        // Instrumentation: the untraced and inactive rows are the workload's printed medians.
        JsonArray instrumentation = report.getAsJsonArray("calibration_instrumentation");
        Map<String, String> untraced = summary(out.resolve("untraced.txt"));
        Map<String, String> inactive = summary(out.resolve("inactive.txt"));
        assertEquals("none", untraced.get("tracing"));
        assertEquals("inactive", inactive.get("tracing"));
        assertEquals(number(untraced, "cpu_ns_per_iteration"), row(instrumentation, 0, "cpu_ns_per_iteration"));
        assertEquals(number(untraced, "ns_per_iteration"), row(instrumentation, 0, "ns_per_iteration"));
        assertEquals(number(inactive, "cpu_ns_per_iteration"), row(instrumentation, 1, "cpu_ns_per_iteration"));
        // A cost is never negative: where noise makes the inactive loop the faster one, it reads 0 and a note says so.
        double inactiveOverhead = number(inactive, "cpu_ns_per_iteration") - number(untraced, "cpu_ns_per_iteration");
        assertEquals(Math.max(0, inactiveOverhead), row(instrumentation, 1, "overhead_ns"), 1e-9);
        boolean noted = report.getAsJsonArray("notes").asList().stream()
                .anyMatch(n -> n.getAsString().startsWith("the loop with an inactive tracepoint ran"));
        assertEquals(inactiveOverhead < 0, noted, "a note exactly when the measured overhead was negative");
        // Every line of the text fits 120 columns.
        for (String line : r.out().lines().toList()) {
            assertTrue(line.codePointCount(0, line.length()) <= 120, "a line of the calibration's text: " + line);
        }

        JsonArray tracing = report.getAsJsonArray("calibration_tracing");
        List<Path> points;
        try (Stream<Path> list = Files.list(out)) {
            points = list.filter(p -> p.getFileName().toString().matches("\\d\\d-.*")).sorted().toList();
        }
        // the plan's 6 points, then on a busy machine whole-run retries (CalibrationRetryTest)
        assertTrue(tracing.size() >= 6, tracing.toString());
        assertEquals(tracing.size(), points.size());
        // and --calibration reads what it wrote
        MachineCalibration calibration = MachineCalibration.read(out);
        assertTrue(calibration.withContextsNs() > 0 && calibration.withoutContextsNs() > 0, calibration.describe());
        boolean sawContexts = false;
        boolean sawOverwrite = false;
        for (int i = 0; i < tracing.size(); i++) {
            JsonObject row = tracing.get(i).getAsJsonObject();
            String config = row.get("config").getAsString();
            assertTrue(points.get(i).getFileName().toString().endsWith(config), config + " vs " + points.get(i));
            Map<String, String> printed = summary(points.get(i).resolve("workload.txt"));
            assertEquals("active", printed.get("tracing"), config);
            assertEquals(number(printed, "cpu_ns_per_iteration"), row.get("cpu_ns_per_iteration").getAsDouble(), config);
            assertEquals(number(printed, "ns_per_iteration"), row.get("ns_per_iteration").getAsDouble(), config);
            assertEquals(Math.max(0, number(printed, "cpu_ns_per_iteration") - number(untraced, "cpu_ns_per_iteration")),
                    row.get("overhead_ns").getAsDouble(), 1e-9, config);

            // Every emitted event is in the trace, counted as discarded, or in a lost packet (overwrite only).
            long iterations = Long.parseLong(printed.get("iterations"));
            long repeats = Long.parseLong(printed.get("repeats"));
            long emitted = row.get("emitted").getAsLong();
            assertEquals(10_000 + repeats * iterations + 2 * repeats, emitted, config);
            long captured = row.get("captured").getAsLong();
            long discarded = row.get("discarded").getAsLong();
            assertTrue(captured > 0, config);
            if (row.get("mode").getAsString().equals("discard")) {
                assertEquals(emitted, captured + discarded, config + ": captured + discarded");
                assertEquals(0, row.get("lost_packets").getAsLong() + row.get("lost_packets_before").getAsLong(), config);
            } else {
                sawOverwrite = true;
                assertEquals(0, discarded, config);
                // Overwrite mode loses whole packets: between packets read, or before a stream's first packet read.
                long lostPackets = row.get("lost_packets").getAsLong() + row.get("lost_packets_before").getAsLong();
                assertEquals(lostPackets == 0, captured == emitted, config);
            }

            // Where something was lost, babeltrace2, the reference decoder, counts the same in the trace (without
            // loss, captured == emitted above is the stronger check).
            if (captured < emitted) {
                // The channel records this workload's tracepoints only: every event in the trace is one.
                Bt2Losses.Counts bt2 = Bt2Losses.total(traceDirectories(points.get(i).resolve("trace")));
                assertEquals(bt2.events(), captured, config);
                assertEquals(bt2.discardedEvents(), discarded, config);
                assertEquals(bt2.discardedPackets(), row.get("lost_packets").getAsLong(), config);
            }

            // Points with the vtid context get an estimate from the trace; others say why not.
            if (row.get("contexts").getAsString().contains("vtid")) {
                sawContexts = true;
                assertFalse(row.get("cost_bound_ns").isJsonNull(), config + ": " + row.get("why"));
            } else {
                assertTrue(row.get("cost_bound_ns").isJsonNull(), config);
                assertTrue(row.get("why").getAsString().contains("thread context"), config);
            }
        }
        assertTrue(sawContexts && sawOverwrite);
        assertEquals(tracing.size(), report.getAsJsonArray("calibration_loss").size());

        // The cost by gap: a paired run per amount of work of the plan, each row what the workload printed, its trace
        // whole, its gap the work and the tracer's cost together
        JsonArray gapCost = report.getAsJsonArray(MachineCalibration.GAP_COST_TABLE);
        List<Path> gapRuns;
        try (Stream<Path> list = Files.list(out)) {
            gapRuns = list.filter(p -> p.getFileName().toString().matches("gap-\\d-\\d\\d-.*")).sorted().toList();
        }
        assertEquals(3 * 5, gapCost.size(), "5 amounts of work, 3 rounds: " + gapCost);
        assertEquals(gapCost.size(), gapRuns.size());
        double previousWork = -1;
        long round = 1;
        for (int i = 0; i < gapCost.size(); i++) {
            JsonObject row = gapCost.get(i).getAsJsonObject();
            Map<String, String> printed = line(gapRuns.get(i).resolve("workload.txt"), "pairs");
            String what = gapRuns.get(i).getFileName() + ": " + row;
            assertEquals("active", printed.get("tracing"), what);
            double work = row.get("work_ns").getAsDouble();
            if (work < previousWork) {
                round++;
            }
            assertEquals(round, row.get("round").getAsLong(), what);
            assertTrue(work != previousWork, what);
            previousWork = work;
            assertEquals(Math.max(0, number(printed, "cost_ns")), row.get("cost_ns").getAsDouble(), 1e-9, what);
            double untracedNs = number(printed, "untraced_cpu_ns_per_iteration");
            assertEquals(untracedNs, row.get("untraced_ns").getAsDouble(), what);
            long emitted = row.get("emitted").getAsLong();
            assertEquals(Long.parseLong(printed.get("iterations")) * (Long.parseLong(printed.get("pairs")) + 1), emitted,
                    what);
            assertEquals(emitted, row.get("captured").getAsLong(), what + ": the buffer holds the run");
            assertEquals(0, row.get("discarded").getAsLong(), what);
            assertTrue(row.get("gap_ns").getAsDouble() > 0.9 * untracedNs, what);
        }
        assertEquals(5, calibration.gapCost().gapNs().length, "an amount's rounds make one point: "
                + calibration.describe());
    }

    private static double row(JsonArray table, int index, String key) {
        return table.get(index).getAsJsonObject().get(key).getAsDouble();
    }

    static List<Path> traceDirectories(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> p.getFileName().toString().equals("metadata")).map(Path::getParent).sorted().toList();
        }
    }

    /** A copy of the checkout's launcher and workload sources, using the real build: no workload built yet. */
    private static Path unbuiltCheckout(String name) throws IOException {
        Path repo = TestPaths.repository();
        Path tree = TestPaths.workDir(name);
        Files.createDirectories(tree.resolve("releng/scripts"));
        Files.createDirectories(tree.resolve("releng/workloads/calibrate"));
        Files.createDirectories(tree.resolve("releng/workloads/common"));
        Files.createDirectories(tree.resolve("org.lttbench.ui"));
        List<String> files = new java.util.ArrayList<>(TestPaths.LAUNCHER_FILES);
        files.addAll(List.of("releng/workloads/Makefile", "releng/workloads/calibrate/main.c",
                "releng/workloads/calibrate/tp.c", "releng/workloads/calibrate/tp.h", "releng/workloads/common/workload.h"));
        for (String f : files) {
            Files.copy(repo.resolve(f), tree.resolve(f));
        }
        tree.resolve("releng/scripts/find-jdk").toFile().setExecutable(true);
        Files.createSymbolicLink(tree.resolve("org.lttbench.ui/target"), repo.resolve("org.lttbench.ui/target"));
        return tree;
    }

    @Test
    void buildsTheWorkloadWhenMissing() throws Exception {
        Path tree = unbuiltCheckout("calibrate-unbuilt");
        Path bin = tree.resolve("releng/workloads/target/bin");
        assertFalse(Files.exists(bin.resolve("calibrate")));
        CalibrationWorkload workload = CalibrationWorkload.inCheckout(tree);
        assertTrue(Files.isExecutable(bin.resolve("calibrate")) && Files.isExecutable(bin.resolve("calibrate-notp")));
        WorkloadMeasurement m = workload.run(Build.UNTRACED, 100_000, 2, 0);
        assertEquals("none", m.build());
        assertEquals(2, m.repeatLines().size());
        assertEquals(100_000, m.iterations());
    }

    @Test
    void withoutACompilerItSaysSoInOneLine() throws Exception {
        Path tree = unbuiltCheckout("calibrate-nocc");
        Result r = LauncherTest.run(tree.resolve("lttbench"), Map.of("CC", "/nonexistent/cc"), "calibrate", "--quick",
                "--session-prefix", "overhead-test-nocc");
        assertEquals(1, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("/nonexistent/cc") && r.err().contains("apt-get install gcc"), r.err());
    }

    @Test
    void withoutLttngUstHeadersItSaysSoInOneLine() throws Exception {
        Path tree = unbuiltCheckout("calibrate-noheaders");
        // A real compiler that does not search the multiarch include directory where the LTTng-UST headers live.
        Path cc = tree.resolve("cc-without-lttng");
        Files.writeString(cc, "#!/bin/sh\nexec gcc -nostdinc -isystem \"$(gcc -print-file-name=include)\" -isystem /usr/include \"$@\"\n");
        cc.toFile().setExecutable(true);
        Result r = LauncherTest.run(tree.resolve("lttbench"), Map.of("CC", cc.toString()), "calibrate", "--quick",
                "--session-prefix", "overhead-test-noheaders");
        assertEquals(1, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("liblttng-ust-dev"), r.err());
    }

    @Test
    void anOutputThatIsNotAnEmptyDirectoryIsRefusedInOneLine() throws Exception {
        Path dir = TestPaths.workDir("calibrate-out");
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        Result onFile = LauncherTest.run(TestPaths.repository().resolve("lttbench"), Map.of(), "calibrate", "--quick",
                "--out", file.toString());
        assertEquals(2, onFile.code(), onFile.err());
        assertEquals(1, onFile.err().strip().lines().count(), onFile.err());
        assertTrue(onFile.err().contains("is not a directory"), onFile.err());
        Result nonEmpty = LauncherTest.run(TestPaths.repository().resolve("lttbench"), Map.of(), "calibrate", "--quick",
                "--out", dir.toString());
        assertEquals(2, nonEmpty.code(), nonEmpty.err());
        assertTrue(nonEmpty.err().contains("is not empty"), nonEmpty.err());
    }

    @Test
    void withoutLttngItSaysSoInOneLine() throws Exception {
        // PATH with what the launcher needs but no lttng command: as on a machine without lttng-tools.
        Path bin = LauncherTest.launcherTools("calibrate-nolttng-bin");
        Map<String, String> env = Map.of("PATH", bin.toString(), "JAVA_HOME", System.getProperty("java.home"));
        Result r = LauncherTest.run(TestPaths.repository().resolve("lttbench"), env, "calibrate", "--quick", "--session-prefix",
                "overhead-test-nolttng");
        assertEquals(1, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("lttng-sessiond"), r.err());
    }
}
