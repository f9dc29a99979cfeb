package org.lttbench.tests.analysis.process;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.lttbench.tests.writer.KernelTraceWriter;
import org.lttbench.tests.writer.KernelTracer;

/**
 * A large kernel trace of a busy machine, for throughput and memory benchmarks: threads on several CPUs make
 * system calls, block on disk and on futexes, get woken from IRQs, the block softirq and other threads, are
 * preempted, fork and exit; with a statedump at the start. Consistent (one thread per CPU, wakeups of blocked
 * threads only), so the state machine follows it without contradiction. Deterministic for a seed.
 *
 * <p>{@code java -cp ... org.lttbench.tests.analysis.process.BusyMachineTrace DIR EVENTS [CPUS [THREADS]]}
 */
public final class BusyMachineTrace {
    private static final int BLOCK_SOFTIRQ = 4;

    private final KernelTraceWriter w;
    private final Random random;
    private final int cpus;
    private final int[] current;
    private final boolean[] inSyscall;
    private final int[] blockedHow; // 0 not blocked, 1 futex/sleep, 2 disk
    private final String[] names;
    private final int[] pids;
    private final ArrayDeque<Integer> runnable = new ArrayDeque<>();
    private final List<Integer> blocked = new ArrayList<>();
    private final List<Integer> diskWaiters = new ArrayList<>();
    /** The sector of each disk waiter's request, in the same order: its completion names it, as a disk's would. */
    private final List<Long> diskSectors = new ArrayList<>();
    private final List<Integer> free = new ArrayList<>();
    private long t = 1_000;
    private long events;

    private BusyMachineTrace(KernelTraceWriter w, int cpus, int threads, long seed) {
        this.w = w;
        this.random = new Random(seed);
        this.cpus = cpus;
        this.current = new int[cpus];
        this.inSyscall = new boolean[threads + 1];
        this.blockedHow = new int[threads + 1];
        this.names = new String[threads + 1];
        this.pids = new int[threads + 1];
    }

    private static final String[] SYSCALLS = { "read", "write", "futex", "nanosleep" };

    /** Writes about {@code events} events; returns the exact count. */
    public static long write(Path dir, long events, int cpus, int threads, long seed) throws IOException {
        KernelTracer tracer = KernelTracer.lttng(2, 10, "4.15.0-65-generic").withPatch(12);
        try (KernelTraceWriter w = new KernelTraceWriter(dir, tracer, List.of(SYSCALLS), false)) {
            w.ctf().packetBytes(256 * 1024);
            BusyMachineTrace m = new BusyMachineTrace(w, cpus, threads, seed);
            m.run(events, threads);
            return m.events;
        }
    }

    private int tid(int thread) {
        return 1000 + thread;
    }

    private void run(long target, int threads) throws IOException {
        for (int i = 1; i <= threads; i++) {
            pids[i] = 1000 + (i - 1) / 4 * 4 + 1;
            names[i] = "app-" + pids[i];
        }
        // each CPU starts running a thread; the others are blocked, as the statedump says
        for (int c = 0; c < cpus; c++) {
            current[c] = c + 1;
            w.schedSwitch(t, c, "swapper/" + c, 0, 0, names[c + 1], tid(c + 1));
            events++;
        }
        w.statedumpStart(t += 100, 0);
        events++;
        for (int i = 1; i <= threads; i++) {
            boolean running = i <= cpus;
            w.statedumpProcess(t += 10, 0, tid(i), pids[i], 1, names[i], KernelTraceWriter.USER_THREAD,
                    running ? KernelTraceWriter.STATUS_WAIT_CPU : KernelTraceWriter.STATUS_WAIT, 0);
            events++;
            if (!running) {
                blockedHow[i] = 1;
                blocked.add(i);
            }
        }
        w.statedumpEnd(t += 100, 0);
        events++;
        while (events < target) {
            t += 100 + random.nextInt(1900);
            int c = random.nextInt(cpus);
            int th = current[c];
            if (th == 0) {
                idleStep(c);
            } else {
                threadStep(c, th);
            }
        }
    }

    private void idleStep(int c) throws IOException {
        if (!runnable.isEmpty()) {
            switchTo(c, 0, 0, runnable.poll());
        } else {
            interrupt(c);
        }
    }

