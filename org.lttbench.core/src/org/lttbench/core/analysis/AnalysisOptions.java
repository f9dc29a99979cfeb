package org.lttbench.core.analysis;

import org.lttbench.core.trace.TimeRange;

/**
 * What the user asked of a run.
 *
 * @param range   the time range the results cover ({@link TimeRange#ALL} for the whole trace); analyses still see
 *                every record, since state at the range's start depends on what came before
 * @param groupBy rows per thread or per process, where the analysis has both
 */
public record AnalysisOptions(TimeRange range, GroupBy groupBy) {

    public static final AnalysisOptions DEFAULT = new AnalysisOptions(TimeRange.ALL, GroupBy.THREAD);

    public enum GroupBy {
        THREAD, PROCESS
    }
}
