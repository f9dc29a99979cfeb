package org.lttbench.tests.analysis.latency;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.lttbench.tests.writer.KernelTraceWriter;
import org.lttbench.tests.writer.KernelTracer;
import org.lttbench.tests.writer.TraceMetadata.HeaderKind;

/**
 * Kernel traces whose latencies are known by construction, to the ns: each story writes the events of a few system
 * calls, interrupt handlers, waits for a CPU or disk requests (through {@link KernelTraceWriter}, so as real CTF), and
 * its test states the latencies it wrote. Every story is written for several lttng-modules versions (system call and
 * softirq naming, {@code sched_waking} or not, the local timer as an x86 vector or an IRQ), and some for perf's CTF
 * conversion, and must give the same latencies on each.
 */
public final class LatencyScenarios {
    private LatencyScenarios() {
    }

    public static final List<KernelTracer> TRACERS = List.of(
            KernelTracer.lttng(2, 5, "3.10.31-ltsi").withHeader(HeaderKind.LARGE).withNaturalAlignment(),
            KernelTracer.lttng(2, 6, "3.19.0-generic"),
            KernelTracer.lttng(2, 8, "4.4.3-1-ARCH"),
            KernelTracer.lttng(2, 10, "4.15.0-65-generic").withPatch(8),
            KernelTracer.lttng(2, 13, "5.15.0-91-generic"));

    static final KernelTracer PERF = KernelTracer.perf("5.15.0-91-generic");

    static final long SLEEPING = 1;
    static final long SDB = KernelTraceWriter.SDA | 16;

    static String name(KernelTracer t) {
        return t.perf() ? "perf-ctf" : "lttng" + t.major() + "." + t.minor();
    }

    /** {@code prev_state} of a preempted task on that tracer and kernel. */
    public static long preempted(KernelTracer tracer) {
        if (tracer.reportsPreemptionAs0x100()) {
            return 0x100;
        }
        String[] v = tracer.kernelRelease().split("[.-]");
        int k = Integer.parseInt(v[0]) * 100 + Integer.parseInt(v[1]);
        return k >= 408 ? 4096 : k >= 402 ? 2048 : k >= 309 ? 1024 : 512;
    }

    /** A wakeup as the kernel traces it: {@code sched_waking} then {@code sched_wakeup} where it has both. */
    public static void wake(KernelTraceWriter w, long t, int cpu, String comm, int tid, int target) throws IOException {
        if (w.tracer().hasWaking()) {
            w.waking(t, cpu, comm, tid, target);
            w.wakeup(t + 50, cpu, comm, tid, target);
        } else {
            w.wakeup(t, cpu, comm, tid, target);
        }
    }

