package org.lttbench.core.analysis.overhead;

import java.util.List;

import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.report.Highlight;
import org.lttbench.core.report.Report;

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

    @Override
    public List<Highlight> highlights(Report report) {
        return OverheadHighlights.of(report);
    }
}
