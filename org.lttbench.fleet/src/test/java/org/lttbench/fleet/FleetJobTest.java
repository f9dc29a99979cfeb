package org.lttbench.fleet;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.CellFormat;
import org.lttbench.fleet.RelaydTree.Unit;
import org.lttbench.fleet.inventory.FleetInventory;
import org.lttbench.fleet.inventory.FleetTrace;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * The fleet job over a relayd-style tree of the shared traces, held to the command line: each host's tables are what
 * {@code lttbench analyze} gives on that host's session directory (its JSON and its CSV), the summary's answers are
 * what those per-host reports give when put together, and the corrupt trace is reported with the command line's own
 * error while every other host's tables are written.
 */
class FleetJobTest {
    private static final int TOP = 5;

    private static RelaydTree tree;
    private static Path out;
    private static FleetJob.Outcome outcome;
    private static String progress;

    @BeforeAll
    static void runTheJob() throws IOException {
        tree = RelaydTree.make(TestTraces.work("relayd"));
        out = TestTraces.work("fleet-out");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        outcome = new FleetJob(LocalSpark.session(), out.toUri().toString(), TOP)
                .run(FleetInventory.scan(tree.root()), FleetProgress.Mode.LOG,
                        new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true));
        progress = err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void eachHostsThreadsAreWhatTheCommandLineGivesOnItsTrace() throws IOException {
        int compared = compareWithCommandLine("threads");
        assertTrue(compared >= 6, "kernel hosts compared: " + compared);
    }

    @Test
    void eachHostsProcessesAreWhatTheCommandLineGivesOnItsTrace() throws IOException {
        int compared = compareWithCommandLine("processes", "--by", "process");
        assertTrue(compared >= 6, "kernel hosts compared: " + compared);
    }

    @Test
    void eachHostsLossPerStreamIsWhatTheCommandLineGives() throws IOException {
        int compared = compareWithCommandLine("streams");
        assertEquals(tree.units().size() - 1, compared, "every host but the broken one has streams");
    }

    @Test
    void eachHostsTracepointsAreWhatTheCommandLineGives() throws IOException {
        assertEquals(tree.units().size() - 1, compareWithCommandLine("tracepoints"));
    }

    @Test
    void theThreadsCsvHoldsTheCommandLinesCsvRowsAfterHostAndSession() throws IOException {
        List<String> fleet = Files.readAllLines(out.resolve("csv/threads.csv"));
        int compared = 0;
        for (Unit u : ok()) {
            List<String> cli = CommandLineReports.csvLines(u.dir(), "threads");
            String prefix = u.host() + "," + u.session() + ",";
            List<String> mine = fleet.stream().filter(l -> l.startsWith(prefix))
                    .map(l -> l.substring(prefix.length())).sorted().toList();
            if (cli == null) {
                assertEquals(List.of(), mine, u.host());
                continue;
            }
            assertEquals("host,session," + cli.get(0), fleet.get(0), "header");
            assertEquals(cli.subList(1, cli.size()).stream().sorted().toList(), mine, u.host());
            compared++;
        }
        assertTrue(compared >= 6, "kernel hosts compared: " + compared);
    }

    @Test
    void theCorruptTraceIsReportedWithTheCommandLinesErrorAndTheOthersAreWritten() throws IOException {
        Unit broken = tree.broken();
        CommandLineReports.Run cli = CommandLineReports.run("analyze", "--quiet", "--format", "json",
                broken.dir().toString());
        assertEquals(3, cli.exitCode());
        // Notes of the analyses the trace cannot give (no system call events) come first: the error is the last line.
        String error = cli.stderr().strip().lines().reduce((first, last) -> last).orElse("").replaceFirst("^lttbench analyze: ", "");
        assertTrue(error.startsWith(broken.dir().resolve("kernel/channel0_0") + " at byte "), error);

        List<Row> traces = table("traces").orderBy("host").collectAsList();
        assertEquals(tree.units().size(), traces.size());
        for (Row r : traces) {
            String host = r.getAs("host");
            boolean isBroken = host.equals(broken.host());
            assertEquals(isBroken ? "failed" : "ok", r.<String>getAs("status"), host);
            assertEquals(isBroken ? error : null, r.<String>getAs("error"), host);
        }
        assertEquals(1, outcome.failed());
        List<Row> failed = table("failed_traces").collectAsList();
        assertEquals(1, failed.size());
        assertEquals(error, failed.get(0).getAs("error"));
        String summary = Files.readString(out.resolve("summary.txt"));
        assertEquals(outcome.summary(), summary);
        assertTrue(summary.contains(error), summary);
        assertEquals(0, table("threads").filter(col("host").equalTo(broken.host())).count(),
                "nothing half-read of the broken trace");
    }

