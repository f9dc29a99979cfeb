package org.lttbench.tests.diff;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import org.lttbench.tests.analysis.latency.LatencyScenarios;
import org.lttbench.tests.writer.CtfStreamWriter;
import org.lttbench.tests.writer.CtfTraceWriter;
import org.lttbench.tests.writer.CtfType;
import org.lttbench.tests.writer.KernelTraceWriter;
import org.lttbench.tests.writer.KernelTracer;
import org.lttbench.tests.writer.TraceMetadata;
import org.lttbench.tests.writer.TraceMetadata.HeaderKind;
import org.lttbench.tests.writer.TraceMetadata.StreamClass;
import org.lttbench.tests.writer.UstMetadata;

/**
 * Runs of one small system, written as kernel traces, whose differences are known by construction: two seeds give two
 * runs of the same workload (noise only), and one knob each plants one change. The system, on three CPUs for 2 s:
 * <ul>
 * <li>"web" (CPU 0) is woken by eth0 every 4 ms (in {@code epoll_wait}), works 0.3 to 2.3 ms, then writes (a
 * {@code write} of 15 to 25 µs on the CPU, times {@link Workload#slowerWrite}) and waits again;</li>
 * <li>"backup" (CPU 1) reads from sda (a disk request of 1 to 3 ms, times {@link Workload#slowerDisk}, ended by
 * nvme0q1's IRQ), then sleeps 10 to 11 ms in {@code nanosleep};</li>
 * <li>a pool of {@link Workload#lockHolders} "db-worker" threads (CPU 2) takes a lock in turn: each holds it (runs)
 * 200 to 400 µs, wakes the next in a short {@code futex} and waits in another until its turn comes back.</li>
 * </ul>
 * The packets' and the lock's rhythm do not depend on the knobs, so each knob changes only its own subjects:
 * {@link #plantedSubjects}.
 */
public final class DiffScenarios {
    static final KernelTracer TRACER = KernelTracer.lttng(2, 13, "5.15.0-91-generic");
    static final long START = 1_000_000;
    static final long LENGTH = 2_000_000_000L;
    static final long SLEEPING = 1;
    static final long DISK = 2;
    static final List<String> SYSCALLS = List.of("epoll_wait", "write", "read", "nanosleep", "futex");

    /**
     * @param seed        the noise: two seeds, two runs of the same workload
     * @param slowerWrite how many times longer web's {@code write} takes
     * @param slowerDisk  how many times longer a disk request takes
     * @param lockHolders how many threads take the lock in turn
     * @param neighbour   whether a noisy neighbour, "hog", runs on web's CPU whenever web does not: woken, web waits
     *                    0.2 to 1 ms for the CPU while hog ends its slice
     */
    public record Workload(long seed, double slowerWrite, double slowerDisk, int lockHolders, boolean neighbour) {
        public static Workload base(long seed) {
            return new Workload(seed, 1, 1, 3, false);
        }

        public Workload withSlowerWrite(double times) {
            return new Workload(seed, times, slowerDisk, lockHolders, neighbour);
        }

        public Workload withSlowerDisk(double times) {
            return new Workload(seed, slowerWrite, times, lockHolders, neighbour);
        }

        public Workload withLockHolders(int n) {
            return new Workload(seed, slowerWrite, slowerDisk, n, neighbour);
        }

        public Workload withNeighbour() {
            return new Workload(seed, slowerWrite, slowerDisk, lockHolders, true);
        }
    }

    private DiffScenarios() {
    }

    /**
     * The subjects a knob changes, as the comparison names them (a command name, a system call's, a device and
     * operation, a wait's cause prefixed by its thread's name): every change found beyond noise must be about one.
     */
    static List<String> plantedSubjects(Workload a, Workload b) {
        if (a.slowerWrite() != b.slowerWrite()) {
            return List.of("write", "web");
        }
        if (a.slowerDisk() != b.slowerDisk()) {
            return List.of("read", "backup", "8:0, read");
        }
        if (a.lockHolders() != b.lockHolders()) {
            return List.of("futex", "db-worker");
        }
        if (a.neighbour() != b.neighbour()) {
            // web waits for its CPU once woken (until hog's slice ends), so its epoll_wait returns later; hog runs
            // every moment web leaves, where CPU 0's idle thread ran, and is preempted each time web runs
            return List.of("web", "hog", "epoll_wait", "woken", "preempted", "CPU 0", "swapper/0");
        }
        return List.of();
    }

