package org.lttbench.tests.analysis.process;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.TraceSet;

/**
 * The benchmark harness of {@code releng/bench/process-throughput}: for each trace, reads it once to warm up, then
 * {@code runs} times reading only (counting events) and {@code runs} times reading with the process analysis on,
 * and prints the best time of each, events per second, and the peak heap used (run it with a small fixed heap,
 * e.g. {@code -Xmx256m}, to show memory is bounded).
 *
 * <p>{@code java -Xmx256m -cp ... org.lttbench.tests.analysis.process.ProcessThroughput RUNS TRACE...}
 */
public final class ProcessThroughput {
    private ProcessThroughput() {
    }

    private static final class Counter implements RecordSink {
        long events;

        @Override
        public void event(Event event) {
            events++;
        }
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: ProcessThroughput RUNS TRACE...");
            System.exit(2);
        }
        int runs = Integer.parseInt(args[0]);
        System.out.printf(Locale.ROOT, "%-28s %10s %9s %12s %9s %12s %10s %8s%n", "trace", "events", "read s", "read ev/s",
                "process s", "process ev/s", "peak heap", "rows");
        for (int i = 1; i < args.length; i++) {
            measure(Path.of(args[i]), runs);
        }
        for (Written written : Written.values()) {
            System.out.println();
            System.out.printf(Locale.ROOT, "%-33s %10s %14s %14s %7s %7s%n", written.title, "no waits/lat.",
                    "+ waits", "+ latency", "waits", "latency");
            for (int i = 1; i < args.length; i++) {
                measureDefaultPass(Path.of(args[i]), runs, written);
            }
        }
        System.out.printf(Locale.ROOT, "max heap: %d MiB%n", Runtime.getRuntime().maxMemory() >> 20);
    }

    private static void measure(Path trace, int runs) throws IOException {
        long events = 0;
        long bestRead = Long.MAX_VALUE;
        long bestProcess = Long.MAX_VALUE;
        int rows = 0;
        resetPeaks();
        try (TraceSet set = CtfTraceSet.open(List.of(trace))) {
            for (int r = 0; r <= runs; r++) {
                Counter counter = new Counter();
                long t0 = System.nanoTime();
                set.read(counter, ProgressListener.NONE);
                long read = System.nanoTime() - t0;
                events = counter.events;
                ProcessAnalysis analysis = new ProcessAnalysis(AnalysisOptions.DEFAULT);
                t0 = System.nanoTime();
                set.read(analysis, ProgressListener.NONE);
                rows = analysis.report().table("threads").rows().size();
                long process = System.nanoTime() - t0;
                if (r > 0) { // the first round warms the JIT up
                    bestRead = Math.min(bestRead, read);
                    bestProcess = Math.min(bestProcess, process);
                }
            }
        }
        System.out.printf(Locale.ROOT, "%-28s %10d %9.3f %12.0f %9.3f %12.0f %7d MiB %8d%n", trace.getFileName(), events,
                bestRead / 1e9, events / (bestRead / 1e9), bestProcess / 1e9, events / (bestProcess / 1e9),
                peakHeap() >> 20, rows);
    }

    /** The latency analyses of a default run (issue 28). */
    private static final java.util.Set<String> LATENCY = java.util.Set.of("syscalls", "irq", "sched", "io");

    /**
     * How a measured run writes its reports: as {@code ./lttbench analyze} does by default (terminal text, each table's
     * first 25 rows: the rows of a per-thread table are made as they are read), or every row of every table (JSON).
     */
    private enum Written {
        TEXT("default pass, terminal text"), JSON("default pass, JSON (every row)");

        final String title;

        Written(String title) {
            this.title = title;
        }

        void write(List<org.lttbench.core.report.Report> reports) throws IOException {
            if (this == TEXT) {
                org.lttbench.core.report.TextReportWriter.write(reports, java.io.Writer.nullWriter(),
                        org.lttbench.core.report.TextReportWriter.Layout.terminal(25, false));
            } else {
                org.lttbench.core.report.JsonReportWriter.write(reports, java.io.Writer.nullWriter());
            }
        }
    }

    /**
     * Every analysis of a default run against the same without the latency analyses, and without those and the waits
     * analysis: what "why it waited" and the latency tables add to a run, its reports written (best of {@code runs}
     * each, or of as many as fill about three seconds for a small trace, whose runs are noisier, alternating, after a
     * warm-up), in wall time and in the run's CPU time (it runs on this thread alone: its CPU time holds on a machine
     * busy with other work, where wall time does not). The latency analyses run whether
     * they apply or not (those without their events see none).
     */
    private static void measureDefaultPass(Path trace, int runs, Written written) throws IOException {
        long[] best = { Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE };
        long[] bestCpu = { Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE };
        // each round's latency ratio (+ latency over + waits, run back to back): their median follows a machine whose
        // speed drifts during the run better than the ratio of two bests taken in different rounds
        double[] roundRatio = new double[Math.max(runs, MOST_ROUNDS)];
        double[] roundRatioCpu = new double[Math.max(runs, MOST_ROUNDS)];
        java.lang.management.ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        int rounds = runs;
        try (TraceSet set = CtfTraceSet.open(List.of(trace))) {
            for (int r = 0; r <= rounds; r++) {
                long[] round = new long[best.length];
                long[] roundCpu = new long[best.length];
                for (int kind = 0; kind < best.length; kind++) {
                    List<org.lttbench.core.analysis.Analysis> analyses = new java.util.ArrayList<>();
                    for (org.lttbench.core.analysis.AnalysisProvider p : org.lttbench.core.analysis.Analyses.all()) {
                        boolean latency = LATENCY.contains(p.name());
                        boolean waits = p.name().equals("waits");
                        if ((kind == 2 || !latency) && (kind >= 1 || !waits)) {
                            analyses.add(p.create(AnalysisOptions.DEFAULT));
                        }
                    }
                    long c0 = cpu.getCurrentThreadCpuTime();
                    long t0 = System.nanoTime();
                    written.write(org.lttbench.core.run.AnalysisRun.run(set, analyses, ProgressListener.NONE));
                    long t = System.nanoTime() - t0;
                    long c = cpu.getCurrentThreadCpuTime() - c0;
                    if (r > 0) {
                        best[kind] = Math.min(best[kind], t);
                        bestCpu[kind] = Math.min(bestCpu[kind], c);
                    }
                    round[kind] = t;
                    roundCpu[kind] = c;
                }
                if (r > 0) {
                    roundRatio[r - 1] = (double) round[2] / round[1];
                    roundRatioCpu[r - 1] = (double) roundCpu[2] / roundCpu[1];
                }
                if (r > 0) { // the rounds after the warm-up (that one compiles) tell how long a round takes
                    long took = Math.max(1, round[0] + round[1] + round[2]);
                    rounds = (int) Math.max(rounds, Math.min(MOST_ROUNDS, 3_000_000_000L / took));
                }
            }
        }
        roundRatio = java.util.Arrays.copyOf(roundRatio, rounds);
        roundRatioCpu = java.util.Arrays.copyOf(roundRatioCpu, rounds);
        System.out.printf(Locale.ROOT, "%-28s wall %8.3f s %12.3f s %12.3f s %6.2fx %6.2fx%n", trace.getFileName(),
                best[0] / 1e9, best[1] / 1e9, best[2] / 1e9, (double) best[1] / best[0], (double) best[2] / best[1]);
        System.out.printf(Locale.ROOT, "%-28s CPU  %8.3f s %12.3f s %12.3f s %6.2fx %6.2fx%n", "", bestCpu[0] / 1e9,
                bestCpu[1] / 1e9, bestCpu[2] / 1e9, (double) bestCpu[1] / bestCpu[0], (double) bestCpu[2] / bestCpu[1]);
        java.util.Arrays.sort(roundRatio);
        java.util.Arrays.sort(roundRatioCpu);
        System.out.printf(Locale.ROOT, "%-28s latency, median of %d rounds' ratios: wall %.2fx, CPU %.2fx (range %.2f-%.2fx)%n",
                "", rounds, median(roundRatio), median(roundRatioCpu), roundRatioCpu[0], roundRatioCpu[rounds - 1]);
    }

    /** The most rounds a small trace's measure takes. */
    private static final int MOST_ROUNDS = 30;

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static void resetPeaks() {
        System.gc();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            pool.resetPeakUsage();
        }
    }

    /** Peak heap use: the sum of each heap pool's peak (an upper bound of the true peak). */
    private static long peakHeap() {
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        return peak;
    }
}
