package org.lttbench.tests.analysis.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.analysis.latency.DiskLatencyAnalysis;
import org.lttbench.core.analysis.latency.InterruptLatencyAnalysis;
import org.lttbench.core.analysis.latency.SchedulingLatencyAnalysis;
import org.lttbench.core.analysis.latency.SyscallLatencyAnalysis;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.writer.KernelTraceWriter;
import org.lttbench.tests.writer.KernelTracer;
import org.lttbench.tests.writer.WrittenTraceCheck;

/**
 * The latency tables of each {@link LatencyScenarios} story, for every tracer version, are the latencies the story
 * wrote, to the ns: counts, totals, min, max, mean, errors by errno, the split of a call's time, raise latencies,
 * kinds of waits, priorities, queue times, sizes, issuers and the longest ones in order; percentiles within their
 * stated error of the exact nearest rank.
 */
class LatencyScenarioTest {

    static Stream<KernelTracer> tracers() {
        return LatencyScenarios.TRACERS.stream();
    }

    static Stream<KernelTracer> tracersAndPerf() {
        return Stream.concat(LatencyScenarios.TRACERS.stream(), Stream.of(LatencyScenarios.PERF));
    }

    /** A story of {@link LatencyScenarios}: its events, written for a tracer into a directory. */
    @FunctionalInterface
    interface Story {
        KernelTraceWriter write(Path dir, KernelTracer tracer) throws IOException;
    }

    /**
     * Writes the story for that tracer into a fresh work directory named after the tracer and what the test makes of
     * it ({@code use}: {@code "irq"}...).
     */
    static KernelTraceWriter write(String use, Story story, KernelTracer tracer) throws IOException {
        return story.write(TestPaths.workDir("latency-" + use + "-" + LatencyScenarios.name(tracer)), tracer);
    }

    /** Runs one analysis over a written trace. */
    static Report run(KernelTraceWriter w, Analysis analysis) throws Exception {
        return run(w.ctf().directory(), analysis);
    }

    /** Runs one analysis over a trace. */
    static Report run(Path dir, Analysis analysis) throws Exception {
        try (TraceSet traces = CtfTraceSet.open(List.of(dir))) {
            List<Report> reports = AnalysisRun.run(traces, List.of(analysis), ProgressListener.NONE);
            return reports.get(0);
        }
    }

    /** The row whose cells under those keys are those values. */
    static int row(Table t, Map<String, Object> where) {
        List<Integer> found = new ArrayList<>();
        for (int r = 0; r < t.rows().size(); r++) {
            int row = r;
            if (where.entrySet().stream().allMatch(e -> java.util.Objects.equals(e.getValue(), t.cell(row, e.getKey())))) {
                found.add(r);
            }
        }
        assertEquals(1, found.size(), t.key() + ": one row where " + where);
        return found.get(0);
    }

