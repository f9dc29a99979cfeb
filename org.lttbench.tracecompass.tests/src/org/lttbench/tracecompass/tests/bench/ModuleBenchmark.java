package org.lttbench.tracecompass.tests.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.core.runtime.ILogListener;
import org.eclipse.core.runtime.Platform;
import org.eclipse.tracecompass.analysis.os.linux.core.kernel.KernelAnalysisModule;
import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.StateSystemFactory;
import org.eclipse.tracecompass.statesystem.core.backend.StateHistoryBackendFactory;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModuleHelper;
import org.eclipse.tracecompass.tmf.core.analysis.TmfAnalysisManager;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.analysis.waits.WaitsAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.ctf.RecordCounter;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.ReportArchive;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.analysis.PassResults;
import org.lttbench.tracecompass.core.provider.RangeReports;
import org.lttbench.tracecompass.tests.TraceCompassTraces;
import org.lttbench.tracecompass.tests.TraceCompassTraces.Cli;

/**
 * LTTbench's analysis module against Trace Compass's own {@link KernelAnalysisModule}, in one OSGi runtime with Trace
 * Compass's real bundles, on the same trace, each with a cold supplementary directory: best of N timed runs after one
 * warm-up each, the two modules alternating. Then reopening (LTTbench's kept results), and LTTbench's module on a big
 * trace under the heap the JVM was given. A benchmark, not a test: its name does not match surefire's default
 * includes, so the normal test run skips it; {@code releng/bench/tracecompass-module} runs it with
 * {@code -Dtest=ModuleBenchmark} and these system properties (through {@code -Dtycho.testArgLine}):
 * <ul>
 * <li>{@code lttbench.bench.trace}: the trace of the comparison and of the reopening (none: skipped);
 * <li>{@code lttbench.bench.memoryTrace}: the trace of the memory figure (none: skipped);
 * <li>{@code lttbench.bench.runs}: N (default 3); {@code lttbench.bench.reopens}: reopenings (default 5);
 * <li>{@code lttbench.bench.gclog}: the JVM's {@code -Xlog:gc:file=...} file, read for heap before/after each GC;
 * <li>{@code lttbench.bench.out}: a file the figures are appended to (they are printed on stdout too).
 * </ul>
 * Neither module is started by the "trace opened" signal: that would also start Trace Compass's automatic modules
 * (its kernel analysis among them) concurrently. LTTbench's module is made as Trace Compass makes it, by the helper
 * its {@code plugin.xml} declares ({@code IAnalysisModuleHelper.newModule(trace)}); the kernel analysis as Trace
 * Compass's own KernelAnalysisBenchmark makes it ({@code new}, {@code setId}, {@code setTrace}). Both are timed from
 * {@code schedule()} to the end of {@code waitForCompletion()}.
 */
class ModuleBenchmark {
    private static final Pattern GC_PAUSE = Pattern
            .compile("^\\[(\\d+(?:\\.\\d+)?)s\\].*GC\\(\\d+\\) Pause .*?(\\d+)M->(\\d+)M\\((\\d+)M\\)");

    private PrintStream file;

