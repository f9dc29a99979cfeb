package org.lttbench.tracecompass.ui.view;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.lttbench.core.report.Report;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.analysis.PassResults;
import org.lttbench.tracecompass.core.trace.TmfTraceSet;
import org.lttbench.ui.compute.AnalysisRequest;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.compute.ReportSource;
import org.lttbench.ui.compute.TraceReading;

/**
 * A session's reports inside Trace Compass: the LTTbench module's one pass answers for the whole trace, its state
 * system answers process time over any range, and a Trace Compass read of the trace (one, for all of them) answers
 * the other analyses over a part of it.
 */
final class TraceCompassReports implements ReportSource {
    private final ITmfTrace trace;
    private final LttbenchAnalysisModule module;

    TraceCompassReports(ITmfTrace trace, LttbenchAnalysisModule module) {
        this.trace = trace;
        this.module = module;
    }

    static TimeRange spanOf(ITmfTrace trace) {
        long begin = trace.getStartTime().toNanos();
        return new TimeRange(begin, Math.max(begin, trace.getEndTime().toNanos()));
    }

    @Override
    public ReportSet reports(TimeRange range, List<AnalysisRequest> wanted, Consumer<TimeRange> span,
            ProgressListener progress) throws IOException {
        PassResults pass = completedPass(progress);
        // after the pass: while Trace Compass still indexes the trace, its end time is not final
        TimeRange traceSpan = spanOf(trace);
        if (span != null) {
            span.accept(traceSpan);
        }
        boolean whole = range.begin() <= traceSpan.begin() && range.end() >= traceSpan.end();
        TimeRange asked = whole ? TimeRange.ALL : range;
        List<Report> reports = new ArrayList<>();
        Map<String, String> notApplicable = new LinkedHashMap<>();
        List<AnalysisRequest> toRead = new ArrayList<>();
        for (AnalysisRequest request : wanted) {
            String analysis = request.analysis();
            String why = pass.whyNotApplicable(analysis);
            if (why != null) {
                notApplicable.put(analysis, why);
            } else if (analysis.equals("process") && pass.threadStates() != null) {
                reports.add(pass.threadStates().report(asked, request.groupBy()));
            } else if (whole && pass.report(analysis) != null) {
                reports.add(pass.report(analysis));
            } else {
                toRead.add(request);
            }
        }
        if (!toRead.isEmpty()) {
            ReportSet read = new TraceReading(pass::traces).reports(asked, toRead, null, progress);
            for (Report r : read.reports()) {
                TmfTraceSet.annotate(r);
                reports.add(r);
            }
            for (AnalysisRequest request : toRead) {
                String why = read.whyNotApplicable(request.analysis());
                if (why != null) {
                    notApplicable.put(request.analysis(), why);
                }
            }
        }
        return new ReportSet(asked, reports, notApplicable, null);
    }

    /**
     * Waits for the module's pass, telling the session how far it has read: the session's progress callback is also
     * where an abandoned run stops (it throws), so it is called while waiting.
     */
    private PassResults completedPass(ProgressListener progress) throws IOException {
        module.schedule();
        boolean completed = module.waitForCompletion(new NullProgressMonitor() {
            @Override
            public boolean isCanceled() {
                long total = module.totalBytes();
                progress.progress((long) (module.progress() * total), total);
                return false;
            }
        });
        PassResults pass = module.results();
        if (!completed || pass == null) {
            Throwable cause = module.failure();
            throw new IOException("the LTTbench analysis of " + trace.getName()
                    + (cause != null ? " failed: " + cause.getMessage() : " did not complete (cancelled?)"), cause);
        }
        return pass;
    }
}
