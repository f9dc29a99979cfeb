package org.lttbench.core.analysis;

import java.util.List;

import org.lttbench.core.report.Report;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.TraceSet;

/**
 * One analysis of one run: a sink of the single time-ordered record stream, then a report. Created fresh for
 * each run by its {@link AnalysisProvider}.
 */
public interface Analysis extends RecordSink {

    /**
     * Why this analysis cannot run on these traces (for example, which events it needs and the trace lacks), or
     * {@code null} when it can. Checked from the metadata, before anything is read.
     */
    String whyNotApplicable(TraceSet traces);

    /**
     * The same reason in a few words, for a run that leaves this analysis out without being asked to run it (one line
     * saying why); {@code null} when it applies, or when nobody would expect it of these traces (user-space spans of a
     * kernel trace alone): left out without a word then.
     */
    default String whyNotApplicableBriefly(TraceSet traces) {
        return whyNotApplicable(traces);
    }

    /** The results, after {@link #end()}. */
    Report report();

    /**
     * The results grouped this way ({@code --by}), from the same pass, after {@link #end()}; an analysis without
     * groupings ignores it.
     */
    default Report report(AnalysisOptions.GroupBy groupBy) {
        return report();
    }

    /**
     * The results so far, taken during the pass between two records (the live viewer, Trace Compass's answers while
     * its pass runs), every row made now; the pass goes on as if it had not been taken. An analysis whose figures need
     * the pass's end to count what is still going on says how it counts it.
     */
    default Report reportSoFar(AnalysisOptions.GroupBy groupBy) {
        return report(groupBy).makeRowsNow();
    }

    /**
     * The other analyses of this run, before it starts: one that needs what another computes (the overhead analysis
     * needs the process analysis's running times) may take it from there rather than compute it again. It must not
     * feed it records: the run does.
     */
    default void runsWith(List<Analysis> others) {
    }
}
