package org.lttbench.tests.analysis.dropin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.dropin.DropIns;
import org.lttbench.tests.Babeltrace2;
import org.lttbench.tests.DeclaredEvents;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.analysis.latency.LatencyScenarios;
import org.lttbench.tests.batch.InProcessCli;
import org.lttbench.tests.batch.LauncherTest.Result;
import org.lttbench.tests.report.LamiProtocol;
import org.lttbench.tests.writer.KernelTraceWriter;
import org.lttbench.tests.writer.KernelTracer;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * {@code lttbench lami cputop|syscallstats|irqstats|schedstats|iolatencystats|iolatencytop|iousagetop}: the table
 * classes, titles and columns lttng-analyses 0.6.1 declares for those commands (its {@code cli/*.py}
 * {@code _MI_TABLE_CLASSES}, transcribed here), results that follow the LAMI protocol on the shared traces, and on the
 * latency scenarios the latencies the scenarios wrote.
 */
class DropInLamiTest {

    /** lttng-analyses' table classes of each command: class -> title, then each column's "title: class". */
    private static final Map<String, Map<String, List<String>>> DECLARED = new LinkedHashMap<>();
    static {
        DECLARED.put("cputop", Map.of(
                "per-process", List.of("Per-TID top CPU usage", "Process: process", "Migration count: number",
                        "Chronological priorities: string", "CPU usage: ratio"),
                "per-cpu", List.of("Per-CPU top CPU usage", "CPU: cpu", "CPU usage: ratio"),
                "total", List.of("Total CPU usage", "CPU usage: ratio")));
        DECLARED.put("syscallstats", Map.of(
                "per-tid", List.of("System call statistics", "System call: syscall", "Call count: number",
                        "Minimum call duration: duration", "Average call duration: duration",
                        "Maximum call duration: duration", "Call duration standard deviation: duration",
                        "Return values count: string"),
                "total", List.of("Per-TID system call statistics", "Process: process",
                        "Total system call count: number")));
        List<String> irq = List.of("Interrupt: irq", "Interrupt count: number", "Minimum duration: duration",
                "Average duration: duration", "Maximum duration: duration",
                "Interrupt duration standard deviation: duration");
        List<String> hard = new ArrayList<>(List.of("Hardware interrupt statistics"));
        hard.addAll(irq);
        List<String> soft = new ArrayList<>(List.of("Software interrupt statistics"));
        soft.addAll(irq);
        soft.addAll(List.of("Interrupt raise count: number", "Minimum raise latency: duration",
                "Average raise latency: duration", "Maximum raise latency: duration",
                "Interrupt raise latency standard deviation: duration"));
        DECLARED.put("irqstats", Map.of("hard-stats", hard, "soft-stats", soft));
        List<String> sched = List.of("Scheduling count: number", "Minimum latency: duration", "Average latency: duration",
                "Maximum latency: duration", "Scheduling latency standard deviation: duration");
        List<String> total = new ArrayList<>(List.of("Scheduling latency stats (total)"));
        total.addAll(sched);
        List<String> perTid = new ArrayList<>(List.of("Scheduling latency stats (per-TID)", "Wakee process: process"));
        perTid.addAll(sched);
        perTid.add("Chronological priorities: string");
        List<String> perPrio = new ArrayList<>(List.of("Scheduling latency stats (per-prio)", "Priority: number"));
        perPrio.addAll(sched);
        DECLARED.put("schedstats", Map.of("total_stats", total, "per_tid_stats", perTid, "per_prio_stats", perPrio));
        DECLARED.put("iolatencystats", Map.of(
                "syscall-latency-stats", List.of("System call latency statistics", "System call category: string",
                        "Call count: number", "Minimum call latency: duration", "Average call latency: duration",
                        "Maximum call latency: duration", "System call latency standard deviation: duration"),
                "disk-latency-stats", List.of("Partition latency statistics", "Partition: disk", "Access count: number",
                        "Minimum access latency: duration", "Average access latency: duration",
                        "Maximum access latency: duration", "System access latency standard deviation: duration")));
        DECLARED.put("iolatencytop", Map.of("top-syscall", List.of("Top system call latencies",
                "Call time range: time-range", "System call out of range?: bool", "Call duration: duration",
                "System call: syscall", "Read/write size: size", "Process: process", "File path: path",
                "File descriptor: fd")));
        DECLARED.put("iousagetop", Map.of(
                "per-process-top", List.of("Per-process top I/O operations", "Process: process",
                        "Total operations size: size", "Disk operations size: size", "Network operations size: size",
                        "Unknown operations size: size"),
                "per-file-top", List.of("Per-file top I/O operations", "File path/info: path", "Operations size: size",
                        "File descriptor owners: string"),
                "per-process-top-block", List.of("Per-process top block I/O operations", "Process: process",
                        "Operations size: size"),
                "per-disk-top-sector", List.of("Per-disk top sector I/O operations", "Disk: disk", "Sector count: number"),
                "per-disk-top-request", List.of("Per-disk top I/O requests", "Disk: disk", "Request count: number"),
                "per-disk-top-rps", List.of("Per-disk top I/O request time/sector", "Disk: disk",
                        "Request time/sector: duration"),
                "per-netif-top", List.of("Per-network interface top I/O operations", "Network interface: netif",
                        "Operations size: size")));
    }

    @Test
    void theCommandsDeclareLttngAnalysesTableClasses() {
        assertEquals(List.copyOf(DECLARED.keySet()), DropIns.all().stream().map(AnalysisProvider::name).toList());
        for (AnalysisProvider p : DropIns.all()) {
            Result r = InProcessCli.run("lami", p.name(), "--metadata");
            assertEquals(0, r.code(), r.err());
            JsonObject metadata = LamiProtocol.parseOneLine(r.out());
            LamiProtocol.checkMetadata(metadata);
            Map<String, List<String>> ours = new LinkedHashMap<>();
            for (Map.Entry<String, JsonElement> c : metadata.getAsJsonObject("table-classes").entrySet()) {
                if (c.getKey().equals("notes")) {
                    continue;
                }
                JsonObject tableClass = c.getValue().getAsJsonObject();
                List<String> described = new ArrayList<>(List.of(tableClass.get("title").getAsString()));
                for (JsonElement col : tableClass.getAsJsonArray("column-descriptions")) {
                    described.add(col.getAsJsonObject().get("title").getAsString() + ": "
                            + col.getAsJsonObject().get("class").getAsString());
                }
                ours.put(c.getKey(), described);
            }
            assertEquals(DECLARED.get(p.name()), ours, p.name());
            assertTrue(metadata.getAsJsonArray("tags").toString().contains("lttng-analyses"), p.name());
        }
    }

    /** Every command's results on the shared kernel traces follow the protocol (classes, cells) and exit 0. */
    @Test
    void resultsOnTheSharedTracesFollowTheProtocol() throws Exception {
        for (AnalysisProvider p : DropIns.all()) {
            Map<String, List<String>> classes = LamiProtocol.checkMetadata(
                    LamiProtocol.parseOneLine(InProcessCli.run("lami", p.name(), "--metadata").out()));
            for (String trace : List.of("kernel-arm-bug446190", "kernel-scp-src")) {
                Result r = InProcessCli.run("lami", p.name(), "--limit", "5", TestPaths.trace(trace).toString());
                // not applicable (kernel-scp-src has no system calls) exactly as the trace's declared events say
                boolean applies = DeclaredEvents.of(TestPaths.trace(trace)).applies(p.name());
                assertEquals(applies ? 0 : 1, r.code(), p.name() + " on " + trace + ": " + r.err());
                if (!applies) {
                    continue;
                }
                assertEquals(0, r.code(), p.name() + " on " + trace + ": " + r.err());
                assertTrue(LamiProtocol.checkResults(LamiProtocol.parseOneLine(r.out()), classes).size() > 0);
            }
        }
    }

    /** {@code lttbench lami cputop}'s rows on a trace, every thread's (no limit). */
    private static JsonArray cputopRows(Path dir) {
        Result r = InProcessCli.run("lami", "cputop", "--limit", "1000000", dir.toString());
        assertEquals(0, r.code(), r.err());
        return LamiProtocol.parseOneLine(r.out()).getAsJsonArray("results").get(0).getAsJsonObject()
                .getAsJsonArray("data");
    }

    /**
     * cputop's migrations: each TID's {@code sched_migrate_task} events as babeltrace2 reads them (the events' own
     * {@code tid} field), for every TID cputop lists; on the shared traces that have migrations (equal to
     * lttng-analyses 0.6.1's cputop too: {@link LttngAnalysesTest}).
     */
    @ParameterizedTest
    @ValueSource(strings = { "kernel-arm-bug446190", "kernel-tracefile-rotation", "kernel-uneven-streams-partial" })
    void cputopCountsEachThreadsMigrations(String trace) throws Exception {
        Path dir = TestPaths.trace(trace);
        Map<Long, Long> expected = new java.util.HashMap<>();
        for (JsonObject m : Babeltrace2.events(dir)) {
            if (m.get("event").getAsString().equals("sched_migrate_task")) {
                expected.merge(m.getAsJsonObject("payload").get("tid").getAsLong(), 1L, Long::sum);
            }
        }
        long listed = 0;
        for (JsonElement row : cputopRows(dir)) {
            long tid = row.getAsJsonArray().get(0).getAsJsonObject().get("tid").getAsLong();
            long migrations = Long.parseLong(plain(row.getAsJsonArray().get(1)));
            assertEquals(expected.getOrDefault(tid, 0L), migrations, "TID " + tid + "'s migrations");
            listed += migrations;
        }
        assertTrue(listed > 0, trace + " has migrations of threads cputop lists");
    }

    /**
     * cputop's chronological priorities: for every TID it lists, the priorities babeltrace2 reads in that thread's
     * events, in time order (sched_switch's prev_prio and next_prio, the wakeups' prio less the offset lttng-modules
     * before 2.7.1 wrote there, sched_migrate_task's prio, sched_pi_setprio's newprio): the first, then each that
     * differs from the one before, counted per priority. lttng-analyses 0.6.1 gives the same lists but for a TID's
     * first priority when the TID's first event is not a switch-in ({@link LttngAnalysesTest}).
     */
    @ParameterizedTest
    @CsvSource({ "kernel-arm-bug446190, 100", "kernel-tracefile-rotation, 0", "kernel-uneven-streams-partial, 0" })
    void cputopListsEachThreadsPriorities(String trace, int wakeupOffset) throws Exception {
        Path dir = TestPaths.trace(trace);
        Map<Long, java.util.TreeMap<Long, Integer>> changes = new java.util.HashMap<>();
        Map<Long, Long> last = new java.util.HashMap<>();
        java.util.function.BiConsumer<Long, Long> seen = (tid, prio) -> {
            if (tid != 0 && !prio.equals(last.put(tid, prio))) {
                changes.computeIfAbsent(tid, k -> new java.util.TreeMap<>()).merge(prio, 1, Integer::sum);
            }
        };
        for (JsonObject m : Babeltrace2.events(dir)) {
            JsonObject p = m.getAsJsonObject("payload");
            switch (m.get("event").getAsString()) {
            case "sched_switch" -> {
                seen.accept(p.get("prev_tid").getAsLong(), p.get("prev_prio").getAsLong());
                seen.accept(p.get("next_tid").getAsLong(), p.get("next_prio").getAsLong());
            }
            case "sched_waking", "sched_wakeup", "sched_wakeup_new" ->
                seen.accept(p.get("tid").getAsLong(), p.get("prio").getAsLong() - wakeupOffset);
            case "sched_migrate_task" -> seen.accept(p.get("tid").getAsLong(), p.get("prio").getAsLong());
            case "sched_pi_setprio" -> seen.accept(p.get("tid").getAsLong(), p.get("newprio").getAsLong());
            default -> {
            }
            }
        }
        int listed = 0;
        for (JsonElement row : cputopRows(dir)) {
            long tid = row.getAsJsonArray().get(0).getAsJsonObject().get("tid").getAsLong();
            StringBuilder expected = new StringBuilder();
            changes.getOrDefault(tid, new java.util.TreeMap<>()).forEach((prio, n) -> expected
                    .append(expected.length() == 0 ? "[" : ", ").append(prio).append(n > 1 ? " (" + n + " times)" : ""));
            assertEquals(expected.length() == 0 ? "-" : expected + "]", plain(row.getAsJsonArray().get(2)), "TID " + tid);
            listed++;
        }
        assertTrue(listed > 0);
    }

    /**
     * Files: "app" (701) has fd 0 (/dev/pts/1) and fd 5 (socket:[77]) from the statedump; it opens /etc/hosts as fd 3,
     * reads 100 and 50 bytes of it, writes 20 to fd 0 and closes fd 3; opens /var/log/app.log as fd 3 again and
     * writes 300 to it; its thread "worker" (702) reads 7 bytes of fd 3 and writes 40 to fd 5; "app" dups fd 3 as fd 4
     * and writes 60 to it, reads 11 bytes of fd 9 (which the trace never names), and fails a read of fd 3 (EAGAIN)
     * and an open (ENOENT).
     */
    static void files(Path dir, KernelTracer tracer) throws IOException {
        try (KernelTraceWriter w = new KernelTraceWriter(dir, tracer,
                List.of("read", "write", "openat", "close", "dup", "splice"), true)) {
            w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "app", 701);
            w.statedumpFileDescriptor(1_010, 0, 701, 0, "/dev/pts/1");
            w.statedumpFileDescriptor(1_020, 0, 701, 5, "socket:[77]");
            w.syscall(1_100, 1_200, 0, "openat", 3, -100, "/etc/hosts", 0, 0L);
            w.syscall(1_300, 1_400, 0, "read", 100, 3L, 0L, 4096L);
            w.syscall(1_500, 1_600, 0, "read", 50, 3L, 0L, 4096L);
            w.syscall(1_700, 1_800, 0, "write", 20, 0L, 0L, 20L);
            w.syscall(1_900, 2_000, 0, "close", 0, 3L);
            w.syscall(2_100, 2_200, 0, "openat", 3, -100, "/var/log/app.log", 0, 0L);
            w.syscall(2_300, 2_400, 0, "write", 300, 3L, 0L, 300L);
            w.fork(2_500, 0, "app", 701, 701, "worker", 702, 701);
            w.wakeupNew(2_600, 0, "worker", 702, 1);
            w.schedSwitch(2_700, 1, "swapper/1", 0, 0, "worker", 702);
            w.syscall(2_800, 2_900, 1, "read", 7, 3L, 0L, 4096L);
            w.syscall(3_000, 3_100, 1, "write", 40, 5L, 0L, 40L);
            w.syscall(3_200, 3_300, 0, "dup", 4, 3L);
            w.syscall(3_400, 3_500, 0, "write", 60, 4L, 0L, 60L);
            w.syscall(3_600, 3_700, 0, "read", 11, 9L, 0L, 4096L);
            w.syscall(3_800, 3_900, 0, "read", -11, 3L, 0L, 4096L);
            w.syscall(4_000, 4_100, 0, "openat", -2, -100, "/missing", 0, 0L);
            // the longest call, of 500 bytes: lttng-analyses never counts a splice (nor a sendfile64)
            w.syscall(4_200, 9_200, 0, "splice", 500, 3L);
        }
    }

    /**
     * iolatencystats and iolatencytop count the scenario's opens (three openat, a dup), reads and writes (the failed
     * ones too), not its splice: the calls lttng-analyses' state provider follows.
     */
    @Test
    void theIoCommandsLeaveSpliceOut() throws Exception {
        Path dir = written("files-splice", DropInLamiTest::files, tracer());
        Map<String, JsonArray> stats = run("iolatencystats", dir);
        List<List<String>> calls = rows(stats.get("syscall-latency-stats"));
        assertEquals(List.of("Open:4", "Read:5", "Write:4", "Sync:0"),
                calls.stream().map(r -> r.get(0) + ":" + r.get(1)).toList());
        Map<String, JsonArray> top = run("iolatencytop", dir);
        for (String way : List.of("read", "write")) {
            for (List<String> r : rows(top.get("Top system call latencies [" + way + "]"))) {
                assertNotEquals("5000", r.get(2), "the splice is not a " + way);
            }
        }
    }

    /** iousagetop's per-file tables: the bytes the scenario read and wrote per file, as lttng-modules 2.5 to 2.13 write it. */
    @ParameterizedTest
    @ValueSource(ints = { 0, 1, 2, 3, 4 })
    void iousagetopGivesTheBytesPerFile(int tracer) throws Exception {
        Path dir = written("files-" + tracer, DropInLamiTest::files, LatencyScenarios.TRACERS.get(tracer));
        Map<String, JsonArray> tables = run("iousagetop", dir);
        assertEquals(List.of(List.of("/etc/hosts", "150", "fd 3 in app (701)"),
                List.of("unknown (app)", "11", "fd 9 in app (701)"),
                List.of("/var/log/app.log", "7", "fd 3 in app (701)")),
                rows(tables.get("Per-file top I/O operations [read]")));
        assertEquals(List.of(List.of("/var/log/app.log", "360", "fd 3 in app (701)"),
                List.of("socket:[77] (app)", "40", "fd 5 in app (701)"),
                List.of("/dev/pts/1", "20", "fd 0 in app (701)")),
                rows(tables.get("Per-file top I/O operations [written]")));
    }

    /**
     * Descriptors of each type, and packets. "server" (801) has from the statedump fd 3 (/var/lib/db), fd 4
     * (socket:[900]) and fd 5 (pipe:[901]): all of unknown type, as lttng-analyses takes the statedump's. It reads
     * 1000 bytes of fd 3; opens /etc/conf as fd 6 (disk) and reads 200 of it; makes fd 7 with socket (network) and
     * writes 300 to it while eth0 sends 366; accepts fd 8 (network: lttng-analyses 0.6.1, which does not follow
     * accept, has it unknown) and reads 400 of it; writes 50 to fd 4 while eth0
     * sends 116 (still unknown for its own bytes; its copies from now on are network, lttng-analyses' "maybe
     * network"), dups it as fd 9 and writes 70 to that (network); dups fd 6 as fd 10 and reads 30 of it (disk); reads 20
     * of fd 11, which the trace never names (unknown); writes 5 to the pipe (unknown); fails a read of fd 6. It forks
     * "worker" (802, a process), which reads 600 of fd 7 (network), 10 of fd 3 (unknown), writes 90 to fd 6 (disk) and
     * 40 to fd 4 (network: a copy made after the packet); and its thread "server-io" (803) reads 25 of fd 6 (disk).
     * Packets: eth0 sends 366 and 116 and receives 1500 and 400; lo sends 40 and receives 40; wlan0 receives 60.
     */
    static void descriptorTypes(Path dir, KernelTracer tracer) throws IOException {
        try (KernelTraceWriter w = new KernelTraceWriter(dir, tracer,
                List.of("read", "write", "openat", "close", "dup", "socket", "accept"), true)) {
            w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "server", 801);
            w.statedumpFileDescriptor(1_010, 0, 801, 3, "/var/lib/db");
            w.statedumpFileDescriptor(1_020, 0, 801, 4, "socket:[900]");
            w.statedumpFileDescriptor(1_030, 0, 801, 5, "pipe:[901]");
            w.syscall(1_100, 1_200, 0, "read", 1000, 3L, 0L, 4096L);
            w.syscall(1_300, 1_400, 0, "openat", 6, -100, "/etc/conf", 0, 0L);
            w.syscall(1_500, 1_600, 0, "read", 200, 6L, 0L, 4096L);
            w.syscall(1_700, 1_800, 0, "socket", 7, 2, 1, 0);
            w.event(1_900, 0, tracer.syscallEntry("write"), 7L, 0L, 300L);
            w.netDevXmit(1_950, 0, "eth0", 366);
            w.syscallExit(2_000, 0, "write", 300);
            w.syscall(2_100, 2_200, 0, "accept", 8, 7, 0L, 0L);
            w.syscall(2_300, 2_400, 0, "read", 400, 8L, 0L, 4096L);
            w.event(2_500, 0, tracer.syscallEntry("write"), 4L, 0L, 50L);
            w.netDevXmit(2_550, 0, "eth0", 116);
            w.syscallExit(2_600, 0, "write", 50);
            w.syscall(2_700, 2_800, 0, "dup", 9, 4L);
            w.syscall(2_900, 3_000, 0, "write", 70, 9L, 0L, 70L);
            w.syscall(3_100, 3_200, 0, "dup", 10, 6L);
            w.syscall(3_300, 3_400, 0, "read", 30, 10L, 0L, 4096L);
            w.syscall(3_500, 3_600, 0, "read", 20, 11L, 0L, 4096L);
            w.syscall(3_700, 3_800, 0, "write", 5, 5L, 0L, 5L);
            w.syscall(3_900, 4_000, 0, "read", -11, 6L, 0L, 4096L);
            w.fork(4_100, 0, "server", 801, 801, "worker", 802, 802);
            w.wakeupNew(4_150, 0, "worker", 802, 1);
            w.fork(4_200, 0, "server", 801, 801, "server-io", 803, 801);
            w.wakeupNew(4_250, 0, "server-io", 803, 0);
            w.netifReceiveSkb(4_300, 0, "eth0", 1500);
            w.schedSwitch(4_400, 0, "server", 801, 1, "server-io", 803);
            w.syscall(4_500, 4_600, 0, "read", 25, 6L, 0L, 4096L);
            w.netifReceiveSkb(4_700, 0, "eth0", 400);

            w.schedSwitch(4_200, 1, "swapper/1", 0, 0, "worker", 802);
            w.syscall(4_300, 4_400, 1, "read", 600, 7L, 0L, 4096L);
            w.syscall(4_500, 4_600, 1, "read", 10, 3L, 0L, 4096L);
            w.syscall(4_700, 4_800, 1, "write", 90, 6L, 0L, 90L);
            w.syscall(4_900, 5_000, 1, "write", 40, 4L, 0L, 40L);
            w.netDevXmit(5_100, 1, "lo", 40);
            w.netifReceiveSkb(5_200, 1, "lo", 40);
            w.netifReceiveSkb(5_300, 1, "wlan0", 60);
        }
    }

    /**
     * iousagetop's per-process tables split each thread's bytes by the type of the descriptors, and its per-interface
     * tables give each interface's bytes, as the scenario made them; as lttng-modules 2.5 to 2.13 write it.
     */
    @ParameterizedTest
    @ValueSource(ints = { 0, 1, 2, 3, 4 })
    void iousagetopGivesTheBytesPerDescriptorTypeAndInterface(int tracer) throws Exception {
        Path dir = written("descriptor-types-" + tracer, DropInLamiTest::descriptorTypes,
                LatencyScenarios.TRACERS.get(tracer));
        Map<String, JsonArray> tables = run("iousagetop", dir);
        // TID, total, disk, network, unknown
        assertEquals(List.of(List.of("801", "1650", "230", "400", "1020"), List.of("802", "610", "0", "600", "10"),
                List.of("803", "25", "25", "0", "0")), rows(tables.get("Per-process top I/O operations [read]")));
        assertEquals(List.of(List.of("801", "425", "0", "370", "55"), List.of("802", "130", "90", "40", "0"),
                List.of("803", "0", "0", "0", "0")), rows(tables.get("Per-process top I/O operations [written]")));
        assertEquals(List.of(List.of("eth0", "1900"), List.of("wlan0", "60"), List.of("lo", "40")),
                rows(tables.get("Per-network interface top I/O operations [received]")));
        assertEquals(List.of(List.of("eth0", "482"), List.of("lo", "40"), List.of("wlan0", "0")),
                rows(tables.get("Per-network interface top I/O operations [sent]")));
    }

    /** How a scenario writes its trace for a tracer into a directory. */
    @FunctionalInterface
    private interface Scenario {
        void write(Path dir, KernelTracer tracer) throws IOException;
    }

    /** The scenario's trace, written for that tracer in the work directory {@code dropin-<use>}. */
    private static Path written(String use, Scenario scenario, KernelTracer tracer) throws IOException {
        Path dir = TestPaths.workDir("dropin-" + use);
        scenario.write(dir, tracer);
        return dir;
    }

    private static KernelTracer tracer() {
        return LatencyScenarios.TRACERS.get(LatencyScenarios.TRACERS.size() - 1);
    }

    /** The results of a command on a trace: each table's title (with its subtitle), its rows. */
    private static Map<String, JsonArray> run(String command, Path trace) {
        Result r = InProcessCli.run("lami", command, trace.toString());
        assertEquals(0, r.code(), r.err());
        Map<String, JsonArray> tables = new LinkedHashMap<>();
        for (JsonElement e : LamiProtocol.parseOneLine(r.out()).getAsJsonArray("results")) {
            JsonObject result = e.getAsJsonObject();
            JsonElement c = result.get("class");
            String title = c.isJsonPrimitive() ? c.getAsString() : c.getAsJsonObject().get("title").getAsString();
            tables.put(title, result.getAsJsonArray("data"));
        }
        return tables;
    }

    private static String plain(JsonElement cell) {
        if (cell.isJsonNull()) {
            return "-";
        }
        if (cell.isJsonPrimitive()) {
            return cell.getAsString();
        }
        JsonObject o = cell.getAsJsonObject();
        String c = o.get("class").getAsString();
        if (c.equals("process")) {
            return o.get("tid").getAsString();
        }
        if (c.equals("irq")) {
            return o.get("name").getAsString() + " " + o.get("nr").getAsString();
        }
        for (String key : List.of("value", "name", "path", "fd")) {
            if (o.has(key)) {
                return o.get(key).getAsString();
            }
        }
        return o.toString();
    }

    private static List<List<String>> rows(JsonArray data) {
        List<List<String>> rows = new ArrayList<>();
        for (JsonElement row : data) {
            List<String> cells = new ArrayList<>();
            row.getAsJsonArray().forEach(c -> cells.add(plain(c)));
            rows.add(cells);
        }
        return rows;
    }

    @Test
    void syscallstatsGivesTheScenariosCalls() throws Exception {
        Path dir = written("syscalls", LatencyScenarios::syscalls, tracer());
        Map<String, JsonArray> tables = run("syscallstats", dir);
        // caller's reads: 3 and 13 µs (mean 8, sample stddev 7071.07), one EAGAIN; its futex of 7 µs; its write, EINTR
        assertEquals(List.of(List.of("read", "2", "3000", "8000", "13000", "7071", "{'success': 1, 'EAGAIN': 1}"),
                List.of("futex", "1", "7000", "7000", "7000", "-", "{'success': 1}"),
                List.of("write", "1", "500", "500", "500", "-", "{'EINTR': 1}")),
                rows(tables.get("System call statistics [caller (?, TID: 701)]")));
        assertEquals(List.of(List.of("futex", "1", "1500", "1500", "1500", "-", "{'success': 1}")),
                rows(tables.get("System call statistics [waker (?, TID: 702)]")));
        assertEquals(List.of(List.of("701", "4"), List.of("702", "1")), rows(tables.get("total")));
    }

    @Test
    void schedstatsGivesTheScenariosWakeups() throws Exception {
        Path dir = written("sched", LatencyScenarios::scheduling, tracer());
        Map<String, JsonArray> tables = run("schedstats", dir);
        // a woken after 3 µs, d new after 4.6 µs; b's preemption is left out, as lttng-analyses does
        assertEquals(List.of(List.of("2", "3000", "3800", "4600", "1131")), rows(tables.get("total_stats")));
        // each at the priority the scenario ran and woke it at (20), never changed
        assertEquals(List.of(List.of("801", "1", "3000", "3000", "3000", "-", "[20]"),
                List.of("804", "1", "4600", "4600", "4600", "-", "[20]")), rows(tables.get("per_tid_stats")));
        assertEquals(List.of(List.of("20", "2", "3000", "3800", "4600", "1131")), rows(tables.get("per_prio_stats")));
    }

    @Test
    void irqstatsGivesTheScenariosHandlers() throws Exception {
        Path dir = written("irq", LatencyScenarios::interrupts, tracer());
        Map<String, JsonArray> tables = run("irqstats", dir);
        assertEquals(List.of(List.of("ahci 16", "2", "250", "275", "300", "35"), List.of("eth0 17", "1", "100", "100",
                "100", "-")), rows(tables.get("hard-stats")));
        assertEquals(List.of(
                List.of("TIMER_SOFTIRQ 1", "1", "1000", "1000", "1000", "-", "1", "100", "100", "100", "-"),
                List.of("NET_RX_SOFTIRQ 3", "1", "500", "500", "500", "-", "0", "-", "-", "-", "-"),
                List.of("BLOCK_SOFTIRQ 4", "2", "100", "250", "400", "212", "2", "1000", "2400", "3800", "1980")),
                rows(tables.get("soft-stats")));
    }

    @Test
    void theIoCommandsGiveTheScenariosRequestsAndCalls() throws Exception {
        Path disk = written("disk", LatencyScenarios::disk, tracer());
        Map<String, JsonArray> stats = run("iolatencystats", disk);
        // sda: the read of 100 µs and the write of 78 µs; sdb (unnamed): 1 µs
        assertEquals(List.of(List.of("sda", "2", "78000", "89000", "100000", "15556"),
                List.of("(8,16)", "1", "1000", "1000", "1000", "-")), rows(stats.get("disk-latency-stats")));
        Map<String, JsonArray> usage = run("iousagetop", disk);
        assertEquals(List.of(List.of("901", "8192")), rows(usage.get("Per-process top block I/O operations [read]")));
        assertEquals(List.of(List.of("902", "131072")), rows(usage.get("Per-process top block I/O operations [written]")));
        assertEquals(List.of(List.of("sda", "264"), List.of("(8,16)", "8")), rows(usage.get("per-disk-top-sector")));
        assertEquals(List.of(List.of("sda", "2"), List.of("(8,16)", "1")), rows(usage.get("per-disk-top-request")));

        Path calls = written("io-syscalls", LatencyScenarios::syscalls, tracer());
        Map<String, JsonArray> top = run("iolatencytop", calls);
        List<List<String>> read = rows(top.get("Top system call latencies [read]"));
        assertEquals(List.of("13000", "3000"), read.stream().map(r -> r.get(2)).toList());
        assertEquals(List.of("-", "100"), read.stream().map(r -> r.get(4)).toList(), "sizes: an error, then 100 bytes");
        assertEquals(List.of("500"), rows(top.get("Top system call latencies [write]")).stream().map(r -> r.get(2)).toList());
        assertEquals(0, top.get("Top system call latencies [open]").size());
        Map<String, JsonArray> io = run("iousagetop", calls);
        assertEquals(List.of("701", "100"), rows(io.get("Per-process top I/O operations [read]")).get(0).subList(0, 2));
    }
}
