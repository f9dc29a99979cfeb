package org.lttbench.tests.analysis.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.process.ThreadRecord;
import org.lttbench.core.analysis.process.ThreadState;
import org.lttbench.core.analysis.process.ThreadStateSink;
import org.lttbench.core.analysis.process.Waker;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.FieldHandle;
import org.lttbench.core.trace.KernelLayout;
import org.lttbench.core.trace.KernelLayout.Role;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.tests.TestPaths;

/**
 * The waits analysis on every real kernel trace: each thread's causes, and its wakers, add up to its Blocked time to
 * the ns; and every wait a thread ended was ended by the thread that, by the trace's own {@code sched_switch} events
 * (followed here independently, per CPU), ran on the waking CPU at the waking time, outside any interrupt handler.
 */
class WaitsRealTraceTest {

    static java.util.stream.Stream<String> traces() {
        return RealTraceInvariantsTest.traces();
    }

    @ParameterizedTest
    @MethodSource("traces")
    void causesAndWakersAddUpToBlocked(String name) throws Exception {
        java.util.Map<String, org.lttbench.core.report.Report> reports = WaitsScenarioTest.run(TestPaths.trace(name),
                AnalysisOptions.DEFAULT);
        WaitsScenarioTest.assertAddUp(reports);
        // where I/O wait is reported, its check is at least 90%, or the tables say the figure is doubtful
        org.lttbench.core.report.Report process = reports.get("process");
        String check = process.notes().stream().filter(n -> n.startsWith("I/O wait check")).findFirst().orElse(null);
        boolean doubtful = check != null && Double.parseDouble(check.replaceAll(".*: ([0-9.]+)% of .*", "$1")) < 90;
        assertEquals(doubtful, !process.table("threads").warnings().isEmpty(), name + ": " + check);
        System.out.println(name + ": " + (check == null ? "no I/O wait checked" : check));
    }

    /** The wakers the machine told: each WAIT_BLOCKED interval ended by a thread, with when it ended. */
    private static final class Wakers implements ThreadStateSink {
        final Map<Integer, ThreadRecord> byIndex = new HashMap<>();
        final Map<ThreadRecord, Integer> pendingWaker = new HashMap<>();
        /** woken TID, waking time, waker's index */
        final List<long[]> woken = new ArrayList<>();

        @Override
        public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu) {
            stateChange(thread, state, time, cpu, 0);
        }

        @Override
        public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu, long why) {
            byIndex.put(thread.index(), thread);
            Integer waker = pendingWaker.remove(thread);
            if (waker != null && state == ThreadState.WAIT_CPU) {
                woken.add(new long[] { thread.tid(), time, waker });
            }
            if (state == ThreadState.WAIT_BLOCKED && Waker.kind(ThreadStateSink.waker(why)) == Waker.THREAD) {
                pendingWaker.put(thread, Waker.id(ThreadStateSink.waker(why)));
            }
        }
    }

    /** Per CPU, the thread the last switch put on it and how deep in interrupt handlers it is; each wakeup's context. */
    private static final class Independent implements RecordSink {
        final Map<Integer, Long> current = new HashMap<>();
        final Map<Integer, Integer> depth = new HashMap<>();
        /** "tid@time" of each wakeup event: {cpu's current TID (-1 unknown), interrupt depth} */
        final Map<String, long[]> wakeups = new HashMap<>();
        final Map<Object, KernelLayout> layouts = new HashMap<>();
        long now = Long.MIN_VALUE;

        @Override
        public void event(Event e) {
            KernelLayout layout = layouts.computeIfAbsent(e.type().trace(), t -> KernelLayout.of(e.type().trace()));
            int cpu = e.cpu() >= 0 ? e.cpu() : e.stream().cpu();
            now = Math.max(now, e.timestamp()); // as the machine counts an event that goes back in time
            switch (layout.role(e.type())) {
                case SCHED_SWITCH -> {
                    current.put(cpu, e.longValue(e.type().payloadField("next_tid")));
                    depth.put(cpu, 0);
                }
                case IRQ_ENTRY, SOFTIRQ_ENTRY -> depth.merge(cpu, 1, Integer::sum);
                case IRQ_EXIT, SOFTIRQ_EXIT -> depth.computeIfPresent(cpu, (c, d) -> Math.max(0, d - 1));
                case SCHED_WAKING, SCHED_WAKEUP -> {
                    FieldHandle tid = e.type().payloadField("tid");
                    wakeups.putIfAbsent(e.longValue(tid) + "@" + now,
                            new long[] { current.getOrDefault(cpu, -1L), depth.getOrDefault(cpu, 0) });
                }
                default -> {
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("traces")
    void everyThreadWakerRanOnTheWakingCpu(String name) throws Exception {
        Wakers told = new Wakers();
        Independent trace = new Independent();
        ProcessRun.run(List.of(TestPaths.trace(name)), AnalysisOptions.DEFAULT, told, trace);
        int checked = 0;
        for (long[] w : told.woken) {
            long[] context = trace.wakeups.get(w[0] + "@" + w[1]);
            assertNotNull(context, name + ": a wakeup of " + w[0] + " at " + w[1]);
            ThreadRecord waker = told.byIndex.get((int) w[2]);
            assertEquals(0, context[1], name + ": woken by a thread outside interrupt handlers");
            assertEquals(context[0], waker.tid(), name + ": the waker of " + w[0] + " at " + w[1]
                    + " is the waking CPU's thread");
            checked++;
        }
        // every trace with wakeups woke some thread from another one's context
        boolean wakeups = trace.layouts.values().stream().anyMatch(l -> l.declares(Role.SCHED_WAKEUP) || l.declares(Role.SCHED_WAKING));
        assertTrue(!wakeups || checked > 0, name + ": thread wakers checked: " + checked);
    }
}
