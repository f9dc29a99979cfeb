package org.lttbench.core.analysis.overhead;

import java.util.List;

import org.lttbench.core.analysis.AnalysisDescriptor;

/** Registers the overhead analysis in {@link org.lttbench.core.analysis.Analyses}. */
public final class OverheadAnalysisProvider extends AnalysisDescriptor {

    public OverheadAnalysisProvider() {
        super(OverheadAnalysis.NAME, "what the tracing cost: per tracepoint, rate, bytes, gaps between a thread's "
                + "events, estimated ns per event, perf counter deltas", () -> OverheadReport.TABLES,
                OverheadAnalysis::new, List::of, OverheadHighlights::of);
    }
}
