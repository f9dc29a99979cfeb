package org.lttbench.tracecompass.tests.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Random;
import java.util.function.Supplier;

import org.eclipse.tracecompass.analysis.os.linux.core.kernel.KernelAnalysisModule;
import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.request.ITmfEventRequest;
import org.eclipse.tracecompass.tmf.core.request.TmfEventRequest;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.junit.jupiter.api.Test;
import org.lttbench.core.ctf.Ctf2Copy;
import org.lttbench.tracecompass.core.tracetype.LttbenchKernelTrace;
import org.lttbench.tracecompass.core.tracetype.TraceEvent;
import org.lttbench.tracecompass.tests.TraceCompassTraces;

/**
 * LTTbench's kernel trace type against Trace Compass's LTTng kernel trace type on the same CTF 1.8 trace (and ours on
 * its CTF 2 copy), in one OSGi runtime of Trace Compass's real bundles: reading every event through an event request
 * (what Trace Compass's views and analyses do), indexing, Trace Compass's own KernelAnalysisModule on each, and seeks
 * by rank and by time once indexed. Best of N after a warm-up, the types alternating. A benchmark, not a test (its
 * name does not match surefire's default includes); {@code releng/bench/tracecompass-tracetype} runs it with these
 * system properties: {@code lttbench.bench.trace} (a CTF 1.8 kernel trace), {@code lttbench.bench.runs} (default 3),
 * {@code lttbench.bench.out} (a file the figures are appended to).
 */
class TraceTypeBenchmark {
    private static final int SEEKS = 500;

    private Path out;