    /**
     * System calls of "caller" (701): a read of 3 µs on a CPU; a read of 13 µs that sleeps 9 µs until "waker" (702)
     * wakes it, waits 2 µs for a CPU and returns EAGAIN; a futex of 7 µs preempted for 4 µs by "hog" (703); a write of
     * 500 ns returning EINTR; a read begun before the trace and a nanosleep the trace ends in (neither counts). The
     * waker's futex: 1.5 µs.
     */
    public static KernelTraceWriter syscalls(Path dir, KernelTracer tracer) throws IOException {
        try (KernelTraceWriter w = new KernelTraceWriter(dir, tracer, List.of("read", "write", "futex", "nanosleep"), true)) {
            w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "caller", 701);
            w.schedSwitch(1_000, 1, "swapper/1", 0, 0, "waker", 702);
            w.syscallExit(1_500, 0, "read", 5);
            w.syscallEntry(10_000, 0, "read");
            w.syscallExit(13_000, 0, "read", 100);
            w.syscallEntry(20_000, 0, "read");
            w.schedSwitch(21_000, 0, "caller", 701, SLEEPING, "swapper/0", 0);
            w.syscallEntry(29_000, 1, "futex");
            wake(w, 30_000, 1, "caller", 701, 0);
            w.syscallExit(30_500, 1, "futex", 1);
            w.schedSwitch(32_000, 0, "swapper/0", 0, 0, "caller", 701);
            w.syscallExit(33_000, 0, "read", -11);
            w.syscallEntry(40_000, 0, "futex");
            w.schedSwitch(41_000, 0, "caller", 701, preempted(tracer), "hog", 703);
            w.schedSwitch(45_000, 0, "hog", 703, SLEEPING, "caller", 701);
            w.syscallExit(47_000, 0, "futex", 0);
            w.syscallEntry(50_000, 0, "write");
            w.syscallExit(50_500, 0, "write", -4);
            w.syscallEntry(60_000, 0, "nanosleep");
            w.schedSwitch(70_000, 1, "waker", 702, SLEEPING, "swapper/1", 0);
            return w;
        }
    }

    /**
     * On CPU 0: IRQ 16 "ahci" from 2 to 2.3 µs raises softirq 1 TIMER, which runs from 2.4 to 3.4 µs with IRQ 17 "eth0"
     * nested in it from 2.9 to 3 µs.
     */
    public static void softirqWithANestedIrq(KernelTraceWriter w) throws IOException {
        w.irqEntry(2_000, 0, 16, "ahci");
        w.irqExit(2_300, 0, 16);
        w.softirqRaise(2_300, 0, 1);
        w.softirqEntry(2_400, 0, 1);
        w.irqEntry(2_900, 0, 17, "eth0");
        w.irqExit(3_000, 0, 17);
        w.softirqExit(3_400, 0, 1);
    }

    /**
     * Interrupt handlers on one CPU: IRQ 16 "ahci" twice (300 and 250 ns), IRQ 17 "eth0" (100 ns) nested in softirq 1
     * TIMER (1 µs, raised 100 ns before), softirq 3 NET_RX without a raise (500 ns), the local timer (400 ns: an x86
     * vector from lttng-modules 2.7, IRQ 0 "timer" before), softirq 4 BLOCK raised twice then run (400 ns, 1 µs after
     * the first raise) and raised during that run for its next (100 ns, 3.8 µs after); an IRQ exit whose entry the
     * trace missed (not counted).
     */
    public static KernelTraceWriter interrupts(Path dir, KernelTracer tracer) throws IOException {
        try (KernelTraceWriter w = new KernelTraceWriter(dir, tracer, List.of("read"), true)) {
            w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "worker", 201);
            w.irqExit(1_200, 0, 16);
            softirqWithANestedIrq(w);
            w.irqEntry(12_000, 0, 16, "ahci");
            w.irqExit(12_250, 0, 16);
            w.softirqEntry(12_300, 0, 3);
            w.softirqExit(12_800, 0, 3);
            w.localTimer(15_000, 15_400, 0);
            w.softirqRaise(20_000, 0, 4);
            w.softirqRaise(20_500, 0, 4);
            w.softirqEntry(21_000, 0, 4);
            w.softirqRaise(21_200, 0, 4);
            w.softirqExit(21_400, 0, 4);
            w.softirqEntry(25_000, 0, 4);
            w.softirqExit(25_100, 0, 4);
            w.syscallEntry(30_000, 0, "read");
            return w;
        }
    }

    /**
     * Waits for a CPU: "a" (801) woken by "b" (802) at 10 µs runs at 13 µs (3 µs, priority 20); "b" preempted by "c"
     * (803) at 20 µs runs again at 24.5 µs at priority -50 (4.5 µs); "d" (804), forked by "a" at 30 µs and woken new
     * at 30.4 µs, runs at 35 µs (4.6 µs); "c", first seen running, and the idle threads never count.
     */
    public static KernelTraceWriter scheduling(Path dir, KernelTracer tracer) throws IOException {
        try (KernelTraceWriter w = new KernelTraceWriter(dir, tracer, List.of("read"), true)) {
            w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "a", 801);
            w.schedSwitch(1_000, 1, "swapper/1", 0, 0, "b", 802);
            w.schedSwitch(5_000, 0, "a", 801, SLEEPING, "swapper/0", 0);
            wake(w, 10_000, 1, "a", 801, 0);
            w.schedSwitch(13_000, 0, "swapper/0", 0, 0, "a", 801);
            w.schedSwitch(20_000, 1, "b", 802, preempted(tracer), "c", 803);
            w.schedSwitch(24_500, 1, "c", 803, SLEEPING, "b", 802, -50);
            w.fork(30_000, 0, "a", 801, 801, "d", 804, 804);
            w.wakeupNew(30_400, 0, "d", 804, 1);
            w.schedSwitch(35_000, 1, "b", 802, SLEEPING, "d", 804);
            w.syscallEntry(40_000, 0, "read");
            return w;
        }
    }

    /**
     * Disk requests: "dd" (901) inserts a read of 8 sectors on sda at 1 µs and issues it at 1.5 µs (queued 500 ns),
     * completed at 101.5 µs (100 µs); "kworker/1:1" (902) issues a write of 256 sectors at 2 µs, completed in two
     * halves at 50 and 80 µs (78 µs); "dd" reads 8 sectors of sdb from 3 to 4 µs (1 µs); a completion whose issue the
     * trace missed and an issue the trace ends before completing do not count. The statedump names sda.
     */
    public static KernelTraceWriter disk(Path dir, KernelTracer tracer) throws IOException {
        long sda = KernelTraceWriter.SDA;
        try (KernelTraceWriter w = new KernelTraceWriter(dir, tracer, List.of("read"), true)) {
            w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "dd", 901);
            w.schedSwitch(1_000, 1, "swapper/1", 0, 0, "kworker/1:1", 902);
            w.blockRqInsert(1_000, 0, sda, 2048, 8, KernelTraceWriter.READ, 901, "dd");
            w.statedumpBlockDevice(1_010, 1, sda, "sda");
            w.blockRqIssue(1_500, 0, sda, 2048, 8, KernelTraceWriter.READ, 901, "dd");
            w.blockRqIssue(2_000, 1, sda, 4096, 256, KernelTraceWriter.WRITE, 902, "kworker/1:1");
            w.blockRqIssue(3_000, 0, SDB, 100, 8, KernelTraceWriter.READ, 901, "dd");
            w.blockRqComplete(4_000, 1, SDB, 100, 8, KernelTraceWriter.READ);
            w.blockRqComplete(5_000, 1, sda, 7_777, 8, KernelTraceWriter.READ);
            w.blockRqComplete(50_000, 1, sda, 4096, 128, KernelTraceWriter.WRITE);
            w.blockRqComplete(80_000, 1, sda, 4096 + 128, 128, KernelTraceWriter.WRITE);
            w.blockRqComplete(101_500, 1, sda, 2048, 8, KernelTraceWriter.READ);
            w.blockRqIssue(110_000, 0, sda, 9_999, 8, KernelTraceWriter.READ, 901, "dd");
            w.syscallEntry(120_000, 0, "read");
            return w;
        }
    }
}
