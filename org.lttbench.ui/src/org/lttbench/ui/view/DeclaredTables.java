package org.lttbench.ui.view;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.report.TraceNames;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.table.ReportTableViewer;

/**
 * An analysis's tables in a folder, a tab each, as the analysis declares them: their columns are there before the
 * first results. Its charts' data are not tables to read, so they have no tab.
 */
final class DeclaredTables {
    private final String analysis;
    private final Map<String, ReportTableViewer> viewers = new LinkedHashMap<>();

    DeclaredTables(CTabFolder folder, String analysis) {
        this.analysis = analysis;
        for (TableSchema schema : Analyses.byName(analysis).tables().grouping(GroupBy.THREAD).tables()) {
            if (!schema.chartData()) {
                ReportTableViewer viewer = ReportView.addTab(folder, schema.title(), new ReportTableViewer(folder, SWT.NONE));
                viewer.setTable(schema.table());
                viewers.put(schema.key(), viewer);
            }
        }
    }

    /** Shows the analysis's tables of these reports; a table they lack shows no rows (not an earlier run's). */
    void render(ReportSet reports, TraceNames names) {
        for (Map.Entry<String, ReportTableViewer> e : viewers.entrySet()) {
            e.getValue().setTable(reports.table(analysis, e.getKey()), names);
        }
    }

    /** The viewer of the table of that key, or null. */
    ReportTableViewer viewer(String tableKey) {
        return viewers.get(tableKey);
    }

    /** The tables' keys, in their tabs' order. */
    List<String> keys() {
        return List.copyOf(viewers.keySet());
    }
}
