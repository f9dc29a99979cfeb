package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.writer.KernelTraceWriter;
import org.lttbench.tests.writer.KernelTracer;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** {@code lttbench analyze} as a user runs it: output shapes, ranges, and errors (one line, exit status). */
class AnalyzeCommandTest {

    record Run(int status, String out, String err) {
    }

    static Run analyze(String... args) {
        List<String> all = new ArrayList<>(List.of("analyze"));
        all.addAll(List.of(args));
        LauncherTest.Result r = InProcessCli.run(all.toArray(String[]::new));
        return new Run(r.code(), r.out(), r.err());
    }

    /** A small kernel trace: a thread reading from disk, then computing; the idle thread. */
    static Path diskTrace(String name, KernelTracer tracer) throws Exception {
        Path dir = TestPaths.workDir(name);
        try (KernelTraceWriter w = new KernelTraceWriter(dir, tracer, List.of("read", "write"), false)) {
            w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "dd", 401);
            if (w.metadata().hasEventClass("lttng_statedump_process_state")) {
                w.statedumpProcess(1_100, 0, 401, 400, 1, "dd", KernelTraceWriter.USER_THREAD, KernelTraceWriter.STATUS_WAIT_CPU, 0);
            }
            w.syscallEntry(2_000, 0, "read");
            w.schedSwitch(4_000, 0, "dd", 401, 2, "swapper/0", 0);
            w.irqEntry(50_000, 0, 16, "nvme0q1");
            w.blockRqComplete(50_100, 0, 8);
            w.wakeup(50_200, 0, "dd", 401, 0);
            w.irqExit(50_300, 0, 16);
            w.schedSwitch(60_000, 0, "swapper/0", 0, 0, "dd", 401);
            w.syscallExit(61_000, 0, "read", 4096);
            w.syscallEntry(100_000, 0, "write");
        }
        return dir;
    }

    static final Set<String> THREAD_KEYS = Set.of("tid", "pid", "name", "user_ns", "system_ns", "irq_ns", "running_ns",
            "wait_cpu_ns", "wait_io_ns", "wait_blocked_ns", "unknown_ns");

    @Test
    void jsonShapeAndValues() throws Exception {
        Path trace = diskTrace("cli-json", KernelTracer.lttng(2, 10, "4.15.0").withPatch(12));
        Run run = analyze("--analysis", "process", "--format", "json", trace.toString());
        assertEquals(0, run.status(), run.err());
        assertEquals("", run.err());
        JsonObject json = JsonParser.parseString(run.out()).getAsJsonObject();
        long offset = 1_700_000_000_000_000_000L;
        JsonObject range = json.getAsJsonObject("range");
        assertEquals(offset + 1_000, range.get("begin").getAsLong());
        assertEquals(offset + 100_000, range.get("end").getAsLong());
        JsonArray threads = json.getAsJsonArray("threads");
        assertEquals(2, threads.size(), "dd and the idle thread");
        for (JsonElement e : threads) {
            Set<String> keys = new TreeSet<>(e.getAsJsonObject().keySet());
            assertTrue(keys.containsAll(THREAD_KEYS), "thread keys " + keys);
        }
        // The idle thread ran longer, but idle threads come after the threads that did work.
        JsonObject dd = threads.get(0).getAsJsonObject();
        JsonObject idle = threads.get(1).getAsJsonObject();
        assertEquals(0, idle.get("tid").getAsInt());
        assertTrue(idle.get("running_ns").getAsLong() > dd.get("running_ns").getAsLong(), "the idle thread ran longer");
        assertEquals(0, idle.get("wait_cpu_ns").getAsLong(), "an idle thread never waits for a CPU");
        assertEquals(401, dd.get("tid").getAsInt());
        assertEquals(400, dd.get("pid").getAsInt());
        assertEquals("dd", dd.get("name").getAsString());
        assertEquals(1_000 + 39_000, dd.get("user_ns").getAsLong()); // 1000..2000, 61000..100000
        assertEquals(2_000 + 1_000, dd.get("system_ns").getAsLong()); // 2000..4000, 60000..61000
        assertEquals(46_200, dd.get("wait_io_ns").getAsLong()); // 4000..50200
        assertEquals(9_800, dd.get("wait_cpu_ns").getAsLong()); // 50200..60000
        assertEquals(0, dd.get("wait_blocked_ns").getAsLong());
        assertEquals(0, dd.get("unknown_ns").getAsLong());
        assertEquals(43_000, dd.get("running_ns").getAsLong());
        assertEquals(0, idle.get("tid").getAsInt());
        assertEquals("swapper/0", idle.get("name").getAsString());
        assertEquals(56_000 - 300 + 0, idle.get("system_ns").getAsLong()); // 4000..60000 minus the IRQ
        assertEquals(300, idle.get("irq_ns").getAsLong());
    }

    @Test
    void byProcessAndRange() throws Exception {
        Path trace = diskTrace("cli-process", KernelTracer.lttng(2, 10, "4.15.0").withPatch(12));
        long offset = 1_700_000_000_000_000_000L;
        Run run = analyze("--by", "process", "--format", "json", "--begin", Long.toString(offset + 3_000), "--end",
                Long.toString(offset + 55_000), trace.toString());
        assertEquals(0, run.status(), run.err());
        JsonObject json = JsonParser.parseString(run.out()).getAsJsonObject();
        assertEquals(offset + 3_000, json.getAsJsonObject("range").get("begin").getAsLong());
        assertEquals(offset + 55_000, json.getAsJsonObject("range").get("end").getAsLong());
        JsonArray processes = json.getAsJsonArray("processes");
        assertFalse(json.has("threads"));
        for (JsonElement e : processes) {
            assertFalse(e.getAsJsonObject().has("tid"), "no tid per process");
        }
        JsonObject dd = null;
        for (JsonElement e : processes) {
            if (e.getAsJsonObject().get("pid").getAsInt() == 400) {
                dd = e.getAsJsonObject();
            }
        }
        assertEquals(1_000, dd.get("system_ns").getAsLong()); // 3000..4000
        assertEquals(46_200, dd.get("wait_io_ns").getAsLong()); // 4000..50200
        assertEquals(4_800, dd.get("wait_cpu_ns").getAsLong()); // 50200..55000
        assertEquals(0, dd.get("user_ns").getAsLong());
    }

    @Test
    void textTableSortedByRunningTime() throws Exception {
        Path trace = diskTrace("cli-text", KernelTracer.lttng(2, 8, "4.4.3"));
        Run run = analyze("--all", trace.toString());
        assertEquals(0, run.status(), run.err());
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.get(0).startsWith("Process time: cli-text (kernel), "), "the summary first: " + run.out());
        int title = lines.indexOf("Time per thread");
        assertTrue(title > 0, run.out());
        List<String> header = List.of(lines.get(title + 1).trim().split("  +"));
        assertTrue(header.containsAll(List.of("TID", "Wait I/O", "Running", "CPU")), lines.get(title + 1));
        assertTrue(lines.get(title + 2).contains(" dd"), "work first: " + lines.get(title + 2));
        assertTrue(lines.get(title + 3).contains("swapper/0"), "the idle thread last, though it ran longest: " + lines.get(title + 3));
        assertTrue(run.out().contains("kernel layout: lttng-modules 2.8.0 on Linux 4.4"), run.out());
    }

    @Test
    void csvHeaderHasTheKeys() throws Exception {
        Path trace = diskTrace("cli-csv", KernelTracer.lttng(2, 5, "3.10.31"));
        Run run = analyze("--format", "csv", "--analysis", "process", trace.toString());
        assertEquals(0, run.status(), run.err());
        List<String> lines = run.out().lines().toList();
        assertEquals("# threads", lines.get(0), "tables are named when there are several");
        String header = lines.get(1);
        assertTrue(List.of(header.split(",")).containsAll(THREAD_KEYS), header);
        assertEquals("", lines.get(4), "header and two rows, then the next table");
        assertEquals(List.of("# io_devices", "device,wait_io_ns,threads,waits,longest_ns", "8:0,46200,1,1,46200"),
                lines.subList(5, lines.size()), "the disk read's I/O wait, on sda");
    }

    @Test
    void ustOnlyTraceIsNotApplicable() {
        Run run = analyze("--analysis", "process", TestPaths.trace("ust-trace-with-index").toString());
        assertEquals(1, run.status());
        assertEquals("", run.out());
        assertEquals(1, run.err().lines().count(), "one line: " + run.err());
        assertTrue(run.err().contains("kernel trace") && run.err().contains("sched_switch"), run.err());
    }

    /** Several user-space traces, no analysis asked for: the process analysis is left out, and one line says why. */
    @Test
    void aDefaultRunSaysInOneLineWhatItSkipped() throws Exception {
        for (String format : List.of("text", "json")) {
            Run run = analyze("--format", format, TestPaths.trace("ust-trace-with-index").toString(),
                    TestPaths.trace("ust-ros2").toString());
            assertEquals(0, run.status(), run.err());
            List<String> skipped = run.err().lines().filter(l -> l.contains("skipped")).toList();
            // those the traces' declared events (babeltrace2) say need a kernel trace: one reason, one line
            List<String> kernelOnly = new java.util.ArrayList<>();
            for (var p : org.lttbench.core.analysis.Analyses.all()) {
                if (!org.lttbench.tests.DeclaredEvents.of(TestPaths.trace("ust-ros2")).applies(p.name())) {
                    kernelOnly.add(p.name());
                }
            }
            String names = String.join(", ", kernelOnly.subList(0, kernelOnly.size() - 1)) + " and "
                    + kernelOnly.get(kernelOnly.size() - 1);
            assertEquals(List.of("note: the " + names + " analyses were skipped: it needs an LTTng kernel trace with "
                    + "sched_switch events, and the traces are from lttng-ust 2.11 (domain ust): --analysis process lists "
                    + "the kernel events to record"), skipped);
            assertFalse(run.out().contains("\"threads\""), "no process table");
            // ust-ros2's ROS 2 callbacks are spans without --span (in text, what stands out names the spans analysis)
            assertTrue(run.out().contains(format.equals("json") ? "\"self_ns\"" : "  --analysis spans\n"), run.out());
        }
        Run text = analyze("--all", TestPaths.trace("ust-trace-with-index").toString(), TestPaths.trace("ust-ros2").toString());
        String first = text.out().lines().findFirst().orElse("");
        assertTrue(first.startsWith("Spans: ust-ros2 (ust), ust-trace-with-index (ust), ")
                && first.contains("6,065 spans of 4"), "what was read, first: " + first);
        String overhead = text.out().lines().filter(l -> l.startsWith("Tracing overhead: ")).findFirst().orElse("");
        assertTrue(overhead.startsWith("Tracing overhead: 2 traces (user space) in traces: ") && overhead.contains("ust-ros2")
                && overhead.contains("ust-trace-with-index"), "what was read: " + overhead);
    }

    @Test
    void kernelTraceWithoutSchedSwitchIsNotApplicable() throws Exception {
        Path trace = TestPaths.workDir("cli-no-switch");
        try (KernelTraceWriter w = new KernelTraceWriter(trace, KernelTracer.lttng(2, 10, "4.15.0").without("sched_switch"),
                List.of("read"), false)) {
            w.syscallEntry(1_000, 0, "read");
            w.irqEntry(2_000, 0, 16, "nvme0q1");
            w.irqExit(2_100, 0, 16);
            w.syscallExit(3_000, 0, "read", 1);
        }
        Run run = analyze("--analysis", "process", trace.toString());
        assertEquals(1, run.status(), run.out());
        assertEquals(1, run.err().lines().count(), "one line: " + run.err());
        assertTrue(run.err().contains("no sched_switch event") && run.err().contains("sched_waking"), run.err());
        Run real = analyze("--analysis", "process", TestPaths.trace("session-multi-domains/kernel").toString());
        assertEquals(1, real.status(), "the real kernel trace with only lttng_test_filter_event: " + real.err());
        assertTrue(real.err().contains("sched_switch"), real.err());
    }

    @Test
    void usageAndTraceErrors() throws Exception {
        Path trace = diskTrace("cli-errors", KernelTracer.lttng(2, 10, "4.15.0"));
        Run unknown = analyze("--analysis", "nosuch", trace.toString());
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().contains("unknown analysis 'nosuch'"), unknown.err());
        Run backwards = analyze("--begin", "20", "--end", "10", trace.toString());
        assertEquals(2, backwards.status());
        assertEquals(1, backwards.err().lines().count(), backwards.err());
        Run badFormat = analyze("--format", "xml", trace.toString());
        assertEquals(2, badFormat.status());
        assertFalse(badFormat.err().contains("\tat "), "no stack trace: " + badFormat.err());
        Run missing = analyze(trace.resolve("nonexistent").toString());
        assertEquals(3, missing.status());
        assertEquals(1, missing.err().lines().count(), missing.err());
        Path corrupt = TestPaths.workDir("cli-corrupt");
        Files.copy(trace.resolve("metadata"), corrupt.resolve("metadata"));
        byte[] stream = Files.readAllBytes(trace.resolve("channel0_0"));
        Files.write(corrupt.resolve("channel0_0"), java.util.Arrays.copyOf(stream, 100));
        Run truncated = analyze(corrupt.toString());
        assertEquals(3, truncated.status(), truncated.out() + truncated.err());
        assertEquals(1, truncated.err().lines().count(), truncated.err());
        assertTrue(truncated.err().contains("channel0_0"), "names the file: " + truncated.err());
        assertFalse(truncated.err().contains("\tat "), "no stack trace");

        // a real stream file of several packets cut inside its last one: the reports of what comes before, a
        // warning, exit 6
        Path real = TestPaths.trace("kernel-many-threads");
        Path cut = TestPaths.workDir("cli-cut-short");
        Files.copy(real.resolve("metadata"), cut.resolve("metadata"));
        byte[] many = Files.readAllBytes(real.resolve("channel0_3"));
        Files.write(cut.resolve("channel0_3"), java.util.Arrays.copyOf(many, many.length - 7));
        Run inPart = analyze("--format", "json", cut.toString());
        assertEquals(6, inPart.status(), inPart.out() + inPart.err());
        assertTrue(inPart.err().lines().anyMatch(l -> l.startsWith("lttbench analyze: warning: " + cut.resolve("channel0_3")
                + ": cut short at byte " + (many.length - 7) + ", inside the packet at byte ")
                && l.endsWith(", so the traces are read in part")), inPart.err());
        assertTrue(inPart.out().contains("the traces were read in part"), "every report says so");
        assertFalse(inPart.err().contains("\tat "), "no stack trace");
        // dump warns of unread files before the records, and of a file it finds cut short after them
        for (List<String> dump : List.of(List.of("dump", "--count"), List.of("dump"))) {
            List<String> args = new ArrayList<>(dump);
            args.add(cut.toString());
            LauncherTest.Result r = InProcessCli.run(args.toArray(String[]::new));
            assertEquals(6, r.code(), dump + ": " + r.err());
            assertEquals(1, r.err().lines().filter(l -> l.contains(": cut short at byte ")).count(), dump + ": " + r.err());
        }
    }
}