    @Test
    void benchmark() throws Exception {
        String compare = System.getProperty("lttbench.bench.trace");
        String memory = System.getProperty("lttbench.bench.memoryTrace");
        // A benchmark run by releng/bench/tracecompass-module, never by the test run (its name is not a test's): run
        // without its traces it fails, rather than pass having measured nothing.
        assertTrue(compare != null || memory != null, "ModuleBenchmark measures nothing without "
                + "-Dlttbench.bench.trace=DIR or -Dlttbench.bench.memoryTrace=DIR: run it with releng/bench/tracecompass-module");
        String out = System.getProperty("lttbench.bench.out");
        if (out != null) {
            file = new PrintStream(Files.newOutputStream(Path.of(out), StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND), true, StandardCharsets.UTF_8);
        }
        try {
            line("JVM %s, max heap %d MiB (%s), %d CPUs, load average %.2f at start",
                    Runtime.version(), Runtime.getRuntime().maxMemory() >> 20, heapArguments(),
                    Runtime.getRuntime().availableProcessors(),
                    ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            if (compare != null) {
                sameFiguresAsTheCommandLine(Path.of(compare));
                compare(Path.of(compare));
                reopen(Path.of(compare));
            }
            if (memory != null) {
                memory(Path.of(memory));
            }
        } finally {
            if (file != null) {
                file.close();
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // timing

    /** One timed run: wall and process CPU time, in ns; the attributes of the state system it built (or -1). */
    /** One timed run; {@code gcs} and {@code gcNs}: the collections during it and the time the collectors report. */
    private record Run(long wallNs, long cpuNs, int attributes, long gcs, long gcNs) {
        Run(long wallNs, long cpuNs, int attributes) {
            this(wallNs, cpuNs, attributes, -1, -1);
        }

        double seconds() {
            return wallNs / 1e9;
        }

        String gc() {
            return gcs < 0 ? "" : String.format(", %d GCs %.0f ms", gcs, gcNs / 1e6);
        }
    }

    private void compare(Path dir) throws Exception {
        int runs = Integer.getInteger("lttbench.bench.runs", 3);
        line("== %s: LTTbench's module vs Trace Compass's KernelAnalysisModule (cold supplementary directory, "
                + "best of %d after a warm-up, alternating)", dir.getFileName(), runs);
        long events = countEvents(dir);
        long bytes;
        try (CtfTraceSet set = CtfTraceSet.open(List.of(dir))) {
            bytes = set.totalBytes();
        }
        line("trace: %s, %,d events, %,d bytes of stream data", dir, events, bytes);

        Run warmL = runLttbench(dir);
        Run warmK = runKernel(dir);
        line("warm-up: LTTbench %.3f s, KernelAnalysisModule %.3f s; their state systems have %,d and %,d attributes",
                warmL.seconds(), warmK.seconds(), warmL.attributes(), warmK.attributes());
        List<Run> lttbench = new ArrayList<>();
        List<Run> kernel = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            lttbench.add(runLttbench(dir));
            kernel.add(runKernel(dir));
            line("run %d: LTTbench %.3f s (CPU %.3f s%s), KernelAnalysisModule %.3f s (CPU %.3f s%s)", i + 1,
                    lttbench.get(i).seconds(), lttbench.get(i).cpuNs() / 1e9, lttbench.get(i).gc(),
                    kernel.get(i).seconds(), kernel.get(i).cpuNs() / 1e9, kernel.get(i).gc());
        }
        Run bestL = best(lttbench);
        Run bestK = best(kernel);
        line("RESULT LTTbench module:          %8.3f s  %,12.0f events/s  (CPU %.3f s)", bestL.seconds(),
                events / bestL.seconds(), bestL.cpuNs() / 1e9);
        line("RESULT KernelAnalysisModule:     %8.3f s  %,12.0f events/s  (CPU %.3f s)", bestK.seconds(),
                events / bestK.seconds(), bestK.cpuNs() / 1e9);
        double ratio = bestK.seconds() / bestL.seconds();
        line("RESULT ratio KernelAnalysisModule / LTTbench: %.2fx (target >= 10x: %s)", ratio,
                ratio >= 10 ? "met" : "NOT met");

        // where LTTbench's time goes: the same pass without Trace Compass around it
        List<Run> read = new ArrayList<>();
        List<Run> analyses = new ArrayList<>();
        for (int i = 0; i <= runs; i++) {
            read.add(timeReadOnly(dir));
            analyses.add(timeAnalysesOnly(dir));
        }
        read.remove(0);
        analyses.remove(0);
        Run bestRead = best(read);
        Run bestAnalyses = best(analyses);
        line("breakdown (best of %d, same JVM): LTTbench's reader alone %.3f s (%,.0f events/s); reader + the module's "
                + "analyses, no state system %.3f s; the module %.3f s, so state system + module "
                + "around the pass %.3f s", runs, bestRead.seconds(), events / bestRead.seconds(), bestAnalyses.seconds(),
                bestL.seconds(), bestL.seconds() - bestAnalyses.seconds());
    }

    /**
     * The module's reports on this trace equal {@code ./lttbench analyze --format json}'s, as the tests hold them on
     * the shared traces: process time per thread and per process (from the pass, and replayed from the state system),
     * tracepoint overhead, discarded events. A difference fails the benchmark.
     */
    private void sameFiguresAsTheCommandLine(Path dir) throws Exception {
        LttngKernelTrace trace = trace(dir);
        TmfTraceManager.deleteSupplementaryFiles(trace);
        LttbenchAnalysisModule module = lttbenchModule(trace);
        try {
            module.schedule();
            assertTrue(module.waitForCompletion(), String.valueOf(module.failure()));
            PassResults results = module.results();
            List<String> compared = new ArrayList<>();
            for (String analysis : List.of("process", "discarded")) {
                assertEquals(cli(dir, analysis), TraceCompassTraces.json(results.report(analysis)), analysis);
                compared.add(analysis);
            }
            // the tracepoint overhead, which the pass does not make: as the view gets it when it first asks
            long overheadAsked = System.nanoTime();
            Report overhead = RangeReports.of(module).report("overhead", GroupBy.THREAD, TimeRange.ALL);
            line("overhead tables when a view first asks for them (the deferred read: every analysis the pass leaves "
                    + "out, and the latency stores): %.0f ms", (System.nanoTime() - overheadAsked) / 1e6);
            assertEquals(cli(dir, "overhead"), TraceCompassTraces.json(overhead), "overhead");
            compared.add("overhead when a view asks");
            // the other left-out analyses come from the same read, without one of their own
            for (AnalysisProvider p : LttbenchAnalysisModule.leftOut()) {
                if (results.whyNotApplicable(p.name()) != null || List.of("overhead", "spans").contains(p.name())) {
                    continue;
                }
                long asked = System.nanoTime();
                Report r = RangeReports.of(module).report(p.name(), GroupBy.THREAD, TimeRange.ALL);
                line("%s tables when a view asks next: %.0f ms", p.name(), (System.nanoTime() - asked) / 1e6);
                assertEquals(cli(dir, p.name()), TraceCompassTraces.json(r), p.name());
                compared.add(p.name() + " from the deferred read");
            }
            for (GroupBy by : GroupBy.values()) {
                assertEquals(cli(dir, "process", "--by", by.name().toLowerCase(Locale.ROOT)),
                        TraceCompassTraces.json(results.threadStates().report(TimeRange.ALL, by)),
                        "process by " + by + ", from the state system");
                compared.add("process by " + by.name().toLowerCase(Locale.ROOT) + " from the state system");
            }
            // the waits' tables, which views ask for and the pass does not make: from the pass's process analysis,
            // or after a reopening from the state system
            String waits = cli(dir, "waits");
            long asked = System.nanoTime();
            Report fromPass = WaitsAnalysis.over(results.processes(), AnalysisOptions.DEFAULT).report(GroupBy.THREAD);
            long fromPassNs = System.nanoTime() - asked;
            asked = System.nanoTime();
            ProcessAnalysis replayed = results.threadStates().replayed(TimeRange.ALL, GroupBy.THREAD, null);
            Report fromStates = WaitsAnalysis.over(replayed, AnalysisOptions.DEFAULT).report(GroupBy.THREAD);
            line("waits' tables when a view first asks for them: %.0f ms from the pass's process analysis, %.0f ms "
                    + "from the state system (after a reopening)", fromPassNs / 1e6, (System.nanoTime() - asked) / 1e6);
            assertEquals(waits, TraceCompassTraces.json(fromPass), "waits from the pass's process analysis");
            assertEquals(waits, TraceCompassTraces.json(fromStates), "waits from the state system");
            compared.add("waits from the pass's process analysis and from the state system");
            line("RESULT figures: equal to ./lttbench analyze --format json on this trace (%s)", String.join(", ", compared));
        } finally {
            module.dispose();
            trace.dispose();
        }
    }

    private static String cli(Path dir, String analysis, String... more) {
        List<String> args = new ArrayList<>(List.of("analyze", "--analysis", analysis, "--format", "json"));
        args.addAll(List.of(more));
        args.add(dir.toString());
        Cli cli = TraceCompassTraces.cli(args.toArray(String[]::new));
        assertEquals(0, cli.code(), cli.err());
        return cli.out();
    }

    private static Run best(List<Run> runs) {
        return runs.stream().min((a, b) -> Long.compare(a.wallNs(), b.wallNs())).orElseThrow();
    }

    private static LttngKernelTrace trace(Path dir) throws Exception {
        LttngKernelTrace trace = new LttngKernelTrace();
        trace.initTrace(null, dir.toString(), CtfTmfEvent.class);
        return trace;
    }

    /** LTTbench's module as Trace Compass instantiates it from plugin.xml (the helper), without the opened signal. */
    private static LttbenchAnalysisModule lttbenchModule(LttngKernelTrace trace) throws Exception {
        IAnalysisModuleHelper helper = TmfAnalysisManager.getAnalysisModules(trace.getClass())
                .get(LttbenchAnalysisModule.ID);
        assertNotNull(helper, "Trace Compass knows LTTbench's module for kernel traces");
        IAnalysisModule m = helper.newModule(trace);
        assertTrue(m instanceof LttbenchAnalysisModule, String.valueOf(m));
        return (LttbenchAnalysisModule) m;
    }

    private Run runLttbench(Path dir) throws Exception {
        LttngKernelTrace trace = trace(dir);
        TmfTraceManager.deleteSupplementaryFiles(trace);
        LttbenchAnalysisModule module = lttbenchModule(trace);
        try {
            Run run = timed(module);
            assertNotNull(module.results(), "LTTbench's module has results");
            assertFalse(module.results().kept(), "a cold run reads the trace");
            return run;
        } finally {
            module.dispose();
            trace.dispose();
        }
    }

    /** As Trace Compass's KernelAnalysisBenchmark does: new module, setId, setTrace; then schedule and wait. */
    private Run runKernel(Path dir) throws Exception {
        LttngKernelTrace trace = trace(dir);
        TmfTraceManager.deleteSupplementaryFiles(trace);
        KernelAnalysisModule module = new KernelAnalysisModule();
        try {
            module.setId(KernelAnalysisModule.ID);
            assertTrue(module.setTrace(trace));
            return timed(module);
        } finally {
            module.dispose();
            trace.dispose();
        }
    }

    private static Run timed(IAnalysisModule module) {
        return timed(module, true);
    }

    /** Runs the module once; {@code mustComplete} false: a failure is a figure (the memory runs), not an error. */
    private static Run timed(IAnalysisModule module, boolean mustComplete) {
        System.gc();
        long[] gc = gcCountAndNs();
        long cpu = processCpuNs();
        long start = System.nanoTime();
        module.schedule();
        boolean ok = module.waitForCompletion();
        long wall = System.nanoTime() - start;
        cpu = processCpuNs() - cpu;
        long[] gcAfter = gcCountAndNs();
        assertTrue(ok || !mustComplete, module.getId() + " did not complete: " + failure(module));
        int attributes = -1;
        if (module instanceof ITmfAnalysisModuleWithStateSystems m) {
            for (ITmfStateSystem ss : m.getStateSystems()) {
                attributes = Math.max(attributes, ss.getNbAttributes());
            }
        }
        return new Run(wall, cpu, attributes, gcAfter[0] - gc[0], gcAfter[1] - gc[1]);
    }

    /** Collections so far and their time (ns), over every collector the JVM has. */
    private static long[] gcCountAndNs() {
        long count = 0;
        long ms = 0;
        for (var gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
            ms += Math.max(0, gc.getCollectionTime());
        }
        return new long[] { count, ms * 1_000_000 };
    }

    private static String failure(IAnalysisModule module) {
        return module instanceof LttbenchAnalysisModule l ? String.valueOf(l.failure()) : "";
    }

    private static long countEvents(Path dir) throws IOException {
        try (CtfTraceSet set = CtfTraceSet.open(List.of(dir))) {
            RecordCounter counter = new RecordCounter();
            set.read(counter, ProgressListener.NONE);
            return counter.events();
        }
    }

    private static Run timeReadOnly(Path dir) throws IOException {
        System.gc();
        long cpu = processCpuNs();
        long start = System.nanoTime();
        try (CtfTraceSet set = CtfTraceSet.open(List.of(dir))) {
            set.read(new RecordCounter(), ProgressListener.NONE);
        }
        return new Run(System.nanoTime() - start, processCpuNs() - cpu, -1);
    }

    private static Run timeAnalysesOnly(Path dir) throws IOException {
        System.gc();
        long cpu = processCpuNs();
        long start = System.nanoTime();
        try (CtfTraceSet set = CtfTraceSet.open(List.of(dir))) {
            AnalysisRun.run(set, AnalysisRun.plan(LttbenchAnalysisModule.shown(), set, AnalysisOptions.DEFAULT).toRun(),
                    ProgressListener.NONE);
        }
        return new Run(System.nanoTime() - start, processCpuNs() - cpu, -1);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // reopening

    private void reopen(Path dir) throws Exception {
        int reopens = Integer.getInteger("lttbench.bench.reopens", 5);
        line("== %s: reopening after LTTbench's module completed once (supplementary files kept)", dir.getFileName());
        {
            LttngKernelTrace trace = trace(dir);
            TmfTraceManager.deleteSupplementaryFiles(trace);
            LttbenchAnalysisModule module = lttbenchModule(trace);
            Run first = timed(module);
            assertFalse(module.results().kept());
            line("first opening (cold, reads the trace): %.3f s", first.seconds());
            module.dispose();
            trace.dispose();
        }
        List<Long> moduleNs = new ArrayList<>();
        List<Long> openNs = new ArrayList<>();
        List<Long> cpuNs = new ArrayList<>();
        boolean allKept = true;
        for (int i = 0; i < reopens; i++) {
            System.gc();
            long open = System.nanoTime();
            LttngKernelTrace trace = trace(dir);
            LttbenchAnalysisModule module = lttbenchModule(trace);
            long cpu = processCpuNs();
            long start = System.nanoTime();
            module.schedule();
            boolean ok = module.waitForCompletion();
            long end = System.nanoTime();
            cpu = processCpuNs() - cpu;
            try {
                assertTrue(ok, String.valueOf(module.failure()));
                assertNotNull(module.results());
                allKept &= module.results().kept();
                moduleNs.add(end - start);
                openNs.add(end - open);
                cpuNs.add(cpu);
                line("reopening %d: results after %.1f ms (schedule + waitForCompletion; process CPU %.1f ms; %.1f ms "
                        + "from new trace + initTrace), kept() = %s", i + 1, (end - start) / 1e6, cpu / 1e6,
                        (end - open) / 1e6, module.results().kept());
            } finally {
                module.dispose();
                trace.dispose();
            }
        }
        long[] sorted = moduleNs.stream().mapToLong(Long::longValue).sorted().toArray();
        long worst = Math.max(sorted[sorted.length - 1], openNs.stream().mapToLong(Long::longValue).max().orElse(0));
        line("RESULT reopen: results in %.1f ms (first reopening), median %.1f ms, worst %.1f ms (worst with trace "
                + "opening %.1f ms); kept() on every reopening: %s (target < 500 ms: %s)", moduleNs.get(0) / 1e6,
                sorted[sorted.length / 2] / 1e6, sorted[sorted.length - 1] / 1e6, worst / 1e6, allKept,
                allKept && worst < 500_000_000L ? "met" : "NOT met");
        line("reopen CPU: the JVM's CPU time while waiting for the results, median %.1f ms (wall time above that is "
                + "waiting for a CPU on a busy machine, or for the job to start)",
                cpuNs.stream().mapToLong(Long::longValue).sorted().toArray()[cpuNs.size() / 2] / 1e6);
        reopenParts(dir, reopens);
    }

    /**
     * What reopening does, part by part, with the same public calls the module makes on its kept files (best of n):
     * open the trace's files with LTTbench's reader (no read), read the kept reports, open the kept state system and
     * query its last state.
     */
    private void reopenParts(Path dir, int n) throws Exception {
        LttngKernelTrace trace = trace(dir);
        File supplementary = new File(TmfTraceManager.getSupplementaryFileDir(trace));
        LttbenchAnalysisModule module = lttbenchModule(trace);
        int version = module.getProviderVersions().get(LttbenchAnalysisModule.ID);
        module.dispose();
        trace.dispose();
        File history = new File(supplementary, LttbenchAnalysisModule.ID + ".ht");
        File reports = new File(supplementary, LttbenchAnalysisModule.ID + ".reports.json");
        long open = Long.MAX_VALUE;
        long read = Long.MAX_VALUE;
        long ss = Long.MAX_VALUE;
        int attributes = 0;
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            try (CtfTraceSet set = CtfTraceSet.open(List.of(dir))) {
                set.traces();
            }
            long t1 = System.nanoTime();
            try (Reader in = Files.newBufferedReader(reports.toPath(), StandardCharsets.UTF_8)) {
                ReportArchive.read(in);
            }
            long t2 = System.nanoTime();
            ITmfStateSystem s = StateSystemFactory.newStateSystem(StateHistoryBackendFactory
                    .createHistoryTreeBackendExistingFile(LttbenchAnalysisModule.ID, history, version), false);
            s.queryFullState(s.getCurrentEndTime());
            attributes = s.getNbAttributes();
            s.dispose();
            long t3 = System.nanoTime();
            open = Math.min(open, t1 - t0);
            read = Math.min(read, t2 - t1);
            ss = Math.min(ss, t3 - t2);
        }
        line("reopening, part by part (best of %d): open the trace's files with LTTbench's reader %.1f ms; read the "
                + "kept reports (%,d bytes) %.1f ms; open the kept state system (%,d bytes, %,d attributes) and query "
                + "its last state %.1f ms", n, open / 1e6, reports.length(), read / 1e6, history.length(), attributes,
                ss / 1e6);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // memory

    private void memory(Path dir) throws Exception {
        line("== %s: LTTbench's module under a bounded heap (%s)", dir.getFileName(), heapArguments());
        long events = countEvents(dir);
        LttngKernelTrace trace = trace(dir);
        TmfTraceManager.deleteSupplementaryFiles(trace);
        LttbenchAnalysisModule module = lttbenchModule(trace);
        List<MemoryPoolMXBean> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP && p.isValid()).toList();
        System.gc();
        long before = usedHeap();
        heapPools.forEach(MemoryPoolMXBean::resetPeakUsage);
        HeapSampler sampler = new HeapSampler();
        // An Error thrown by the module's job (OutOfMemoryError) is not caught by Trace Compass's analysis job, which
        // still marks the module completed, without a failure; Eclipse's job manager logs it: listen to the log.
        List<Throwable> errors = new java.util.concurrent.CopyOnWriteArrayList<>();
        ILogListener listener = (status, plugin) -> {
            if (status.getException() instanceof Error e) {
                errors.add(e);
            }
        };
        Platform.addLogListener(listener);
        sampler.start();
        long fromMs = ManagementFactory.getRuntimeMXBean().getUptime();
        Run run;
        try {
            run = timed(module, false);
        } finally {
            sampler.stop = true;
            sampler.join();
            Platform.removeLogListener(listener);
        }
        boolean completed = module.results() != null && errors.isEmpty();
        long toMs = ManagementFactory.getRuntimeMXBean().getUptime();
        long poolPeaks = heapPools.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        System.gc();
        long after = usedHeap();
        if (completed) {
            line("trace: %,d events; LTTbench's module completed in %.3f s (%,.0f events/s, CPU %.3f s); its state "
                    + "system has %,d attributes", events, run.seconds(), events / run.seconds(), run.cpuNs() / 1e9,
                    run.attributes());
        } else if (module.failure() != null) {
            line("trace: %,d events; LTTbench's module did NOT complete: after %.3f s it failed, saying: %s", events,
                    run.seconds(), module.failure().getMessage());
        } else {
            line("trace: %,d events; LTTbench's module did NOT complete: after %.3f s Trace Compass said it completed "
                    + "(waitForCompletion true, no failure cause) but it has %s: an Error (OutOfMemoryError when the heap is "
                    + "full) escaped its job, whose catch takes Exceptions only; errors logged: %s", events,
                    run.seconds(), module.results() == null ? "no results" : "results", errors);
        }
        line("heap used before the run %d MiB (after GC: Trace Compass and the OSGi runtime), after it %d MiB "
                + "(after GC, the module's results still held)", before >> 20, after >> 20);
        line("heap during the run: sampled every 10 ms, max used %d MiB; sum of the heap pools' peaks %d MiB "
                + "(an upper bound: pools peak at different times)", sampler.max >> 20, poolPeaks >> 20);
        String gc = gcLog(fromMs, toMs);
        if (gc != null) {
            line("%s", gc);
        }
        line("RESULT memory: %,d events with %s: %s in %.1f s, max heap used %d MiB of %d MiB", events,
                heapArguments(), completed ? "completed" : "FAILED (" + (module.failure() != null ? module.failure().getMessage()
                        : errors.stream().map(Throwable::toString).findFirst().orElse("no results")) + ")", run.seconds(), sampler.max >> 20,
                Runtime.getRuntime().maxMemory() >> 20);
        module.dispose();
        trace.dispose();
    }

    private static long usedHeap() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static final class HeapSampler extends Thread {
        volatile boolean stop;
        volatile long max;

        HeapSampler() {
            super("heap sampler");
            setDaemon(true);
        }

        @Override
        public void run() {
            while (!stop) {
                try {
                    max = Math.max(max, usedHeap());
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    return;
                } catch (OutOfMemoryError e) {
                    // the heap is full: max is its size; go on sampling
                }
            }
        }
    }

    /** The GC pauses of the run's window in the JVM's gc log: the heap before (max) and after (max: the live set). */
    private static String gcLog(long fromMs, long toMs) throws IOException {
        String log = System.getProperty("lttbench.bench.gclog");
        if (log == null || !Files.isRegularFile(Path.of(log))) {
            return null;
        }
        int pauses = 0;
        long maxBefore = 0;
        long maxAfter = 0;
        long capacity = 0;
        int full = 0;
        for (String l : Files.readAllLines(Path.of(log))) {
            Matcher m = GC_PAUSE.matcher(l);
            if (!m.find()) {
                continue;
            }
            double at = Double.parseDouble(m.group(1)) * 1000;
            if (at < fromMs || at > toMs + 100) {
                continue;
            }
            pauses++;
            if (l.contains("Pause Full")) {
                full++;
            }
            maxBefore = Math.max(maxBefore, Long.parseLong(m.group(2)));
            maxAfter = Math.max(maxAfter, Long.parseLong(m.group(3)));
            capacity = Math.max(capacity, Long.parseLong(m.group(4)));
        }
        return String.format(Locale.ROOT, "gc log (%s): %d pauses during the run (%d full); heap before a pause at "
                + "most %d MiB, after one (live data) at most %d MiB, committed at most %d MiB", log, pauses, full,
                maxBefore, maxAfter, capacity);
    }

    // ---------------------------------------------------------------------------------------------------------------

    private static String heapArguments() {
        List<String> heap = ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("-Xmx") || a.startsWith("-Xms") || a.startsWith("-XX:MaxHeapSize")
                        || a.startsWith("-XX:+Use") && a.endsWith("GC"))
                .toList();
        return heap.isEmpty() ? "no -Xmx: the JVM's default" : String.join(" ", heap);
    }

    /** The process's CPU time (all threads), or 0 when the JVM does not say. */
    static long processCpuNs() {
        try {
            Class<?> c = Class.forName("com.sun.management.OperatingSystemMXBean", false,
                    ClassLoader.getSystemClassLoader());
            Method m = c.getMethod("getProcessCpuTime");
            Object os = ManagementFactory.getOperatingSystemMXBean();
            return c.isInstance(os) ? (Long) m.invoke(os) : 0;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return 0;
        }
    }

    private void line(String format, Object... args) {
        String s = String.format(Locale.ROOT, format, args);
        System.out.println("[bench] " + s);
        if (file != null) {
            file.println(s);
        }
    }
}
