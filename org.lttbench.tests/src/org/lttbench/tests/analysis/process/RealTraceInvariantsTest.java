package org.lttbench.tests.analysis.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.process.ThreadLedger;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.KernelLayout;
import org.lttbench.core.trace.KernelLayout.Role;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tests.TestPaths;

/**
 * Invariants on every real kernel trace with sched_switch: per CPU, the running intervals of all threads (idle
 * threads included) tile the CPU's observed span (its first event to the trace's end) without gap or overlap; per
 * thread, changes never go back in time and the ledger's states add up to its lifetime; a range's results equal an
 * independent brute-force sum over every recorded interval, and two adjacent ranges add up to their union.
 */
class RealTraceInvariantsTest {

    static Stream<String> traces() {
        return Stream.of("kernel-many-threads", "kernel-scp-src", "kernel-scp-dest", "kernel-arm-bug446190",
                "kernel-bigendian", "kernel-tracefile-rotation", "kernel-uneven-streams-partial");
    }

    /** Every interval every thread spent in a state: the brute-force side of the checks. */
    static final class Recorder implements ThreadStateSink {
        record Interval(ThreadRecord thread, ThreadState state, long begin, long end, int cpu) {
        }

        final List<Interval> intervals = new ArrayList<>();
        final Map<ThreadRecord, long[]> open = new IdentityHashMap<>(); // {state, since, cpu}
        final Map<ThreadRecord, Long> born = new IdentityHashMap<>();
        final Map<ThreadRecord, Long> died = new IdentityHashMap<>();
        final Map<Trace, Long> ends = new HashMap<>();
        long backwards;

        @Override
        public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu) {
            long[] o = open.get(thread);
            if (o == null) {
                born.put(thread, time);
            } else {
                if (time < o[1]) {
                    backwards++;
                }
                intervals.add(new Interval(thread, ThreadState.values()[(int) o[0]], o[1], time, (int) o[2]));
            }
            if (state == ThreadState.NOT_ALIVE) {
                open.remove(thread);
                died.put(thread, time);
            } else {
                open.put(thread, new long[] { state.ordinal(), time, cpu });
            }
        }

