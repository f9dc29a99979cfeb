package org.lttbench.ui.view;

import java.util.List;

import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Text;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.ui.compute.AnalysisRequest;
import org.lttbench.ui.compute.ReportSet;

/** What stands out across every analysis ({@link SummaryPanel}): the viewer's first tab. */
public final class SummaryView extends SummaryHost {
    /** Every analysis's report, as the summary of {@code lttbench analyze TRACE} reads them. */
    public static final List<AnalysisRequest> REQUESTS = Analyses.all().stream()
            .map(p -> AnalysisRequest.of(p.name())).toList();
    private final SummaryPanel panel;

    public SummaryView(Composite parent, int style) {
        super(parent, style, REQUESTS);
        panel = new SummaryPanel(content());
    }

    @Override
    protected void render(ReportSet reports) {
        panel.render(reports, requests());
    }



    /** The summary's text widget. */
    public Text text() {
        return panel.control();
    }
}
