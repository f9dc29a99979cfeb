package org.lttbench.tests.analysis.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.analysis.waits.WaitStacks;
import org.lttbench.core.analysis.waits.WaitsAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tests.analysis.process.ProcessScenarios.Scenario;
import org.lttbench.tests.analysis.process.ProcessScenarios.Written;
import org.lttbench.tests.writer.KernelTracer;

/**
 * The folded stacks of every process scenario, for every tracer version: each {@code process;thread} adds up to its
 * threads' time in the process analysis (every state but a CPU's idle thread's), to the ns; and where a scenario says
 * why each wait was (its story), the blocked stacks give exactly those causes and wakers and their times.
 */
class WaitStacksTest {
    @ParameterizedTest(name = "{0}")
    @MethodSource(ProcessScenarioTest.EACH)
    void stacksAddUpToTheThreadsAndTellTheStorysWaits(String label, Scenario scenario, KernelTracer tracer) throws Exception {
        Written w = scenario.writeFor("-stacks", tracer);
        WaitStacks stacks;
        Table threads;
        try (TraceSet traces = CtfTraceSet.open(List.of(w.dir()))) {
            ProcessAnalysis process = new ProcessAnalysis(AnalysisOptions.DEFAULT);
            WaitsAnalysis waits = new WaitsAnalysis(AnalysisOptions.DEFAULT);
            List<Report> reports = AnalysisRun.run(traces, List.of(process, waits), ProgressListener.NONE);
            stacks = WaitStacks.ofRun(List.of(waits, process));
            threads = reports.get(0).table("threads");
        }
        // process;thread -> the threads' time in every state, from the process analysis's table
        Map<Long, String> processNames = new HashMap<>();
        for (int r = 0; r < threads.rows().size(); r++) {
            if (threads.cell(r, "tid").equals(threads.cell(r, "pid"))) {
                processNames.put((Long) threads.cell(r, "pid"), (String) threads.cell(r, "name"));
            }
        }
        Map<String, Long> expected = new TreeMap<>();
        Map<Long, String> prefixOf = new HashMap<>();
        for (int r = 0; r < threads.rows().size(); r++) {
            long tid = (Long) threads.cell(r, "tid");
            if (tid == 0) {
                continue; // a CPU's idle thread: no process's time
            }
            String name = (String) threads.cell(r, "name");
            String prefix = processNames.getOrDefault((Long) threads.cell(r, "pid"), name) + ";" + name;
            prefixOf.put(tid, prefix);
            long all = 0;
            for (String state : List.of("running_ns", "wait_cpu_ns", "wait_io_ns", "wait_blocked_ns", "unknown_ns")) {
                all += threads.cell(r, state) instanceof Long ns ? ns : 0;
            }
            if (all > 0) {
                expected.merge(prefix, all, Long::sum);
            }
        }
        Map<String, Long> actual = new TreeMap<>();
        stacks.stacks().forEach((stack, ns) -> actual.merge(prefix(stack, 2), ns, Long::sum));
        assertEquals(expected, actual, "each process;thread adds up to its threads' time");

        List<IntendedTimeline.Wait> intended = w.intended().waits();
        if (intended.isEmpty()) {
            return;
        }
        Map<String, Long> told = new TreeMap<>();
        for (IntendedTimeline.Wait x : intended) {
            told.merge(prefixOf.get((long) x.tid()) + ";Blocked;" + x.cause() + ";" + waker(x), x.to() - x.from(), Long::sum);
        }
        Map<String, Long> blocked = new TreeMap<>();
        stacks.stacks().forEach((stack, ns) -> {
            if (told.keySet().stream().anyMatch(t -> prefix(t, 2).equals(prefix(stack, 2))) && stack.split(";").length == 5) {
                blocked.put(stack, ns);
            }
        });
        assertFalse(told.isEmpty());
        assertEquals(told, blocked, "the story's waits, by cause and waker");
    }

    /** The first {@code n} frames of a stack. */
    private static String prefix(String stack, int n) {
        String[] frames = stack.split(";");
        return String.join(";", List.of(frames).subList(0, Math.min(n, frames.length)));
    }

    /** A story's waker as a frame names it: a thread by its name (never its TID), an IRQ by its
     * name, a softirq by its vector, a timer, none. */
    private static String waker(IntendedTimeline.Wait x) {
        return switch (x.wakerKind()) {
            case "thread" -> "woken by " + x.waker().replaceFirst("^\\d+ ", "").replaceFirst(" \\(process \\d+\\)$", "");
            case "softirq" -> "woken by softirq " + x.waker();
            case "timer" -> "woken by a timer";
            case "irq" -> "woken by IRQ " + (x.waker().contains(" ") ? x.waker().substring(x.waker().indexOf(' ') + 1) : x.waker());
            case "none" -> "not woken (the trace ended)";
            default -> throw new IllegalArgumentException(x.wakerKind());
        };
    }
}
