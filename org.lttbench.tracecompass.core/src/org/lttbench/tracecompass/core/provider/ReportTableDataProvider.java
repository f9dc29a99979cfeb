package org.lttbench.tracecompass.core.provider;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.trace.TimeRange;

/**
 * One table of one LTTbench report, for the time range asked ({@code requested_times}: its first and last; none: the
 * whole trace), as a tree of rows: process time per thread or per process and I/O wait per device, the tracepoints'
 * cost and their gaps, losses per stream with the buffer advice, and each report's notes. The module's results answer
 * it ({@link RangeReports}); the views and the trace server show the same.
 */
public final class ReportTableDataProvider extends LttbenchDataProvider implements ITmfTreeDataProvider<TmfTreeDataModel> {
    /** Said when the table does not exist for this trace (an analysis that does not apply, a table it did not make). */
    public static final String ABSENT = "no such table for this trace: ";
    /** Said with the whole trace's table while Trace Compass indexes the trace (see {@link #fetchTree}). */
    static final String INDEXING = "the whole trace (Trace Compass is still indexing it)";
    /** Said when the analysis does not apply to the trace; the reason follows. */
    public static final String NOT_APPLICABLE = "not applicable: ";

    private final RangeReports reports;
    private final String analysis;
    private final GroupBy groupBy;
    private final String table;

    /** @param secondary {@code analysis.grouping.table} */
    ReportTableDataProvider(ITmfTrace trace, RangeReports reports, String secondary) {
        super(trace, LttbenchDataProviders.TABLE + ":" + secondary);
        // dots, not slashes: a trace server takes an output id as one segment of its URL paths
        String[] parts = secondary.split("\\.");
        if (parts.length != 3) {
            throw new IllegalArgumentException("not analysis.grouping.table: " + secondary);
        }
        this.reports = reports;
        this.analysis = parts[0];
        this.groupBy = GroupBy.valueOf(parts[1].toUpperCase(Locale.ROOT));
        this.table = parts[2];
    }

    @Override
    public TmfModelResponse<TmfTreeModel<TmfTreeDataModel>> fetchTree(Map<String, Object> parameters, IProgressMonitor monitor) {
        List<Long> times = DataProviderParameterUtils.extractTimeRequested(parameters);
        // From the trace's start while Trace Compass still indexes it: the range may be the part indexed so far, which a
        // trace server asks for when its client gives none. The whole trace then, said RUNNING, so that the client asks
        // again: once the indexing is over, the range asked is answered as it is.
        boolean indexing = times != null && !times.isEmpty() && getTrace().isIndexing()
                && times.get(0) <= getTrace().getStartTime().toNanos();
        TimeRange range = indexing ? TimeRange.ALL : range(times);
        try {
            // while the pass runs, its own tables as far as it has read (a client asks again until COMPLETED)
            Report early = reports.soFar(analysis, groupBy, range);
            Table sofar = early == null ? null : tableOf(early);
            if (sofar != null) {
                return new TmfModelResponse<>(ReportTables.model(sofar), ITmfResponse.Status.RUNNING, reports.progress());
            }
            // the others are made once the pass is over: no rows yet, rather than a request held until then
            Table none = early == null && reports.passRunning() ? declared() : null;
            if (none != null) {
                return new TmfModelResponse<>(ReportTables.model(none), ITmfResponse.Status.RUNNING, reports.progress());
            }
            Report report = reports.report(analysis, groupBy, range);
            if (report == null) {
                return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, NOT_APPLICABLE + reports.whyNotApplicable(analysis));
            }
            Table t = tableOf(report);
            if (t == null) {
                return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, ABSENT + analysis + " has no table " + table);
            }
            return indexing ? new TmfModelResponse<>(ReportTables.model(t), ITmfResponse.Status.RUNNING, INDEXING)
                    : new TmfModelResponse<>(ReportTables.model(t), ITmfResponse.Status.COMPLETED, report.title());
        } catch (IOException | RuntimeException e) {
            return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, String.valueOf(e.getMessage()));
        }
    }

    /** This provider's table as its analysis declares it, without rows (null: not a declared table). */
    private Table declared() {
        if (table.equals(ReportTables.NOTES)) {
            return ReportTables.notes(new Report(analysis, "", TimeRange.ALL));
        }
        return ReportTableDataProviderFactory.schemas(analysis, groupBy).stream().filter(t -> t.key().equals(table))
                .findFirst().map(TableSchema::table).orElse(null);
    }

    /** This provider's table of the report, or null when the report has none. */
    private Table tableOf(Report report) {
        return table.equals(ReportTables.NOTES) ? ReportTables.notes(report)
                : report.tables().stream().filter(x -> x.key().equals(table)).findFirst().orElse(null);
    }

    /** The range asked, in LTTbench's time base (none: the whole trace). */
    private TimeRange range(List<Long> times) {
        return times == null || times.isEmpty() ? TimeRange.ALL
                : new TimeRange(time.toLttbench(times.get(0)), time.toLttbench(times.get(times.size() - 1)));
    }
}
