package org.lttbench.tests.analysis.process;

import static org.lttbench.core.kernel.ThreadState.IRQ;
import static org.lttbench.core.kernel.ThreadState.NOT_ALIVE;
import static org.lttbench.core.kernel.ThreadState.PARKED;
import static org.lttbench.core.kernel.ThreadState.SYSCALL;
import static org.lttbench.core.kernel.ThreadState.UNKNOWN;
import static org.lttbench.core.kernel.ThreadState.USER;
import static org.lttbench.core.kernel.ThreadState.USER_OR_SYSTEM;
import static org.lttbench.core.kernel.ThreadState.WAIT_BLOCKED;
import static org.lttbench.core.kernel.ThreadState.WAIT_CPU;
import static org.lttbench.core.kernel.ThreadState.WAIT_IO;
import static org.lttbench.tests.writer.KernelTraceWriter.KERNEL_THREAD;
import static org.lttbench.tests.writer.KernelTraceWriter.STATUS_WAIT;
import static org.lttbench.tests.writer.KernelTraceWriter.STATUS_WAIT_CPU;
import static org.lttbench.tests.writer.KernelTraceWriter.STATUS_ZOMBIE;
import static org.lttbench.tests.writer.KernelTraceWriter.USER_THREAD;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.lttbench.tests.TestPaths;
import org.lttbench.tests.analysis.latency.LatencyScenarios;
import org.lttbench.tests.writer.CtfTraceWriter;
import org.lttbench.tests.writer.KernelTraceWriter;
import org.lttbench.tests.writer.KernelTracer;
import org.lttbench.tests.writer.TraceMetadata.HeaderKind;

/**
 * Kernel traces whose per-thread times are known by construction: each scenario writes the events of a small
 * story (through {@link KernelTraceWriter}, so as real CTF) and, beside them, the states it means each thread to
 * be in ({@link IntendedTimeline}). Every scenario is written for several lttng-modules versions (syscall and
 * softirq naming, {@code sched_waking} or not, {@code prev_state} encodings before and after Linux 4.14) and must
 * give the same times on each.
 */
final class ProcessScenarios {

    /** The tracer versions every scenario is written for. */
    static final List<KernelTracer> TRACERS = List.of(
            KernelTracer.lttng(2, 5, "3.10.31-ltsi").withHeader(HeaderKind.LARGE).withNaturalAlignment(),
            KernelTracer.lttng(2, 6, "3.19.0-generic"),
            KernelTracer.lttng(2, 8, "4.4.3-1-ARCH"),
            KernelTracer.lttng(2, 10, "4.15.0-65-generic").withPatch(8),
            KernelTracer.lttng(2, 13, "5.15.0-91-generic"),
            // a pre-release build that calls itself 2.11.0 but writes raw task->state bits (0x402, 0x1000, 0x102)
            KernelTracer.lttng(2, 11, "4.18.0-rc3").withRawPrevState(),
            // a trace recorded without block events: I/O waits cannot be told (they count as blocked)
            KernelTracer.lttng(2, 13, "5.15.0-91-generic").without("block_rq_issue", "block_rq_complete"),
            // one recorded without sched_wakeup_new (as kernel-many-threads was): a forked thread is born at its fork
            KernelTracer.lttng(2, 8, "4.4.3-1-ARCH").without("sched_wakeup_new"));

    /** perf's CTF conversion of a kernel recording, and the scenarios it can hold (no statedump in perf). */
    static final KernelTracer PERF = KernelTracer.perf("5.15.0-91-generic");

    /**
     * Traces whose packets do not say their CPU, each event does: perf's conversion of a recording with the sample's
     * CPU ({@code perf_cpu}), and lttng-modules' events as babeltrace 1's CTF writer writes them for lttng-analyses'
     * tests ({@code cpu_id} first in each payload).
     */
    static final KernelTracer PERF_CPU_IN_EVENTS = PERF.withCpuInEvents("perf_cpu");
    static final KernelTracer CPU_IN_EVENTS = KernelTracer.lttng(2, 10, "4.15.0-65-generic").withPatch(8)
            .withCpuInEvents("cpu_id");

    static final List<String> SYSCALLS = List.of("read", "write", "futex", "nanosleep", "clone", "execve", "wait4",
            "exit", "exit_group");

    @FunctionalInterface
    interface Story {
        void write(Kernel k, IntendedTimeline x) throws IOException;
    }

    /** @param syscalls the system calls the trace declares (none: a trace recorded without system call events) */
    record Scenario(String name, Story story, List<String> syscalls) {
        Scenario(String name, Story story) {
            this(name, story, SYSCALLS);
        }

        /**
         * Writes this scenario for that tracer into a fresh work directory named after both and what the test makes of
         * it ({@code use}: {@code "-path"}...).
         */
        Written writeFor(String use, KernelTracer tracer) throws IOException {
            return write(TestPaths.workDir(ProcessScenarioTest.dirName(this, tracer) + use), tracer);
        }

        /** Writes this scenario for that tracer into {@code dir}; returns the writer (closed) and the intent. */
        Written write(Path dir, KernelTracer tracer) throws IOException {
            return write(dir, tracer, CtfTraceWriter.Format.CTF_1_8);
        }

        /** The same, with the metadata in that format (the data streams are the same bytes). */
        Written write(Path dir, KernelTracer tracer, CtfTraceWriter.Format format) throws IOException {
            IntendedTimeline x = new IntendedTimeline();
            KernelTraceWriter w = new KernelTraceWriter(dir, tracer, syscalls, true);
            w.ctf().format(format);
            story.write(new Kernel(w), x);
            w.close();
            return new Written(w, x);
        }
    }

    record Written(KernelTraceWriter writer, IntendedTimeline intended) {
        /** The trace's directory. */
        Path dir() {
            return writer.ctf().directory();
        }
    }

    /** The writer plus the encodings that depend on the kernel version. */
    static final class Kernel {
        final KernelTraceWriter w;
        final KernelTracer tracer;

        Kernel(KernelTraceWriter w) {
            this.w = w;
            this.tracer = w.tracer();
        }

        private int kernel() {
            String[] v = tracer.kernelRelease().split("[.-]");
            return Integer.parseInt(v[0]) * 100 + Integer.parseInt(v[1]);
        }

        /** {@code prev_state} of a preempted task: 0x100, or TASK_RUNNING | TASK_STATE_MAX in the raw encoding. */
        long preempted() {
            if (tracer.reportsPreemptionAs0x100()) {
                return 0x100;
            }
            int k = kernel();
            return k >= 408 ? 4096 : k >= 402 ? 2048 : k >= 309 ? 1024 : 512;
        }

        static final long SLEEPING = 1; // TASK_INTERRUPTIBLE, same bit in both encodings
        static final long DISK = 2; // TASK_UNINTERRUPTIBLE

        /** An exiting task's last switch: EXIT_ZOMBIE (0x20) in the report encoding, else TASK_DEAD (64, 0x80 from 4.14). */
        long dead() {
            if (tracer.reportsPreemptionAs0x100()) {
                return 0x20;
            }
            return kernel() >= 414 ? 0x80 : 64;
        }

        /** An idle kernel thread blocking: 0x80 (TASK_REPORT_IDLE), else D | TASK_NOLOAD from 4.2, D before. */
        long idleKthread() {
            if (tracer.reportsPreemptionAs0x100()) {
                return 0x80;
            }
            return kernel() >= 402 ? 0x402 : 2;
        }

        /**
         * An idle worker thread going to sleep: 0x80 (TASK_REPORT_IDLE), TASK_IDLE (D | TASK_NOLOAD) from 4.2, and an
         * interruptible sleep before (kernels without TASK_IDLE).
         */
        long idleWorker() {
            if (tracer.reportsPreemptionAs0x100()) {
                return 0x80;
            }
            return kernel() >= 402 ? 0x402 : SLEEPING;
        }

        /**
         * When a thread forked at {@code fork} is born: at its {@code sched_wakeup_new} (until then the kernel's
         * TASK_NEW, not runnable, its parent in clone() setting it up), or at the fork in a trace without that event.
         */
        long born(long fork, long wakeupNew) {
            return tracer.omitted().contains("sched_wakeup_new") ? fork : wakeupNew;
        }

        /** A wakeup in the waker's context: {@code sched_waking} then {@code sched_wakeup} when the kernel has both. */
        void wake(long t, int cpu, String comm, int tid, int target) throws IOException {
            if (tracer.hasWaking()) {
                w.waking(t, cpu, comm, tid, target);
                w.wakeup(t + 50, cpu, comm, tid, target);
            } else {
                w.wakeup(t, cpu, comm, tid, target);
            }
        }
    }

    static final List<Scenario> ALL = List.of(
            new Scenario("cpu-bound", ProcessScenarios::cpuBound),
            new Scenario("interrupts", ProcessScenarios::interrupts),
            new Scenario("preemption", ProcessScenarios::preemption),
            new Scenario("disk-io", ProcessScenarios::diskIo),
            new Scenario("disk-io-lost-completion", ProcessScenarios::diskIoLostCompletion),
            new Scenario("futex-sleep", ProcessScenarios::futexSleep),
            new Scenario("migration", ProcessScenarios::migration),
            new Scenario("fork-exec-exit", ProcessScenarios::forkExecExit),
            new Scenario("statedump", ProcessScenarios::statedump),
            new Scenario("wait-kinds", ProcessScenarios::waitKinds),
            new Scenario("no-syscalls", ProcessScenarios::noSyscalls, List.of()),
            new Scenario("kernel-threads", ProcessScenarios::kernelThreads),
            new Scenario("missing-cpu", ProcessScenarios::missingCpu),
            new Scenario("exit-then-preempted", ProcessScenarios::exitThenPreempted),
            new Scenario("device-named-late", ProcessScenarios::deviceNamedLate),
            new Scenario("first-switch-late", ProcessScenarios::firstSwitchLate),
            new Scenario("perf-recording", ProcessScenarios::perfRecording),
            new Scenario("why-it-waited", ProcessScenarios::whyItWaited, List.of("read", "write", "futex", "nanosleep",
                    "epoll_wait")),
            new Scenario("waits-chain", ProcessScenarios::waitsChain),
            new Scenario("timer-callbacks", ProcessScenarios::timerCallbacks, List.of("read", "nanosleep", "poll")),
            new Scenario("waker-forked", ProcessScenarios::wakerForked));

