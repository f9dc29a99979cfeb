package org.lttbench.tracecompass.ui.view;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.synchronization.ITmfTimestampTransform;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceFormatException;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.analysis.PassResults;
import org.lttbench.tracecompass.core.provider.LttbenchDataProviders;
import org.lttbench.tracecompass.core.provider.ReportTableDataProvider;
import org.lttbench.tracecompass.core.provider.ReportTableDataProviderFactory;
import org.lttbench.tracecompass.core.provider.ReportTables;
import org.lttbench.ui.compute.AnalysisRequest;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.compute.ReportSource;

/**
 * A session's reports inside Trace Compass, from LTTbench's data providers: each table of each report, for the range
 * the views show, is a table data provider's tree (the same that Trace Compass's trace server serves), made back into
 * the report the view draws. The providers answer from the module's results (its state system for process time over
 * any range; one more read for the other analyses over a part of the trace).
 */
final class ProviderReports implements ReportSource {
    private final ITmfTrace trace;
    private final LttbenchAnalysisModule module;

    ProviderReports(ITmfTrace trace, LttbenchAnalysisModule module) {
        this.trace = trace;
        this.module = module;
    }

    /**
     * The trace's span in Trace Compass's times: what Trace Compass knows of it, and once LTTbench's pass is done, what
     * LTTbench's reader found (first to last record). Trace Compass indexes a trace in the background and its end time
     * grows meanwhile, often after LTTbench's pass has ended: "the whole trace" must not stop where its index was.
     */
    static TimeRange spanOf(ITmfTrace trace) {
        long begin = trace.getStartTime().toNanos();
        long end = Math.max(begin, trace.getEndTime().toNanos());
        LttbenchAnalysisModule module = TmfTraceUtils.getAnalysisModuleOfClass(trace, LttbenchAnalysisModule.class,
                LttbenchAnalysisModule.ID);
        PassResults results = module == null ? null : module.results();
        if (results != null) {
            TimeRange read = results.traces().span();
            ITmfTimestampTransform clock = clock(trace);
            if (read.duration() > 0) {
                begin = Math.min(begin, clock.transform(read.begin()));
                end = Math.max(end, clock.transform(read.end()));
            }
        }
        return new TimeRange(begin, end);
    }

