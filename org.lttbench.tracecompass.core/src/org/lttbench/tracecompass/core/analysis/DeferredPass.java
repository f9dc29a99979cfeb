package org.lttbench.tracecompass.core.analysis;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.analysis.spans.SpansAnalysis;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.tracecompass.core.trace.TmfTraceSet;

/**
 * The one more read of a module's traces that makes all its pass leaves out, the first time a view asks for any of it:
 * the whole-trace reports of the analyses no view opens first ({@link LttbenchAnalysisModule#leftOut()}), every span
 * for the spans' time graph, and what the trace's {@link Part}s write (the latency stores). Before, each of these was a
 * read of its own when first asked: opening every view read a trace up to a dozen times. Kept while the module's
 * results are the same; one read at a time, so that views asking at once share the first one's.
 */
public final class DeferredPass {
    /**
     * Something a module of the trace writes from the read's process analysis (a latency store): the trace's analysis
     * modules that are parts are asked when the read starts.
     */
    public interface Part {
        /** Whether it has something to write: not written yet, and its analysis applies, as {@code pass} says. */
        boolean toWrite(PassResults pass);

        /** The sink of what it writes, told the read's process analysis's calls. */
        ThreadStateSink open(ProcessAnalysis read) throws IOException;

        /** After the read, of each part that opened: {@code complete} false when the read failed or was cancelled. */
        void close(boolean complete) throws IOException;
    }

    private record Made(PassResults pass, DeferredPass deferred) {
    }

    private static final Map<LttbenchAnalysisModule, Made> MADE = new WeakHashMap<>();

    private final Map<String, Report> reports;
    private final Table everySpan;

    private DeferredPass(Map<String, Report> reports, Table everySpan) {
        this.reports = reports;
        this.everySpan = everySpan;
    }

    /**
     * What the deferred read made of the module's traces, once its pass has completed with these results; read on the
     * first call, with {@code monitor}'s progress and cancellation (null: none).
     */
    public static synchronized DeferredPass of(LttbenchAnalysisModule module, PassResults pass,
            IProgressMonitor monitor) throws IOException {
        Made made = MADE.get(module);
        if (made == null || made.pass() != pass) {
            ITmfTrace trace = module.getTrace();
            List<Part> parts = new ArrayList<>();
            if (trace != null) {
                trace.getAnalysisModules().forEach(m -> {
                    if (m instanceof Part p) {
                        parts.add(p);
                    }
                });
            }
            made = new Made(pass, read(pass, parts, true, monitor));
            MADE.put(module, made);
        }
        return made.deferred();
    }

    /**
     * What one part has to write, written: by the module's deferred read (made now if it was not), else (a part made
     * after it) by a read for it alone. Parts are written only under this class's lock, so that a part's file is
     * either whole or not there when this returns.
     */
    public static synchronized void write(LttbenchAnalysisModule module, PassResults pass, Part part,
            IProgressMonitor monitor) throws IOException {
        if (part.toWrite(pass)) {
            of(module, pass, monitor);
        }
        if (part.toWrite(pass)) {
            read(pass, List.of(part), false, monitor);
        }
    }

    /** The whole-trace report of a left-out analysis that applies, or null. */
    public Report report(String analysis) {
        return reports.get(analysis);
    }

    /** Every span that ended in the trace, in the order they began (empty when the spans analysis does not apply). */
    public Table everySpan() {
        return everySpan;
    }

    /** The read: the parts' writing, with the left-out analyses when {@code analyses}. */
    private static DeferredPass read(PassResults pass, List<Part> parts, boolean analyses, IProgressMonitor monitor)
            throws IOException {
        ProcessAnalysis read = new ProcessAnalysis(AnalysisOptions.DEFAULT);
        SpansAnalysis spans = new SpansAnalysis(AnalysisOptions.DEFAULT).keepingEvery();
        AnalysisRun.Plan plan = AnalysisRun.plan(analyses ? LttbenchAnalysisModule.leftOut() : List.of(),
                pass.traces(), p -> p == SpansAnalysis.PROVIDER ? spans : p.create(AnalysisOptions.DEFAULT));
        List<Part> opened = new ArrayList<>();
        boolean complete = false;
        try {
            if (pass.whyNotApplicable(ProcessAnalysis.PROVIDER.name()) == null) {
                for (Part part : parts) {
                    if (part.toWrite(pass)) {
                        read.observe(part.open(read));
                        opened.add(part);
                    }
                }
            }
            List<Analysis> run = new ArrayList<>(plan.toRun());
            if (!opened.isEmpty()) {
                run.add(0, read); // the others share its pass: the parts hear the same calls
            }
            Map<String, Report> reports = new LinkedHashMap<>();
            if (!run.isEmpty()) {
                SubMonitor progress = SubMonitor.convert(monitor, "LTTbench: the other analyses", 1000);
                int[] shown = { 0 };
                for (Report r : AnalysisRun.run(pass.traces(), run, (done, total) -> {
                    if (progress.isCanceled()) {
                        throw new OperationCanceledException();
                    }
                    int now = total <= 0 ? 0 : (int) (1000 * done / total);
                    if (now > shown[0]) {
                        progress.worked(now - shown[0]);
                        shown[0] = now;
                    }
                })) {
                    if (pass.traces() instanceof TmfTraceSet) {
                        TmfTraceSet.annotate(r);
                    }
                    reports.putIfAbsent(r.analysis(), r);
                }
                reports.remove(ProcessAnalysis.PROVIDER.name()); // the parts' read, not a left-out analysis
            }
            complete = true;
            return new DeferredPass(reports, spans.every());
        } catch (RuntimeException e) {
            if (e instanceof OperationCanceledException) {
                throw e;
            }
            throw new IOException("LTTbench could not read the traces: " + e.getMessage(), e);
        } finally {
            IOException failed = null;
            for (Part p : opened) {
                try {
                    p.close(complete);
                } catch (IOException e) {
                    failed = failed == null ? e : failed;
                }
            }
            if (failed != null && complete) {
                throw failed;
            }
        }
    }
}
