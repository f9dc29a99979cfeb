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
import org.lttbench.core.trace.PrevStateEncoding;
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

    /** What one value means to a decoder that has read no other (so decided by that value, or by the version). */
    private static PrevState alone(KernelLayout layout, long value) {
        return layout.prevStateEncoding().decode(value, 0);
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
        assertEquals(PrevState.UNINTERRUPTIBLE, alone(linux36, 2));
        assertEquals(PrevState.UNINTERRUPTIBLE, alone(linux36, 0x82), "TASK_KILLABLE is uninterruptible");
        assertEquals(PrevState.BLOCKED, alone(linux36, 1));
        KernelLayout raw415 = layout("10", "8", "4.15.0-65-generic");
        assertEquals(PrevState.UNINTERRUPTIBLE, alone(raw415, 2));
        assertEquals(PrevState.UNINTERRUPTIBLE, alone(raw415, 0x102), "TASK_KILLABLE on 4.15");
        assertEquals(PrevState.BLOCKED, alone(raw415, 0x402), "TASK_IDLE: an idle kernel thread, not D");
        assertEquals(PrevState.BLOCKED, alone(raw415, 1));
        assertEquals(PrevState.RUNNABLE, alone(raw415, 4096), "preempted");
        KernelLayout report = layout("13", "0", "5.15.0-91-generic");
        assertTrue(report.reportEncodingByVersion());
        assertEquals(PrevState.UNINTERRUPTIBLE, alone(report, 0x2));
        assertEquals(PrevState.BLOCKED, alone(report, 0x80), "TASK_REPORT_IDLE");
        assertEquals(PrevState.BLOCKED, alone(report, 0x1));
        assertEquals(PrevState.STOPPED, alone(report, 0x4), "stopped");
        assertEquals(PrevState.RUNNABLE, alone(report, 0x100), "preempted");
        assertEquals(PrevState.DEAD, alone(report, 0x20), "zombie");
    }

    /**
     * A tracer that calls itself lttng-modules 2.11.0 (a pre-release) on Linux 4.18 but writes raw task->state bits,
     * as real traces of package managers show: the first value only raw bits hold decides, whatever the version
     * says; before it, the values mean the same in both encodings (D stays D).
     */
    @Test
    void rawValuesDecideAgainstTheVersion() {
        KernelLayout claims211 = layout("11", "0", "4.18.0-rc3");
        assertTrue(claims211.reportEncodingByVersion(), "the version alone means the report encoding");
        PrevStateEncoding encoding = claims211.prevStateEncoding();
        assertEquals(PrevState.UNINTERRUPTIBLE, encoding.decode(2, 10));
        assertEquals(PrevState.BLOCKED, encoding.decode(1, 20));
        assertTrue(encoding.reportEncoding(), "nothing told yet: the version's guess");
        assertEquals(PrevState.BLOCKED, encoding.decode(0x402, 30), "TASK_IDLE, not an uninterruptible sleep");
        assertFalse(encoding.reportEncoding(), "0x402 is raw bits");
        assertEquals(PrevState.RUNNABLE, encoding.decode(0x1000, 40), "TASK_RUNNING | TASK_STATE_MAX: preempted");
        assertEquals(PrevState.UNINTERRUPTIBLE, encoding.decode(0x102, 50), "TASK_KILLABLE, not a preemption");
        assertEquals(PrevState.DEAD, encoding.decode(0x80, 60), "raw 0x80 is TASK_DEAD");
        String said = encoding.describe(Long::toString);
        assertTrue(said.startsWith("task->state bits"), said);
        assertTrue(said.contains("0x402 at 30") && said.contains("version means the other encoding"), said);
    }

    /** The other way: a version that means raw bits, values only the report encoding writes (0x100 preempted). */
    @Test
    void reportValuesDecideAgainstTheVersion() {
        KernelLayout claims2108 = layout("10", "8", "4.15.0-65-generic");
        PrevStateEncoding encoding = claims2108.prevStateEncoding();
        assertEquals(PrevState.DEAD, encoding.decode(0x80, 5), "undecided: 0x80 as the version means it");
        assertEquals(PrevState.RUNNABLE, encoding.decode(0x100, 10));
        assertTrue(encoding.reportEncoding());
        assertEquals(PrevState.BLOCKED, encoding.decode(0x80, 20), "an idle kernel thread, once the values told");
        String said = encoding.describe(Long::toString);
        assertTrue(said.contains("0x100 at 10") && said.contains("1 earlier switch(es) out with 0x80"), said);
    }

    /** Before Linux 4.14 only raw bits exist: nothing to decide, and a report says so by saying nothing more. */
    @Test
    void beforeLinux414TheBitsAreRaw() {
        PrevStateEncoding encoding = layout("13", "0", "4.4.3-1-ARCH").prevStateEncoding();
        assertEquals(PrevState.DEAD, encoding.decode(64, 1), "TASK_DEAD before 4.14");
        assertEquals(PrevState.RUNNABLE, encoding.decode(2048, 2), "TASK_RUNNING | TASK_STATE_MAX (2048 on 4.4)");
        assertEquals("task->state bits (preempted: TASK_STATE_MAX)", encoding.describe(Long::toString));
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
            assertEquals(Role.NET_DEV_XMIT, role(arm, "net_dev_xmit"));
            assertEquals(Role.NET_RECEIVE_SKB, role(arm, "netif_receive_skb"), "lttng-modules 2.5: netif_receive_skb");
            assertEquals(Role.OTHER, role(arm, "netif_rx"));
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
            assertEquals(Role.TIMER_EXPIRE_ENTRY, role(scp, "hrtimer_expire_entry"), "lttng-modules 2.1: hrtimer_*");
            assertEquals(Role.TIMER_EXPIRE_EXIT, role(scp, "hrtimer_expire_exit"));
            assertEquals(Role.TIMER_EXPIRE_ENTRY, role(scp, "timer_expire_entry"));
            assertFalse(layout(scp).declares(Role.SYSCALL_ENTRY), "no system call events recorded");
        }
        try (TraceSet uneven = CtfTraceSet.open(List.of(TestPaths.trace("kernel-uneven-streams-partial")))) {
            assertEquals(Role.TIMER_EXPIRE_ENTRY, role(uneven, "timer_hrtimer_expire_entry"), "lttng-modules 2.10: timer_hrtimer_*");
            assertEquals(Role.TIMER_EXPIRE_EXIT, role(uneven, "timer_hrtimer_expire_exit"));
            assertEquals(Role.TIMER_EXPIRE_ENTRY, role(uneven, "timer_expire_entry"));
            assertEquals(Role.TIMER_EXPIRE_EXIT, role(uneven, "timer_expire_exit"));
            assertEquals(Role.OTHER, role(uneven, "timer_hrtimer_start"));
            assertEquals(Role.NET_DEV_XMIT, role(uneven, "net_dev_xmit"));
            assertEquals(Role.NET_RECEIVE_SKB, role(uneven, "net_if_receive_skb"), "lttng-modules 2.10: net_if_*");
            assertEquals(Role.OTHER, role(uneven, "net_dev_queue"));
        }
        try (TraceSet rot = CtfTraceSet.open(List.of(TestPaths.trace("kernel-tracefile-rotation")))) {
            assertFalse(layout(rot).reportEncodingByVersion(),
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
            long[] dead = { 0 };
            PrevStateEncoding encoding = layout.prevStateEncoding();
            set.read(new RecordSink() {
                FieldHandle prevState;

                @Override
                public void event(Event e) {
                    Role r = layout.role(e.type());
                    if (r == Role.SCHED_SWITCH) {
                        if (prevState == null) {
                            prevState = e.type().payloadField("prev_state");
                        }
                        long value = e.longValue(prevState);
                        values.merge(value, 1L, Long::sum);
                        if (encoding.decode(value, e.timestamp()) == PrevState.DEAD) {
                            dead[0]++;
                        }
                    } else if (r == Role.PROCESS_EXIT) {
                        exits[0]++;
                    }
                }
            }, ProgressListener.NONE);
            assertTrue(exits[0] > 0, "the trace records sched_process_exit");
            assertEquals(exits[0], dead[0], name + ": prev_state values " + values + " decoded as "
                    + encoding.describe(Long::toString));
            assertTrue(values.containsKey(0L), "runnable switches");
            for (long max : new long[] { 1024, 2048, 4096 }) {
                if (values.containsKey(max)) {
                    assertEquals(PrevState.RUNNABLE, encoding.decode(max, 0), "TASK_RUNNING | TASK_STATE_MAX: preempted");
                }
            }
        }
    }
}
