package org.lttbench.ui.view;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.widgets.Composite;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.ui.compute.AnalysisRequest;
import org.lttbench.ui.compute.ReportSet;

/**
 * What stands out across every analysis ({@link SummaryPanel}), first, then several analyses in one view, a tab each, as
 * they declare themselves ({@link AnalysisPanel}): in Trace Compass, every analysis that none of the views it hosts
 * shows. The analyses are the run's, minus those given.
 */
public final class AnalysesView extends SummaryHost {
    private final Map<String, AnalysisPanel> panels = new LinkedHashMap<>();
    private final SummaryPanel summary;

    /** @param shownElsewhere the analyses other views show (theirs are left out here) */
    public AnalysesView(Composite parent, int style, Set<String> shownElsewhere) {
        super(parent, style, SummaryView.REQUESTS);
        CTabFolder folder = new CTabFolder(content(), SWT.TOP | SWT.BORDER);
        summary = new SummaryPanel(folder);
        addTab(folder, "What stands out", summary.control());
        for (AnalysisProvider p : Analyses.all()) {
            if (!shownElsewhere.contains(p.name())) {
                AnalysisPanel panel = new AnalysisPanel(folder, p.name());
                addTab(folder, p.tables().title(), panel.control());
                panels.put(p.name(), panel);
            }
        }
    }

    /** The analyses shown, a tab each. */
    public List<String> analyses() {
        return List.copyOf(panels.keySet());
    }

    @Override
    protected void render(ReportSet reports) {
        summary.render(reports, requests());
        panels.values().forEach(p -> p.render(reports));
    }

    /** The text of the first tab, what stands out. */
    public String summaryText() {
        return summary.control().getText();
    }

    /** The tables shown of that analysis's report, by table key (null: the analysis is not shown here). */
    public List<String> tableKeys(String analysis) {
        AnalysisPanel p = panels.get(analysis);
        return p == null ? null : p.tables().keys();
    }
}
