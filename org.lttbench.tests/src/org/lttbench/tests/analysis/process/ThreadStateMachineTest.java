package org.lttbench.tests.analysis.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lttbench.core.kernel.BlockDevice;
import org.lttbench.core.kernel.Comm;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.kernel.ThreadStateMachine;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.kernel.Waker;
import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.FieldHandle;
import org.lttbench.core.trace.KernelLayout;
import org.lttbench.core.trace.Stream;
import org.lttbench.core.trace.Trace;

/**
 * The state machine's semantics, driven by its typed calls directly (one story per test, no trace file): what each
 * thread is told, in order. The scenario traces ({@link ProcessScenarios}) check the same end to end, from CTF.
 */
class ThreadStateMachineTest {
    private static final long DISK = 8L << 20;

    /** What the sink heard of each thread (by TID): its states and their times. */
    private static final class Told implements ThreadStateSink {
        final Map<Integer, List<String>> changes = new LinkedHashMap<>();
        final List<String> ioWaits = new ArrayList<>();

        /** Each blocked wait's waker, as the tables name its kind, by TID. */
        final Map<Integer, List<String>> wakers = new LinkedHashMap<>();

        @Override
        public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu) {
            changes.computeIfAbsent(thread.tid(), t -> new ArrayList<>()).add(time + " " + state);
        }