    public static Path write(Path dir, Workload work) throws IOException {
        Random random = new Random(work.seed());
        try (KernelTraceWriter w = new KernelTraceWriter(dir, TRACER, SYSCALLS, false)) {
            web(w, work, random);
            backup(w, work, random);
            pool(w, work, random);
        }
        return dir;
    }

    private static long between(Random random, long from, long to) {
        return from + (long) (random.nextDouble() * (to - from));
    }

    private static void web(KernelTraceWriter w, Workload work, Random random) throws IOException {
        // what runs on CPU 0 while web waits: the idle thread, or the noisy neighbour
        String other = work.neighbour() ? "hog" : "swapper/0";
        int otherTid = work.neighbour() ? 2100 : 0;
        w.schedSwitch(START, 0, "swapper/0", 0, 0, "web", 2000);
        w.syscallEntry(START + 1_000, 0, "epoll_wait");
        w.schedSwitch(START + 2_000, 0, "web", 2000, SLEEPING, other, otherTid);
        for (long p = START + 4_000_000; p < START + LENGTH; p += 4_000_000) {
            w.irqEntry(p, 0, 19, "eth0");
            LatencyScenarios.wake(w, p + 500, 0, "web", 2000, 0);
            w.irqExit(p + 2_000, 0, 19);
            long runs = p + 3_000 + (work.neighbour() ? between(random, 200_000, 1_000_000) : 0); // hog's slice ends
            w.schedSwitch(runs, 0, other, otherTid, 0, "web", 2000);
            long t = runs + 1_000; // the rest of the request as without a neighbour, from when web runs
            w.syscallExit(t, 0, "epoll_wait", 1);
            t += between(random, 300_000, 2_300_000);
            w.syscallEntry(t, 0, "write");
            t += (long) (between(random, 15_000, 25_000) * work.slowerWrite());
            w.syscallExit(t, 0, "write", 512);
            w.syscallEntry(t + 1_000, 0, "epoll_wait");
            w.schedSwitch(t + 2_000, 0, "web", 2000, SLEEPING, other, otherTid);
        }
    }

    private static void backup(KernelTraceWriter w, Workload work, Random random) throws IOException {
        w.schedSwitch(START + 500, 1, "swapper/1", 0, 0, "backup", 3000);
        long t = START + 1_000;
        long sector = 4096;
        while (t < START + LENGTH - 20_000_000) {
            t += between(random, 100_000, 300_000);
            w.syscallEntry(t, 1, "read");
            w.blockRqIssue(t + 5_000, 1, KernelTraceWriter.SDA, sector, 8, KernelTraceWriter.READ, 3000, "backup");
            w.schedSwitch(t + 10_000, 1, "backup", 3000, DISK, "swapper/1", 0);
            long done = t + 10_000 + (long) (between(random, 1_000_000, 3_000_000) * work.slowerDisk());
            w.irqEntry(done, 1, 16, "nvme0q1");
            w.blockRqComplete(done + 1_000, 1, KernelTraceWriter.SDA, sector, 8, KernelTraceWriter.READ);
            LatencyScenarios.wake(w, done + 2_000, 1, "backup", 3000, 1);
            w.irqExit(done + 5_000, 1, 16);
            w.schedSwitch(done + 8_000, 1, "swapper/1", 0, 0, "backup", 3000);
            w.syscallExit(done + 15_000, 1, "read", 4096);
            sector += 8;
            t = done + 20_000;
            w.syscallEntry(t, 1, "nanosleep");
            w.schedSwitch(t + 5_000, 1, "backup", 3000, SLEEPING, "swapper/1", 0);
            long wake = t + 5_000 + between(random, 10_000_000, 11_000_000);
            w.hrtimerExpireEntry(wake, 1);
            LatencyScenarios.wake(w, wake + 1_000, 1, "backup", 3000, 1);
            w.hrtimerExpireExit(wake + 2_000, 1);
            w.schedSwitch(wake + 3_000, 1, "swapper/1", 0, 0, "backup", 3000);
            t = wake + 5_000;
            w.syscallExit(t, 1, "nanosleep", 0);
        }
    }

