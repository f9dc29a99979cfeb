package org.lttbench.tests.analysis.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.analysis.process.ProcessScenarios.Scenario;
import org.lttbench.tests.analysis.process.ProcessScenarios.Written;
import org.lttbench.tests.writer.KernelTracer;
import org.lttbench.tests.writer.WrittenTraceCheck;

/** Every scenario trace, for every tracer version, is real CTF: babeltrace2 reads back exactly what was written. */
class ProcessScenarioTest {
    /** A parameterized test's {@code @MethodSource}: a case per scenario and tracer version. */
    static final String EACH = "org.lttbench.tests.analysis.process.ProcessScenarioTest#scenarios";

    static Stream<Arguments> scenarios() {
        List<Arguments> all = new ArrayList<>();
        for (Scenario s : ProcessScenarios.ALL) {
            for (KernelTracer t : ProcessScenarios.TRACERS) {
                all.add(Arguments.of(s.name() + " " + tracerName(t), s, t));
            }
        }
        for (Scenario s : ProcessScenarios.FOR_PERF) {
            for (KernelTracer t : List.of(ProcessScenarios.PERF, ProcessScenarios.PERF_CPU_IN_EVENTS)) {
                all.add(Arguments.of(s.name() + " " + tracerName(t), s, t));
            }
        }
        for (Scenario s : ProcessScenarios.ALL) {
            // a CPU whose stream is missing cannot be told when the streams do not say their CPUs
            if (!s.name().equals("missing-cpu")) {
                KernelTracer t = ProcessScenarios.CPU_IN_EVENTS;
                all.add(Arguments.of(s.name() + " " + tracerName(t), s, t));
            }
        }
        return all.stream();
    }

    static String tracerName(KernelTracer t) {
        String cpu = t.eventCpuField() == null ? "" : "-cpu-in-" + t.eventCpuField();
        if (t.perf()) {
            return "perf-ctf" + cpu;
        }
        return "lttng" + t.major() + "." + t.minor() + (t.omitted().isEmpty() ? "" : "-without-" + String.join("-", new java.util.TreeSet<>(t.omitted()))) + cpu;
    }

    static String dirName(Scenario s, KernelTracer t) {
        return "scenario-" + s.name() + "-" + tracerName(t);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void babeltraceReadsTheScenarioTrace(String label, Scenario scenario, KernelTracer tracer) throws Exception {
        Path dir = TestPaths.workDir(dirName(scenario, tracer));
        Written written = scenario.write(dir, tracer);
        int n = WrittenTraceCheck.assertBabeltraceReadsWhatWasWritten(written.writer().ctf());
        assertTrue(n > 5, "the scenario wrote events");
    }

    /** The benchmark's generated busy machine is real CTF too (a smaller one: babeltrace2 counts every event). */
    @Test
    void busyMachineTraceIsRealCtf() throws Exception {
        Path dir = TestPaths.workDir("busy-machine-small");
        long written = BusyMachineTrace.write(dir, 30_000, 4, 200, 7);
        long read = org.lttbench.tests.Babeltrace2.events(dir).size();
        assertEquals(written, read);
    }
}