    private void threadStep(int c, int th) throws IOException {
        int dice = random.nextInt(100);
        if (dice < 45) {
            String sc = SYSCALLS[th % SYSCALLS.length];
            if (inSyscall[th]) {
                w.syscallExit(t, c, sc, 0);
            } else {
                w.syscallEntry(t, c, sc);
            }
            inSyscall[th] = !inSyscall[th];
            events++;
        } else if (dice < 57) {
            interrupt(c);
        } else if (dice < 70 && inSyscall[th]) {
            boolean disk = random.nextInt(3) == 0;
            if (disk) {
                long sector = 8L * random.nextInt(1 << 20);
                w.blockRqIssue(t, c, sector);
                events++;
                diskWaiters.add(th);
                diskSectors.add(sector);
            } else {
                blocked.add(th);
            }
            blockedHow[th] = disk ? 2 : 1;
            switchTo(c, th, disk ? 2 : 1, next());
        } else if (dice < 80 && !runnable.isEmpty()) {
            int n = runnable.poll();
            runnable.add(th);
            switchTo(c, th, 0x100, n);
        } else if (dice < 88 && !blocked.isEmpty()) {
            wake(c, blocked.remove(random.nextInt(blocked.size())));
        } else if (dice < 89 && inSyscall[th]) {
            forkOrExit(c, th);
        } else {
            w.event(t, c, "sched_stat_runtime", names[th], tid(th), (long) random.nextInt(100_000), 0L);
            events++;
        }
    }

    private int next() {
        Integer n = runnable.poll();
        return n == null ? 0 : n;
    }

    private void switchTo(int c, int prev, long prevState, int next) throws IOException {
        t += 1;
        w.schedSwitch(t, c, prev == 0 ? "swapper/" + c : names[prev], prev == 0 ? 0 : tid(prev), prevState,
                next == 0 ? "swapper/" + c : names[next], next == 0 ? 0 : tid(next));
        current[c] = next;
        events++;
    }

    private void wake(int c, int th) throws IOException {
        blockedHow[th] = 0;
        w.waking(t, c, names[th], tid(th), c);
        w.wakeup(t + 1, c, names[th], tid(th), c);
        t += 1;
        events += 2;
        runnable.add(th);
    }

    /** A disk IRQ completing a request and waking its waiter from the block softirq, or a timer IRQ. */
    private void interrupt(int c) throws IOException {
        boolean disk = !diskWaiters.isEmpty() && random.nextBoolean();
        w.irqEntry(t, c, disk ? 16 : 0, disk ? "nvme0q1" : "timer");
        w.irqExit(t += 300, c, disk ? 16 : 0);
        events += 2;
        if (disk) {
            w.softirqEntry(t += 50, c, BLOCK_SOFTIRQ);
            w.blockRqComplete(t += 50, c, diskSectors.remove(0));
            events += 2;
            wake(c, diskWaiters.remove(0));
            w.softirqExit(t += 100, c, BLOCK_SOFTIRQ);
            events++;
        } else if (!blocked.isEmpty() && random.nextInt(4) == 0) {
            wake(c, blocked.remove(random.nextInt(blocked.size())));
        }
    }

    /** Now and then a thread exits (replaced by a fork from the running one, keeping the population). */
    private void forkOrExit(int c, int th) throws IOException {
        if (!free.isEmpty()) {
            int child = free.remove(free.size() - 1);
            names[child] = names[th];
            pids[child] = pids[th];
            inSyscall[child] = true;
            w.fork(t, c, names[th], tid(th), pids[th], names[child], tid(child), pids[th]);
            w.wakeupNew(t += 10, c, names[child], tid(child), c);
            events += 2;
            runnable.add(child);
        } else if (runnable.size() > 1) {
            w.processExit(t, c, names[th], tid(th));
            events++;
            switchTo(c, th, 0x20, next());
            w.processFree(t += 10, c, names[th], tid(th));
            events++;
            inSyscall[th] = false;
            free.add(th);
        }
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: BusyMachineTrace DIR EVENTS [CPUS [THREADS]]");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        long events = Long.parseLong(args[1]);
        int cpus = args.length > 2 ? Integer.parseInt(args[2]) : 4;
        int threads = args.length > 3 ? Integer.parseInt(args[3]) : 2000;
        long written = write(dir, events, cpus, threads, 42);
        System.out.println(written);
    }
}