    static final List<Scenario> FOR_PERF = List.of(
            new Scenario("cpu-bound", ProcessScenarios::cpuBound),
            new Scenario("interrupts", ProcessScenarios::interrupts),
            new Scenario("perf-recording", ProcessScenarios::perfRecording),
            new Scenario("timer-callbacks", ProcessScenarios::timerCallbacks, List.of("read", "nanosleep", "poll")));

    /** A CPU-bound thread with a few system calls, one preemption and one interrupt. */
    static void cpuBound(Kernel k, IntendedTimeline x) throws IOException {
        KernelTraceWriter w = k.w;
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "burner", 101);
        w.syscallExit(2_000, 0, "read", 10);
        w.syscallEntry(500_000, 0, "write");
        w.syscallExit(503_000, 0, "write", 10);
        w.schedSwitch(1_000_000, 0, "burner", 101, k.preempted(), "swapper/0", 0);
        w.schedSwitch(1_200_000, 0, "swapper/0", 0, 0, "burner", 101);
        w.irqEntry(1_900_000, 0, 30, "eth0");
        w.irqExit(1_900_500, 0, 30);
        w.syscallEntry(2_000_000, 0, "write");
        x.thread(101, "burner", -1).at(1_000, SYSCALL).at(2_000, USER).at(500_000, SYSCALL).at(503_000, USER)
                .at(1_000_000, WAIT_CPU).at(1_200_000, USER).at(1_900_000, IRQ).at(1_900_500, USER).at(2_000_000, SYSCALL);
        x.idle(0).at(1_000, PARKED).at(1_000_000, SYSCALL).at(1_200_000, PARKED);
        x.end(2_000_000);
    }

    /**
     * Hard IRQs and softirqs (one nested in the other) landing in system call and in user code, and the local
     * timer interrupt (an x86 vector event from lttng-modules 2.7).
     */
    static void interrupts(Kernel k, IntendedTimeline x) throws IOException {
        KernelTraceWriter w = k.w;
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "worker", 201);
        w.syscallEntry(1_500, 0, "read");
        LatencyScenarios.softirqWithANestedIrq(w);
        w.syscallExit(10_000, 0, "read", 100);
        w.irqEntry(12_000, 0, 16, "ahci");
        w.irqExit(12_250, 0, 16);
        w.softirqEntry(12_300, 0, 3);
        w.softirqExit(12_800, 0, 3);
        w.localTimer(15_000, 15_400, 0);
        w.syscallEntry(20_000, 0, "read");
        x.thread(201, "worker", -1).at(1_000, USER).at(1_500, SYSCALL).at(2_000, IRQ).at(2_300, SYSCALL).at(2_400, IRQ)
                .at(3_400, SYSCALL).at(10_000, USER).at(12_000, IRQ).at(12_250, USER).at(12_300, IRQ).at(12_800, USER)
                .at(15_000, IRQ).at(15_400, USER).at(20_000, SYSCALL);
        x.idle(0).at(1_000, PARKED);
        x.end(20_000);
    }

    /** Preemption (0x100 or TASK_STATE_MAX), yield (0), an idle kernel thread (0x80) and a sleep, on one CPU. */
    static void preemption(Kernel k, IntendedTimeline x) throws IOException {
        KernelTraceWriter w = k.w;
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "alpha", 301);
        w.statedumpStart(1_010, 0);
        w.statedumpProcess(1_040, 0, 301, 301, 1, "alpha", USER_THREAD, STATUS_WAIT_CPU, 0);
        w.statedumpProcess(1_045, 0, 302, 302, 1, "beta", USER_THREAD, STATUS_WAIT, 0);
        w.statedumpProcess(1_050, 0, 303, 303, 2, "kworker/0:1", KERNEL_THREAD, STATUS_WAIT, 0);
        w.statedumpEnd(1_060, 0);
        w.syscallEntry(1_100, 0, "write");
        w.syscallExit(1_300, 0, "write", 1);
        k.wake(2_000, 0, "beta", 302, 0);
        w.schedSwitch(3_000, 0, "alpha", 301, k.preempted(), "beta", 302);
        w.syscallExit(3_200, 0, "futex", 0);
        w.schedSwitch(5_000, 0, "beta", 302, 0, "alpha", 301);
        k.wake(6_000, 0, "kworker/0:1", 303, 0);
        w.schedSwitch(6_500, 0, "alpha", 301, k.preempted(), "kworker/0:1", 303);
        w.schedSwitch(7_000, 0, "kworker/0:1", 303, k.idleKthread(), "beta", 302);
        w.schedSwitch(9_000, 0, "beta", 302, Kernel.SLEEPING, "swapper/0", 0);
        w.schedSwitch(10_000, 0, "swapper/0", 0, 0, "alpha", 301);
        w.syscallEntry(11_000, 0, "write");
        x.thread(301, "alpha", 301).at(1_000, USER).at(1_100, SYSCALL).at(1_300, USER).at(3_000, WAIT_CPU).at(5_000, USER)
                .at(6_500, WAIT_CPU).at(10_000, USER).at(11_000, SYSCALL);
        x.thread(302, "beta", 302).at(1_000, UNKNOWN).at(1_045, WAIT_BLOCKED).at(2_000, WAIT_CPU).at(3_000, SYSCALL)
                .at(3_200, USER).at(5_000, WAIT_CPU).at(7_000, USER).at(9_000, WAIT_BLOCKED);
        x.thread(303, "kworker/0:1", 303).at(1_000, UNKNOWN).at(1_050, WAIT_BLOCKED).at(6_000, WAIT_CPU)
                .at(6_500, SYSCALL).at(7_000, WAIT_BLOCKED);
        x.idle(0).at(1_000, PARKED).at(9_000, SYSCALL).at(10_000, PARKED);
        x.end(11_000);
    }

    /**
     * Disk reads woken by the block softirq, by the disk's hard IRQ right after block_rq_complete, and by a
     * threaded IRQ handler in process context; then a socket read woken from the network softirq (not I/O wait),
     * and a hard IRQ wakeup without completion (not I/O wait).
     */
    static void diskIo(Kernel k, IntendedTimeline x) throws IOException {
        KernelTraceWriter w = k.w;
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "dd", 401);
        w.schedSwitch(1_000, 1, "kworker/1:0", 402, Kernel.SLEEPING, "swapper/1", 0);
        w.statedumpStart(1_005, 0);
        w.statedumpProcess(1_008, 0, 401, 401, 1, "dd", USER_THREAD, STATUS_WAIT_CPU, 0);
        w.statedumpProcess(1_009, 0, 402, 402, 2, "kworker/1:0", KERNEL_THREAD, STATUS_WAIT, 1);
        w.statedumpProcess(1_010, 0, 403, 403, 2, "irq/16-nvme", KERNEL_THREAD, STATUS_WAIT, 1);
        w.statedumpEnd(1_020, 0);
        w.syscallEntry(2_000, 0, "read");
        w.blockRqIssue(3_000, 0, 2048);
        w.schedSwitch(4_000, 0, "dd", 401, Kernel.DISK, "swapper/0", 0);
        // (a) completion in the block softirq
        w.irqEntry(50_000, 1, 16, "nvme0q1");
        w.irqExit(50_100, 1, 16);
        w.softirqEntry(50_200, 1, 4);
        w.blockRqComplete(50_300, 1, 2048);
        k.wake(50_400, 1, "dd", 401, 0);
        w.softirqExit(50_600, 1, 4);
        w.schedSwitch(60_000, 0, "swapper/0", 0, 0, "dd", 401);
        w.syscallExit(61_000, 0, "read", 4096);
        // (b) completion and wakeup in the hard IRQ handler
        w.syscallEntry(70_000, 0, "read");
        w.schedSwitch(71_000, 0, "dd", 401, Kernel.DISK, "swapper/0", 0);
        w.irqEntry(90_000, 1, 16, "nvme0q1");
        w.blockRqComplete(90_100, 1, 2056);
        k.wake(90_200, 1, "dd", 401, 0);
        w.irqExit(90_300, 1, 16);
        w.schedSwitch(95_000, 0, "swapper/0", 0, 0, "dd", 401);
        w.syscallExit(96_000, 0, "read", 4096);
        // (c) threaded IRQ handler: woken by the hard IRQ (not an I/O wait for it), completes in process context
        w.syscallEntry(100_000, 0, "read");
        w.schedSwitch(101_000, 0, "dd", 401, Kernel.DISK, "swapper/0", 0);
        w.irqEntry(119_000, 1, 16, "nvme0q1");
        k.wake(119_500, 1, "irq/16-nvme", 403, 1);
        w.irqExit(119_800, 1, 16);
        w.schedSwitch(120_000, 1, "swapper/1", 0, 0, "irq/16-nvme", 403);
        w.blockRqComplete(120_500, 1, 2064);
        k.wake(120_700, 1, "dd", 401, 0);
        w.schedSwitch(121_000, 1, "irq/16-nvme", 403, Kernel.SLEEPING, "swapper/1", 0);
        w.schedSwitch(130_000, 0, "swapper/0", 0, 0, "dd", 401);
        w.syscallExit(131_000, 0, "read", 4096);
        // (d) a socket read woken by the network softirq: not I/O wait
        w.syscallEntry(140_000, 0, "read");
        w.schedSwitch(141_000, 0, "dd", 401, Kernel.SLEEPING, "swapper/0", 0);
        w.softirqEntry(150_000, 1, 3);
        k.wake(150_200, 1, "dd", 401, 0);
        w.softirqExit(150_400, 1, 3);
        w.schedSwitch(160_000, 0, "swapper/0", 0, 0, "dd", 401);
        w.syscallExit(161_000, 0, "read", 100);
        w.syscallEntry(170_000, 0, "write");
        x.thread(401, "dd", 401).at(1_000, USER).at(2_000, SYSCALL).at(4_000, WAIT_IO).at(50_400, WAIT_CPU)
                .at(60_000, SYSCALL).at(61_000, USER).at(70_000, SYSCALL).at(71_000, WAIT_IO).at(90_200, WAIT_CPU)
                .at(95_000, SYSCALL).at(96_000, USER).at(100_000, SYSCALL).at(101_000, WAIT_IO).at(120_700, WAIT_CPU)
                .at(130_000, SYSCALL).at(131_000, USER).at(140_000, SYSCALL).at(141_000, WAIT_BLOCKED)
                .at(150_200, WAIT_CPU).at(160_000, SYSCALL).at(161_000, USER).at(170_000, SYSCALL);
        x.thread(402, "kworker/1:0", 402).at(1_000, WAIT_BLOCKED);
        x.thread(403, "irq/16-nvme", 403).at(1_000, UNKNOWN).at(1_010, WAIT_BLOCKED).at(119_500, WAIT_CPU)
                .at(120_000, SYSCALL).at(121_000, WAIT_BLOCKED);
        x.idle(0).at(1_000, PARKED).at(4_000, SYSCALL).at(60_000, PARKED).at(71_000, SYSCALL).at(95_000, PARKED)
                .at(101_000, SYSCALL).at(130_000, PARKED).at(141_000, SYSCALL).at(160_000, PARKED);
        x.idle(1).at(1_000, SYSCALL).at(50_000, IRQ).at(50_100, SYSCALL).at(50_200, IRQ).at(50_600, SYSCALL)
                .at(90_000, IRQ).at(90_300, SYSCALL).at(119_000, IRQ).at(119_800, SYSCALL).at(120_000, PARKED)
                .at(121_000, SYSCALL).at(150_000, IRQ).at(150_400, SYSCALL);
        x.ioWait("8:0", 4_000, 50_400).ioWait("8:0", 71_000, 90_200).ioWait("8:0", 101_000, 120_700);
        x.end(170_000);
    }

    /** Seconds after its issue a request whose completion the trace lost stops counting as in flight (Linux's timeout). */
    static final long REQUEST_TIMEOUT_NS = 30_000_000_000L;

    /**
     * A read-ahead request whose completion the trace lost (issued, never completed), then 40 s later a disk read
     * whose request is issued (from another CPU) after the reader went to sleep: only the part of that wait from the
     * second request's issue lies within requests in flight; the lost one no longer counts, 30 s after its issue.
     */
    static void diskIoLostCompletion(Kernel k, IntendedTimeline x) throws IOException {
        KernelTraceWriter w = k.w;
        long l = 40_000_000_000L;
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "dd", 401);
        w.schedSwitch(1_000, 1, "kworker/1:0", 402, Kernel.SLEEPING, "swapper/1", 0);
        w.statedumpStart(1_005, 0);
        w.statedumpProcess(1_008, 0, 401, 401, 1, "dd", USER_THREAD, STATUS_WAIT_CPU, 0);
        w.statedumpProcess(1_009, 0, 402, 402, 2, "kworker/1:0", KERNEL_THREAD, STATUS_WAIT, 1);
        w.statedumpEnd(1_020, 0);
        w.syscallEntry(2_000, 0, "read");
        w.blockRqIssue(3_000, 0, 4096); // its completion is lost
        w.syscallExit(4_000, 0, "read", 0);
        w.syscallEntry(l, 0, "read");
        w.schedSwitch(l + 1_000, 0, "dd", 401, Kernel.DISK, "swapper/0", 0);
        w.blockRqIssue(l + 5_000, 1, 2048);
        w.irqEntry(l + 10_000, 1, 16, "nvme0q1");
        w.irqExit(l + 10_100, 1, 16);
        w.softirqEntry(l + 10_200, 1, 4);
        w.blockRqComplete(l + 10_300, 1, 2048);
        k.wake(l + 10_400, 1, "dd", 401, 0);
        w.softirqExit(l + 10_600, 1, 4);
        w.schedSwitch(l + 20_000, 0, "swapper/0", 0, 0, "dd", 401);
        w.syscallExit(l + 21_000, 0, "read", 4096);
        w.syscallEntry(l + 30_000, 0, "write");
        x.thread(401, "dd", 401).at(1_000, USER).at(2_000, SYSCALL).at(4_000, USER).at(l, SYSCALL)
                .at(l + 1_000, WAIT_IO).at(l + 10_400, WAIT_CPU).at(l + 20_000, SYSCALL).at(l + 21_000, USER)
                .at(l + 30_000, SYSCALL);
        x.thread(402, "kworker/1:0", 402).at(1_000, WAIT_BLOCKED);
        x.idle(0).at(1_000, PARKED).at(l + 1_000, SYSCALL).at(l + 20_000, PARKED);
        x.idle(1).at(1_000, SYSCALL).at(l + 10_000, IRQ).at(l + 10_100, SYSCALL).at(l + 10_200, IRQ)
                .at(l + 10_600, SYSCALL);
        x.ioWait("8:0", l + 1_000, l + 10_400);
        x.end(l + 30_000);
    }

    /** A futex wait woken by another thread's system call, and a sleep woken from a timer hard IRQ. */
    static void futexSleep(Kernel k, IntendedTimeline x) throws IOException {
        KernelTraceWriter w = k.w;
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "waiter", 501);
        w.schedSwitch(1_000, 1, "swapper/1", 0, 0, "waker", 502);
        w.syscallEntry(2_000, 0, "futex");
        w.schedSwitch(3_000, 0, "waiter", 501, Kernel.SLEEPING, "sleeper", 503);
        w.syscallExit(3_200, 0, "nanosleep", 0);
        w.syscallEntry(4_000, 0, "nanosleep");
        w.schedSwitch(4_500, 0, "sleeper", 503, Kernel.SLEEPING, "swapper/0", 0);
        w.syscallEntry(10_000, 1, "futex");
        k.wake(10_500, 1, "waiter", 501, 0);
        w.syscallExit(11_000, 1, "futex", 1);
        w.schedSwitch(12_000, 0, "swapper/0", 0, 0, "waiter", 501);
        w.syscallExit(12_500, 0, "futex", 0);
        w.irqEntry(20_000, 0, 0, "timer");
        k.wake(20_100, 0, "sleeper", 503, 0);
        w.irqExit(20_200, 0, 0);
        w.schedSwitch(20_300, 0, "waiter", 501, k.preempted(), "sleeper", 503);
        w.syscallExit(21_000, 0, "nanosleep", 0);
        w.schedSwitch(22_000, 0, "sleeper", 503, Kernel.SLEEPING, "waiter", 501);
        w.schedSwitch(30_000, 1, "waker", 502, Kernel.SLEEPING, "swapper/1", 0);
        w.syscallEntry(40_000, 0, "write");
        x.thread(501, "waiter", -1).at(1_000, USER).at(2_000, SYSCALL).at(3_000, WAIT_BLOCKED).at(10_500, WAIT_CPU)
                .at(12_000, SYSCALL).at(12_500, USER).at(20_000, IRQ).at(20_200, USER).at(20_300, WAIT_CPU).at(22_000, USER)
                .at(40_000, SYSCALL);
        x.thread(502, "waker", -1).at(1_000, USER).at(10_000, SYSCALL).at(11_000, USER).at(30_000, WAIT_BLOCKED);
        x.thread(503, "sleeper", -1).at(1_000, UNKNOWN).at(3_000, SYSCALL).at(3_200, USER).at(4_000, SYSCALL)
                .at(4_500, WAIT_BLOCKED).at(20_100, WAIT_CPU).at(20_300, SYSCALL).at(21_000, USER).at(22_000, WAIT_BLOCKED);
        x.idle(0).at(1_000, PARKED).at(4_500, SYSCALL).at(12_000, PARKED);
        x.idle(1).at(1_000, PARKED).at(30_000, SYSCALL);
        x.end(40_000);
    }

    /** A thread blocked on disk on CPU 0, woken by I/O completion on CPU 1 and migrated there. */
    static void migration(Kernel k, IntendedTimeline x) throws IOException {
        KernelTraceWriter w = k.w;
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "mover", 601);
        w.syscallEntry(2_000, 0, "read");
        w.schedSwitch(5_000, 0, "mover", 601, Kernel.DISK, "swapper/0", 0);
        w.irqEntry(30_000, 1, 16, "nvme0q1");
        w.blockRqComplete(30_100, 1, 4096);
        w.migrate(30_200, 1, "mover", 601, 0, 1);
        k.wake(30_250, 1, "mover", 601, 1);
        w.irqExit(30_400, 1, 16);
        w.schedSwitch(40_000, 1, "swapper/1", 0, 0, "mover", 601);
        w.syscallExit(41_000, 1, "read", 4096);
        w.syscallEntry(50_000, 1, "write");
        x.thread(601, "mover", -1).at(1_000, USER).at(2_000, SYSCALL).at(5_000, WAIT_IO).at(30_250, WAIT_CPU)
                .at(40_000, SYSCALL).at(41_000, USER).at(50_000, SYSCALL);
        x.idle(0).at(1_000, PARKED).at(5_000, SYSCALL);
        x.idle(1).at(1_000, UNKNOWN).at(30_000, IRQ).at(30_400, SYSCALL).at(40_000, PARKED);
        x.ioWait("8:0", 5_000, 30_250);
        x.end(50_000);
    }

    /** A shell forks a child that execs and creates a thread; both exit; the shell reaps them. */
    static void forkExecExit(Kernel k, IntendedTimeline x) throws IOException {
        KernelTraceWriter w = k.w;
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "bash", 701);
        w.statedumpStart(1_010, 0);
        w.statedumpProcess(1_020, 0, 701, 701, 1, "bash", USER_THREAD, STATUS_WAIT_CPU, 0);
        w.statedumpEnd(1_030, 0);
        w.syscallEntry(2_000, 0, "clone");
        w.fork(3_000, 0, "bash", 701, 701, "bash", 702, 702);
        w.wakeupNew(3_100, 0, "bash", 702, 1);
        w.syscallExit(3_500, 0, "clone", 702);
        w.schedSwitch(4_000, 1, "swapper/1", 0, 0, "bash", 702);
        w.syscallExit(4_200, 1, "clone", 0);
        w.syscallEntry(5_000, 1, "execve");
        w.exec(5_500, 1, "/usr/bin/ls", 702);
        w.syscallExit(6_000, 1, "execve", 0);
        w.syscallEntry(7_000, 1, "clone");
        w.fork(7_500, 1, "ls", 702, 702, "ls", 703, 702);
        w.wakeupNew(7_600, 1, "ls", 703, 0);
        w.syscallExit(8_000, 1, "clone", 703);
        w.syscallEntry(9_000, 0, "wait4");
        w.schedSwitch(9_500, 0, "bash", 701, Kernel.SLEEPING, "ls", 703);
        w.syscallExit(9_600, 0, "clone", 0);
        w.syscallEntry(12_000, 0, "exit");
        w.processExit(12_100, 0, "ls", 703);
        w.schedSwitch(12_200, 0, "ls", 703, k.dead(), "swapper/0", 0);
        w.syscallEntry(20_000, 1, "exit_group");
        w.processExit(20_100, 1, "ls", 702);
        k.wake(20_150, 1, "bash", 701, 0);
        w.schedSwitch(20_200, 1, "ls", 702, k.dead(), "swapper/1", 0);
        w.schedSwitch(21_000, 0, "swapper/0", 0, 0, "bash", 701);
        w.processFree(21_500, 0, "ls", 702);
        w.processFree(21_600, 0, "ls", 703);
        w.syscallExit(22_000, 0, "wait4", 702);
        w.syscallEntry(30_000, 0, "read");
        x.thread(701, "bash", 701).at(1_000, USER).at(2_000, SYSCALL).at(3_500, USER).at(9_000, SYSCALL)
                .at(9_500, WAIT_BLOCKED).at(20_150, WAIT_CPU).at(21_000, SYSCALL).at(22_000, USER).at(30_000, SYSCALL);
        x.thread(702, "ls", 702).at(k.born(3_000, 3_100), WAIT_CPU).at(4_000, SYSCALL).at(4_200, USER).at(5_000, SYSCALL)
                .at(6_000, USER).at(7_000, SYSCALL).at(8_000, USER).at(20_000, SYSCALL).at(20_200, NOT_ALIVE);
        x.thread(703, "ls", 702).at(k.born(7_500, 7_600), WAIT_CPU).at(9_500, SYSCALL).at(9_600, USER).at(12_000, SYSCALL)
                .at(12_200, NOT_ALIVE);
        x.idle(0).at(1_000, PARKED).at(12_200, SYSCALL).at(21_000, PARKED);
        x.idle(1).at(1_000, UNKNOWN).at(4_000, PARKED).at(20_200, SYSCALL);
        x.end(30_000);
    }

    /**
     * Threads alive before the trace, known from the statedump: blocked (later woken by I/O), runnable (later
     * switched in), blocked to the end, runnable but in fact running on a CPU whose first switch names it, a kernel
     * thread, and a zombie (no row).
     */
    static void statedump(Kernel k, IntendedTimeline x) throws IOException {
        KernelTraceWriter w = k.w;
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "lttng-sessiond", 810);
        w.syscallEntry(1_100, 0, "write");
        w.irqEntry(1_500, 1, 20, "eth0");
        w.irqExit(1_700, 1, 20);
        w.statedumpStart(2_000, 0);
        w.statedumpProcess(2_100, 0, 801, 801, 1, "postgres", USER_THREAD, STATUS_WAIT, 0);
        w.statedumpProcess(2_200, 0, 802, 802, 1, "cron", USER_THREAD, STATUS_WAIT_CPU, 0);
        w.statedumpProcess(2_300, 0, 803, 803, 1, "sshd", USER_THREAD, STATUS_WAIT, 0);
        w.statedumpProcess(2_400, 0, 804, 804, 1, "java", USER_THREAD, STATUS_WAIT_CPU, 1);
        w.statedumpProcess(2_500, 0, 805, 805, 2, "kswapd0", KERNEL_THREAD, STATUS_WAIT, 0);
        w.statedumpProcess(2_600, 0, 806, 806, 1, "defunct", USER_THREAD, STATUS_ZOMBIE, 0);
        w.statedumpProcess(2_650, 0, 810, 810, 1, "lttng-sessiond", USER_THREAD, STATUS_WAIT_CPU, 0);
        w.statedumpEnd(2_700, 0);
        w.syscallExit(3_000, 1, "futex", 0);
        w.syscallExit(4_000, 0, "write", 1);
        w.schedSwitch(5_000, 0, "lttng-sessiond", 810, Kernel.SLEEPING, "cron", 802);
        w.syscallExit(5_500, 0, "nanosleep", 0);
        w.schedSwitch(6_000, 0, "cron", 802, Kernel.SLEEPING, "swapper/0", 0);
        w.irqEntry(20_000, 1, 16, "nvme0q1");
        w.blockRqComplete(20_100, 1, 8);
        k.wake(20_200, 1, "postgres", 801, 0);
        k.wake(20_300, 1, "kswapd0", 805, 0);
        w.irqExit(20_400, 1, 16);
        w.schedSwitch(21_000, 0, "swapper/0", 0, 0, "postgres", 801);
        w.syscallExit(21_500, 0, "read", 8192);
        w.schedSwitch(25_000, 0, "postgres", 801, k.preempted(), "kswapd0", 805);
        w.schedSwitch(26_000, 0, "kswapd0", 805, Kernel.SLEEPING, "postgres", 801);
        w.schedSwitch(30_000, 1, "java", 804, k.preempted(), "swapper/1", 0);
        w.syscallEntry(40_000, 0, "read");
        x.thread(810, "lttng-sessiond", 810).at(1_000, USER).at(1_100, SYSCALL).at(4_000, USER).at(5_000, WAIT_BLOCKED);
        // blocked before the trace, woken by I/O completion: the statedump does not say whether uninterruptibly,
        // so the wait is blocked, not I/O (and a note says so)
        x.thread(801, "postgres", 801).at(1_000, UNKNOWN).at(2_100, WAIT_BLOCKED).at(20_200, WAIT_CPU).at(21_000, SYSCALL)
                .at(21_500, USER).at(25_000, WAIT_CPU).at(26_000, USER).at(40_000, SYSCALL);
        x.thread(802, "cron", 802).at(1_000, UNKNOWN).at(2_200, WAIT_CPU).at(5_000, SYSCALL).at(5_500, USER)
                .at(6_000, WAIT_BLOCKED);
        x.thread(803, "sshd", 803).at(1_000, UNKNOWN).at(2_300, WAIT_BLOCKED);
        x.thread(804, "java", 804).at(1_000, UNKNOWN).at(1_500, IRQ).at(1_700, SYSCALL).at(3_000, USER)
                .at(20_000, IRQ).at(20_400, USER).at(30_000, WAIT_CPU);
        x.thread(805, "kswapd0", 805).at(1_000, UNKNOWN).at(2_500, WAIT_BLOCKED).at(20_300, WAIT_CPU).at(25_000, SYSCALL)
                .at(26_000, WAIT_BLOCKED);
        x.idle(0).at(1_000, PARKED).at(6_000, SYSCALL).at(21_000, PARKED);
        x.idle(1).at(1_000, UNKNOWN).at(30_000, SYSCALL);
        x.end(40_000);
    }

    /**
     * Which waits are I/O waits. Only an uninterruptible sleep ended by a block completion in the waker's context is:
     * a reader in D woken by its disk's completion (I/O, on sdb); an idle kernel worker (interruptible sleep, or
     * TASK_IDLE) that the block softirq wakes after a completion to run more completions (not I/O); a D sleep on a
     * lock ended by the holder's unlock (not I/O); a D sleep ended from the block softirq without a completion in it
     * (not I/O); a second reader on sda woken in the disk's hard IRQ (I/O, on sda).
     */
    static void waitKinds(Kernel k, IntendedTimeline x) throws IOException {
        KernelTraceWriter w = k.w;
        long sdb = 8L << 20 | 16;
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "reader", 901);
        w.schedSwitch(1_000, 1, "swapper/1", 0, 0, "locker", 903);
        w.statedumpStart(1_002, 0);
        w.statedumpBlockDevice(1_003, 0, KernelTraceWriter.SDA, "sda");
        w.statedumpBlockDevice(1_004, 0, sdb, "sdb");
        w.statedumpProcess(1_005, 0, 901, 901, 1, "reader", USER_THREAD, STATUS_WAIT_CPU, 0);
        w.statedumpProcess(1_006, 0, 902, 902, 2, "kworker/1:1H", KERNEL_THREAD, STATUS_WAIT, 1);
        w.statedumpProcess(1_007, 0, 903, 903, 1, "locker", USER_THREAD, STATUS_WAIT_CPU, 1);
        w.statedumpProcess(1_008, 0, 904, 904, 1, "holder", USER_THREAD, STATUS_WAIT, 1);
        w.statedumpProcess(1_009, 0, 905, 905, 2, "kworker/u8:2", KERNEL_THREAD, STATUS_WAIT, 1);
        w.statedumpEnd(1_010, 0);
        // the reader blocks on sdb (D); the locker blocks on a mutex (D)
        w.syscallEntry(2_000, 0, "read");
        w.blockRqIssue(2_500, 0, sdb, 4096);
        w.schedSwitch(3_000, 0, "reader", 901, Kernel.DISK, "swapper/0", 0);
        w.syscallEntry(3_500, 1, "futex");
        w.schedSwitch(4_000, 1, "locker", 903, Kernel.DISK, "kworker/u8:2", 905);
        w.schedSwitch(4_500, 1, "kworker/u8:2", 905, k.idleWorker(), "swapper/1", 0);
        // sdb completes in the block softirq: the reader's I/O wait ends; the softirq also wakes an idle worker
        // (interruptible sleep) and the other idle worker (TASK_IDLE), neither of which waited for I/O
        w.irqEntry(20_000, 1, 16, "ahci");
        w.irqExit(20_100, 1, 16);
        w.softirqEntry(20_200, 1, 4);
        w.blockRqComplete(20_300, 1, sdb, 4096);
        k.wake(20_400, 1, "reader", 901, 0);
        k.wake(20_600, 1, "kworker/1:1H", 902, 1);
        k.wake(20_800, 1, "kworker/u8:2", 905, 1);
        w.softirqExit(21_000, 1, 4);
        w.schedSwitch(21_100, 1, "swapper/1", 0, 0, "kworker/1:1H", 902);
        w.schedSwitch(21_400, 1, "kworker/1:1H", 902, Kernel.SLEEPING, "kworker/u8:2", 905);
        w.schedSwitch(21_700, 1, "kworker/u8:2", 905, k.idleWorker(), "holder", 904);
        w.schedSwitch(22_000, 0, "swapper/0", 0, 0, "reader", 901);
        w.syscallExit(22_500, 0, "read", 4096);
        // the holder unlocks: the locker's D sleep ends, not an I/O wait
        w.syscallExit(23_000, 1, "futex", 0);
        w.syscallEntry(24_000, 1, "futex");
        k.wake(24_200, 1, "locker", 903, 1);
        w.syscallExit(24_500, 1, "futex", 1);
        w.schedSwitch(25_000, 1, "holder", 904, Kernel.SLEEPING, "locker", 903);
        w.syscallExit(25_500, 1, "futex", 0);
        // the reader reads sda, woken in the disk's hard IRQ right after the completion: I/O
        w.syscallEntry(30_000, 0, "read");
        w.blockRqIssue(30_200, 0, 8192);
        w.schedSwitch(30_500, 0, "reader", 901, Kernel.DISK, "swapper/0", 0);
        w.irqEntry(40_000, 1, 17, "nvme0q1");
        w.blockRqComplete(40_100, 1, 8192);
        k.wake(40_200, 1, "reader", 901, 0);
        w.irqExit(40_400, 1, 17);
        w.schedSwitch(41_000, 0, "swapper/0", 0, 0, "reader", 901);
        w.syscallExit(41_500, 0, "read", 4096);
        // the locker sleeps in D again; the block softirq wakes it with no completion in it: not I/O
        w.syscallEntry(42_000, 1, "read");
        w.schedSwitch(42_500, 1, "locker", 903, Kernel.DISK, "swapper/1", 0);
        w.softirqEntry(50_000, 1, 4);
        k.wake(50_100, 1, "locker", 903, 1);
        w.softirqExit(50_300, 1, 4);
        w.schedSwitch(51_000, 1, "swapper/1", 0, 0, "locker", 903);
        w.syscallExit(51_500, 1, "read", 100);
        w.syscallEntry(60_000, 0, "write");
        x.thread(901, "reader", 901).at(1_000, USER).at(2_000, SYSCALL).at(3_000, WAIT_IO).at(20_400, WAIT_CPU)
                .at(22_000, SYSCALL).at(22_500, USER).at(30_000, SYSCALL).at(30_500, WAIT_IO).at(40_200, WAIT_CPU)
                .at(41_000, SYSCALL).at(41_500, USER).at(60_000, SYSCALL);
        x.thread(902, "kworker/1:1H", 902).at(1_000, UNKNOWN).at(1_006, WAIT_BLOCKED).at(20_600, WAIT_CPU)
                .at(21_100, SYSCALL).at(21_400, WAIT_BLOCKED);
        x.thread(903, "locker", 903).at(1_000, USER).at(3_500, SYSCALL).at(4_000, WAIT_BLOCKED).at(24_200, WAIT_CPU)
                .at(25_000, SYSCALL).at(25_500, USER).at(40_000, IRQ).at(40_400, USER).at(42_000, SYSCALL)
                .at(42_500, WAIT_BLOCKED).at(50_100, WAIT_CPU).at(51_000, SYSCALL).at(51_500, USER);
        x.thread(904, "holder", 904).at(1_000, UNKNOWN).at(1_008, WAIT_BLOCKED).at(21_700, SYSCALL).at(23_000, USER)
                .at(24_000, SYSCALL).at(24_500, USER).at(25_000, WAIT_BLOCKED);
        x.thread(905, "kworker/u8:2", 905).at(1_000, UNKNOWN).at(1_009, WAIT_BLOCKED).at(4_000, SYSCALL)
                .at(4_500, WAIT_BLOCKED).at(20_800, WAIT_CPU).at(21_400, SYSCALL).at(21_700, WAIT_BLOCKED);
        x.idle(0).at(1_000, PARKED).at(3_000, SYSCALL).at(22_000, PARKED).at(30_500, SYSCALL).at(41_000, PARKED);
        x.idle(1).at(1_000, PARKED).at(4_500, SYSCALL).at(20_000, IRQ).at(20_100, SYSCALL).at(20_200, IRQ)
                .at(21_000, SYSCALL).at(21_100, PARKED).at(42_500, SYSCALL).at(50_000, IRQ).at(50_300, SYSCALL)
                .at(51_000, PARKED);
        x.ioWait("sdb (8:16)", 3_000, 20_400).ioWait("sda (8:0)", 30_500, 40_200);
        x.end(60_000);
    }

    /**
     * A trace recorded without system call events: a user thread's running time is neither user nor system
     * (USER_OR_SYSTEM), a kernel thread's is system; interrupts are still IRQ time.
     */
    static void noSyscalls(Kernel k, IntendedTimeline x) throws IOException {
        KernelTraceWriter w = k.w;
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "app", 1001);
        w.statedumpStart(1_010, 0);
        w.statedumpProcess(1_020, 0, 1001, 1001, 1, "app", USER_THREAD, STATUS_WAIT_CPU, 0);
        w.statedumpProcess(1_030, 0, 1002, 1002, 2, "kswapd0", KERNEL_THREAD, STATUS_WAIT, 0);
        w.statedumpEnd(1_040, 0);
        w.irqEntry(2_000, 0, 16, "eth0");
        w.irqExit(2_400, 0, 16);
        k.wake(3_000, 0, "kswapd0", 1002, 0);
        w.schedSwitch(4_000, 0, "app", 1001, k.preempted(), "kswapd0", 1002);
        w.schedSwitch(6_000, 0, "kswapd0", 1002, Kernel.SLEEPING, "app", 1001);
        w.schedSwitch(9_000, 0, "app", 1001, Kernel.SLEEPING, "swapper/0", 0);
        k.wake(12_000, 0, "app", 1001, 0);
        w.schedSwitch(12_500, 0, "swapper/0", 0, 0, "app", 1001);
        w.irqEntry(15_000, 0, 16, "eth0");
        w.irqExit(15_100, 0, 16);
        w.schedSwitch(20_000, 0, "app", 1001, k.preempted(), "swapper/0", 0);
        x.thread(1001, "app", 1001).at(1_000, USER_OR_SYSTEM).at(2_000, IRQ).at(2_400, USER_OR_SYSTEM)
                .at(4_000, WAIT_CPU).at(6_000, USER_OR_SYSTEM).at(9_000, WAIT_BLOCKED).at(12_000, WAIT_CPU)
                .at(12_500, USER_OR_SYSTEM).at(15_000, IRQ).at(15_100, USER_OR_SYSTEM).at(20_000, WAIT_CPU);
        x.thread(1002, "kswapd0", 1002).at(1_000, UNKNOWN).at(1_030, WAIT_BLOCKED).at(3_000, WAIT_CPU)
                .at(4_000, SYSCALL).at(6_000, WAIT_BLOCKED);
        x.idle(0).at(1_000, PARKED).at(9_000, SYSCALL).at(12_500, PARKED).at(20_000, SYSCALL);
        x.end(20_000);
    }

    /**
     * Kernel threads never run in user mode and are processes of their own: kthreadd forks a worker (no PID field
     * in the fork: the child's PID is its TID), which runs and sleeps; the statedump names another.
     */
    static void kernelThreads(Kernel k, IntendedTimeline x) throws IOException {
        KernelTraceWriter w = k.w;
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "kthreadd", 2);
        w.statedumpStart(1_010, 0);
        w.statedumpProcess(1_020, 0, 2, 2, 0, "kthreadd", KERNEL_THREAD, STATUS_WAIT_CPU, 0);
        w.statedumpProcess(1_030, 0, 10, 10, 2, "rcu_sched", KERNEL_THREAD, STATUS_WAIT, 0);
        w.statedumpEnd(1_040, 0);
        w.fork(2_000, 0, "kthreadd", 2, 2, "kthreadd", 1101, -1);
        w.wakeupNew(2_100, 0, "kthreadd", 1101, 0);
        w.schedSwitch(3_000, 0, "kthreadd", 2, Kernel.SLEEPING, "kthreadd", 1101);
        k.wake(4_000, 0, "rcu_sched", 10, 0);
        w.schedSwitch(5_000, 0, "kthreadd", 1101, k.preempted(), "rcu_sched", 10);
        w.schedSwitch(6_000, 0, "rcu_sched", 10, Kernel.SLEEPING, "kthreadd", 1101);
        w.schedSwitch(8_000, 0, "kthreadd", 1101, k.idleWorker(), "swapper/0", 0);
        w.irqEntry(9_000, 0, 16, "eth0");
        w.irqExit(9_500, 0, 16);
        x.thread(2, "kthreadd", 2).at(1_000, SYSCALL).at(3_000, WAIT_BLOCKED);
        x.thread(10, "rcu_sched", 10).at(1_000, UNKNOWN).at(1_030, WAIT_BLOCKED).at(4_000, WAIT_CPU).at(5_000, SYSCALL)
                .at(6_000, WAIT_BLOCKED);
        x.thread(1101, "kthreadd", 1101).at(k.born(2_000, 2_100), WAIT_CPU).at(3_000, SYSCALL).at(5_000, WAIT_CPU).at(6_000, SYSCALL)
                .at(8_000, WAIT_BLOCKED);
        x.idle(0).at(1_000, PARKED).at(8_000, SYSCALL).at(9_000, IRQ).at(9_500, SYSCALL);
        x.end(9_500);
    }

    /**
     * A partial trace: its events name CPU 1 (a wakeup's target, a migration), but it has no stream for CPU 1. A
     * thread woken to CPU 1, or moved there, runs there unseen: its time is unknown, not a wait, until it shows on
     * CPU 0 again.
     */
    static void missingCpu(Kernel k, IntendedTimeline x) throws IOException {
        KernelTraceWriter w = k.w;
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "main", 1201);
        w.statedumpStart(1_010, 0);
        w.statedumpProcess(1_020, 0, 1201, 1201, 1, "main", USER_THREAD, STATUS_WAIT_CPU, 0);
        w.statedumpProcess(1_030, 0, 1202, 1201, 1, "helper", USER_THREAD, STATUS_WAIT, 0);
        w.statedumpProcess(1_040, 0, 1203, 1201, 1, "pool", USER_THREAD, STATUS_WAIT, 0);
        w.statedumpEnd(1_050, 0);
        w.syscallEntry(2_000, 0, "futex");
        k.wake(2_500, 0, "helper", 1202, 1);
        k.wake(2_800, 0, "pool", 1203, 0);
        w.syscallExit(3_000, 0, "futex", 2);
        w.schedSwitch(4_000, 0, "main", 1201, k.preempted(), "pool", 1203);
        w.syscallExit(4_200, 0, "futex", 0);
        w.schedSwitch(5_000, 0, "pool", 1203, k.preempted(), "main", 1201);
        w.migrate(5_500, 0, "pool", 1203, 0, 1);
        w.syscallEntry(8_000, 0, "futex");
        w.schedSwitch(8_500, 0, "main", 1201, Kernel.SLEEPING, "helper", 1202);
        w.syscallExit(8_700, 0, "futex", 0);
        w.syscallEntry(9_000, 0, "write");
        x.thread(1201, "main", 1201).at(1_000, USER).at(2_000, SYSCALL).at(3_000, USER).at(4_000, WAIT_CPU)
                .at(5_000, USER).at(8_000, SYSCALL).at(8_500, WAIT_BLOCKED);
        x.thread(1202, "helper", 1201).at(1_000, UNKNOWN).at(1_030, WAIT_BLOCKED).at(2_500, UNKNOWN).at(8_500, SYSCALL)
                .at(8_700, USER).at(9_000, SYSCALL);
        x.thread(1203, "pool", 1201).at(1_000, UNKNOWN).at(1_040, WAIT_BLOCKED).at(2_800, WAIT_CPU).at(4_000, SYSCALL)
                .at(4_200, USER).at(5_000, WAIT_CPU).at(5_500, UNKNOWN);
        x.idle(0).at(1_000, PARKED);
        x.missingCpus(1);
        x.end(9_000);
    }

    /**
     * Threads that exit, then are preempted before their last switch: each is one thread to its end, in the kernel
     * from its exit on (one from exit_group, one killed in user space), waiting for its CPU while preempted.
     */
    static void exitThenPreempted(Kernel k, IntendedTimeline x) throws IOException {
        KernelTraceWriter w = k.w;
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "worker", 1101);
        w.schedSwitch(1_000, 1, "swapper/1", 0, 0, "victim", 1103);
        w.syscallExit(1_200, 1, "read", 0);
        w.syscallEntry(2_000, 0, "exit_group");
        w.processExit(2_500, 0, "worker", 1101);
        w.schedSwitch(3_000, 0, "worker", 1101, k.preempted(), "other", 1102);
        w.syscallExit(3_100, 0, "read", 0);
        w.schedSwitch(4_000, 0, "other", 1102, k.preempted(), "worker", 1101);
        w.schedSwitch(5_000, 0, "worker", 1101, k.dead(), "other", 1102);
        w.processFree(5_500, 0, "worker", 1101);
        // killed by a signal while in user space: no system call event, in the kernel from its exit on
        w.processExit(6_000, 1, "victim", 1103);
        w.schedSwitch(6_500, 1, "victim", 1103, k.preempted(), "swapper/1", 0);
        w.schedSwitch(7_000, 1, "swapper/1", 0, 0, "victim", 1103);
        w.schedSwitch(7_500, 1, "victim", 1103, k.dead(), "swapper/1", 0);
        w.syscallEntry(8_000, 0, "write");
        x.thread(1101, "worker", -1).at(1_000, USER).at(2_000, SYSCALL).at(3_000, WAIT_CPU).at(4_000, SYSCALL)
                .at(5_000, NOT_ALIVE);
        x.thread(1102, "other", -1).at(1_000, UNKNOWN).at(3_000, SYSCALL).at(3_100, USER).at(4_000, WAIT_CPU)
                .at(5_000, USER).at(8_000, SYSCALL);
        x.thread(1103, "victim", -1).at(1_000, SYSCALL).at(1_200, USER).at(6_000, SYSCALL).at(6_500, WAIT_CPU)
                .at(7_000, SYSCALL).at(7_500, NOT_ALIVE);
        x.idle(0).at(1_000, PARKED);
        x.idle(1).at(1_000, PARKED).at(6_500, SYSCALL).at(7_000, PARKED).at(7_500, SYSCALL);
        x.end(8_000);
    }

    /**
     * A disk the statedump names only after its first completions (the session's statedump runs late): every wait on
     * it is on one device, named.
     */
    static void deviceNamedLate(Kernel k, IntendedTimeline x) throws IOException {
        KernelTraceWriter w = k.w;
        long sdb = 8L << 20 | 16; // 8:16 as the trace holds a dev_t (20 minor bits)
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "reader", 1201);
        w.syscallEntry(2_000, 0, "read");
        w.blockRqIssue(2_500, 0, sdb, 4096);
        w.schedSwitch(3_000, 0, "reader", 1201, Kernel.DISK, "swapper/0", 0);
        w.irqEntry(10_000, 0, 17, "nvme0q1");
        w.blockRqComplete(10_100, 0, sdb, 4096);
        k.wake(10_200, 0, "reader", 1201, 0);
        w.irqExit(10_400, 0, 17);
        w.schedSwitch(11_000, 0, "swapper/0", 0, 0, "reader", 1201);
        w.syscallExit(11_500, 0, "read", 4096);
        w.statedumpStart(12_000, 0);
        w.statedumpBlockDevice(12_100, 0, sdb, "sdb");
        w.statedumpEnd(12_200, 0);
        w.syscallEntry(13_000, 0, "read");
        w.blockRqIssue(13_500, 0, sdb, 8192);
        w.schedSwitch(14_000, 0, "reader", 1201, Kernel.DISK, "swapper/0", 0);
        w.irqEntry(20_000, 0, 17, "nvme0q1");
        w.blockRqComplete(20_100, 0, sdb, 8192);
        k.wake(20_200, 0, "reader", 1201, 0);
        w.irqExit(20_400, 0, 17);
        w.schedSwitch(21_000, 0, "swapper/0", 0, 0, "reader", 1201);
        w.syscallExit(21_500, 0, "read", 4096);
        w.syscallEntry(30_000, 0, "write");
        x.thread(1201, "reader", -1).at(1_000, USER).at(2_000, SYSCALL).at(3_000, WAIT_IO).at(10_200, WAIT_CPU)
                .at(11_000, SYSCALL).at(11_500, USER).at(13_000, SYSCALL).at(14_000, WAIT_IO).at(20_200, WAIT_CPU)
                .at(21_000, SYSCALL).at(21_500, USER).at(30_000, SYSCALL);
        x.idle(0).at(1_000, PARKED).at(3_000, SYSCALL).at(10_000, IRQ).at(10_400, SYSCALL).at(11_000, PARKED)
                .at(14_000, SYSCALL).at(20_000, IRQ).at(20_400, SYSCALL).at(21_000, PARKED);
        x.ioWait("sdb (8:16)", 3_000, 10_200).ioWait("sdb (8:16)", 14_000, 20_200);
        x.end(30_000);
    }

    /**
     * A CPU whose first sched_switch comes long after its first event, and whose thread another CPU wakes meanwhile
     * (a wakeup of a thread that is still on its CPU, about to sleep): the switch's prev_tid ran from the CPU's first
     * event, as the trace says; the wakeup does not make it wait for a CPU.
     */
    static void firstSwitchLate(Kernel k, IntendedTimeline x) throws IOException {
        KernelTraceWriter w = k.w;
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "waker", 1301);
        w.irqEntry(2_000, 1, 30, "eth0");
        w.irqExit(2_400, 1, 30);
        w.syscallEntry(3_000, 0, "futex");
        k.wake(3_500, 0, "sleeper", 1302, 1);
        w.syscallExit(4_000, 0, "futex", 1);
        w.syscallEntry(5_000, 1, "futex");
        w.schedSwitch(6_000, 1, "sleeper", 1302, Kernel.SLEEPING, "swapper/1", 0);
        w.syscallEntry(8_000, 0, "write");
        x.thread(1301, "waker", -1).at(1_000, USER).at(3_000, SYSCALL).at(4_000, USER).at(8_000, SYSCALL);
        x.thread(1302, "sleeper", -1).at(1_000, UNKNOWN).at(2_000, IRQ).at(2_400, USER).at(5_000, SYSCALL)
                .at(6_000, WAIT_BLOCKED);
        x.idle(0).at(1_000, PARKED);
        x.idle(1).at(1_000, UNKNOWN).at(6_000, SYSCALL);
        x.end(8_000);
    }

    /**
     * What a {@code perf record -e 'sched:*,irq:*,block:*,raw_syscalls:*'} of a build shows (in perf's CTF
     * conversion; written for lttng-modules too): a disk read woken in the disk's IRQ, a preemption, a fork, exec and
     * exit, and a CPU whose events before its first switch name their thread in {@code common_pid} (lttng's tid
     * context does the same).
     */
    static void perfRecording(Kernel k, IntendedTimeline x) throws IOException {
        KernelTraceWriter w = k.w;
        w.running(1, 1404);
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "make", 1401);
        w.softirqEntry(1_200, 1, 1);
        w.softirqExit(1_300, 1, 1);
        w.syscallEntry(1_500, 0, "read");
        w.blockRqIssue(2_000, 0, 100);
        w.schedSwitch(2_500, 0, "make", 1401, Kernel.DISK, "cc1", 1402);
        w.syscallExit(3_000, 0, "read", 0);
        w.irqEntry(5_000, 0, 16, "ahci");
        w.blockRqComplete(5_100, 0, 100);
        k.wake(5_200, 0, "make", 1401, 0);
        w.irqExit(5_400, 0, 16);
        w.schedSwitch(6_000, 0, "cc1", 1402, k.preempted(), "make", 1401);
        w.syscallExit(6_500, 0, "read", 4096);
        w.syscallEntry(7_000, 0, "clone");
        w.fork(7_200, 0, "make", 1401, 1401, "make", 1403, 1403);
        w.wakeupNew(7_300, 0, "make", 1403, 1);
        w.syscallExit(7_500, 0, "clone", 1403);
        w.syscallEntry(7_900, 1, "wait4");
        w.schedSwitch(8_000, 1, "bash", 1404, Kernel.SLEEPING, "make", 1403);
        w.syscallExit(8_100, 1, "clone", 0);
        w.exec(8_500, 1, "/usr/bin/gcc", 1403);
        w.syscallEntry(9_000, 1, "exit_group");
        w.processExit(9_100, 1, "gcc", 1403);
        w.schedSwitch(9_200, 1, "gcc", 1403, k.dead(), "swapper/1", 0);
        w.processFree(9_300, 0, "gcc", 1403);
        w.syscallEntry(10_000, 0, "write");
        // perf's fork tracepoint has no process IDs: the parent's is unknown
        x.thread(1401, "make", k.tracer.perf() ? -1 : 1401).at(1_000, USER).at(1_500, SYSCALL).at(2_500, WAIT_IO).at(5_200, WAIT_CPU)
                .at(6_000, SYSCALL).at(6_500, USER).at(7_000, SYSCALL).at(7_500, USER).at(10_000, SYSCALL);
        x.thread(1402, "cc1", -1).at(1_000, UNKNOWN).at(2_500, SYSCALL).at(3_000, USER).at(5_000, IRQ)
                .at(5_400, USER).at(6_000, WAIT_CPU);
        x.thread(1403, "gcc", 1403).at(k.born(7_200, 7_300), WAIT_CPU).at(8_000, SYSCALL).at(8_100, USER).at(9_000, SYSCALL)
                .at(9_200, NOT_ALIVE);
        x.thread(1404, "bash", -1).at(1_000, UNKNOWN).at(1_200, IRQ).at(1_300, USER).at(7_900, SYSCALL)
                .at(8_000, WAIT_BLOCKED);
        x.idle(0).at(1_000, PARKED);
        x.idle(1).at(1_000, UNKNOWN).at(9_200, SYSCALL);
        x.ioWait("8:0", 2_500, 5_200);
        x.end(10_000);
    }

    /**
     * One thread's waits, each for another reason and ended by another waker: a read of a pipe (the statedump says fd 0
     * is one) its writer fills (the writer wakes it), a futex its holder unlocks, an epoll_wait the network receive softirq ends, a nanosleep a timer
     * ends, and a page fault (an uninterruptible sleep outside any system call, which no disk completion ends).
     */
    static void whyItWaited(Kernel k, IntendedTimeline x) throws IOException {
        KernelTraceWriter w = k.w;
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "reader", 501);
        w.schedSwitch(1_000, 1, "swapper/1", 0, 0, "writer", 502);
        w.statedumpFileDescriptor(1_050, 0, 501, 0, "pipe:[4242]");
        w.syscallEntry(1_100, 0, "read");
        w.schedSwitch(1_200, 0, "reader", 501, Kernel.SLEEPING, "swapper/0", 0);
        w.syscallEntry(1_500, 1, "write");
        k.wake(2_000, 1, "reader", 501, 0);
        w.syscallExit(2_500, 1, "write", 1);
        w.schedSwitch(2_100, 0, "swapper/0", 0, 0, "reader", 501);
        w.syscallExit(2_200, 0, "read", 1);
        w.syscallEntry(3_000, 0, "futex");
        w.schedSwitch(3_100, 0, "reader", 501, Kernel.SLEEPING, "swapper/0", 0);
        w.syscallEntry(4_000, 1, "futex");
        k.wake(4_100, 1, "reader", 501, 0);
        w.syscallExit(4_200, 1, "futex", 1);
        w.schedSwitch(4_300, 0, "swapper/0", 0, 0, "reader", 501);
        w.syscallExit(4_400, 0, "futex", 0);
        w.syscallEntry(5_000, 0, "epoll_wait");
        w.schedSwitch(5_100, 0, "reader", 501, Kernel.SLEEPING, "swapper/0", 0);
        w.softirqEntry(6_000, 1, 3);
        k.wake(6_100, 1, "reader", 501, 0);
        w.softirqExit(6_200, 1, 3);
        w.schedSwitch(6_300, 0, "swapper/0", 0, 0, "reader", 501);
        w.syscallExit(6_400, 0, "epoll_wait", 1);
        w.syscallEntry(7_000, 0, "nanosleep");
        w.schedSwitch(7_100, 0, "reader", 501, Kernel.SLEEPING, "swapper/0", 0);
        w.softirqEntry(8_000, 1, 1);
        k.wake(8_100, 1, "reader", 501, 0);
        w.softirqExit(8_200, 1, 1);
        w.schedSwitch(8_300, 0, "swapper/0", 0, 0, "reader", 501);
        w.syscallExit(8_400, 0, "nanosleep", 0);
        w.schedSwitch(9_000, 0, "reader", 501, Kernel.DISK, "swapper/0", 0);
        k.wake(10_000, 1, "reader", 501, 0);
        w.schedSwitch(10_100, 0, "swapper/0", 0, 0, "reader", 501);
        w.syscallEntry(12_000, 0, "write");
        x.thread(501, "reader", -1).at(1_000, USER).at(1_100, SYSCALL).at(1_200, WAIT_BLOCKED).at(2_000, WAIT_CPU)
                .at(2_100, SYSCALL).at(2_200, USER).at(3_000, SYSCALL).at(3_100, WAIT_BLOCKED).at(4_100, WAIT_CPU)
                .at(4_300, SYSCALL).at(4_400, USER).at(5_000, SYSCALL).at(5_100, WAIT_BLOCKED).at(6_100, WAIT_CPU)
                .at(6_300, SYSCALL).at(6_400, USER).at(7_000, SYSCALL).at(7_100, WAIT_BLOCKED).at(8_100, WAIT_CPU)
                .at(8_300, SYSCALL).at(8_400, USER).at(9_000, WAIT_BLOCKED).at(10_000, WAIT_CPU).at(10_100, USER)
                .at(12_000, SYSCALL);
        x.thread(502, "writer", -1).at(1_000, USER).at(1_500, SYSCALL).at(2_500, USER).at(4_000, SYSCALL)
                .at(4_200, USER).at(6_000, IRQ).at(6_200, USER).at(8_000, IRQ).at(8_200, USER);
        x.idle(0).at(1_000, PARKED).at(1_200, SYSCALL).at(2_100, PARKED).at(3_100, SYSCALL).at(4_300, PARKED)
                .at(5_100, SYSCALL).at(6_300, PARKED).at(7_100, SYSCALL).at(8_300, PARKED).at(9_000, SYSCALL)
                .at(10_100, PARKED);
        x.idle(1).at(1_000, PARKED);
        x.waited(501, 1_200, 2_000, "reading a pipe", "thread", "502 writer")
                .waited(501, 3_100, 4_100, "lock or condition (futex)", "thread", "502 writer")
                .waited(501, 5_100, 6_100, "waiting for events (poll, select, epoll)", "softirq", "NET_RX")
                .waited(501, 7_100, 8_100, "sleeping by choice (nanosleep)", "timer", "timer expiry")
                .waited(501, 9_000, 10_000, "page fault (outside any system call)", "thread", "502 writer");
        x.end(12_000);
    }

    /**
     * A chain: the client waits on a futex for the server, which reads the disk, then runs and unlocks. The client's
     * critical path is its own running, then the server's running, the disk, the server's wait for its CPU and its
     * running until the unlock, then the client's wait for its CPU and running again.
     */
    static void waitsChain(Kernel k, IntendedTimeline x) throws IOException {
        KernelTraceWriter w = k.w;
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "client", 601);
        w.schedSwitch(1_000, 1, "swapper/1", 0, 0, "server", 602);
        w.syscallEntry(1_100, 0, "futex");
        w.schedSwitch(1_200, 0, "client", 601, Kernel.SLEEPING, "swapper/0", 0);
        w.syscallEntry(1_500, 1, "read");
        w.blockRqIssue(1_600, 1, 7);
        w.schedSwitch(2_000, 1, "server", 602, Kernel.DISK, "swapper/1", 0);
        w.irqEntry(5_000, 1, 16, "ahci");
        w.blockRqComplete(5_100, 1, 7);
        k.wake(5_200, 1, "server", 602, 1);
        w.irqExit(5_300, 1, 16);
        w.schedSwitch(5_400, 1, "swapper/1", 0, 0, "server", 602);
        w.syscallExit(5_500, 1, "read", 4096);
        w.syscallEntry(6_000, 1, "futex");
        k.wake(6_100, 1, "client", 601, 0);
        w.syscallExit(6_300, 1, "futex", 1);
        w.schedSwitch(6_500, 0, "swapper/0", 0, 0, "client", 601);
        w.syscallExit(6_600, 0, "futex", 0);
        w.syscallEntry(8_000, 0, "write");
        boolean io = !k.tracer.omitted().contains("block_rq_complete");
        x.thread(601, "client", -1).at(1_000, USER).at(1_100, SYSCALL).at(1_200, WAIT_BLOCKED).at(6_100, WAIT_CPU)
                .at(6_500, SYSCALL).at(6_600, USER).at(8_000, SYSCALL);
        x.thread(602, "server", -1).at(1_000, USER).at(1_500, SYSCALL).at(2_000, io ? WAIT_IO : WAIT_BLOCKED)
                .at(5_200, WAIT_CPU).at(5_400, SYSCALL).at(5_500, USER).at(6_000, SYSCALL).at(6_300, USER);
        x.idle(0).at(1_000, PARKED).at(1_200, SYSCALL).at(6_500, PARKED);
        x.idle(1).at(1_000, PARKED).at(2_000, SYSCALL).at(5_000, IRQ).at(5_300, SYSCALL).at(5_400, PARKED);
        if (io) {
            x.ioWait("8:0", 2_000, 5_200);
        }
        x.waited(601, 1_200, 6_100, "lock or condition (futex)", "thread", "602 server");
        if (!io) {
            x.waited(602, 2_000, 5_200, "reading (of a descriptor the trace does not say what it is)", "irq", "16 ahci");
        }
        x.criticalPathOf(601).onPath(1_000, 1_200, "running", 601).onPath(1_200, 2_000, "running", 602)
                .onPath(2_000, 5_200, io ? "disk" : "interrupt", 602).onPath(5_200, 5_400, "waiting for a CPU", 602)
                .onPath(5_400, 6_100, "running", 602).onPath(6_100, 6_500, "waiting for a CPU", 601)
                .onPath(6_500, 8_000, "running", 601);
        x.end(8_000);
    }

    /**
     * Timeouts woken by a timer's callback in an interrupt the trace does not show as one (the local timer interrupt,
     * untraced on many kernels): a nanosleep woken in an hrtimer callback while its CPU is idle, a poll woken in one
     * while another thread runs, then in a timer wheel callback. The timer woke them, not the thread the interrupt
     * interrupted; and the callbacks take no IRQ time from it (the trace does not say how long the interrupt was).
     * The sleeper's critical path is its own running, the timer, its wait for a CPU and its running.
     */
    static void timerCallbacks(Kernel k, IntendedTimeline x) throws IOException {
        KernelTraceWriter w = k.w;
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "sleep", 551);
        w.schedSwitch(1_000, 1, "swapper/1", 0, 0, "poller", 553);
        w.syscallEntry(1_100, 0, "nanosleep");
        w.schedSwitch(1_200, 0, "sleep", 551, Kernel.SLEEPING, "swapper/0", 0);
        w.syscallEntry(1_300, 1, "poll");
        w.schedSwitch(1_400, 1, "poller", 553, Kernel.SLEEPING, "burner", 552);
        w.syscallExit(1_500, 1, "read", 0);
        // the idle thread is current on CPU 0
        w.hrtimerExpireEntry(5_000, 0);
        k.wake(5_010, 0, "sleep", 551, 0);
        w.hrtimerExpireExit(5_100, 0);
        w.schedSwitch(5_200, 0, "swapper/0", 0, 0, "sleep", 551);
        w.syscallExit(5_300, 0, "nanosleep", 0);
        // the burner is current on CPU 1
        w.hrtimerExpireEntry(6_000, 1);
        k.wake(6_010, 1, "poller", 553, 1);
        w.hrtimerExpireExit(6_100, 1);
        w.schedSwitch(6_200, 1, "burner", 552, k.preempted(), "poller", 553);
        w.syscallExit(6_300, 1, "poll", 0);
        w.syscallEntry(7_000, 1, "poll");
        w.schedSwitch(7_100, 1, "poller", 553, Kernel.SLEEPING, "burner", 552);
        w.timerExpireEntry(8_000, 1);
        k.wake(8_010, 1, "poller", 553, 1);
        w.timerExpireExit(8_100, 1);
        w.schedSwitch(8_200, 1, "burner", 552, k.preempted(), "poller", 553);
        w.syscallExit(8_300, 1, "poll", 0);
        w.syscallEntry(10_000, 0, "read");
        x.thread(551, "sleep", -1).at(1_000, USER).at(1_100, SYSCALL).at(1_200, WAIT_BLOCKED).at(5_010, WAIT_CPU)
                .at(5_200, SYSCALL).at(5_300, USER).at(10_000, SYSCALL);
        x.thread(552, "burner", -1).at(1_000, UNKNOWN).at(1_400, SYSCALL).at(1_500, USER).at(6_200, WAIT_CPU)
                .at(7_100, USER).at(8_200, WAIT_CPU);
        x.thread(553, "poller", -1).at(1_000, USER).at(1_300, SYSCALL).at(1_400, WAIT_BLOCKED).at(6_010, WAIT_CPU)
                .at(6_200, SYSCALL).at(6_300, USER).at(7_000, SYSCALL).at(7_100, WAIT_BLOCKED).at(8_010, WAIT_CPU)
                .at(8_200, SYSCALL).at(8_300, USER);
        x.idle(0).at(1_000, PARKED).at(1_200, SYSCALL).at(5_200, PARKED);
        x.idle(1).at(1_000, PARKED);
        // perf's raw_syscalls do not name the call
        String unnamed = "unknown: a system call the trace does not name";
        String sleeping = k.tracer.perf() ? unnamed : "sleeping by choice (nanosleep)";
        String polling = k.tracer.perf() ? unnamed : "waiting for events (poll, select, epoll)";
        x.waited(551, 1_200, 5_010, sleeping, "timer", "timer expiry")
                .waited(553, 1_400, 6_010, polling, "timer", "timer expiry")
                .waited(553, 7_100, 8_010, polling, "timer", "timer expiry");
        x.criticalPathOf(551).onPath(1_000, 1_200, "running", 551).onPath(1_200, 5_010, "timer", 551)
                .onPath(5_010, 5_200, "waiting for a CPU", 551).onPath(5_200, 10_000, "running", 551);
        x.end(10_000);
    }

    /**
     * A waker born during the wait: the waiter reads a pipe; on the other CPU the spawner forks a helper, waits for it,
     * and the helper writes the pipe. Until its birth (its sched_wakeup_new) the helper was not runnable: what the
     * waiter waited on then was the spawner's progress (its running, in clone()), then the helper's. Its critical path
     * says so.
     */
    static void wakerForked(Kernel k, IntendedTimeline x) throws IOException {
        KernelTraceWriter w = k.w;
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "waiter", 561);
        w.schedSwitch(1_000, 1, "swapper/1", 0, 0, "spawner", 562);
        w.syscallEntry(1_100, 0, "read");
        w.schedSwitch(1_200, 0, "waiter", 561, Kernel.SLEEPING, "swapper/0", 0);
        w.syscallEntry(2_000, 1, "clone");
        w.fork(3_000, 1, "spawner", 562, 562, "helper", 563, 563);
        w.wakeupNew(3_100, 1, "helper", 563, 1);
        w.syscallExit(3_200, 1, "clone", 563);
        w.syscallEntry(3_300, 1, "wait4");
        w.schedSwitch(3_500, 1, "spawner", 562, Kernel.SLEEPING, "helper", 563);
        w.syscallExit(3_600, 1, "clone", 0);
        w.syscallEntry(4_500, 1, "write");
        k.wake(5_000, 1, "waiter", 561, 0);
        w.syscallExit(5_100, 1, "write", 1);
        w.schedSwitch(5_200, 0, "swapper/0", 0, 0, "waiter", 561);
        w.syscallExit(5_300, 0, "read", 1);
        w.syscallEntry(8_000, 0, "read");
        x.thread(561, "waiter", -1).at(1_000, USER).at(1_100, SYSCALL).at(1_200, WAIT_BLOCKED).at(5_000, WAIT_CPU)
                .at(5_200, SYSCALL).at(5_300, USER).at(8_000, SYSCALL);
        x.thread(562, "spawner", 562).at(1_000, USER).at(2_000, SYSCALL).at(3_200, USER).at(3_300, SYSCALL)
                .at(3_500, WAIT_BLOCKED);
        long born = k.born(3_000, 3_100);
        x.thread(563, "helper", 563).at(born, WAIT_CPU).at(3_500, SYSCALL).at(3_600, USER).at(4_500, SYSCALL)
                .at(5_100, USER);
        x.idle(0).at(1_000, PARKED).at(1_200, SYSCALL).at(5_200, PARKED);
        x.idle(1).at(1_000, PARKED);
        x.waited(561, 1_200, 5_000, "reading (of a descriptor the trace does not say what it is)", "thread", "563 helper")
                .waited(562, 3_500, 8_000, "waiting for a child (wait4, waitid)", "none",
                        "none (the trace ended, or the thread went away, while it waited)");
        x.criticalPathOf(561).onPath(1_000, 1_200, "running", 561).onPath(1_200, born, "running", 562)
                .onPath(born, 3_500, "waiting for a CPU", 563).onPath(3_500, 5_000, "running", 563)
                .onPath(5_000, 5_200, "waiting for a CPU", 561).onPath(5_200, 8_000, "running", 561);
        x.end(8_000);
    }

    private ProcessScenarios() {
    }
}