    @Test
    void readingIndexingAnalysingAndSeeking() throws Exception {
        String trace = System.getProperty("lttbench.bench.trace");
        // A benchmark run by releng/bench/tracecompass-tracetype, never by the test run (its name is not a test's):
        // run without its trace it fails, rather than pass having measured nothing.
        assertNotNull(trace, "TraceTypeBenchmark measures nothing without -Dlttbench.bench.trace=DIR: run it with "
                + "releng/bench/tracecompass-tracetype");
        String file = System.getProperty("lttbench.bench.out");
        out = file == null ? null : Path.of(file);
        int runs = Integer.getInteger("lttbench.bench.runs", 3);
        Path ctf18 = Path.of(trace);
        Path ctf2 = Ctf2Copy.copy(ctf18, TraceCompassTraces.work("bench-tracetype").resolve(ctf18.getFileName()))
                .get(0);
        line("== %s: reading through Trace Compass (event request), %d runs after a warm-up, load %.2f", ctf18, runs,
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        Supplier<ITmfTrace> theirs = () -> open(new LttngKernelTrace(), ctf18, CtfTmfEvent.class);
        Supplier<ITmfTrace> ours18 = () -> open(new LttbenchKernelTrace(), ctf18, TraceEvent.class);
        Supplier<ITmfTrace> ours2 = () -> open(new LttbenchKernelTrace(), ctf2, TraceEvent.class);
        String[] names = { "Trace Compass's LttngKernelTrace, CTF 1.8", "LTTbench's kernel type, CTF 1.8",
                "LTTbench's kernel type, its CTF 2 copy" };
        @SuppressWarnings("unchecked")
        Supplier<ITmfTrace>[] types = new Supplier[] { theirs, ours18, ours2 };

        long[][] read = new long[3][];
        long events = -1;
        for (int r = 0; r <= runs; r++) {
            for (int t = 0; t < 3; t++) {
                ITmfTrace tr = types[t].get();
                try {
                    long[] m = readAll(tr);
                    if (events < 0) {
                        events = m[2];
                    }
                    assertEquals(events, m[2], names[t] + " reads every event");
                    if (r > 0 && (read[t] == null || m[0] < read[t][0])) {
                        read[t] = m;
                    }
                } finally {
                    tr.dispose();
                }
            }
        }
        for (int t = 0; t < 3; t++) {
            line("RESULT read %-42s %8.3f s  %,12.0f events/s  (CPU %.3f s)", names[t], read[t][0] / 1e9,
                    events * 1e9 / read[t][0], read[t][1] / 1e9);
        }
        line("RESULT read ratio LTTbench's type / Trace Compass's, CTF 1.8: %.2fx", (double) read[0][0] / read[1][0]);

        long[][] index = new long[3][];
        long[][] kernel = new long[3][];
        for (int r = 0; r <= runs; r++) {
            for (int t = 0; t < 3; t++) {
                ITmfTrace tr = types[t].get();
                try {
                    long cpu = processCpuNs();
                    long start = System.nanoTime();
                    tr.indexTrace(true);
                    long[] m = { System.nanoTime() - start, processCpuNs() - cpu };
                    assertEquals(events, tr.getNbEvents());
                    if (r > 0 && (index[t] == null || m[0] < index[t][0])) {
                        index[t] = m;
                    }
                    long[] k = kernelAnalysis(tr);
                    if (r > 0 && (kernel[t] == null || k[0] < kernel[t][0])) {
                        kernel[t] = k;
                    }
                    if (r == runs) {
                        seeks(tr, names[t], events);
                    }
                } finally {
                    tr.dispose();
                }
            }
        }
        for (int t = 0; t < 3; t++) {
            line("RESULT index %-41s %8.3f s  (CPU %.3f s)", names[t], index[t][0] / 1e9, index[t][1] / 1e9);
        }
        for (int t = 0; t < 3; t++) {
            line("RESULT KernelAnalysisModule on %-29s %8.3f s  %,12.0f events/s  (CPU %.3f s)", names[t],
                    kernel[t][0] / 1e9, events * 1e9 / kernel[t][0], kernel[t][1] / 1e9);
        }
    }

    private static ITmfTrace open(ITmfTrace trace, Path dir, Class<? extends ITmfEvent> event) {
        try {
            trace.initTrace(null, dir.toString(), event);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        TmfTraceManager.deleteSupplementaryFiles(trace);
        return trace;
    }

    /** Wall ns, CPU ns, events of one read of every event through an event request. */
    private static long[] readAll(ITmfTrace trace) throws InterruptedException {
        long[] n = { 0 };
        TmfEventRequest request = new TmfEventRequest(ITmfEvent.class, TmfTimeRange.ETERNITY, 0,
                ITmfEventRequest.ALL_DATA, ITmfEventRequest.ExecutionType.FOREGROUND) {
            @Override
            public void handleData(ITmfEvent event) {
                super.handleData(event);
                n[0]++;
            }
        };
        System.gc();
        long cpu = processCpuNs();
        long start = System.nanoTime();
        trace.sendRequest(request);
        request.waitForCompletion();
        long wall = System.nanoTime() - start;
        assertTrue(request.isCompleted() && !request.isFailed(), String.valueOf(request.getFailureCause()));
        return new long[] { wall, processCpuNs() - cpu, n[0] };
    }

    /** Trace Compass's kernel analysis on the trace, cold: wall ns, CPU ns. */
    private static long[] kernelAnalysis(ITmfTrace trace) {
        TmfTraceManager.deleteSupplementaryFiles(trace);
        KernelAnalysisModule module = new KernelAnalysisModule();
        try {
            module.setId(KernelAnalysisModule.ID);
            assertTrue(module.setTrace(trace));
            System.gc();
            long cpu = processCpuNs();
            long start = System.nanoTime();
            module.schedule();
            assertTrue(module.waitForCompletion());
            return new long[] { System.nanoTime() - start, processCpuNs() - cpu };
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            module.dispose();
        }
    }

    /** Mean time of a seek by rank, and of one by time, each with the event read there. */
    private void seeks(ITmfTrace trace, String name, long events) throws IOException {
        Random random = new Random(42);
        long start = System.nanoTime();
        for (int i = 0; i < SEEKS; i++) {
            ITmfContext c = trace.seekEvent((long) (random.nextDouble() * events));
            assertNotNull(trace.getNext(c));
            c.dispose();
        }
        long byRank = (System.nanoTime() - start) / SEEKS;
        long first = trace.getStartTime().toNanos();
        long last = trace.getEndTime().toNanos();
        start = System.nanoTime();
        for (int i = 0; i < SEEKS; i++) {
            ITmfContext c = trace.seekEvent(TmfTimestamp.fromNanos(first + (long) (random.nextDouble() * (last - first))));
            trace.getNext(c);
            c.dispose();
        }
        long byTime = (System.nanoTime() - start) / SEEKS;
        line("RESULT seek %-42s by rank %8.3f ms, by time %8.3f ms (mean of %d, indexed)", name, byRank / 1e6,
                byTime / 1e6, SEEKS);
    }

    private void line(String format, Object... args) throws IOException {
        String s = String.format(Locale.ROOT, format, args);
        System.out.println(s);
        if (out != null) {
            Files.writeString(out, s + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        }
    }

    private static long processCpuNs() {
        return ModuleBenchmark.processCpuNs();
    }
}