    @Test
    void hostsComeFromTheRelaydPathAndOtherwiseFromTheMetadata() {
        Map<String, String> origins = new TreeMap<>();
        for (Row r : table("traces").collectAsList()) {
            origins.put(r.getAs("host") + " " + r.getAs("session"), r.getAs("host_origin"));
        }
        Map<String, String> expected = new TreeMap<>();
        for (Unit u : tree.units()) {
            expected.put(u.host() + " " + u.session(), u.session().equals("ust-ros2") ? "metadata" : "relayd path");
        }
        assertEquals(expected, origins);
    }

    @Test
    void theTopProcessesAcrossHostsAreTheTopOfEveryHostsProcesses() throws IOException {
        List<JsonObject> all = new ArrayList<>();
        Map<JsonObject, String> hostOf = new HashMap<>();
        for (Unit u : ok()) {
            List<JsonObject> rows = CommandLineReports.jsonRows(u.dir(), "processes", "--by", "process");
            if (rows != null) {
                rows.forEach(r -> hostOf.put(r, u.host()));
                all.addAll(rows);
            }
        }
        List<String> ioWait = all.stream().filter(r -> !r.get("wait_io_ns").isJsonNull() && r.get("wait_io_ns").getAsLong() > 0)
                .sorted(Comparator.comparingLong((JsonObject r) -> -r.get("wait_io_ns").getAsLong())
                        .thenComparing(hostOf::get).thenComparingLong(FleetJobTest::pid))
                .limit(TOP).map(r -> hostOf.get(r) + " " + r.get("pid") + " " + r.get("wait_io_ns")).toList();
        assertFalse(ioWait.isEmpty(), "the scp traces wait on their disks");
        assertEquals(ioWait, table("top_io_wait").collectAsList().stream()
                .map(r -> r.getAs("host") + " " + r.getAs("pid") + " " + r.getAs("wait_io_ns")).toList());

        List<String> cpu = all.stream().filter(FleetJobTest::working)
                .sorted(Comparator.comparingLong((JsonObject r) -> -r.get("running_ns").getAsLong())
                        .thenComparing(hostOf::get).thenComparingLong(FleetJobTest::pid))
                .limit(TOP).map(r -> hostOf.get(r) + " " + r.get("pid") + " " + r.get("running_ns")).toList();
        assertEquals(cpu, table("top_cpu").collectAsList().stream()
                .map(r -> r.getAs("host") + " " + r.getAs("pid") + " " + r.getAs("running_ns")).toList());
    }

    @Test
    void theHostsThatLostEventsAreThoseWhoseStreamsLostEventsOrPackets() throws IOException {
        Map<String, String> expected = new TreeMap<>();
        for (Unit u : ok()) {
            Long events = null;
            Long packets = null;
            for (JsonObject s : CommandLineReports.jsonRows(u.dir(), "streams")) {
                events = add(events, s.get("discarded_events"));
                packets = add(packets, s.get("discarded_packets"));
            }
            if ((events != null && events > 0) || (packets != null && packets > 0)) {
                expected.put(u.host(), events + " " + packets);
            }
        }
        assertEquals(Set.of("loki", "joraj-alpa"), expected.keySet(), "the shared traces that lost events");
        Map<String, String> lossy = new TreeMap<>();
        for (Row r : table("lossy_hosts").collectAsList()) {
            lossy.put(r.getAs("host"), r.getAs("discarded_events") + " " + r.getAs("discarded_packets"));
            assertTrue(((String) r.getAs("advice")).contains("lttng enable-channel"), r.toString());
        }
        assertEquals(expected, lossy);
    }

    @Test
    void theProgressLineCountsEveryTraceAndItsBytes() throws IOException {
        long bytes = 0;
        for (FleetTrace t : FleetInventory.scan(tree.root())) {
            try (CtfTraceSet set = CtfTraceSet.open(t.paths())) {
                bytes += set.totalBytes(); // the reader's own count of stream bytes
            }
        }
        String last = progress.lines().reduce((a, b) -> b).orElseThrow();
        String expected = "fleet: " + tree.units().size() + "/" + tree.units().size() + " traces (1 failed), "
                + CellFormat.bytes(bytes) + " of " + CellFormat.bytes(bytes) + ", ";
        assertTrue(last.startsWith(expected), last + " should start with " + expected);
    }

