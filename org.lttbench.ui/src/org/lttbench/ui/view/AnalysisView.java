package org.lttbench.ui.view;

import java.util.List;

import org.eclipse.swt.widgets.Composite;
import org.lttbench.ui.chart.ChartPanel;
import org.lttbench.ui.compute.AnalysisRequest;
import org.lttbench.ui.compute.ReportSet;

/** An analysis with no view of its own, as it declares itself ({@link AnalysisPanel}): a tab of the viewer. */
public final class AnalysisView extends ReportView {
    private final String analysis;
    private final AnalysisPanel panel;

    public AnalysisView(Composite parent, int style, String analysis) {
        super(parent, style, List.of(AnalysisRequest.of(analysis)));
        this.analysis = analysis;
        this.panel = new AnalysisPanel(content(), analysis);
    }

    public String analysis() {
        return analysis;
    }

    @Override
    protected void render(ReportSet reports) {
        panel.render(reports);
    }

    /** The viewer of the table of that key, or null. */
    public org.lttbench.ui.table.ReportTableViewer table(String key) {
        return panel.tables().viewer(key);
    }

    /** The charts the analysis declares, in their order. */
    public List<ChartPanel> charts() {
        return panel.charts();
    }
}
