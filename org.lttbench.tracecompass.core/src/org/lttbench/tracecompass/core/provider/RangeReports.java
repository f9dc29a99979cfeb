package org.lttbench.tracecompass.core.provider;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.analysis.waits.WaitsAnalysis;
import org.lttbench.core.report.Report;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tracecompass.core.analysis.DeferredPass;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.analysis.PassResults;
import org.lttbench.tracecompass.core.trace.TmfTraceSet;

/**
 * An analysis's report for any range of a trace, as the module's results answer it: the whole trace from the pass;
 * process time and the waits' tables over any range from the kept state system (the whole trace from the pass's
 * process analysis, while the module holds it); the whole trace of the analyses the module's pass leaves out from its
 * {@link DeferredPass}; the other analyses over a part of the trace, or grouped by process, by one more read
 * (LTTbench's reader, or Trace Compass's where the trace has no files). The latest answer per analysis and
 * grouping is kept, so that the tables of one report (asked one by one by data providers) cost one computation.
 */
public final class RangeReports {
    private final LttbenchAnalysisModule module;
    private final Map<String, Object[]> latest = new LinkedHashMap<>();

    RangeReports(LttbenchAnalysisModule module) {
        this.module = module;
    }

    /** The module's results, once it completed; the module is scheduled if it was not. */
    PassResults results() throws IOException {
        module.schedule();
        if (!module.waitForCompletion() || module.results() == null) {
            Throwable cause = module.failure();
            ITmfTrace trace = module.getTrace();
            throw new IOException("the LTTbench analysis of " + (trace == null ? "the trace" : trace.getName())
                    + (cause != null ? " failed: " + cause.getMessage() : " did not complete (cancelled?)"), cause);
        }
        return module.results();
    }

    /**
     * While the pass runs, the report so far of one of its own analyses (process time, the losses) by thread, from the
     * trace's start as far as the pass has read, for a range from the trace's start (a trace server asks for the range
     * its own indexing has reached, which grows as it goes); otherwise null, and {@link #report} waits for the pass.
     */
    Report soFar(String analysis, GroupBy groupBy, TimeRange range) {
        if (groupBy != GroupBy.THREAD || !passRunning()) {
            return null;
        }
        PassResults now = module.resultsSoFar();
        if (now == null || now == module.results()) {
            return null;
        }
        TimeRange span = now.traces().span();
        return range.begin() <= span.begin() ? now.report(analysis) : null;
    }

    /** Whether the module's pass runs now (it is scheduled if it was not, and has opened the trace). */
    boolean passRunning() {
        if (module.results() != null) {
            return false;
        }
        module.schedule();
        // the pass has its state system once it has opened the trace (or its kept results, or its failure)
        return module.waitForInitialization() && module.running();
    }

    /** How far the pass has read, said with an answer made while it runs. */
    String progress() {
        return module.progressSaid();
    }

    /**
     * @param range in LTTbench's time base; {@link TimeRange#ALL} or any range holding the whole trace is the whole
     *              trace
     * @return the report, or null when the analysis does not apply (then {@link #whyNotApplicable} says why)
     */
    public synchronized Report report(String analysis, GroupBy groupBy, TimeRange range) throws IOException {
        PassResults pass = results();
        if (pass.whyNotApplicable(analysis) != null) {
            return null;
        }
        TimeRange span = pass.traces().span();
        boolean whole = range.begin() <= span.begin() && range.end() >= span.end();
        TimeRange asked = whole ? TimeRange.ALL : range;
        String key = analysis + "/" + groupBy;
        Object[] kept = latest.get(key);
        if (kept != null && kept[0].equals(asked)) {
            return (Report) kept[1];
        }
        Report report;
        boolean fromStates = analysis.equals("process") || analysis.equals("waits");
        if (fromStates && pass.threadStates() != null) {
            if (whole && groupBy == GroupBy.THREAD && pass.report(analysis) != null) {
                report = pass.report(analysis);
            } else {
                // the whole trace from the pass's own process analysis while it is there (not after a reopening), else
                // from the kept states, whose blocked waits keep their causes and wakers
                ProcessAnalysis states = whole && pass.processes() != null ? pass.processes()
                        : pass.threadStates().replayed(asked, groupBy, null);
                report = analysis.equals("process") ? states.report(groupBy)
                        : WaitsAnalysis.over(states, new AnalysisOptions(asked, groupBy)).report(groupBy);
            }
        } else if (whole && pass.report(analysis) != null) {
            report = pass.report(analysis);
        } else if (whole && (groupBy == GroupBy.THREAD || analysis.equals("spans")) && deferred(analysis)) {
            report = DeferredPass.of(module, pass, null).report(analysis); // one read for every left-out analysis
        } else {
            Analysis a = Analyses.byName(analysis).create(new AnalysisOptions(asked, groupBy));
            report = AnalysisRun.run(pass.traces(), List.of(a), ProgressListener.NONE).get(0);
            if (pass.traces() instanceof TmfTraceSet) {
                TmfTraceSet.annotate(report);
            }
        }
        latest.put(key, new Object[] { asked, report });
        return report;
    }

    /** Whether the module's deferred read makes that analysis's whole-trace report. */
    private static boolean deferred(String analysis) {
        return LttbenchAnalysisModule.leftOut().stream().anyMatch(p -> p.name().equals(analysis));
    }

    public String whyNotApplicable(String analysis) throws IOException {
        return results().whyNotApplicable(analysis);
    }

    /** The analyses that ran and those that do not apply, for the data providers' descriptors. */
    public static List<String> analyses() {
        List<String> names = new ArrayList<>();
        Analyses.all().forEach(p -> names.add(p.name()));
        return names;
    }

    private static final Map<LttbenchAnalysisModule, RangeReports> BY_MODULE = new java.util.WeakHashMap<>();

    /** One per module: its providers share its latest answers. */
    public static synchronized RangeReports of(LttbenchAnalysisModule module) {
        return BY_MODULE.computeIfAbsent(module, RangeReports::new);
    }
}