    @Override
    public ReportSet reports(TimeRange range, List<AnalysisRequest> wanted, Consumer<TimeRange> span,
            ProgressListener progress) throws IOException {
        waitForThePass(progress);
        // after the pass: while Trace Compass still indexes the trace, its end time is not final
        TimeRange traceSpan = spanOf(trace);
        if (span != null) {
            span.accept(traceSpan);
        }
        boolean whole = range.begin() <= traceSpan.begin() && range.end() >= traceSpan.end();
        Map<String, Object> parameters = whole ? Map.of()
                : Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(range.begin(), range.end()));
        List<Report> reports = new ArrayList<>();
        Map<String, String> notApplicable = new LinkedHashMap<>();
        for (AnalysisRequest request : wanted) {
            String grouping = request.groupBy().name().toLowerCase(Locale.ROOT);
            Report report = null;
            for (String table : ReportTableDataProviderFactory.tables(request.analysis(), request.groupBy())) {
                progress.progress(1, 1); // where an abandoned run stops
                TmfModelResponse<TmfTreeModel<TmfTreeDataModel>> response = fetched(
                        provider(request.analysis(), grouping, table), parameters, progress);
                String message = response.getStatusMessage();
                if (response.getStatus() != ITmfResponse.Status.COMPLETED || response.getModel() == null) {
                    if (message.startsWith(ReportTableDataProvider.NOT_APPLICABLE)) {
                        notApplicable.put(request.analysis(), message.substring(ReportTableDataProvider.NOT_APPLICABLE.length()));
                        break;
                    }
                    if (message.startsWith(ReportTableDataProvider.ABSENT)) {
                        continue;
                    }
                    throw new IOException(message);
                }
                Table t = ReportTables.table(response.getModel(), table);
                if (report == null) {
                    report = new Report(request.analysis(), message, whole ? wholeRange(request.analysis(), traceSpan) : range);
                }
                if (table.equals(ReportTables.NOTES)) {
                    ReportTables.restoreNotes(t, report);
                } else {
                    report.add(t);
                }
            }
            if (report != null) {
                reports.add(report);
            }
        }
        return new ReportSet(whole ? TimeRange.ALL : range, reports, notApplicable, null);
    }

    /**
     * A table's answer once it is final: asked again while it says RUNNING, as a trace server's client asks (a range
     * from the trace's start while Trace Compass still indexes the trace).
     */
    private static TmfModelResponse<TmfTreeModel<TmfTreeDataModel>> fetched(ITmfTreeDataProvider<TmfTreeDataModel> p,
            Map<String, Object> parameters, ProgressListener progress) throws IOException {
        while (true) {
            TmfModelResponse<TmfTreeModel<TmfTreeDataModel>> response = p.fetchTree(parameters, new NullProgressMonitor());
            if (response.getStatus() != ITmfResponse.Status.RUNNING) {
                return response;
            }
            progress.progress(1, 1); // where an abandoned run stops
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while the table was made", e);
            }
        }
    }

    /**
     * What a whole-trace report covers, as the command line says it: the span the pass read (so the views say "the
     * figures cover ... s, from ... to ..." for the whole trace too).
     */
    private TimeRange wholeRange(String analysis, TimeRange traceSpan) {
        PassResults results = module.results();
        // the waits' tables are made from the state system when asked, over what the process analysis read
        Report whole = results == null ? null : results.report(analysis.equals("waits") ? "process" : analysis);
        if (whole == null || whole.range().begin() == Long.MIN_VALUE || whole.range().end() == Long.MAX_VALUE) {
            return traceSpan;
        }
        ITmfTimestampTransform clock = clock(trace);
        return new TimeRange(clock.transform(whole.range().begin()), clock.transform(whole.range().end()));
    }

    /** Trace Compass's times from LTTbench's: the trace's time transform (an experiment's first trace's). */
    private static ITmfTimestampTransform clock(ITmfTrace trace) {
        return TmfTraceManager.getTraceSet(trace).stream().findFirst().orElse(trace).getTimestampTransform();
    }

    @SuppressWarnings("unchecked")
    private ITmfTreeDataProvider<TmfTreeDataModel> provider(String analysis, String grouping, String table) throws IOException {
        ITmfTreeDataProvider<TmfTreeDataModel> p = DataProviderManager.getInstance().fetchOrCreateDataProvider(trace,
                LttbenchDataProviders.table(analysis, grouping, table), ITmfTreeDataProvider.class);
        if (p == null) {
            throw new IOException("Trace Compass gives no LTTbench data provider for " + trace.getName() + " (is it opened?)");
        }
        return p;
    }

    /**
     * Waits for the module's pass, telling the session how far it has read: the session's progress callback is also
     * where an abandoned run stops (it throws), so it is called while waiting.
     */
    private void waitForThePass(ProgressListener progress) throws IOException {
        module.schedule();
        boolean completed = module.waitForCompletion(new NullProgressMonitor() {
            @Override
            public boolean isCanceled() {
                long total = module.totalBytes();
                progress.progress((long) (module.progress() * total), total);
                return false;
            }
        });
        if (!completed || module.results() == null) {
            Throwable cause = module.failure();
            if (cause instanceof TraceFormatException unreadable) {
                throw unreadable; // the reader's own words (file, offset, what was expected), as the command line says them
            }
            throw new IOException("the LTTbench analysis of " + trace.getName()
                    + (cause != null ? " failed: " + cause.getMessage() : " did not complete (cancelled?)"), cause);
        }
    }
}
