package org.lttbench.tracecompass.core.spans;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.spans.SpansAnalysis;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.analysis.PassResults;
import org.lttbench.tracecompass.core.trace.TmfTraceSet;

/**
 * The spans analysis over a module's traces for the whole trace: its report (the command line's {@code --analysis
 * spans}) and every span that counted, each as a row of the slowest spans' table. Made by a read of its own (the spans
 * analysis with its process pass when there is a kernel trace) the first time a view or a data provider asks, then
 * kept while the module's results are the same: the module's pass leaves spans out, as most traces have none and the
 * spans of one that has many would cost its pass memory no other view needs.
 *
 * @param report null when the spans analysis does not apply ({@code whyNotApplicable} says why)
 * @param every  every span that ended in the trace, in the order they began (empty when it does not apply)
 */
public record SpanResults(Report report, Table every, String whyNotApplicable) {

    private record Made(PassResults pass, SpanResults spans) {
    }

    private static final Map<LttbenchAnalysisModule, Made> MADE = new WeakHashMap<>();

    /**
     * The spans of the module's traces, once its pass has completed with these results; made on the first call. One
     * read at a time: two views asking at once share the first one's.
     */
    public static synchronized SpanResults of(LttbenchAnalysisModule module, PassResults pass) throws IOException {
        Made made = MADE.get(module);
        if (made == null || made.pass() != pass) {
            made = new Made(pass, read(pass));
            MADE.put(module, made);
        }
        return made.spans();
    }

    private static SpanResults read(PassResults pass) throws IOException {
        String why = pass.whyNotApplicable(SpansAnalysis.PROVIDER.name());
        if (why != null) {
            return new SpanResults(null, new SpansAnalysis(AnalysisOptions.DEFAULT).every(), why);
        }
        SpansAnalysis spans = new SpansAnalysis(AnalysisOptions.DEFAULT).keepingEvery();
        try {
            Report report = AnalysisRun.run(pass.traces(), List.of(spans), ProgressListener.NONE).get(0);
            if (pass.traces() instanceof TmfTraceSet) {
                TmfTraceSet.annotate(report);
            }
            return new SpanResults(report, spans.every(), null);
        } catch (RuntimeException e) {
            throw new IOException("LTTbench could not read the spans: " + e.getMessage(), e);
        }
    }
}
