package org.lttbench.tests.analysis.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.latency.SchedulingLatencyAnalysis;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.analysis.waits.WaitsAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Highlight;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.run.WhatStandsOut;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.analysis.process.ProcessScenarios.Scenario;
import org.lttbench.tests.analysis.process.ProcessScenarios.Written;
import org.lttbench.tests.writer.KernelTraceWriter;
import org.lttbench.tests.writer.KernelTracer;

/**
 * The waits analysis on every process scenario, for every tracer version: each thread's causes, and its wakers, add
 * up to its Blocked time in the process analysis, to the ns; and where a scenario says why each wait was (the
 * why-it-waited story: a pipe, a futex, epoll ended by the network softirq, nanosleep ended by a timer, a page fault),
 * the tables give exactly those causes and wakers, their times and counts.
 */
class WaitsScenarioTest {
    @ParameterizedTest(name = "{0}")
    @MethodSource(ProcessScenarioTest.EACH)
    void causesAndWakersAddUpToBlocked(String label, Scenario scenario, KernelTracer tracer) throws Exception {
        Written w = scenario.writeFor("-waits", tracer);
        Map<String, Report> reports = run(w.dir(), AnalysisOptions.DEFAULT);
        assertAddUp(reports);
        List<IntendedTimeline.Wait> intended = w.intended().waits();
        if (intended.isEmpty()) {
            return;
        }
        Map<List<Object>, List<Long>> causes = new TreeMap<>(WaitsScenarioTest::compare);
        Map<List<Object>, List<Long>> wakers = new TreeMap<>(WaitsScenarioTest::compare);
        for (IntendedTimeline.Wait x : intended) {
            causes.merge(List.of((long) x.tid(), x.cause()), List.of(x.to() - x.from(), 1L), WaitsScenarioTest::sum);
            wakers.merge(List.of((long) x.tid(), x.wakerKind(), x.waker()), List.of(x.to() - x.from(), 1L),
                    WaitsScenarioTest::sum);
        }
        Table byCause = reports.get("waits").table("blocked_by_cause");
        Table byWaker = reports.get("waits").table("blocked_by_waker");
        assertEquals(causes, rows(byCause, "tid", "cause"), "blocked by cause");
        assertEquals(wakers, rows(byWaker, "tid", "waker_kind", "waker"), "blocked by waker");
    }

    /**
     * A trace recorded without interrupt events cannot tell a wakeup made in an interrupt from one made by the thread
     * the interrupt stopped. The why-it-waited story written twice, with and without them: its epoll_wait is ended by
     * the network softirq and its nanosleep by the timer softirq, both on CPU 1 while the writer runs there. Without
     * interrupt events those two waits are put down to the writer, so that all five of the reader's waits are the
     * writer's; each table of wakers (the waits', the longest waits for a CPU) says that such a waker may have been an
     * interrupt, and so does what stands out. With them, the wakers are the softirqs, and nothing is said.
     */
    @Test
    void wakersOfATraceWithoutInterruptEventsAreSaidToBeDoubtful() throws Exception {
        KernelTracer bare = FULL.without("irq_handler_entry", "irq_handler_exit", "x86_irq_vectors_local_timer_entry",
                "x86_irq_vectors_local_timer_exit", "irq_softirq_entry", "irq_softirq_exit", "irq_softirq_raise",
                "timer_hrtimer_expire_entry", "timer_hrtimer_expire_exit", "timer_expire_entry", "timer_expire_exit");
        // without interrupt events, each waker is the thread each interrupt stopped: the writer, on CPU 1
        wakersWithAndWithout("why-it-waited", bare, "Wakers are doubtful: the trace has no interrupt events",
                x -> "502 writer", (told, standsOut) -> {
                    String all = String.join("\n", standsOut.stream().map(Highlight::line).toList());
                    assertEquals(!told, all.contains("woken by thread 502 writer or an interrupt it took (none traced)"),
                            all);
                });
    }

    /**
     * A trace with interrupt events but none of a timer's expiry (x86's local timer interrupt is a vector of its own,
     * not irq_handler_entry) cannot tell a sleep a timer ended from a wakeup by the thread the timer interrupt stopped.
     * The timer-callbacks story written with and without timer events: a nanosleep ended in an hrtimer callback while
     * CPU 0 is idle, two polls ended in timer callbacks while the burner runs on CPU 1. Without timer events the
     * nanosleep is put down to the idle thread of CPU 0 and the polls to the burner; each table of wakers says that
     * such a waker may have been a timer interrupt, and so does any line of what stands out naming a thread waker. With
     * them, the timer woke all three and nothing is said.
     */
    @Test
    void timerWakersOfATraceWithoutTimerEventsAreSaidToBeDoubtful() throws Exception {
        // without timer events, each waker is the thread current on the CPU the timer expired on
        wakersWithAndWithout("timer-callbacks", NO_TIMER_EVENTS, "Wakers are doubtful: the trace has no timer expiry events",
                x -> x.tid() == 551 ? "0 swapper/0" : "552 burner", (told, standsOut) -> {
                    for (Highlight h : standsOut) {
                        if (h.line().matches(".*woken (most )?by thread .*")) {
                            assertEquals(!told, h.line().contains(" or an untraced timer"), h.line());
                        }
                    }
                });
    }

