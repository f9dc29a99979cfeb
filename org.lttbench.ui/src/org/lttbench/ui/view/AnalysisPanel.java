package org.lttbench.ui.view;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.widgets.Composite;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.report.ChartSchema;
import org.lttbench.ui.chart.ChartPanel;
import org.lttbench.ui.compute.ReportSet;

/**
 * One analysis as it declares itself, in a composite: its charts ({@link AnalysisProvider#charts()}) above, its
 * tables below, a tab each. What {@link AnalysisView} and {@link AnalysesView} show of an analysis with no view of its
 * own, so that a new analysis appears in the viewer and in Trace Compass without a change there.
 */
final class AnalysisPanel {
    private final String analysis;
    private final List<ChartSchema> declared;
    private final List<ChartPanel> charts = new ArrayList<>();
    private final DeclaredTables tables;
    private final Composite control;

    AnalysisPanel(Composite parent, String analysis) {
        this.analysis = analysis;
        this.declared = Analyses.byName(analysis).charts();
        if (declared.isEmpty()) {
            CTabFolder folder = new CTabFolder(parent, SWT.BORDER | SWT.BOTTOM);
            tables = new DeclaredTables(folder, analysis);
            control = folder;
            return;
        }
        SashForm sash = new SashForm(parent, SWT.VERTICAL);
        SashForm row = new SashForm(sash, SWT.HORIZONTAL);
        for (ChartSchema c : declared) {
            ChartPanel panel = new ChartPanel(row, SWT.NONE, analysis + "-" + c.table() + "-" + c.y());
            panel.setModel(DeclaredCharts.model(c, null));
            charts.add(panel);
        }
        CTabFolder folder = new CTabFolder(sash, SWT.BORDER | SWT.BOTTOM);
        tables = new DeclaredTables(folder, analysis);
        sash.setWeights(50, 50);
        control = sash;
    }

    Composite control() {
        return control;
    }

    void render(ReportSet reports) {
        tables.render(reports, ReportView.traceNames(reports));
        for (int i = 0; i < charts.size(); i++) {
            ChartSchema c = declared.get(i);
            charts.get(i).setModel(DeclaredCharts.model(c, reports.table(analysis, c.table())));
        }
    }

    List<ChartPanel> charts() {
        return List.copyOf(charts);
    }

    DeclaredTables tables() {
        return tables;
    }
}
