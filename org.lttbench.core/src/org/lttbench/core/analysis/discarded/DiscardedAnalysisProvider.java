package org.lttbench.core.analysis.discarded;

import java.util.List;

import org.lttbench.core.analysis.AnalysisDescriptor;

/** {@code --analysis discarded}: discarded events and lost packets per stream, and buffer-size advice. */
public final class DiscardedAnalysisProvider extends AnalysisDescriptor {

    public DiscardedAnalysisProvider() {
        super("discarded", "Discarded events and lost packets per trace, channel, stream and CPU, when they happened, "
                + "and the buffer size that would have kept them", () -> LossReport.TABLES, DiscardedAnalysis::new,
                List::of, DiscardedHighlights::of);
    }
}
