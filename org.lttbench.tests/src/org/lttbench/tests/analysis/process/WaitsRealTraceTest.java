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
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.kernel.Waker;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.FieldHandle;
import org.lttbench.core.trace.KernelLayout;
import org.lttbench.core.trace.KernelLayout.Role;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.tests.TestPaths;

/**
 * The waits analysis on every real kernel trace: each thread's causes, and its wakers, add up to its Blocked time to
 * the ns; every wait a thread ended was ended by the thread that, by the trace's own {@code sched_switch} events
 * (followed here independently, per CPU), ran on the waking CPU at the waking time, outside any interrupt handler and
 * timer callback; and every wait woken inside a timer callback (an hrtimer's or a timer wheel's, by the events' own
 * names), outside a handler nested in it, was ended by a timer.
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

    /** The wakers the machine told: each WAIT_BLOCKED interval ended by a thread or a timer, with when it ended. */
    private static final class Wakers implements ThreadStateSink {
        final Map<Integer, ThreadRecord> byIndex = new HashMap<>();
        final Map<ThreadRecord, Integer> pendingWaker = new HashMap<>();
        /** woken TID, waking time, waker (a {@link Waker}) */
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
            int endedBy = ThreadStateSink.waker(why);
            if (state == ThreadState.WAIT_BLOCKED
                    && (Waker.kind(endedBy) == Waker.THREAD || Waker.kind(endedBy) == Waker.TIMER)) {
                pendingWaker.put(thread, endedBy);
            }
        }
    }

    /** The innermost context a wakeup came from. */
    private static final long THREAD = 0, INTERRUPT = 1, TIMER_CALLBACK = 2;

    /**
     * Per CPU, the thread the last switch put on it and the interrupt handlers and timer callbacks it runs, innermost
     * last; each wakeup's context.
     */
    private static final class Independent implements RecordSink {
        final Map<Integer, Long> current = new HashMap<>();
        final Map<Integer, java.util.Deque<Long>> nested = new HashMap<>();
        /** "tid@time" of each wakeup event: {cpu's current TID (-1 unknown), its innermost context} */
        final Map<String, long[]> wakeups = new HashMap<>();
        final Map<Object, KernelLayout> layouts = new HashMap<>();
        long now = Long.MIN_VALUE;

        @Override
        public void event(Event e) {
            KernelLayout layout = layouts.computeIfAbsent(e.type().trace(), t -> KernelLayout.of(e.type().trace()));
            int cpu = e.cpu() >= 0 ? e.cpu() : e.stream().cpu();
            now = Math.max(now, e.timestamp()); // as the machine counts an event that goes back in time
            java.util.Deque<Long> contexts = nested.computeIfAbsent(cpu, c -> new java.util.ArrayDeque<>());
            // the timer callbacks by the tracers' own names (lttng-modules before and from 2.7)
            switch (e.type().name()) {
                case "hrtimer_expire_entry", "timer_hrtimer_expire_entry", "timer_expire_entry" -> contexts.push(TIMER_CALLBACK);
                case "hrtimer_expire_exit", "timer_hrtimer_expire_exit", "timer_expire_exit" -> {
                    if (Long.valueOf(TIMER_CALLBACK).equals(contexts.peek())) {
                        contexts.pop();
                    }
                }
                default -> {
                }
            }
            switch (layout.role(e.type())) {
                case SCHED_SWITCH -> {
                    current.put(cpu, e.longValue(e.type().payloadField("next_tid")));
                    contexts.clear();
                }
                case IRQ_ENTRY, SOFTIRQ_ENTRY -> contexts.push(INTERRUPT);
                case IRQ_EXIT, SOFTIRQ_EXIT -> {
                    // with the callbacks it ran
                    while (!contexts.isEmpty() && contexts.pop() != INTERRUPT) {
                        // a timer callback inside the handler
                    }
                }
                case SCHED_WAKING, SCHED_WAKEUP -> {
                    FieldHandle tid = e.type().payloadField("tid");
                    wakeups.putIfAbsent(e.longValue(tid) + "@" + now, new long[] { current.getOrDefault(cpu, -1L),
                            contexts.isEmpty() ? THREAD : contexts.peek() });
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
        int timers = 0;
        for (long[] w : told.woken) {
            long[] context = trace.wakeups.get(w[0] + "@" + w[1]);
            assertNotNull(context, name + ": a wakeup of " + w[0] + " at " + w[1]);
            int waker = (int) w[2];
            if (context[1] == TIMER_CALLBACK) {
                assertEquals(Waker.TIMER, Waker.kind(waker), name + ": " + w[0] + " woken at " + w[1]
                        + " in a timer callback, by the timer");
                timers++;
            }
            if (Waker.kind(waker) == Waker.THREAD) {
                assertEquals(THREAD, context[1], name + ": woken by a thread outside interrupt handlers and timer callbacks");
                assertEquals(context[0], told.byIndex.get(Waker.id(waker)).tid(), name + ": the waker of " + w[0] + " at "
                        + w[1] + " is the waking CPU's thread");
                checked++;
            }
        }
        // every trace with wakeups woke some thread from another one's context
        boolean wakeups = trace.layouts.values().stream().anyMatch(l -> l.declares(Role.SCHED_WAKEUP) || l.declares(Role.SCHED_WAKING));
        assertTrue(!wakeups || checked > 0, name + ": thread wakers checked: " + checked);
        // the scp traces' sleep and tcpdump timeouts are woken in hrtimer callbacks (their timer interrupt is not traced)
        assertTrue(!name.startsWith("kernel-scp") || timers > 0, name + ": waits ended in a timer callback: " + timers);
        System.out.println(name + ": " + checked + " waits ended by a thread, " + timers + " in a timer callback");
    }
}