    @Test
    void theHostsTableAddsUpEachHostsTraces() throws IOException {
        Map<String, Row> hosts = new HashMap<>();
        table("hosts").collectAsList().forEach(r -> hosts.put(r.getAs("host"), r));
        assertEquals(tree.units().stream().map(Unit::host).collect(java.util.stream.Collectors.toSet()), hosts.keySet());
        for (Unit u : ok()) {
            List<JsonObject> threads = CommandLineReports.jsonRows(u.dir(), "threads");
            Row h = hosts.get(u.host());
            if (threads == null) {
                assertNotNull(h);
                assertTrue(h.isNullAt(h.fieldIndex("threads")), u.host());
                continue;
            }
            long working = threads.stream().filter(FleetJobTest::working).count();
            long running = threads.stream().filter(FleetJobTest::working).mapToLong(t -> t.get("running_ns").getAsLong()).sum();
            assertEquals(working, (long) h.getAs("threads"), u.host());
            assertEquals(running, (long) h.getAs("running_ns"), u.host());
        }
    }

    /**
     * Compares a table's rows for every host with the same table of {@code lttbench analyze --format json} on the
     * host's session directory, cell by cell (as multisets: row order is the writer's). Returns how many hosts had
     * rows; a host whose command line wrote no such table must have none either.
     */
    private static int compareWithCommandLine(String key, String... args) throws IOException {
        Dataset<Row> table = table(key);
        Map<String, DataType> types = new LinkedHashMap<>();
        for (StructField f : table.schema().fields()) {
            types.put(f.name(), f.dataType());
        }
        int compared = 0;
        for (Unit u : ok()) {
            List<JsonObject> cli = CommandLineReports.jsonRows(u.dir(), key, args);
            List<Row> fleet = table.filter(col("host").equalTo(u.host()).and(col("session").equalTo(u.session())))
                    .collectAsList();
            if (cli == null || cli.isEmpty()) {
                assertEquals(0, fleet.size(), key + " of " + u.host() + ": the command line has none");
                continue;
            }
            List<String> expected = new ArrayList<>();
            for (JsonObject row : cli) {
                Map<String, Object> cells = new TreeMap<>();
                for (var e : row.entrySet()) {
                    cells.put(e.getKey(), value(e.getValue(), types.get(e.getKey())));
                }
                expected.add(cells.toString());
            }
            List<String> actual = new ArrayList<>();
            for (Row row : fleet) {
                Map<String, Object> cells = new TreeMap<>();
                for (String name : cli.get(0).keySet()) {
                    Object v = row.getAs(name);
                    cells.put(name, v);
                }
                actual.add(cells.toString());
            }
            expected.sort(null);
            actual.sort(null);
            assertEquals(expected, actual, key + " of " + u.host() + " " + u.session());
            compared++;
        }
        return compared;
    }

    private static Object value(JsonElement e, DataType type) {
        if (e == null || e.isJsonNull()) {
            return null;
        }
        if (type == null) {
            throw new AssertionError("the fleet table lacks a column the command line has: " + e);
        }
        if (type.equals(DataTypes.LongType)) {
            return e.getAsLong();
        }
        if (type.equals(DataTypes.DoubleType)) {
            return e.getAsDouble();
        }
        return e.getAsString();
    }

    /** Not a CPU's idle thread (PID 0): a thread whose process is unknown counts as working. */
    private static boolean working(JsonObject row) {
        return row.get("pid").isJsonNull() || row.get("pid").getAsLong() != 0;
    }

    /** As Spark orders it: an unknown PID first. */
    private static long pid(JsonObject row) {
        return row.get("pid").isJsonNull() ? Long.MIN_VALUE : row.get("pid").getAsLong();
    }

    private static Long add(Long sum, JsonElement e) {
        if (e == null || e.isJsonNull()) {
            return sum;
        }
        return (sum == null ? 0 : sum) + e.getAsLong();
    }

    private static List<Unit> ok() {
        return tree.units().stream().filter(u -> u != tree.broken()).toList();
    }

    private static Dataset<Row> table(String key) {
        return LocalSpark.session().read().parquet(out.resolve("parquet").resolve(key).toString());
    }
}
