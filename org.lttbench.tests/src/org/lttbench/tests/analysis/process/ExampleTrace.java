package org.lttbench.tests.analysis.process;

import static org.lttbench.tests.writer.KernelTraceWriter.KERNEL_THREAD;
import static org.lttbench.tests.writer.KernelTraceWriter.STATUS_WAIT;
import static org.lttbench.tests.writer.KernelTraceWriter.STATUS_WAIT_CPU;
import static org.lttbench.tests.writer.KernelTraceWriter.USER_THREAD;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.lttbench.tests.writer.KernelTraceWriter;
import org.lttbench.tests.writer.KernelTracer;

/**
 * The repository's built-in example ({@code examples/kernel-demo}): a 2-CPU machine traced for one second, one
 * 10 ms cycle repeated {@link #CYCLES} times, so every thread's time is known by construction (see
 * {@code examples/README.md}, and {@code ExampleTraceTest}, which checks the committed trace against it).
 *
 * <p>In each cycle, from its start c (µs):
 * <ul>
 * <li>CPU 0, {@code render} (PID 1000): user code, a network IRQ and its softirq at c+5900..c+5950 (wakes
 * {@code web}), preempted by {@code web} at c+6000, back at c+7000, a {@code write} system call c+9500..c+10000.</li>
 * <li>CPU 0, {@code web} (PID 2000): returns from {@code epoll_wait} at c+6050, user code, a {@code write}
 * c+6600..c+6900, back into {@code epoll_wait} at c+6950 and blocked from c+7000 until the next network softirq.</li>
 * <li>CPU 1, {@code backup} (PID 3000): woken by the timer softirq at c-10, returns from {@code nanosleep}, user
 * code, a {@code read} at c+500 that issues a disk request and blocks at c+700; the disk IRQ and the block softirq
 * complete it and wake it at c+4750; it runs at c+4800, returns to user code, sleeps again at c+5500.</li>
 * <li>In cycle {@link #LOSS_CYCLE}, CPU 1's buffer discards {@link #DISCARDED} events (the counter says so; the
 * events written are all consistent, so the times stay exact).</li>
 * </ul>
 *
 * <p>{@code java -cp ... org.lttbench.tests.analysis.process.ExampleTrace DIR} writes it.
 */
public final class ExampleTrace {
    static final long US = 1_000;
    static final long CYCLE = 10_000 * US;
    static final int CYCLES = 100;
    /** Where the first cycle starts: before it, the statedump names the threads. */
    static final long FIRST = 1_000 * US;
    static final long END = FIRST + CYCLES * CYCLE;
    static final int LOSS_CYCLE = 50;
    static final long DISCARDED = 500;

    static final int RENDER = 1000, WEB = 2000, BACKUP = 3000, KWORKER = 40;
    private static final int NET_RX = 3, BLOCK = 4, TIMER = 1;

