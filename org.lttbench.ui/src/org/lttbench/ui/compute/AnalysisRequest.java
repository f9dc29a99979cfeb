package org.lttbench.ui.compute;

import org.lttbench.core.analysis.AnalysisOptions.GroupBy;

/**
 * One analysis a view needs, with its grouping, and for the critical path the thread it follows (a TID or a command
 * name; null otherwise); the range comes from the session.
 */
public record AnalysisRequest(String analysis, GroupBy groupBy, String thread) {

    public AnalysisRequest(String analysis, GroupBy groupBy) {
        this(analysis, groupBy, null);
    }

    public static AnalysisRequest of(String analysis) {
        return new AnalysisRequest(analysis, GroupBy.THREAD);
    }
}
