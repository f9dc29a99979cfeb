package org.lttbench.tests.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.FieldHandle;
import org.lttbench.core.trace.KernelLayout;
import org.lttbench.core.trace.KernelLayout.PrevState;
import org.lttbench.core.trace.KernelLayout.Role;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.Trace;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tests.TestPaths;

/** The kernel layout chosen for each real kernel trace, and its prev_state decoding checked against the data. */
class KernelLayoutTest {

    private static KernelLayout layout(TraceSet set) {
        return KernelLayout.of(set.traces().get(0));
    }

    private static Role role(TraceSet set, String name) {
        for (EventType t : set.eventTypes()) {
            if (t.name().equals(name)) {
                return layout(set).role(t);
            }
        }
        throw new AssertionError("no event class " + name);
    }

    private static KernelLayout layout(String tracerMinor, String tracerPatch, String kernel) {
        return KernelLayout.of(Map.of("tracer_name", "lttng-modules", "tracer_major", "2", "tracer_minor", tracerMinor,
                "tracer_patchlevel", tracerPatch, "kernel_release", kernel), List.of());
    }

    /**
     * Uninterruptible sleeps are told apart from idle kernel threads' waits, per the kernel's own values
     * (include/linux/sched.h): raw bits TASK_UNINTERRUPTIBLE 0x2, TASK_WAKEKILL 0x80 before 4.14 and 0x100 from 4.14
     * (TASK_KILLABLE = both), TASK_NOLOAD 0x400 from 4.2 (TASK_IDLE = D | NOLOAD); in the report encoding
     * ({@code 1 << (task_state_index - 1)}), 0x2 is D and 0x80 is TASK_REPORT_IDLE.
     */
    @Test
    void uninterruptibleSleepsAreNotIdleWaits() {
        KernelLayout linux36 = layout("1", "0", "3.6.11-1-ARCH");
        assertEquals(PrevState.UNINTERRUPTIBLE, linux36.prevState(2));
        assertEquals(PrevState.UNINTERRUPTIBLE, linux36.prevState(0x82), "TASK_KILLABLE is uninterruptible");
        assertEquals(PrevState.BLOCKED, linux36.prevState(1));
        KernelLayout raw415 = layout("10", "8", "4.15.0-65-generic");
        assertEquals(PrevState.UNINTERRUPTIBLE, raw415.prevState(2));
        assertEquals(PrevState.UNINTERRUPTIBLE, raw415.prevState(0x102), "TASK_KILLABLE on 4.15");
        assertEquals(PrevState.BLOCKED, raw415.prevState(0x402), "TASK_IDLE: an idle kernel thread, not D");
        assertEquals(PrevState.BLOCKED, raw415.prevState(1));
        assertEquals(PrevState.RUNNABLE, raw415.prevState(4096), "preempted");
        KernelLayout report = layout("13", "0", "5.15.0-91-generic");
        assertTrue(report.reportsTaskStateIndex());
        assertEquals(PrevState.UNINTERRUPTIBLE, report.prevState(0x2));
        assertEquals(PrevState.BLOCKED, report.prevState(0x80), "TASK_REPORT_IDLE");
        assertEquals(PrevState.BLOCKED, report.prevState(0x1));
        assertEquals(PrevState.BLOCKED, report.prevState(0x4), "stopped");
        assertEquals(PrevState.RUNNABLE, report.prevState(0x100), "preempted");
        assertEquals(PrevState.DEAD, report.prevState(0x20), "zombie");
    }

