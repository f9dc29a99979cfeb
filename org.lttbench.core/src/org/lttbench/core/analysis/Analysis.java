package org.lttbench.core.analysis;

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

    /** The results, after {@link #end()}. */
    Report report();
}