        @Override
        public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu, long why) {
            stateChange(thread, state, time, cpu);
            if (state == ThreadState.WAIT_BLOCKED) {
                int w = ThreadStateSink.waker(why);
                wakers.computeIfAbsent(thread.tid(), t -> new ArrayList<>()).add(time + " " + Waker.kindName(w)
                        + (Waker.kind(w) == Waker.IRQ ? " " + Waker.id(w) : ""));
            }
        }

        @Override
        public void ioWait(ThreadRecord thread, long device, long from, long to) {
            ioWaits.add(thread.tid() + " " + BlockDevice.numbers(device) + " " + from + "-" + to);
        }

        List<String> of(int tid) {
            return changes.get(tid);
        }
    }

    /** The events lttng-modules 2.13 records, as a trace's metadata declares them. */
    private static final List<String> EVENTS = List.of("sched_switch", "sched_waking", "sched_wakeup",
            "sched_wakeup_new", "sched_process_fork", "sched_process_exit", "syscall_entry_read", "syscall_exit_read",
            "irq_handler_entry", "irq_handler_exit", "block_rq_issue", "block_rq_complete");

    /** A kernel trace of two CPUs whose metadata declares those events. */
    private record TwoCpus(Map<String, Object> environment, List<String> events) implements Trace {
        @Override
        public Path path() {
            return Path.of("two-cpus");
        }

        @Override
        public List<? extends EventType> eventTypes() {
            List<EventType> types = new ArrayList<>();
            for (String name : events) {
                Trace trace = this;
                int index = types.size();
                types.add(new EventType() {
                    @Override
                    public String name() {
                        return name;
                    }

                    @Override
                    public long id() {
                        return index;
                    }

                    @Override
                    public int index() {
                        return index;
                    }

                    @Override
                    public Trace trace() {
                        return trace;
                    }

                    @Override
                    public FieldHandle payloadField(String field) {
                        return null;
                    }

                    @Override
                    public FieldHandle contextField(String field) {
                        return null;
                    }
                });
            }
            return types;
        }

        @Override
        public List<? extends Stream> streams() {
            Trace trace = this;
            List<Stream> streams = new ArrayList<>();
            for (int cpu = 0; cpu < 2; cpu++) {
                int id = cpu;
                streams.add(new Stream() {
                    @Override
                    public Trace trace() {
                        return trace;
                    }

                    @Override
                    public String name() {
                        return "channel0_" + id;
                    }

                    @Override
                    public String channel() {
                        return "channel0";
                    }

                    @Override
                    public int cpu() {
                        return id;
                    }

                    @Override
                    public int index() {
                        return id;
                    }

                    @Override
                    public boolean hasDiscardedEventsCounter() {
                        return true;
                    }

                    @Override
                    public boolean hasPacketSequenceNumber() {
                        return true;
                    }
                });
            }
            return streams;
        }
    }

    private static ThreadStateMachine machine(String tracerMinor, String kernel, ThreadStateSink sink) {
        return machine(tracerMinor, kernel, sink, EVENTS);
    }

    private static ThreadStateMachine machine(String tracerMinor, String kernel, ThreadStateSink sink,
            List<String> events) {
        Trace trace = new TwoCpus(Map.of("domain", "kernel", "tracer_name", "lttng-modules", "tracer_major", "2",
                "tracer_minor", tracerMinor, "tracer_patchlevel", "0", "kernel_release", kernel), events);
        int[] next = { 0 };
        return new ThreadStateMachine(trace, KernelLayout.of(trace), sink, () -> next[0]++);
    }

    private static final Comm NONE = null;

    @Test
    void aThreadPreemptedAfterItsExitIsOneThreadUntilItsDeadSwitch() {
        Told told = new Told();
        ThreadStateMachine m = machine("13", "5.15.0", told);
        m.schedSwitch(0, 1_000, 0, 0, NONE, 10, Comm.of("worker"));
        m.syscall(0, 1_100, false);
        m.exit(0, 2_000, 10);
        m.schedSwitch(0, 3_000, 10, 0x100, Comm.of("worker"), 11, Comm.of("other"));
        m.schedSwitch(0, 4_000, 11, 0x100, Comm.of("other"), 10, Comm.of("worker"));
        m.schedSwitch(0, 5_000, 10, 0x20, Comm.of("worker"), 0, NONE);
        m.end();
        assertEquals(List.of("1000 UNKNOWN", "1000 SYSCALL", "1100 USER", "2000 SYSCALL", "3000 WAIT_CPU",
                "4000 SYSCALL", "5000 NOT_ALIVE"), told.of(10));
    }

    @Test
    void anUninterruptibleSleepIsAnIoWaitOnlyWhenACompletionInTheWakersContextEndsIt() {
        Told told = new Told();
        ThreadStateMachine m = machine("13", "5.15.0", told);
        m.schedSwitch(0, 1_000, 0, 0, NONE, 20, Comm.of("dd"));
        m.syscall(0, 1_100, true);
        m.block(0, 1_200, true, DISK, true, 64, 8);
        m.schedSwitch(0, 1_500, 20, 0x2, Comm.of("dd"), 0, NONE);
        m.interruptEntry(1, 9_000);
        m.block(1, 9_100, false, DISK, true, 64, 8);
        m.wakeup(1, 9_200, 20, 0, Comm.of("dd"));
        m.interruptExit(1, 9_300);
        m.schedSwitch(0, 10_000, 0, 0, NONE, 20, Comm.of("dd"));
        // the same sleep again, woken in another interrupt that completed nothing: not an I/O wait
        m.schedSwitch(0, 11_000, 20, 0x2, Comm.of("dd"), 0, NONE);
        m.interruptEntry(1, 12_000);
        m.wakeup(1, 12_100, 20, 0, Comm.of("dd"));
        m.interruptExit(1, 12_200);
        m.end();
        assertEquals(List.of("1000 UNKNOWN", "1000 USER", "1100 SYSCALL", "1500 WAIT_IO", "9200 WAIT_CPU",
                "10000 SYSCALL", "11000 WAIT_BLOCKED", "12100 WAIT_CPU"), told.of(20));
        assertEquals(List.of("20 8:0 1500-9200"), told.ioWaits);
    }

    /** lttng-modules "2.11.0" on 4.18 writing raw bits: an idle worker's TASK_IDLE (0x402) is no I/O wait. */
    @Test
    void rawBitsUnderAReportVersionAreReadAsRawBits() {
        Told told = new Told();
        ThreadStateMachine m = machine("11", "4.18.0", told);
        m.schedSwitch(0, 1_000, 0, 0, NONE, 30, Comm.of("kworker/0:1"));
        m.block(0, 1_100, true, DISK, true, 8, 8);
        m.schedSwitch(0, 1_500, 30, 0x402, Comm.of("kworker/0:1"), 0, NONE);
        m.interruptEntry(1, 5_000);
        m.block(1, 5_100, false, DISK, true, 8, 8);
        m.wakeup(1, 5_200, 30, 0, NONE);
        m.interruptExit(1, 5_300);
        m.end();
        assertEquals(List.of("1000 UNKNOWN", "1000 USER", "1500 WAIT_BLOCKED", "5200 WAIT_CPU"), told.of(30));
        assertEquals(List.of(), told.ioWaits);
    }

    /**
     * A timer callback wakes as a timer, whatever it interrupted (the idle thread, or a thread whose state it leaves
     * alone: no IRQ time, the trace shows no interrupt), and inside an interrupt handler too; a handler nested in a
     * callback wakes as itself; after the callback, its CPU's thread wakes again.
     */
    @Test
    void aTimerCallbackWakesAsTheTimer() {
        Told told = new Told();
        ThreadStateMachine m = machine("13", "5.15.0", told);
        m.schedSwitch(0, 1_000, 0, 0, NONE, 50, Comm.of("sleeper"));
        m.schedSwitch(1, 1_000, 0, 0, NONE, 51, Comm.of("burner"));
        m.schedSwitch(0, 1_100, 50, 0x1, Comm.of("sleeper"), 0, NONE);
        m.timerExpiryEntry(1, 2_000);
        m.wakeup(1, 2_010, 50, 0, NONE);
        m.timerExpiryExit(1, 2_100);
        m.schedSwitch(0, 2_200, 0, 0, NONE, 50, Comm.of("sleeper"));
        m.schedSwitch(0, 3_000, 50, 0x1, Comm.of("sleeper"), 0, NONE);
        // in a softirq (an hrtimer run from the timer softirq), with an IRQ nested in the callback
        m.interruptEntry(1, 4_000, Waker.of(Waker.SOFTIRQ, 3));
        m.timerExpiryEntry(1, 4_010);
        m.interruptEntry(1, 4_020, Waker.of(Waker.IRQ, 16));
        m.wakeup(1, 4_030, 50, 0, NONE);
        m.interruptExit(1, 4_040);
        m.timerExpiryExit(1, 4_050);
        m.interruptExit(1, 4_060);
        m.schedSwitch(0, 4_100, 0, 0, NONE, 50, Comm.of("sleeper"));
        m.schedSwitch(0, 5_000, 50, 0x1, Comm.of("sleeper"), 0, NONE);
        m.interruptEntry(1, 6_000, Waker.of(Waker.SOFTIRQ, 3));
        m.timerExpiryEntry(1, 6_010);
        m.wakeup(1, 6_020, 50, 0, NONE);
        m.timerExpiryExit(1, 6_030);
        m.interruptExit(1, 6_040);
        m.schedSwitch(0, 6_100, 0, 0, NONE, 50, Comm.of("sleeper"));
        m.schedSwitch(0, 7_000, 50, 0x1, Comm.of("sleeper"), 0, NONE);
        m.timerExpiryExit(1, 7_500); // unmatched: the trace lost its entry
        m.wakeup(1, 8_000, 50, 0, NONE);
        m.end();
        assertEquals(List.of("1100 timer", "3000 irq 16", "5000 timer", "7000 thread"), told.wakers.get(50));
        // the burner ran all along, but in the softirqs
        assertEquals(List.of("1000 UNKNOWN", "1000 USER", "4000 IRQ", "4060 USER", "6000 IRQ", "6040 USER"), told.of(51));
    }

    /**
     * A forked thread is born runnable at its sched_wakeup_new (TASK_NEW before: not runnable, its parent still in
     * clone()), even when a migration names it before; at its fork in a trace that does not record that event, or
     * when another event names it first (the wakeup lost), or when the trace ends before it.
     */
    @Test
    void aForkedThreadIsBornAtItsWakeupNew() {
        List<String> without = EVENTS.stream().filter(e -> !e.equals("sched_wakeup_new")).toList();
        for (List<String> events : List.of(EVENTS, without)) {
            boolean wakeupNew = events.contains("sched_wakeup_new");
            Told told = new Told();
            ThreadStateMachine m = machine("13", "5.15.0", told, events);
            m.schedSwitch(0, 1_000, 0, 0, NONE, 60, Comm.of("parent"));
            m.syscall(0, 1_100, true);
            m.fork(0, 2_000, 60, 60, 61, 61, Comm.of("parent"));
            m.migrate(0, 2_010, 61, 0, 1);
            if (wakeupNew) {
                m.wakeup(0, 2_050, 61, 1, Comm.of("parent"));
            }
            m.fork(0, 2_100, 60, 60, 62, 62, Comm.of("parent"));
            m.fork(0, 2_200, 60, 60, 63, 63, Comm.of("parent"));
            m.schedSwitch(1, 3_000, 0, 0, NONE, 61, Comm.of("parent"));
            m.schedSwitch(0, 3_500, 60, 0x100, Comm.of("parent"), 62, Comm.of("parent"));
            m.end();
            assertEquals(List.of((wakeupNew ? "2050" : "2000") + " WAIT_CPU", "3000 SYSCALL"), told.of(61));
            assertEquals(List.of("2100 WAIT_CPU", "3500 SYSCALL"), told.of(62), "switched in, its wakeup lost");
            assertEquals(List.of("2200 WAIT_CPU"), told.of(63), "the trace ended before its wakeup");
        }
    }

    /** What a CPU ran before its first switch is the thread that switch names; an interrupt meanwhile is its IRQ time. */
    @Test
    void theFirstSwitchNamesWhatTheCpuRanBefore() {
        Told told = new Told();
        ThreadStateMachine m = machine("13", "5.15.0", told);
        m.schedSwitch(0, 1_000, 0, 0, NONE, 40, Comm.of("a"));
        m.interruptEntry(1, 2_000);
        m.interruptExit(1, 2_500);
        m.wakeup(0, 3_000, 41, 1, NONE);
        m.syscall(1, 3_500, true);
        m.schedSwitch(1, 4_000, 41, 0x1, Comm.of("b"), 0, NONE);
        m.end();
        // the CPU is first seen running its thread (for no time), then in the interrupt
        assertEquals(List.of("1000 UNKNOWN", "2000 USER", "2000 IRQ", "2500 USER", "3500 SYSCALL", "4000 WAIT_BLOCKED"),
                told.of(41));
    }
}