    @Test
    void namingAcrossTracerVersions() throws Exception {
        try (TraceSet arm = CtfTraceSet.open(List.of(TestPaths.trace("kernel-arm-bug446190")))) {
            assertFalse(layout(arm).newSyscallNames(), "lttng-modules 2.5: sys_*/exit_syscall");
            assertEquals(Role.SYSCALL_ENTRY, role(arm, "sys_futex"));
            assertEquals(Role.SYSCALL_EXIT, role(arm, "exit_syscall"));
            assertEquals(Role.SOFTIRQ_ENTRY, role(arm, "softirq_entry"));
            assertFalse(layout(arm).declares(Role.SCHED_WAKING));
            assertTrue(layout(arm).declares(Role.SCHED_WAKEUP));
        }
        try (TraceSet many = CtfTraceSet.open(List.of(TestPaths.trace("kernel-many-threads")))) {
            assertTrue(layout(many).newSyscallNames(), "lttng-modules 2.8: syscall_entry_*/syscall_exit_*");
            assertEquals(Role.SYSCALL_ENTRY, role(many, "syscall_entry_futex"));
            assertEquals(Role.SYSCALL_EXIT, role(many, "syscall_exit_futex"));
            assertEquals(Role.SOFTIRQ_ENTRY, role(many, "irq_softirq_entry"));
            assertEquals(Role.SOFTIRQ_RAISE, role(many, "irq_softirq_raise"));
            assertTrue(layout(many).declares(Role.SCHED_WAKING));
            assertEquals(Role.STATEDUMP_PROCESS_STATE, role(many, "lttng_statedump_process_state"));
        }
        try (TraceSet scp = CtfTraceSet.open(List.of(TestPaths.trace("kernel-scp-src")))) {
            assertEquals(Role.SOFTIRQ_EXIT, role(scp, "softirq_exit"), "lttng-modules 2.1: softirq_*");
            assertEquals(Role.BLOCK_RQ_COMPLETE, role(scp, "block_rq_complete"));
            assertFalse(layout(scp).declares(Role.SYSCALL_ENTRY), "no system call events recorded");
        }
        try (TraceSet rot = CtfTraceSet.open(List.of(TestPaths.trace("kernel-tracefile-rotation")))) {
            assertFalse(layout(rot).reportsTaskStateIndex(),
                    "lttng-modules 2.10.8 reports raw task->state even on Linux 4.15 (the fix came in 2.10.12)");
        }
    }

    /**
     * Every exiting thread switches out exactly once with a dead prev_state: on traces that record
     * sched_process_exit, the switches decoded DEAD must equal the exits (64 = TASK_DEAD before Linux 4.14; 128 in
     * lttng-modules 2.10.8's raw encoding on 4.15, where 0x80 would mean an idle kernel thread in the report
     * encoding). Every value seen must decode, and preemption (TASK_STATE_MAX) must be runnable.
     */
    @ParameterizedTest
    @ValueSource(strings = { "kernel-many-threads", "kernel-tracefile-rotation", "kernel-arm-bug446190",
            "kernel-uneven-streams-partial" })
    void deadSwitchesMatchProcessExits(String name) throws Exception {
        Path path = TestPaths.trace(name);
        try (TraceSet set = CtfTraceSet.open(List.of(path))) {
            Trace trace = set.traces().get(0);
            KernelLayout layout = KernelLayout.of(trace);
            Map<Long, Long> values = new TreeMap<>();
            long[] exits = { 0 };
            set.read(new RecordSink() {
                FieldHandle prevState;

                @Override
                public void event(Event e) {
                    Role r = layout.role(e.type());
                    if (r == Role.SCHED_SWITCH) {
                        if (prevState == null) {
                            prevState = e.type().payloadField("prev_state");
                        }
                        values.merge(e.longValue(prevState), 1L, Long::sum);
                    } else if (r == Role.PROCESS_EXIT) {
                        exits[0]++;
                    }
                }
            }, ProgressListener.NONE);
            long dead = 0;
            for (var v : values.entrySet()) {
                if (layout.prevState(v.getKey()) == PrevState.DEAD) {
                    dead += v.getValue();
                }
            }
            assertTrue(exits[0] > 0, "the trace records sched_process_exit");
            assertEquals(exits[0], dead, name + ": prev_state values " + values + " decoded with " + layout.describe());
            assertTrue(values.containsKey(0L), "runnable switches");
            for (long max : new long[] { 1024, 2048, 4096 }) {
                if (values.containsKey(max)) {
                    assertEquals(PrevState.RUNNABLE, layout.prevState(max), "TASK_RUNNING | TASK_STATE_MAX: preempted");
                }
            }
        }
    }
}
