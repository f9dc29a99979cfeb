package org.lttbench.tracecompass.core.analysis;

import java.util.Map;

import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.report.Report;
import org.lttbench.core.trace.TraceSet;

/**
 * What the module's one pass over a trace produced (or what an earlier session kept of it): every applicable
 * analysis's report for the whole trace, why the others do not apply, and the threads' states for process time
 * over any range. Immutable.
 *
 * @param traces        the traces the pass read (metadata parsed once, readable again for other ranges)
 * @param threadStates  process time over any range, or {@code null} when the process analysis does not apply
 * @param kept          whether these results come from the supplementary files, without a read
 * @param processes     the pass's own process analysis, done (null when the results were kept, or it did not apply):
 *                      the whole trace's reports the pass did not make (another grouping, the waits' tables) from it
 *                      take a tenth of a replay of the state system
 */
public record PassResults(TraceSet traces, Map<String, Report> reports, Map<String, String> notApplicable,
        ThreadStateHistory threadStates, boolean kept, ProcessAnalysis processes) {

    public PassResults {
        reports = Map.copyOf(reports);
        notApplicable = Map.copyOf(notApplicable);
    }

    /** The whole-trace report of that analysis, or {@code null} when it does not apply. */
    public Report report(String analysis) {
        return reports.get(analysis);
    }

    /** Why the analysis does not apply to these traces, or {@code null} when it ran. */
    public String whyNotApplicable(String analysis) {
        return notApplicable.get(analysis);
    }
}
