package org.lttbench.tests.analysis.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.analysis.latency.LatencyScenarios;
import org.lttbench.tests.batch.InProcessCli;
import org.lttbench.tests.batch.LauncherTest.Result;
import org.lttbench.tests.writer.KernelTraceWriter;
import org.lttbench.tests.writer.KernelTracer;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The cpu analysis on traces whose answer is known by construction: a scenario of two CPUs written here (each figure's
 * arithmetic beside its events), and the built-in example, whose threads' times examples/README.md gives (and
 * ExampleTraceTest holds to the example's construction).
 */
class CpuUsageScenarioTest {
    private static final long SLEEPING = 1;

    private static JsonObject cpus(Path trace) {
        Result r = InProcessCli.run("analyze", "--analysis", "cpu", "--format", "json", trace.toString());
        assertEquals(0, r.code(), r.err());
        return JsonParser.parseString(r.out()).getAsJsonObject();
    }

    private static Map<Long, JsonObject> byCpu(JsonArray rows) {
        Map<Long, JsonObject> m = new HashMap<>();
        for (JsonElement e : rows) {
            m.put(e.getAsJsonObject().get("cpu").getAsLong(), e.getAsJsonObject());
        }
        return m;
    }

    @Test
    void twoCpusBusyIdleInterruptedAndQueued() throws Exception {
        Path dir = TestPaths.workDir("cpu-usage-scenario");
        KernelTracer tracer = KernelTracer.lttng(2, 13, "5.15.0-91-generic");
        try (KernelTraceWriter w = new KernelTraceWriter(dir, tracer, List.of("read"), false)) {
            w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "a", 101);
            w.schedSwitch(1_000, 1, "swapper/1", 0, 0, "b", 201);
            w.irqEntry(2_000, 0, 30, "eth0"); // a is interrupted: CPU 0 busy, 500 of IRQ
            w.irqExit(2_500, 0, 30);
            w.schedSwitch(3_000, 1, "b", 201, SLEEPING, "swapper/1", 0); // CPU 1 busy 1,000 to 3,000
            w.irqEntry(4_000, 1, 31, "ahci"); // on the idle thread: busy all the same, 300 of IRQ
            w.irqExit(4_300, 1, 31);
            w.schedSwitch(5_000, 0, "a", 101, SLEEPING, "swapper/0", 0); // CPU 0 busy 1,000 to 5,000
            w.irqEntry(6_000, 1, 31, "ahci"); // 100 more on CPU 1's idle thread; it wakes a for CPU 0
            LatencyScenarios.wake(w, 6_050, 1, "a", 101, 0);
            w.irqExit(6_100, 1, 31);
            w.schedSwitch(7_000, 0, "swapper/0", 0, 0, "a", 101); // a waited for CPU 0 from 6,050: 950
            LatencyScenarios.wake(w, 8_000, 0, "b", 201, 1);
            w.schedSwitch(9_000, 1, "swapper/1", 0, 0, "b", 201); // b waited for CPU 1 from 8,000: 1,000
            w.syscallEntry(10_000, 0, "read"); // the trace ends at 10,000 on both CPUs
            w.syscallEntry(10_000, 1, "read");
        }
        JsonObject json = cpus(dir);
        Map<Long, JsonObject> cpus = byCpu(json.getAsJsonArray("cpus"));
        long range = 10_000 - 1_000;
        JsonObject c0 = cpus.get(0L);
        assertEquals(4_000 + 3_000, c0.get("busy_ns").getAsLong(), "a, 1,000 to 5,000 and 7,000 to 10,000");
        assertEquals(500, c0.get("irq_ns").getAsLong());
        assertEquals(range, c0.get("known_ns").getAsLong());
        assertEquals(0, c0.get("unknown_ns").getAsLong());
        assertEquals(7_000.0 / range, c0.get("busy_ratio").getAsDouble(), 1e-12);
        assertEquals(950, c0.get("queue_ns").getAsLong());
        assertEquals(950.0 / range, c0.get("run_queue").getAsDouble(), 1e-12);
        JsonObject c1 = cpus.get(1L);
        assertEquals(2_000 + 300 + 100 + 1_000, c1.get("busy_ns").getAsLong(), "b, two handlers on idle, b again");
        assertEquals(400, c1.get("irq_ns").getAsLong());
        assertEquals(1_000, c1.get("queue_ns").getAsLong());
        // over time: a bin inside a's run is all busy; one inside CPU 0's idle stretch (5,000 to 6,050) is not
        long offset = new KernelTraceWriter(TestPaths.workDir("cpu-usage-offset"), tracer, List.of(), false).clockOffset();
        assertEquals(1.0, busyAt(json, 0, offset + 3_000), 1e-12);
        assertEquals(0.0, busyAt(json, 0, offset + 5_500), 1e-12);
    }

    private static double busyAt(JsonObject json, long cpu, long time) {
        for (JsonElement e : json.getAsJsonArray("cpu_timeline")) {
            JsonObject row = e.getAsJsonObject();
            JsonObject bin = row.getAsJsonObject("bin");
            if (row.get("cpu").getAsLong() == cpu && bin.get("begin").getAsLong() <= time
                    && time <= bin.get("end").getAsLong()) {
                return row.get("busy_ratio").getAsDouble();
            }
        }
        throw new AssertionError("no bin of CPU " + cpu + " holds " + time);
    }

    /**
     * The built-in example (examples/README.md): CPU 0 runs render (845 ms user, 50 ms system, 5 ms IRQ) and web (60 ms
     * user, 40 ms system) for the whole second; render waits 100 ms for it and web 7 ms.
     */
    @Test
    void theExamplesCpuZeroIsAlwaysBusy() {
        JsonObject json = cpus(TestPaths.repository().resolve("examples/kernel-demo"));
        Map<Long, JsonObject> cpus = byCpu(json.getAsJsonArray("cpus"));
        long ms = 1_000_000;
        assertEquals((845 + 50 + 5 + 60 + 40) * ms, cpus.get(0L).get("busy_ns").getAsLong());
        assertEquals(5 * ms, cpus.get(0L).get("irq_ns").getAsLong());
        assertEquals((100 + 7) * ms, cpus.get(0L).get("queue_ns").getAsLong());
        for (JsonObject c : cpus.values()) {
            long busy = c.get("busy_ns").getAsLong();
            assertTrue(busy <= c.get("known_ns").getAsLong(), c.toString());
        }
    }
}
