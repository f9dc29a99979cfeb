package org.lttbench.tracecompass.core.provider;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.tmf.core.model.CommonStatusMessage;
import org.eclipse.tracecompass.tmf.core.model.TmfCommonXAxisModel;
import org.eclipse.tracecompass.tmf.core.model.YModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfTreeXYDataProvider;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfXyModel;
import org.eclipse.tracecompass.tmf.core.model.xy.IYModel;
import org.eclipse.tracecompass.tmf.core.model.xy.TmfXyTreeDataModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.TimeRange;

/**
 * Discarded events over time, one series per stream that lost any: at each requested time, the events discarded
 * between it and the next, each loss range's count spread evenly over that range (what the discarded report's
 * {@code losses} table gives: its ranges, joined where they touch, and their counts). Lost packets, where the trace
 * lost whole packets, are a second series per stream.
 */
final class DiscardedXYDataProvider extends LttbenchDataProvider implements ITmfTreeXYDataProvider<TmfXyTreeDataModel> {
    private final RangeReports reports;
    /** Per series id: {stream label, column}. */
    private final Map<Long, String[]> series = new LinkedHashMap<>();

    DiscardedXYDataProvider(ITmfTrace trace, RangeReports reports) {
        super(trace, LttbenchDataProviders.DISCARDED_XY);
        this.reports = reports;
    }

    private Table losses() throws IOException {
        Report report = reports.report("discarded", GroupBy.THREAD, TimeRange.ALL);
        return report == null ? null : report.table("losses");
    }

    private static String stream(Table t, int row) {
        return t.cell(row, "trace") + "/" + t.cell(row, "stream");
    }

    @Override
    public synchronized TmfModelResponse<TmfTreeModel<TmfXyTreeDataModel>> fetchTree(Map<String, Object> parameters,
            IProgressMonitor monitor) {
        try {
            Table t = losses();
            if (t == null) {
                return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, String.valueOf(reports.whyNotApplicable("discarded")));
            }
            List<TmfXyTreeDataModel> entries = new ArrayList<>();
            series.clear();
            long id = 0;
            Map<String, Boolean[]> kinds = new LinkedHashMap<>();
            for (int r = 0; r < t.rows().size(); r++) {
                Boolean[] k = kinds.computeIfAbsent(stream(t, r), x -> new Boolean[] { false, false });
                k[0] |= t.cell(r, "discarded_events") instanceof Long n && n > 0;
                k[1] |= t.cell(r, "discarded_packets") instanceof Long n && n > 0;
            }
            long root = id++;
            entries.add(new TmfXyTreeDataModel(root, -1, List.of(getTrace().getName()), false, null, false));
            for (var e : kinds.entrySet()) {
                String[][] columns = { { "discarded_events", " discarded events" }, { "discarded_packets", " lost packets" } };
                for (int c = 0; c < 2; c++) {
                    if (e.getValue()[c]) {
                        long sid = id++;
                        series.put(sid, new String[] { e.getKey(), columns[c][0] });
                        entries.add(new TmfXyTreeDataModel(sid, root, List.of(e.getKey() + columns[c][1]), true, null, true));
                    }
                }
            }
            return completed(new TmfTreeModel<>(List.of("Stream"), entries));
        } catch (IOException e) {
            return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, String.valueOf(e.getMessage()));
        }
    }

    @Override
    public synchronized TmfModelResponse<ITmfXyModel> fetchXY(Map<String, Object> parameters, IProgressMonitor monitor) {
        XyRequest q = XyRequest.of(parameters);
        if (q == null) {
            return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, CommonStatusMessage.INCORRECT_QUERY_PARAMETERS);
        }
        try {
            Table t = losses();
            if (t == null) {
                return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, String.valueOf(reports.whyNotApplicable("discarded")));
            }
            if (series.isEmpty()) {
                fetchTree(Map.of(), monitor);
            }
            long[] x = q.x();
            List<IYModel> ys = new ArrayList<>();
            for (var s : series.entrySet()) {
                if (!q.wants(s.getKey())) {
                    continue;
                }
                double[] y = new double[x.length];
                for (int r = 0; r < t.rows().size(); r++) {
                    if (!stream(t, r).equals(s.getValue()[0]) || !(t.cell(r, s.getValue()[1]) instanceof Long count)) {
                        continue;
                    }
                    TimeRange range = (TimeRange) t.cell(r, "range");
                    long from = time.toTraceCompass(range.begin());
                    long to = time.toTraceCompass(range.end()) + 1;
                    for (int i = 0; i < x.length; i++) {
                        long overlap = Math.min(q.end(i), to) - Math.max(x[i], from);
                        if (overlap > 0) {
                            y[i] += count * (double) overlap / Math.max(1, to - from);
                        }
                    }
                }
                ys.add(new YModel(s.getKey(), s.getValue()[0], y));
            }
            return completed(new TmfCommonXAxisModel("Discarded events", x, ys));
        } catch (IOException e) {
            return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, String.valueOf(e.getMessage()));
        }
    }
}
