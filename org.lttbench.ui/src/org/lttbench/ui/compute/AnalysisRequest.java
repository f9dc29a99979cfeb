package org.lttbench.ui.compute;

import org.lttbench.core.analysis.AnalysisOptions.GroupBy;

/** One analysis a view needs, with its grouping; the range comes from the session. */
public record AnalysisRequest(String analysis, GroupBy groupBy) {

    public static AnalysisRequest of(String analysis) {
        return new AnalysisRequest(analysis, GroupBy.THREAD);
    }
}
