package org.lttbench.tracecompass.core.spans;

import java.io.IOException;

import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.spans.SpansAnalysis;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.tracecompass.core.analysis.DeferredPass;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.analysis.PassResults;

/**
 * The spans analysis over a module's traces for the whole trace: its report (the command line's {@code --analysis
 * spans}) and every span that counted, each as a row of the slowest spans' table. Made by the module's deferred read
 * ({@link DeferredPass}) the first time a view or a data provider asks: the module's pass leaves spans out, as most
 * traces have none and the spans of one that has many would cost its pass memory no other view needs.
 *
 * @param report null when the spans analysis does not apply ({@code whyNotApplicable} says why)
 * @param every  every span that ended in the trace, in the order they began (empty when it does not apply)
 */
public record SpanResults(Report report, Table every, String whyNotApplicable) {

    /** The spans of the module's traces, once its pass has completed with these results. */
    public static SpanResults of(LttbenchAnalysisModule module, PassResults pass) throws IOException {
        String why = pass.whyNotApplicable(SpansAnalysis.PROVIDER.name());
        if (why != null) {
            return new SpanResults(null, new SpansAnalysis(AnalysisOptions.DEFAULT).every(), why);
        }
        DeferredPass deferred = DeferredPass.of(module, pass, null);
        return new SpanResults(deferred.report(SpansAnalysis.PROVIDER.name()), deferred.everySpan(), null);
    }
}
