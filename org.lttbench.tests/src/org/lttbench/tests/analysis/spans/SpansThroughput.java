package org.lttbench.tests.analysis.spans;

import static org.lttbench.tests.writer.TraceMetadata.field;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Report;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tests.writer.CtfStreamWriter;
import org.lttbench.tests.writer.CtfTraceWriter;
import org.lttbench.tests.writer.CtfType;
import org.lttbench.tests.writer.TraceMetadata;
import org.lttbench.tests.writer.TraceMetadata.HeaderKind;
import org.lttbench.tests.writer.TraceMetadata.StreamClass;
import org.lttbench.tests.writer.UstMetadata;

/**
 * What the spans analysis adds to a default pass: a busy-machine kernel trace ({@code BusyMachineTrace}) and beside it
 * a user-space trace of nested function spans (an entry, an inner entry and exit, an exit) on its first threads, a tenth
 * as many events as the kernel trace; every analysis of a default run over both, without the spans analysis and with
 * it (best of {@code runs} each, alternating, after a warm-up).
 *
 * <p>{@code java -cp ... org.lttbench.tests.analysis.spans.SpansThroughput RUNS KERNEL_TRACE UST_DIR}
 */
public final class SpansThroughput {
    private SpansThroughput() {
    }

    /** The busy machine's threads that open spans (its TIDs start at 1001). */
    private static final int THREADS = 64;

    public static void main(String[] args) throws IOException {
        int runs = Integer.parseInt(args[0]);
        Path kernel = Path.of(args[1]);
        Path ust = Path.of(args[2]);
        long spans = writeUst(kernel, ust);
        long[] best = { Long.MAX_VALUE, Long.MAX_VALUE };
        Report last = null;
        try (TraceSet set = CtfTraceSet.open(List.of(kernel, ust))) {
            for (int r = 0; r <= runs; r++) {
                for (int kind = 0; kind < 2; kind++) {
                    List<Analysis> analyses = new ArrayList<>();
                    for (AnalysisProvider p : Analyses.all()) {
                        if (kind == 1 || !p.name().equals("spans")) {
                            analyses.add(p.create(AnalysisOptions.DEFAULT));
                        }
                    }
                    long t0 = System.nanoTime();
                    List<Report> reports = AnalysisRun.run(set, analyses, ProgressListener.NONE);
                    long t = System.nanoTime() - t0;
                    if (r > 0) {
                        best[kind] = Math.min(best[kind], t);
                    }
                    if (kind == 1) {
                        last = reports.stream().filter(x -> x.analysis().equals("spans")).findFirst().orElseThrow();
                    }
                }
            }
        }
        double ratio = (double) best[1] / best[0];
        System.out.printf(Locale.ROOT, "%-28s %10s %14s %14s %7s%n", "trace", "spans", "without s", "with spans s",
                "ratio");
        System.out.printf(Locale.ROOT, "%-28s %,10d %14.3f %14.3f %6.2fx %s%n", kernel.getFileName() + " + ust", spans,
                best[0] / 1e9, best[1] / 1e9, ratio, ratio <= 1.25 ? "pass (<= 1.25x)" : "FAIL (> 1.25x)");
        System.out.println(last.summary());
        last.notes().stream().filter(n -> n.startsWith("user-space threads matched")).forEach(System.out::println);
    }

    /**
     * Nested function spans on the busy machine's first {@value #THREADS} threads over its span, a tenth as many events
     * as it has; returns how many spans.
     */
    static long writeUst(Path kernel, Path ust) throws IOException {
        long events;
        TimeRange span;
        try (TraceSet k = CtfTraceSet.open(List.of(kernel))) {
            span = k.span();
            long[] n = new long[1];
            k.read(e -> n[0]++, ProgressListener.NONE);
            events = n[0];
        }
        TraceMetadata m = UstMetadata.metadata(2, 13, "bench");
        StreamClass channel = m.streamClass(HeaderKind.LARGE, List.of(UstMetadata.vtid()), true);
        channel.event("lttng_ust_cyg_profile_fast:func_entry", field("addr", CtfType.u64()));
        channel.event("lttng_ust_cyg_profile_fast:func_exit", field("addr", CtfType.u64()));
        long offset = m.clock().offsetCycles();
        long groups = Math.max(1, events / 10 / 4);
        long step = Math.max(8, (span.end() - span.begin()) / groups);
        long spans = 0;
        try (CtfTraceWriter w = new CtfTraceWriter(ust, m, false).packetBytes(256 * 1024)) {
            CtfStreamWriter s = w.stream(channel, "channel0", 0);
            long t = span.begin() - offset + 1;
            for (long g = 0; g < groups; g++, t += step) {
                long tid = 1001 + g % THREADS;
                long outer = 0x401000 + (g % 7) * 0x40;
                s.event(t, "lttng_ust_cyg_profile_fast:func_entry", tid, outer);
                s.event(t + step / 4, "lttng_ust_cyg_profile_fast:func_entry", tid, 0x402000L);
                s.event(t + step / 2, "lttng_ust_cyg_profile_fast:func_exit", tid, 0x402000L);
                s.event(t + 3 * step / 4, "lttng_ust_cyg_profile_fast:func_exit", tid, outer);
                spans += 2;
            }
        }
        return spans;
    }
}