    /** The tracer whose traces have every interrupt event. */
    private static final KernelTracer FULL = KernelTracer.lttng(2, 13, "5.15.0-91-generic");
    /** The same without any event of a timer's expiry: its callbacks' and x86's local timer interrupt's. */
    private static final KernelTracer NO_TIMER_EVENTS = FULL.without("x86_irq_vectors_local_timer_entry",
            "x86_irq_vectors_local_timer_exit", "timer_hrtimer_expire_entry", "timer_hrtimer_expire_exit",
            "timer_expire_entry", "timer_expire_exit");

    /**
     * Where the timer interrupt is an ordinary IRQ (ARM's arch_timer), irq_handler_entry shows it. A trace without timer
     * events that enters such an IRQ: a nanosleep ended in it while CPU 0 is idle, a poll while the burner runs on CPU
     * 1. The IRQ woke both, and no table of wakers doubts it.
     */
    @Test
    void wakersOfATraceThatEntersATimerIrqAreNotDoubted() throws Exception {
        Scenario story = new Scenario("timer-irq", (k, x) -> {
            KernelTraceWriter w = k.w;
            w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "sleep", 571);
            w.schedSwitch(1_000, 1, "swapper/1", 0, 0, "poller", 573);
            w.syscallEntry(1_100, 0, "nanosleep");
            w.schedSwitch(1_200, 0, "sleep", 571, ProcessScenarios.Kernel.SLEEPING, "swapper/0", 0);
            w.syscallEntry(1_300, 1, "poll");
            w.schedSwitch(1_400, 1, "poller", 573, ProcessScenarios.Kernel.SLEEPING, "burner", 572);
            w.irqEntry(5_000, 0, 27, "arch_timer");
            k.wake(5_010, 0, "sleep", 571, 0);
            w.irqExit(5_100, 0, 27);
            w.schedSwitch(5_200, 0, "swapper/0", 0, 0, "sleep", 571);
            w.syscallExit(5_300, 0, "nanosleep", 0);
            w.irqEntry(6_000, 1, 27, "arch_timer");
            k.wake(6_010, 1, "poller", 573, 1);
            w.irqExit(6_100, 1, 27);
            w.schedSwitch(6_200, 1, "burner", 572, k.preempted(), "poller", 573);
            w.syscallExit(6_300, 1, "poll", 0);
            w.syscallEntry(10_000, 0, "read");
            x.waited(571, 1_200, 5_010, "sleeping by choice (nanosleep)", "irq", "27 arch_timer")
                    .waited(573, 1_400, 6_010, "waiting for events (poll, select, epoll)", "irq", "27 arch_timer");
            x.end(10_000);
        }, List.of("read", "nanosleep", "poll"));
        Written w = story.write(TestPaths.workDir("timer-irq-without-timer-events"), NO_TIMER_EVENTS);
        Map<String, Report> reports = withSched(w.dir(), standsOut -> { });
        Map<List<Object>, List<Long>> wakers = new TreeMap<>(WaitsScenarioTest::compare);
        for (IntendedTimeline.Wait x : w.intended().waits()) {
            wakers.merge(List.of((long) x.tid(), x.wakerKind(), x.waker()), List.of(x.to() - x.from(), 1L),
                    WaitsScenarioTest::sum);
        }
        Table byWaker = reports.get("waits").table("blocked_by_waker");
        assertEquals(wakers, rows(byWaker, "tid", "waker_kind", "waker"), "blocked by waker");
        for (Table t : List.of(byWaker, reports.get("sched").table("sched_latency_longest"))) {
            assertEquals(List.of(), t.warnings().stream().map(Table.Warning::text).toList(), t.key());
        }
        assertAddUp(reports);
    }

    /**
     * A scenario written by {@link #FULL} and by {@code without} (some interrupt events left out): its wakers are the
     * story's with every event, else the thread {@code untold} names for each wait; each table of wakers (the waits', the
     * longest waits for a CPU) carries {@code warning} exactly without them; {@code standsOut} checks what stands out.
     */
    private static void wakersWithAndWithout(String scenario, KernelTracer without, String warning,
            java.util.function.Function<IntendedTimeline.Wait, String> untold,
            java.util.function.BiConsumer<Boolean, List<Highlight>> standsOut) throws Exception {
        Scenario story = ProcessScenarios.ALL.stream().filter(s -> s.name().equals(scenario)).findFirst().orElseThrow();
        for (KernelTracer tracer : List.of(FULL, without)) {
            boolean told = tracer == FULL;
            Written w = story.write(TestPaths.workDir(scenario + "-" + (told ? "with" : "without") + "-interrupts"), tracer);
            Map<String, Report> reports = withSched(w.dir(), highlights -> standsOut.accept(told, highlights));
            Map<List<Object>, List<Long>> wakers = new TreeMap<>(WaitsScenarioTest::compare);
            for (IntendedTimeline.Wait x : w.intended().waits()) {
                wakers.merge(told ? List.of((long) x.tid(), x.wakerKind(), x.waker())
                        : List.of((long) x.tid(), "thread", untold.apply(x)), List.of(x.to() - x.from(), 1L),
                        WaitsScenarioTest::sum);
            }
            Table byWaker = reports.get("waits").table("blocked_by_waker");
            assertEquals(wakers, rows(byWaker, "tid", "waker_kind", "waker"), scenario + ": blocked by waker");
            for (Table t : List.of(byWaker, reports.get("sched").table("sched_latency_longest"))) {
                List<String> warnings = t.warnings().stream().map(Table.Warning::text).toList();
                if (told) {
                    assertEquals(List.of(), warnings, t.key());
                } else {
                    assertEquals(1, warnings.size(), t.key() + ": " + warnings);
                    assertTrue(warnings.get(0).startsWith(warning), warnings.get(0));
                }
            }
            assertAddUp(reports);
        }
    }

    /** The process, waits and sched analyses of a trace, by name; {@code standsOut} is given what stands out in them. */
    private static Map<String, Report> withSched(Path dir, java.util.function.Consumer<List<Highlight>> standsOut)
            throws Exception {
        try (TraceSet traces = CtfTraceSet.open(List.of(dir))) {
            List<Report> all = AnalysisRun.run(traces, List.of(new ProcessAnalysis(AnalysisOptions.DEFAULT),
                    new WaitsAnalysis(AnalysisOptions.DEFAULT), new SchedulingLatencyAnalysis(AnalysisOptions.DEFAULT)),
                    ProgressListener.NONE);
            standsOut.accept(WhatStandsOut.of(all));
            Map<String, Report> reports = new HashMap<>();
            all.forEach(r -> reports.put(r.analysis(), r));
            return reports;
        }
    }

    private static List<Long> sum(List<Long> a, List<Long> b) {
        return List.of(a.get(0) + b.get(0), a.get(1) + b.get(1));
    }

    private static int compare(List<Object> a, List<Object> b) {
        return a.toString().compareTo(b.toString());
    }

    /** The rows of the threads a scenario names (keyed by those columns): blocked ns and waits. */
    private static Map<List<Object>, List<Long>> rows(Table t, String... keys) {
        Map<List<Object>, List<Long>> rows = new TreeMap<>(WaitsScenarioTest::compare);
        for (int r = 0; r < t.rows().size(); r++) {
            if (!(t.cell(r, "tid") instanceof Long tid) || tid < 500 || tid >= 700) {
                continue; // the story's threads
            }
            List<Object> key = new java.util.ArrayList<>();
            for (String k : keys) {
                key.add(t.cell(r, k));
            }
            rows.put(key, List.of((Long) t.cell(r, "blocked_ns"), (Long) t.cell(r, "waits")));
        }
        return rows;
    }

    static Map<String, Report> run(Path dir, AnalysisOptions options) throws Exception {
        try (TraceSet traces = CtfTraceSet.open(List.of(dir))) {
            ProcessAnalysis process = new ProcessAnalysis(options);
            WaitsAnalysis waits = new WaitsAnalysis(options);
            List<Report> reports = AnalysisRun.run(traces, List.of(process, waits), ProgressListener.NONE);
            Map<String, Report> byName = new HashMap<>();
            reports.forEach(r -> byName.put(r.analysis(), r));
            return byName;
        }
    }

    /** Per thread (TID, and name for TIDs a trace reuses), causes and wakers each sum to the thread's Blocked. */
    static void assertAddUp(Map<String, Report> reports) {
        Map<List<Object>, Long> blocked = new HashMap<>();
        Table threads = reports.get("process").table("threads");
        for (int r = 0; r < threads.rows().size(); r++) {
            Object b = threads.cell(r, "wait_blocked_ns");
            if (b instanceof Long ns && ns > 0) {
                blocked.merge(List.of(String.valueOf(threads.cell(r, "tid")), String.valueOf(threads.cell(r, "name"))),
                        ns, Long::sum);
            }
        }
        for (String table : List.of("blocked_by_cause", "blocked_by_waker")) {
            Table t = reports.get("waits").table(table);
            Map<List<Object>, Long> sums = new HashMap<>();
            for (int r = 0; r < t.rows().size(); r++) {
                sums.merge(List.of(String.valueOf(t.cell(r, "tid")), String.valueOf(t.cell(r, "name"))),
                        (Long) t.cell(r, "blocked_ns"), Long::sum);
            }
            assertEquals(blocked, sums, table + " sums to Blocked per thread");
        }
        assertTrue(reports.get("waits").summary().startsWith("Why threads were blocked"), reports.get("waits").summary());
    }
}