    /** Count, total, min and max of a row, exact; its mean exact; its percentiles within their error of the durations'. */
    static void assertStats(Table t, int r, String count, long... durations) {
        long[] sorted = durations.clone();
        Arrays.sort(sorted);
        long total = Arrays.stream(sorted).sum();
        String where = t.key() + " row " + r;
        assertEquals((long) sorted.length, t.cell(r, count), where + " " + count);
        assertEquals(total, t.cell(r, "total_ns"), where + " total");
        assertEquals(sorted[0], t.cell(r, "min_ns"), where + " min");
        assertEquals(sorted[sorted.length - 1], t.cell(r, "max_ns"), where + " max");
        assertEquals((double) total / sorted.length, (Double) t.cell(r, "mean_ns"), 1e-9, where + " mean");
        for (String[] p : new String[][] { { "p50_ns", "0.5" }, { "p90_ns", "0.9" }, { "p99_ns", "0.99" },
                { "p99_9_ns", "0.999" } }) {
            long exact = sorted[(int) Math.max(0, Math.ceil(Double.parseDouble(p[1]) * sorted.length) - 1)];
            long got = (Long) t.cell(r, p[0]);
            assertTrue(Math.abs(got - exact) <= exact * 0.0039, where + " " + p[0] + ": " + got + " for " + exact);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tracers")
    void systemCalls(KernelTracer tracer) throws Exception {
        KernelTraceWriter w = write("syscalls", LatencyScenarios::syscalls, tracer);
        Report report = run(w, new SyscallLatencyAnalysis(AnalysisOptions.DEFAULT));
        Table calls = report.table("syscalls");
        assertEquals(List.of("read", "futex", "write"), column(calls, "syscall"), "the most time first");
        int read = row(calls, Map.of("syscall", "read"));
        assertStats(calls, read, "calls", 3_000, 13_000);
        assertEquals(1L, calls.cell(read, "errors"));
        assertEquals(9_000L, calls.cell(read, "blocked_ns"));
        assertEquals(2_000L, calls.cell(read, "wait_cpu_ns"));
        assertEquals(5_000L, calls.cell(read, "on_cpu_ns"));
        int futex = row(calls, Map.of("syscall", "futex"));
        assertStats(calls, futex, "calls", 7_000, 1_500);
        assertEquals(0L, calls.cell(futex, "blocked_ns"));
        assertEquals(4_000L, calls.cell(futex, "wait_cpu_ns"));
        assertEquals("lock or condition (futex)", calls.cell(futex, "cause"));
        int write = row(calls, Map.of("syscall", "write"));
        assertStats(calls, write, "calls", 500);
        assertEquals(1L, calls.cell(write, "errors"));

        Table perThread = report.table("syscalls_per_thread");
        assertStats(perThread, row(perThread, Map.of("tid", 701L, "syscall", "futex")), "calls", 7_000);
        assertStats(perThread, row(perThread, Map.of("tid", 702L, "syscall", "futex")), "calls", 1_500);
        assertStats(perThread, row(perThread, Map.of("tid", 701L, "syscall", "read")), "calls", 3_000, 13_000);
        assertEquals(4, perThread.rows().size());

        Table errors = report.table("syscall_errors");
        assertEquals(2, errors.rows().size());
        assertEquals(1L, errors.cell(row(errors, Map.of("syscall", "read", "errno", 11L, "error", "EAGAIN")), "calls"));
        assertEquals(1L, errors.cell(row(errors, Map.of("syscall", "write", "errno", 4L, "error", "EINTR")), "calls"));

        Table longest = report.table("syscalls_longest");
        long o = w.clockOffset();
        assertEquals(List.of(20_000 + o, 40_000 + o, 10_000 + o, 29_000 + o, 50_000 + o), column(longest, "entry"));
        assertEquals(List.of(13_000L, 7_000L, 3_000L, 1_500L, 500L), column(longest, "duration_ns"));
        assertEquals(List.of(-11L, 0L, 100L, 1L, -4L), column(longest, "ret"));
        assertEquals(Arrays.asList("EAGAIN", null, null, null, "EINTR"), column(longest, "error"));
        assertEquals(List.of(2_000L, 3_000L, 3_000L, 1_500L, 500L), column(longest, "on_cpu_ns"));
        assertEquals(List.of(9_000L, 0L, 0L, 0L, 0L), column(longest, "blocked_ns"));

        Table histogram = report.table("syscall_histogram");
        // 3 µs in [2048, 4096), 13 µs in [8192, 16384)
        int low = row(histogram, Map.of("syscall", "read", "from_ns", 2048L));
        assertEquals(4096L, histogram.cell(low, "to_ns"));
        assertEquals(1L, histogram.cell(low, "calls"));
        assertEquals(1L, histogram.cell(row(histogram, Map.of("syscall", "read", "from_ns", 8192L)), "calls"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tracers")
    void systemCallsPerProcessAndInARange(KernelTracer tracer) throws Exception {
        KernelTraceWriter w = write("syscalls-range", LatencyScenarios::syscalls, tracer);
        long o = w.clockOffset();
        // the calls that end in [20 µs, 45 µs]: the second read (33 µs) and the waker's futex (30.5 µs)
        AnalysisOptions range = new AnalysisOptions(new TimeRange(20_000 + o, 45_000 + o), GroupBy.PROCESS);
        Report report = run(w, new SyscallLatencyAnalysis(range));
        Table calls = report.table("syscalls");
        assertStats(calls, row(calls, Map.of("syscall", "read")), "calls", 13_000);
        assertStats(calls, row(calls, Map.of("syscall", "futex")), "calls", 1_500);
        assertEquals(2, calls.rows().size());
        Table perProcess = report.table("syscalls_per_process");
        assertTrue(perProcess.columns().stream().noneMatch(c -> c.key().equals("tid")), "per process: no TID");
        assertEquals(2, perProcess.rows().size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tracersAndPerf")
    void interrupts(KernelTracer tracer) throws Exception {
        KernelTraceWriter w = write("irq", LatencyScenarios::interrupts, tracer);
        Report report = run(w, new InterruptLatencyAnalysis(AnalysisOptions.DEFAULT));
        Table handlers = report.table("interrupts");
        boolean vectors = tracer.newSoftirqNames(); // the x86 vector events came with 2.7's softirq names
        assertEquals(6, handlers.rows().size());
        int ahci = row(handlers, Map.of("kind", "hard IRQ", "number", 16L));
        assertEquals("ahci", handlers.cell(ahci, "name"));
        assertStats(handlers, ahci, "runs", 300, 250);
        int eth = row(handlers, Map.of("kind", "hard IRQ", "number", 17L));
        assertStats(handlers, eth, "runs", 100);
        int timer = vectors ? row(handlers, Map.of("kind", "x86 vector", "number", 239L))
                : row(handlers, Map.of("kind", "hard IRQ", "number", 0L));
        assertEquals(vectors ? "local timer" : "timer", handlers.cell(timer, "name"));
        assertStats(handlers, timer, "runs", 400);
        assertStats(handlers, row(handlers, Map.of("kind", "softirq", "name", "TIMER")), "runs", 1_000);
        assertStats(handlers, row(handlers, Map.of("kind", "softirq", "name", "NET_RX")), "runs", 500);
        int block = row(handlers, Map.of("kind", "softirq", "number", 4L));
        assertStats(handlers, block, "runs", 400, 100);
        double seconds = report.range().duration() / 1e9;
        assertEquals(2 / seconds, (Double) handlers.cell(block, "rate"), 1e-6);

        Table raised = report.table("softirq_raise_latency");
        assertStats(raised, row(raised, Map.of("name", "TIMER")), "raised", 100);
        assertEquals(0L, raised.cell(row(raised, Map.of("name", "NET_RX")), "raised"));
        assertStats(raised, row(raised, Map.of("name", "BLOCK")), "raised", 1_000, 3_800);

        Table longest = report.table("interrupts_longest");
        long o = w.clockOffset();
        assertEquals(List.of(1_000L, 500L, 400L, 400L, 300L, 250L, 100L, 100L), column(longest, "duration_ns"));
        assertEquals(List.of(2_400 + o, 12_300 + o, 15_000 + o, 21_000 + o, 2_000 + o, 12_000 + o, 2_900 + o, 25_000 + o),
                column(longest, "entry"), "ties: the earlier first");
        assertEquals(Arrays.asList(100L, null, null, 1_000L, null, null, null, 3_800L), column(longest, "raise_latency_ns"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tracersAndPerf")
    void scheduling(KernelTracer tracer) throws Exception {
        KernelTraceWriter w = write("sched", LatencyScenarios::scheduling, tracer);
        Report report = run(w, new SchedulingLatencyAnalysis(AnalysisOptions.DEFAULT));
        Table total = report.table("sched_latency");
        assertEquals(List.of("woken", "new thread", "preempted"), column(total, "kind"));
        assertStats(total, 0, "waits", 3_000);
        assertStats(total, 1, "waits", 4_600);
        assertStats(total, 2, "waits", 4_500);

        Table perThread = report.table("sched_latency_per_thread");
        assertEquals(3, perThread.rows().size());
        assertStats(perThread, row(perThread, Map.of("tid", 801L, "kind", "woken")), "waits", 3_000);
        assertStats(perThread, row(perThread, Map.of("tid", 802L, "kind", "preempted")), "waits", 4_500);
        assertStats(perThread, row(perThread, Map.of("tid", 804L, "kind", "new thread")), "waits", 4_600);

        Table prio = report.table("sched_latency_per_priority");
        assertStats(prio, row(prio, Map.of("prio", -50L, "kind", "preempted")), "waits", 4_500);
        assertStats(prio, row(prio, Map.of("prio", 20L, "kind", "woken")), "waits", 3_000);

        Table longest = report.table("sched_latency_longest");
        long o = w.clockOffset();
        assertEquals(List.of(4_600L, 4_500L, 3_000L), column(longest, "latency_ns"));
        assertEquals(List.of(30_400 + o, 20_000 + o, 10_000 + o), column(longest, "runnable"));
        assertEquals(List.of(1L, 1L, 0L), column(longest, "cpu"));
        assertEquals(Arrays.asList("thread", null, "thread"), column(longest, "waker_kind"));
        assertEquals(Arrays.asList("801 a", null, "802 b"), column(longest, "waker"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tracersAndPerf")
    void diskRequests(KernelTracer tracer) throws Exception {
        KernelTraceWriter w = write("disk", LatencyScenarios::disk, tracer);
        Report report = run(w, new DiskLatencyAnalysis(AnalysisOptions.DEFAULT));
        String sda = tracer.perf() ? "8:0" : "sda (8:0)"; // perf has no statedump to name it
        Table devices = report.table("disk_requests");
        assertEquals(3, devices.rows().size());
        int read = row(devices, Map.of("device", sda, "op", "read"));
        assertStats(devices, read, "requests", 100_000);
        assertEquals(4096L, devices.cell(read, "bytes"));
        assertEquals(1L, devices.cell(read, "queued"));
        assertEquals(500.0, devices.cell(read, "queue_mean_ns"));
        int write = row(devices, Map.of("device", sda, "op", "write"));
        assertStats(devices, write, "requests", 78_000);
        assertEquals(131_072L, devices.cell(write, "bytes"));
        assertEquals(0L, devices.cell(write, "queued"));
        assertNull(devices.cell(write, "queue_mean_ns"));
        assertStats(devices, row(devices, Map.of("device", "8:16", "op", "read")), "requests", 1_000);

        Table sizes = report.table("disk_requests_per_size");
        assertStats(sizes, row(sizes, Map.of("device", sda, "op", "write", "size_from", 65_536L,
                "size_to", 262_144L)), "requests", 78_000);
        assertStats(sizes, row(sizes, Map.of("device", sda, "op", "read", "size_from", 0L, "size_to", 4096L)),
                "requests", 100_000);

        Table issuers = report.table("disk_requests_per_thread");
        assertStats(issuers, row(issuers, Map.of("tid", 901L, "device", sda)), "requests", 100_000);
        assertStats(issuers, row(issuers, Map.of("tid", 901L, "device", "8:16")), "requests", 1_000);
        assertStats(issuers, row(issuers, Map.of("tid", 902L, "name", "kworker/1:1")), "requests", 78_000);

        Table longest = report.table("disk_requests_longest");
        long o = w.clockOffset();
        assertEquals(List.of(100_000L, 78_000L, 1_000L), column(longest, "latency_ns"));
        assertEquals(List.of(1_500 + o, 2_000 + o, 3_000 + o), column(longest, "issued"));
        assertEquals(Arrays.asList(500L, null, null), column(longest, "queue_ns"));
        assertEquals(List.of(901L, 902L, 901L), column(longest, "tid"));

        Table throughput = report.table("disk_throughput");
        double bar = (Long) throughput.cell(1, "from") - (Long) throughput.cell(0, "from");
        double bytesRead = 0;
        double written = 0;
        for (int r = 0; r < throughput.rows().size(); r++) {
            bytesRead += (Double) throughput.cell(r, "read_rate") * bar / 1e9;
            written += (Double) throughput.cell(r, "write_rate") * bar / 1e9;
        }
        assertEquals(8192, bytesRead, 1e-6, "bytes read over the bars");
        assertEquals(131_072, written, 1e-6, "bytes written over the bars");
    }

    /** Every story, for each tracer, is real CTF: babeltrace2 reads back exactly what was written. */
    @Test
    void babeltraceReadsTheStories() throws Exception {
        for (KernelTracer tracer : List.of(LatencyScenarios.TRACERS.get(0), LatencyScenarios.TRACERS.get(4),
                LatencyScenarios.PERF)) {
            List<KernelTraceWriter> written = new ArrayList<>();
            if (!tracer.perf()) {
                written.add(write("bt2-syscalls", LatencyScenarios::syscalls, tracer));
            }
            written.add(write("bt2-irq", LatencyScenarios::interrupts, tracer));
            written.add(write("bt2-sched", LatencyScenarios::scheduling, tracer));
            written.add(write("bt2-disk", LatencyScenarios::disk, tracer));
            for (KernelTraceWriter w : written) {
                assertTrue(WrittenTraceCheck.assertBabeltraceReadsWhatWasWritten(w.ctf()) > 5);
            }
        }
    }

    /**
     * More waits than a batch holds (the analyses add latencies to their rows a batch at a time, grouped by row), each
     * its own row: 1,200 threads take turns on one CPU, each preempted by the next, 60 rounds, each round at a priority
     * of its own (1 to 59 after the first). Every thread's count and total, and every priority's, are the scenario's.
     */
    @Test
    void manyWaitsInManyRowsAreEachCounted() throws Exception {
        int threads = 1_200;
        int rounds = 60;
        KernelTracer tracer = LatencyScenarios.TRACERS.get(LatencyScenarios.TRACERS.size() - 1);
        Path dir = TestPaths.workDir("latency-many-rows");
        int steps = threads * rounds;
        long[] at = new long[steps];
        try (KernelTraceWriter w = new KernelTraceWriter(dir, tracer, List.of("read"), true)) {
            long t = 1_000;
            for (int k = 0; k < steps; k++) {
                at[k] = t;
                int tid = 5_000 + k % threads;
                if (k == 0) {
                    w.schedSwitch(t, 0, "swapper/0", 0, 0, "t" + tid, tid, 0);
                } else {
                    int prev = 5_000 + (k - 1) % threads;
                    w.schedSwitch(t, 0, "t" + prev, prev, LatencyScenarios.preempted(tracer), "t" + tid, tid, k / threads);
                }
                t += 100 + (k % 7) * 10;
            }
        }
        // thread i waits from its switch out (the next thread's switch in) to its switch in a round later
        long[] perThread = new long[threads];
        long[] perRound = new long[rounds];
        long all = 0;
        for (int k = threads; k < steps; k++) {
            long wait = at[k] - at[k - threads + 1];
            perThread[k % threads] += wait;
            perRound[k / threads] += wait;
            all += wait;
        }
        Report report = run(dir, new SchedulingLatencyAnalysis(AnalysisOptions.DEFAULT));
        Table total = report.table("sched_latency");
        assertEquals(List.of("preempted"), column(total, "kind"));
        assertEquals((long) threads * (rounds - 1), total.cell(0, "waits"));
        assertEquals(all, total.cell(0, "total_ns"));
        Table byThread = report.table("sched_latency_per_thread");
        assertEquals(threads, byThread.rows().size());
        for (int i = 0; i < threads; i++) {
            int r = row(byThread, Map.of("tid", 5_000L + i));
            assertEquals((long) rounds - 1, byThread.cell(r, "waits"), "thread " + i);
            assertEquals(perThread[i], byThread.cell(r, "total_ns"), "thread " + i);
        }
        Table byPriority = report.table("sched_latency_per_priority");
        assertEquals(rounds - 1, byPriority.rows().size());
        for (int round = 1; round < rounds; round++) {
            int r = row(byPriority, Map.of("prio", (long) round));
            assertEquals((long) threads, byPriority.cell(r, "waits"), "priority " + round);
            assertEquals(perRound[round], byPriority.cell(r, "total_ns"), "priority " + round);
        }
    }

    /** The analyses build on the process analysis: none reads the trace again when it runs beside them. */
    @Test
    void theLatencyAnalysesShareOneProcessAnalysis() throws Exception {
        Path dir = TestPaths.workDir("latency-shared-pass");
        LatencyScenarios.scheduling(dir, LatencyScenarios.TRACERS.get(4));
        try (TraceSet traces = CtfTraceSet.open(List.of(dir))) {
            SyscallLatencyAnalysis syscalls = new SyscallLatencyAnalysis(AnalysisOptions.DEFAULT);
            SchedulingLatencyAnalysis sched = new SchedulingLatencyAnalysis(AnalysisOptions.DEFAULT);
            InterruptLatencyAnalysis irq = new InterruptLatencyAnalysis(AnalysisOptions.DEFAULT);
            AnalysisRun.run(traces, List.of(syscalls, sched, irq), ProgressListener.NONE);
            ProcessAnalysis shared = syscalls.processPass().analysis();
            assertTrue(shared == sched.processPass().analysis() && shared == irq.processPass().analysis(),
                    "one process analysis for the three");
            ProcessAnalysis process = new ProcessAnalysis(AnalysisOptions.DEFAULT);
            SchedulingLatencyAnalysis beside = new SchedulingLatencyAnalysis(AnalysisOptions.DEFAULT);
            AnalysisRun.run(traces, List.of(process, beside), ProgressListener.NONE);
            assertTrue(beside.processPass().analysis() == process, "the run's own process analysis");
        }
    }

    static List<Object> column(Table t, String key) {
        List<Object> values = new ArrayList<>();
        for (int r = 0; r < t.rows().size(); r++) {
            values.add(t.cell(r, key));
        }
        return values;
    }
}
