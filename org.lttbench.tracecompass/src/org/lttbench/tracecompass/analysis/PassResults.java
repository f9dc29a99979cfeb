package org.lttbench.tracecompass.analysis;

import java.util.Map;

import org.lttbench.core.report.Report;
import org.lttbench.tracecompass.trace.TmfTraceSet;

/**
 * What the module's one pass over a trace produced: every applicable analysis's report for the whole trace, why the
 * others do not apply, and the threads' states for process time over any range. Immutable.
 */
public final class PassResults {
    private final TmfTraceSet traces;
    private final Map<String, Report> reports;
    private final Map<String, String> notApplicable;
    private final ThreadStateHistory threadStates;

    PassResults(TmfTraceSet traces, Map<String, Report> reports, Map<String, String> notApplicable,
            ThreadStateHistory threadStates) {
        this.traces = traces;
        this.reports = Map.copyOf(reports);
        this.notApplicable = Map.copyOf(notApplicable);
        this.threadStates = threadStates;
    }

    /** The traces the pass read (metadata parsed once, readable again for other ranges). */
    public TmfTraceSet traces() {
        return traces;
    }

    /** The whole-trace report of that analysis, or {@code null} when it does not apply. */
    public Report report(String analysis) {
        return reports.get(analysis);
    }

    /** Why the analysis does not apply to these traces, or {@code null} when it ran. */
    public String whyNotApplicable(String analysis) {
        return notApplicable.get(analysis);
    }

    /** Process time over any range, or {@code null} when the process analysis does not apply. */
    public ThreadStateHistory threadStates() {
        return threadStates;
    }
}
