package org.lttbench.core.analysis.overhead;

import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;

/** Registers the overhead analysis in {@link org.lttbench.core.analysis.Analyses}. */
public final class OverheadAnalysisProvider implements AnalysisProvider {

    @Override
    public String name() {
        return OverheadAnalysis.NAME;
    }

    @Override
    public String description() {
        return "what the tracing cost: per tracepoint, rate, bytes, gaps between a thread's events, "
                + "estimated ns per event, perf counter deltas";
    }

    @Override
    public AnalysisTables tables() {
        return OverheadReport.TABLES;
    }

    @Override
    public Analysis create(AnalysisOptions options) {
        return new OverheadAnalysis(options);
    }
}