    private ExampleTrace() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: ExampleTrace DIR");
            System.exit(2);
        }
        write(Path.of(args[0]));
    }

    public static void write(Path dir) throws IOException {
        KernelTracer tracer = KernelTracer.lttng(2, 13, "5.15.0-91-generic");
        try (KernelTraceWriter w = new KernelTraceWriter(dir, tracer, List.of("read", "write", "nanosleep", "epoll_wait"),
                false)) {
            w.metadata().env("hostname", "demo");
            w.ctf().packetBytes(4096); // small packets, so the loss in cycle 50 falls between two of them
            ProcessScenarios.Kernel k = new ProcessScenarios.Kernel(w);
            w.schedSwitch(10 * US, 0, "kworker/0:1", KWORKER, ProcessScenarios.Kernel.SLEEPING, "swapper/0", 0);
            w.statedumpStart(20 * US, 0);
            w.statedumpProcess(21 * US, 0, RENDER, RENDER, 1, "render", USER_THREAD, STATUS_WAIT_CPU, 0);
            w.statedumpProcess(22 * US, 0, WEB, WEB, 1, "web", USER_THREAD, STATUS_WAIT, 0);
            w.statedumpProcess(23 * US, 0, BACKUP, BACKUP, 1, "backup", USER_THREAD, STATUS_WAIT, 1);
            w.statedumpProcess(24 * US, 0, KWORKER, KWORKER, 2, "kworker/0:1", KERNEL_THREAD, STATUS_WAIT, 0);
            w.statedumpEnd(30 * US, 0);
            w.schedSwitch(FIRST, 0, "swapper/0", 0, 0, "render", RENDER);
            for (int i = 0; i < CYCLES; i++) {
                cycle(w, k, FIRST + i * CYCLE);
                if (i == LOSS_CYCLE) {
                    w.discard(1, DISCARDED);
                }
            }
            // The trace ends as the next cycle would start: render back in user code, backup woken and on CPU 1.
            w.softirqEntry(END - 30 * US, 1, TIMER);
            k.wake(END - 10 * US, 1, "backup", BACKUP, 1);
            w.softirqExit(END - 5 * US, 1, TIMER);
            w.syscallExit(END, 0, "write", 4096);
            w.schedSwitch(END, 1, "swapper/1", 0, 0, "backup", BACKUP);
        }
    }

    private static void cycle(KernelTraceWriter w, ProcessScenarios.Kernel k, long c) throws IOException {
        // CPU 1: the timer softirq wakes backup out of nanosleep, just before the cycle starts
        w.softirqEntry(c - 30 * US, 1, TIMER);
        k.wake(c - 10 * US, 1, "backup", BACKUP, 1);
        w.softirqExit(c - 5 * US, 1, TIMER);
        if (c > FIRST) {
            w.syscallExit(c, 0, "write", 4096); // render's write of the previous cycle returns
        }
        w.schedSwitch(c, 1, "swapper/1", 0, 0, "backup", BACKUP);
        w.syscallExit(c + 50 * US, 1, "nanosleep", 0);
        w.syscallEntry(c + 500 * US, 1, "read");
        w.blockRqIssue(c + 600 * US, 1, 8 * (c / CYCLE));
        w.schedSwitch(c + 700 * US, 1, "backup", BACKUP, ProcessScenarios.Kernel.DISK, "swapper/1", 0);
        w.irqEntry(c + 4_700 * US, 1, 16, "nvme0q1");
        w.irqExit(c + 4_720 * US, 1, 16);
        w.softirqEntry(c + 4_720 * US, 1, BLOCK);
        w.blockRqComplete(c + 4_730 * US, 1, 8 * (c / CYCLE));
        k.wake(c + 4_750 * US, 1, "backup", BACKUP, 1);
        w.softirqExit(c + 4_800 * US, 1, BLOCK);
        w.schedSwitch(c + 4_800 * US, 1, "swapper/1", 0, 0, "backup", BACKUP);
        w.syscallExit(c + 4_900 * US, 1, "read", 4096);
        w.syscallEntry(c + 5_500 * US, 1, "nanosleep");
        w.schedSwitch(c + 5_550 * US, 1, "backup", BACKUP, ProcessScenarios.Kernel.SLEEPING, "swapper/1", 0);

        // CPU 0: a network packet wakes web, which preempts render
        w.irqEntry(c + 5_900 * US, 0, 30, "eth0");
        w.softirqRaise(c + 5_910 * US, 0, NET_RX);
        w.irqExit(c + 5_920 * US, 0, 30);
        w.softirqEntry(c + 5_920 * US, 0, NET_RX);
        k.wake(c + 5_930 * US, 0, "web", WEB, 0);
        w.softirqExit(c + 5_950 * US, 0, NET_RX);
        w.schedSwitch(c + 6_000 * US, 0, "render", RENDER, k.preempted(), "web", WEB);
        w.syscallExit(c + 6_050 * US, 0, "epoll_wait", 1);
        w.syscallEntry(c + 6_600 * US, 0, "write");
        w.syscallExit(c + 6_900 * US, 0, "write", 512);
        w.syscallEntry(c + 6_950 * US, 0, "epoll_wait");
        w.schedSwitch(c + 7_000 * US, 0, "web", WEB, ProcessScenarios.Kernel.SLEEPING, "render", RENDER);
        w.syscallEntry(c + 9_500 * US, 0, "write");
    }
}