    private static void pool(KernelTraceWriter w, Workload work, Random random) throws IOException {
        int n = work.lockHolders();
        w.schedSwitch(START, 2, "swapper/2", 0, 0, "db-worker", 4001);
        long t = START + 1_000;
        int holder = 0;
        while (t < START + LENGTH) {
            t += between(random, 200_000, 400_000);
            int next = (holder + 1) % n;
            w.syscallEntry(t, 2, "futex");
            LatencyScenarios.wake(w, t + 1_000, 2, "db-worker", 4001 + next, 2);
            w.syscallExit(t + 3_000, 2, "futex", 1);
            w.syscallEntry(t + 5_000, 2, "futex");
            w.schedSwitch(t + 8_000, 2, "db-worker", 4001 + holder, SLEEPING, "db-worker", 4001 + next);
            t += 12_000;
            w.syscallExit(t, 2, "futex", 0);
            holder = next;
        }
    }

    /** The span a {@code --span} of {@link #spans} opens and closes: {@value}. */
    static final String REQUEST = "request=app:request_begin..app:request_end";

    /**
     * A user-space run (lttng-ust 2.13) of "app" serving a request every 2 ms for 2 s: the request takes 300 to 900 µs,
     * times {@code slowerRequest}, and calls function 0x401000 (-finstrument-functions), 50 to 150 µs, at its start.
     */
    public static Path spans(Path dir, long seed, double slowerRequest) throws IOException {
        return spans(dir, seed, slowerRequest, 2_000_000);
    }

    /** The same, a request every {@code periodNs} (a busier run serves more of the same requests per second). */
    public static Path spans(Path dir, long seed, double slowerRequest, long periodNs) throws IOException {
        Random random = new Random(seed);
        TraceMetadata m = UstMetadata.metadata(2, 13, "scenario", new java.util.UUID(seed, seed));
        StreamClass channel = m.streamClass(HeaderKind.LARGE,
                List.of(UstMetadata.vpid(), UstMetadata.vtid(), UstMetadata.procname()), true);
        channel.event("app:request_begin", TraceMetadata.field("id", CtfType.u64()));
        channel.event("app:request_end", TraceMetadata.field("id", CtfType.u64()));
        channel.event("lttng_ust_cyg_profile:func_entry", TraceMetadata.field("addr", CtfType.u64()),
                TraceMetadata.field("call_site", CtfType.u64()));
        channel.event("lttng_ust_cyg_profile:func_exit", TraceMetadata.field("addr", CtfType.u64()),
                TraceMetadata.field("call_site", CtfType.u64()));
        try (CtfTraceWriter w = new CtfTraceWriter(dir, m, true)) {
            CtfStreamWriter app = w.stream(channel, "channel0", 0);
            long id = 1;
            for (long t = START; t < START + LENGTH; t += periodNs, id++) {
                app.event(t, "app:request_begin", 701L, 701L, "app", id);
                long f = t + 1_000;
                app.event(f, "lttng_ust_cyg_profile:func_entry", 701L, 701L, "app", 0x401000L, 0x400100L);
                app.event(f + between(random, 50_000, 150_000), "lttng_ust_cyg_profile:func_exit", 701L, 701L, "app",
                        0x401000L, 0x400100L);
                app.event(t + (long) (between(random, 300_000, 900_000) * slowerRequest), "app:request_end", 701L, 701L,
                        "app", id);
            }
        }
        return dir;
    }
}
