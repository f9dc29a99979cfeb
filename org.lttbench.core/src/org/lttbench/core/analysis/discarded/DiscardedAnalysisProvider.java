package org.lttbench.core.analysis.discarded;

import java.util.List;

import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.report.Highlight;
import org.lttbench.core.report.Report;

/** {@code --analysis discarded}: discarded events and lost packets per stream, and buffer-size advice. */
public final class DiscardedAnalysisProvider implements AnalysisProvider {

    @Override
    public String name() {
        return "discarded";
    }

    @Override
    public String description() {
        return "Discarded events and lost packets per trace, channel, stream and CPU, when they happened, "
                + "and the buffer size that would have kept them";
    }

    @Override
    public AnalysisTables tables() {
        return LossReport.TABLES;
    }

    @Override
    public Analysis create(AnalysisOptions options) {
        return new DiscardedAnalysis(options);
    }

    @Override
    public List<Highlight> highlights(Report report) {
        return DiscardedHighlights.of(report);
    }
}
