package org.lttbench.tests.analysis.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.InProcessCli;
import org.lttbench.tests.batch.LauncherTest.Result;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * A kernel trace written by babeltrace 1's own CTF writer ({@code python3-babeltrace}, through
 * {@code scripts/bt1_write.py}) as tools' test suites write theirs: one stream whose packets do not say their CPU,
 * each event saying it in its payload's {@code cpu_id}. Every figure below follows from the events written here
 * (comments give the arithmetic); the scenario traces of {@link ProcessScenarioTest} hold the same for every
 * scenario, written by our own writer with the CPU in each event ({@code cpu_id}, and perf's {@code perf_cpu}).
 */
class CpuInEventsTest {
    private static final int WORKER = 100;
    private static final int HELPER = 200;
    private static Path trace;

    @BeforeAll
    static void write() throws Exception {
        trace = TestPaths.workDir("bt1-cpu-in-events").resolve("kernel");
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("domain", "kernel");
        env.put("tracer_name", "lttng-modules");
        env.put("tracer_major", 2);
        env.put("tracer_minor", 10);
        env.put("kernel_release", "4.15.0-65-generic");
        Map<String, List<List<String>>> classes = new LinkedHashMap<>();
        classes.put("sched_switch", fields("prev_comm char16", "prev_tid s32", "prev_prio s32", "prev_state s64",
                "next_comm char16", "next_tid s32", "next_prio s32"));
        classes.put("sched_wakeup", fields("comm char16", "tid s32", "prio s32", "target_cpu s32"));
        for (String call : List.of("read", "write")) {
            classes.put("syscall_entry_" + call, fields("fd u32", "buf u64", "count u64"));
            classes.put("syscall_exit_" + call, fields("ret s64"));
        }
        classes.put("irq_handler_entry", fields("irq s32", "name string"));
        classes.put("irq_handler_exit", fields("irq s32", "ret s32"));
        List<List<Object>> events = new ArrayList<>();
        event(events, 1_000, 0, "sched_switch", "swapper/0", 0, 20, 0, "worker", WORKER, 20);
        event(events, 1_500, 0, "syscall_exit_read", 10); // in a read since before the trace: system 500
        event(events, 2_000, 1, "sched_switch", "swapper/1", 0, 20, 0, "helper", HELPER, 20);
        event(events, 2_500, 1, "syscall_exit_write", 10); // helper: system 500
        event(events, 3_000, 0, "syscall_entry_read", 3, 0, 64);
        event(events, 4_000, 1, "syscall_entry_write", 4, 0, 64);
        event(events, 4_500, 1, "syscall_exit_write", 64); // write: 500
        event(events, 5_000, 0, "syscall_exit_read", 64); // read: 2,000
        event(events, 11_000, 0, "syscall_entry_read", 3, 0, 64);
        event(events, 11_500, 0, "sched_switch", "worker", WORKER, 20, 1, "swapper/0", 0, 20); // blocks in the read
        event(events, 15_100, 0, "sched_wakeup", "worker", WORKER, 20, 0); // blocked 11,500 to 15,100
        event(events, 16_000, 0, "sched_switch", "swapper/0", 0, 20, 0, "worker", WORKER, 20); // waited 900 for CPU 0
        event(events, 16_500, 0, "syscall_exit_read", 5); // read: 11,000 to 16,500
        event(events, 19_000, 0, "irq_handler_entry", 19, "eth0");
        event(events, 19_200, 0, "irq_handler_exit", 19, 1); // worker's IRQ time: 200
        event(events, 20_000, 1, "sched_switch", "helper", HELPER, 20, 0, "swapper/1", 0, 20);
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("env", env);
        spec.put("classes", classes);
        spec.put("events", events);
        writeWithBabeltraceOne(trace, new Gson().toJson(spec));
    }

    /** Each declared field list starts with the event's CPU, as lttng-analyses' tests write their traces. */
    private static List<List<String>> fields(String... declarations) {
        List<List<String>> all = new ArrayList<>(List.of(List.of("cpu_id", "u32")));
        for (String d : declarations) {
            all.add(List.of(d.split(" ")));
        }
        return all;
    }

    private static void event(List<List<Object>> events, long ts, int cpu, String name, Object... values) {
        List<Object> all = new ArrayList<>(List.of(cpu));
        all.addAll(List.of(values));
        events.add(List.of(ts, name, all));
    }

    private static void writeWithBabeltraceOne(Path dir, String spec) throws IOException, InterruptedException {
        Path script = TestPaths.repository().resolve("org.lttbench.tests/scripts/bt1_write.py");
        Process p = new ProcessBuilder("/usr/bin/python3", script.toString(), dir.toString())
                .redirectErrorStream(true).start();
        p.getOutputStream().write(spec.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "bt1_write.py finished");
        assertEquals(0, p.exitValue(), "babeltrace 1's CTF writer (Debian's python3-babeltrace) wrote the trace: "
                + output);
    }

    private static JsonObject analyze(String analyses) {
        Result r = InProcessCli.run("analyze", "--analysis", analyses, "--format", "json", trace.toString());
        assertEquals(0, r.code(), r.err());
        return JsonParser.parseString(r.out()).getAsJsonObject();
    }

    private static JsonObject row(JsonArray rows, String key, long value) {
        for (JsonElement e : rows) {
            JsonObject o = e.getAsJsonObject();
            if (!o.get(key).isJsonNull() && o.get(key).getAsLong() == value) {
                return o;
            }
        }
        throw new AssertionError("no row with " + key + " " + value + " in " + rows);
    }

    @Test
    void everyThreadGetsItsTimeFromTheEventsCpus() {
        JsonObject json = analyze("process");
        JsonObject worker = row(json.getAsJsonArray("threads"), "tid", WORKER);
        assertEquals(10_500 + 4_000, worker.get("running_ns").getAsLong(), "on CPU 0 from 1,000 to 11,500 and 16,000 on");
        assertEquals(500 + 2_000 + 500 + 500, worker.get("system_ns").getAsLong(), "its reads' parts on the CPU");
        assertEquals(200, worker.get("irq_ns").getAsLong());
        assertEquals(3_600, worker.get("wait_blocked_ns").getAsLong(), "blocked from 11,500 to its wakeup at 15,100");
        assertEquals(900, worker.get("wait_cpu_ns").getAsLong(), "woken at 15,100, on CPU 0 at 16,000");
        assertEquals(0, worker.get("unknown_ns").getAsLong());
        JsonObject helper = row(json.getAsJsonArray("threads"), "tid", HELPER);
        assertEquals(18_000, helper.get("running_ns").getAsLong(), "on CPU 1 from 2,000 to 20,000");
        assertEquals(1_000, helper.get("system_ns").getAsLong());
        for (JsonElement note : json.getAsJsonArray("notes")) {
            assertFalse(note.getAsString().contains("no CPU"), note.getAsString());
        }
    }

    @Test
    void systemCallsArePairedPerCpu() {
        JsonObject json = analyze("syscalls");
        JsonObject read = null;
        JsonObject write = null;
        for (JsonElement e : json.getAsJsonArray("syscalls")) {
            String call = e.getAsJsonObject().get("syscall").getAsString();
            read = call.equals("read") ? e.getAsJsonObject() : read;
            write = call.equals("write") ? e.getAsJsonObject() : write;
        }
        assertEquals(2, read.get("calls").getAsLong(), "the two reads that begin in the trace");
        assertEquals(2_000 + 5_500, read.get("total_ns").getAsLong());
        assertEquals(1, write.get("calls").getAsLong());
        assertEquals(500, write.get("total_ns").getAsLong());
    }

    /** lttng-analyses' cputop as LTTbench gives it: each thread's share of the trace's 19,000 ns on a CPU. */
    @Test
    void theDropInsRunOnIt() {
        Result r = InProcessCli.run("lami", "cputop", trace.toString());
        assertEquals(0, r.code(), r.err());
        JsonObject perProcess = JsonParser.parseString(r.out()).getAsJsonObject().getAsJsonArray("results").get(0)
                .getAsJsonObject();
        assertEquals("per-process", perProcess.get("class").getAsString());
        Map<Long, Double> usage = new LinkedHashMap<>();
        for (JsonElement row : perProcess.getAsJsonArray("data")) {
            JsonArray cells = row.getAsJsonArray();
            usage.put(cells.get(0).getAsJsonObject().get("tid").getAsLong(),
                    cells.get(cells.size() - 1).getAsJsonObject().get("value").getAsDouble());
        }
        assertEquals(Map.of((long) HELPER, 18_000 / 19_000.0, (long) WORKER, 14_500 / 19_000.0), usage);
        for (String dropIn : List.of("syscallstats", "irqstats", "schedstats")) {
            Result d = InProcessCli.run("lami", dropIn, trace.toString());
            assertEquals(0, d.code(), dropIn + ": " + d.err());
        }
    }
}