        @Override
        public void end(Trace trace, long time) {
            ends.put(trace, time);
            for (var e : new ArrayList<>(open.entrySet())) {
                if (e.getKey().trace() == trace) {
                    long[] o = e.getValue();
                    intervals.add(new Interval(e.getKey(), ThreadState.values()[(int) o[0]], o[1], time, (int) o[2]));
                    died.put(e.getKey(), time);
                    open.remove(e.getKey());
                }
            }
        }
    }

    /** Each CPU's first event, seen directly from the records (not through the state machine). */
    static final class CpuStarts implements RecordSink {
        final Map<Integer, Long> first = new HashMap<>();
        long last = Long.MIN_VALUE;

        @Override
        public void event(Event e) {
            int cpu = e.cpu() >= 0 ? e.cpu() : e.stream().cpu();
            first.merge(cpu, e.timestamp(), Math::min);
            last = Math.max(last, e.timestamp());
        }
    }

    @ParameterizedTest
    @MethodSource("traces")
    void cpusTiledThreadsAddUpRangesAgree(String name) throws Exception {
        Path trace = TestPaths.trace(name);
        Recorder rec = new Recorder();
        CpuStarts cpus = new CpuStarts();
        ProcessRun.Result run = ProcessRun.run(List.of(trace), AnalysisOptions.DEFAULT, rec, cpus);
        assertEquals(0, rec.backwards, "no thread's state changes go back in time");
        assertEquals(1, rec.ends.size());
        long end = rec.ends.values().iterator().next();
        assertEquals(cpus.last, end, "the trace ends at its last event");

        // per CPU: running intervals tile [first event on the CPU, end]
        Map<Integer, List<Recorder.Interval>> running = new HashMap<>();
        for (Recorder.Interval i : rec.intervals) {
            assertTrue(i.end() >= i.begin(), "no negative duration: " + i);
            if (i.state().running() && i.end() > i.begin()) {
                assertTrue(i.cpu() >= 0, "running on a CPU: " + i);
                running.computeIfAbsent(i.cpu(), c -> new ArrayList<>()).add(i);
            }
        }
        for (var e : cpus.first.entrySet()) {
            int cpu = e.getKey();
            List<Recorder.Interval> list = running.getOrDefault(cpu, List.of());
            list.sort(Comparator.comparingLong(Recorder.Interval::begin));
            if (list.isEmpty()) {
                assertEquals(end, (long) e.getValue(), "CPU " + cpu + " has running time unless its first event ends the trace");
                continue;
            }
            long at = list.get(0).begin();
            assertTrue(at >= e.getValue() && at - e.getValue() <= 10_000, "CPU " + cpu + " is accounted from its first event");
            long sum = 0;
            for (Recorder.Interval i : list) {
                assertEquals(at, i.begin(), "CPU " + cpu + ": running intervals follow each other without gap or overlap at " + i);
                at = i.end();
                sum += i.end() - i.begin();
            }
            assertEquals(end, at, "CPU " + cpu + " is accounted to the trace's end");
            assertEquals(end - list.get(0).begin(), sum, "CPU " + cpu + ": the times of all threads on it add up to its span");
        }

        // per thread: the ledger's states add up to the thread's lifetime
        ThreadLedger ledger = run.analysis().ledger();
        for (ThreadRecord t : ledger.threads()) {
            long sum = 0;
            for (ThreadState s : ThreadState.values()) {
                long v = ledger.time(t, s, 0);
                assertTrue(v >= 0, "no negative time");
                sum += v;
            }
            assertEquals(rec.died.get(t) - rec.born.get(t), sum, "states of " + t + " add up to its lifetime");
            assertEquals(ledger.died(t) - ledger.born(t), sum);
        }
        Table table = run.report().table("threads");
        for (int r = 0; r < table.rows().size(); r++) {
            Long user = (Long) table.cell(r, "user_ns");
            Long sys = (Long) table.cell(r, "system_ns");
            long irq = (Long) table.cell(r, "irq_ns");
            assertEquals(user == null, sys == null, "user and system are known together");
            if (user != null) {
                assertEquals(user + sys + irq, (long) (Long) table.cell(r, "running_ns"));
            } else {
                assertTrue((Long) table.cell(r, "running_ns") >= irq);
            }
        }

        // ranges: the ledger's clipped sums equal brute-force sums over the recorded intervals; adjacent ranges add up
        TimeRange span = run.report().range();
        long a = span.begin() + span.duration() / 5;
        long m = span.begin() + span.duration() / 2 + 12_345;
        long b = span.end() - span.duration() / 7;
        Map<ThreadRecord, long[]> left = ranged(trace, new TimeRange(a, m));
        Map<ThreadRecord, long[]> right = ranged(trace, new TimeRange(m, b));
        Map<ThreadRecord, long[]> both = ranged(trace, new TimeRange(a, b));
        assertEquals(bruteForce(rec, a, m), keyed(left), "range [a, m]: ledger vs brute force");
        assertEquals(bruteForce(rec, m, b), keyed(right), "range [m, b]: ledger vs brute force");
        Map<String, List<Long>> sum = new HashMap<>(keyed(left));
        keyed(right).forEach((k, v) -> sum.merge(k, v, (x, y) -> {
            List<Long> s = new ArrayList<>();
            for (int i = 0; i < x.size(); i++) {
                s.add(x.get(i) + y.get(i));
            }
            return s;
        }));
        sum.values().removeIf(v -> v.stream().allMatch(x -> x == 0));
        Map<String, List<Long>> whole = keyed(both);
        whole.values().removeIf(v -> v.stream().allMatch(x -> x == 0));
        assertEquals(whole, sum, "[a, m] + [m, b] = [a, b]");
    }

    /** Per thread: the kernel's own I/O wait accounting, the sum of its {@code sched_stat_iowait} delays. */
    static final class KernelIoWait implements RecordSink {
        final Map<Long, long[]> byTid = new HashMap<>(); // {ns, waits}

        @Override
        public void event(Event e) {
            if (e.type().name().equals("sched_stat_iowait")) {
                long[] v = byTid.computeIfAbsent(e.longValue(e.type().payloadField("tid")), k -> new long[2]);
                v[0] += e.longValue(e.type().payloadField("delay"));
                v[1]++;
            }
        }
    }

    /**
     * Where the kernel accounted I/O wait itself (schedstats: {@code sched_stat_iowait}, the time a task slept in
     * {@code io_schedule}), our I/O wait, found by another rule (an uninterruptible sleep ended by a disk request's
     * completion), is the same: the same threads, and per thread the same time within 20 µs per wait (the kernel
     * takes its two times a few instructions away from the two events). Every I/O wait also lies within intervals
     * when block requests were in flight, to 99%.
     */
    @ParameterizedTest
    @ValueSource(strings = { "kernel-scp-src", "kernel-scp-dest" })
    void ioWaitIsTheKernelsOwn(String name) throws Exception {
        KernelIoWait kernel = new KernelIoWait();
        ProcessRun.Result run = ProcessRun.run(List.of(TestPaths.trace(name)), AnalysisOptions.DEFAULT, null, kernel);
        Table table = run.report().table("threads");
        Map<Long, Long> ours = new HashMap<>();
        for (int r = 0; r < table.rows().size(); r++) {
            Long io = (Long) table.cell(r, "wait_io_ns");
            if (io != null && io > 0) {
                ours.put((Long) table.cell(r, "tid"), io);
            }
        }
        assertFalse(kernel.byTid.isEmpty(), name + " has sched_stat_iowait events");
        assertEquals(kernel.byTid.keySet(), ours.keySet(), "the threads with I/O wait");
        for (var e : kernel.byTid.entrySet()) {
            long want = e.getValue()[0];
            long got = ours.get(e.getKey());
            assertTrue(Math.abs(want - got) <= 20_000 * e.getValue()[1],
                    "I/O wait of " + e.getKey() + ": ours " + got + " ns, the kernel's " + want + " ns");
        }
        String check = run.report().notes().stream().filter(n -> n.startsWith("I/O wait check")).findFirst().orElseThrow();
        double share = Double.parseDouble(check.replaceAll(".*: ([0-9.]+)% of.*", "$1"));
        assertTrue(share >= 99.0, check);
        long devices = 0;
        for (int r = 0; r < run.report().table("io_devices").rows().size(); r++) {
            devices += (Long) run.report().table("io_devices").cell(r, "wait_io_ns");
        }
        assertEquals(ours.values().stream().mapToLong(Long::longValue).sum(), devices, "the devices' I/O wait adds up");
    }

    /**
     * What each trace can tell is what its report gives: user and system only with system call events (but a kernel
     * thread's running time is system time in any trace), I/O wait only with block completions, and a partial trace
     * names the CPUs whose stream it lacks.
     */
    @ParameterizedTest
    @MethodSource("traces")
    void figuresTheTraceCannotTellAreUnknown(String name) throws Exception {
        Path path = TestPaths.trace(name);
        ProcessRun.Result run = ProcessRun.run(List.of(path), AnalysisOptions.DEFAULT, null, null);
        boolean syscalls;
        boolean blockCompletions;
        try (TraceSet set = CtfTraceSet.open(List.of(path))) {
            KernelLayout layout = KernelLayout.of(set.traces().get(0));
            syscalls = layout.declares(Role.SYSCALL_ENTRY);
            blockCompletions = layout.declares(Role.BLOCK_RQ_COMPLETE) || layout.declares(Role.BLOCK_BIO_COMPLETE);
        }
        Table table = run.report().table("threads");
        for (int r = 0; r < table.rows().size(); r++) {
            Long user = (Long) table.cell(r, "user_ns");
            long running = (Long) table.cell(r, "running_ns") - (Long) table.cell(r, "irq_ns");
            if (!syscalls && user != null) {
                assertEquals(0L, user, "only kernel threads have a known split without system calls: row " + r);
                assertEquals(running, (long) (Long) table.cell(r, "system_ns"));
            }
            if (syscalls) {
                assertNotNull(user);
            }
            assertEquals(blockCompletions, table.cell(r, "wait_io_ns") != null, "I/O wait known: row " + r);
        }
        List<String> expectedMissing = name.equals("kernel-uneven-streams-partial") ? List.of("0", "1", "3") : List.of();
        String partial = run.report().notes().stream().filter(n -> n.startsWith("partial trace")).findFirst().orElse(null);
        if (expectedMissing.isEmpty()) {
            assertNull(partial);
        } else {
            assertNotNull(partial, "the partial trace says so");
            assertTrue(partial.contains("CPU(s) " + String.join(", ", expectedMissing) + " but"), partial);
        }
    }

    /** Per thread, its time per state within the range, from a fresh run with that range. */
    private static Map<ThreadRecord, long[]> ranged(Path trace, TimeRange range) throws Exception {
        ProcessRun.Result run = ProcessRun.run(List.of(trace), new AnalysisOptions(range, AnalysisOptions.GroupBy.THREAD),
                null, null);
        ThreadLedger ledger = run.analysis().ledger();
        Map<ThreadRecord, long[]> out = new IdentityHashMap<>();
        for (ThreadRecord t : ledger.threads()) {
            long[] v = new long[ThreadState.values().length];
            for (ThreadState s : ThreadState.values()) {
                v[s.ordinal()] = ledger.time(t, s, 0);
            }
            out.put(t, v);
        }
        return out;
    }

    /** Runs differ in ThreadRecord objects: key threads by what the trace says of them and their birth order. */
    private static Map<String, List<Long>> keyed(Map<ThreadRecord, long[]> byThread) {
        Map<String, List<Long>> out = new HashMap<>();
        for (var e : byThread.entrySet()) {
            List<Long> v = new ArrayList<>();
            for (long x : e.getValue()) {
                v.add(x);
            }
            if (v.stream().allMatch(x -> x == 0)) {
                continue;
            }
            out.put(key(e.getKey()), v);
        }
        return out;
    }

    private static String key(ThreadRecord t) {
        return t.tid() + "/" + t.idleCpu() + "/" + t.placeholder() + "/" + t.index();
    }

    private static Map<String, List<Long>> bruteForce(Recorder rec, long from, long to) {
        Map<ThreadRecord, long[]> sums = new IdentityHashMap<>();
        for (Recorder.Interval i : rec.intervals) {
            long b = Math.max(i.begin(), from);
            long e = Math.min(i.end(), to);
            if (e > b) {
                sums.computeIfAbsent(i.thread(), k -> new long[ThreadState.values().length])[i.state().ordinal()] += e - b;
            }
        }
        return keyed(sums);
    }
}
