package org.lttbench.ui.view;

import java.util.List;

import org.eclipse.swt.widgets.Composite;
import org.lttbench.ui.compute.AnalysisRequest;
import org.lttbench.ui.compute.ReportSet;

/**
 * A view that opens on what stands out ({@link SummaryPanel}): the panel's heading says what was read and the panel
 * says which analyses do not apply, so the status line says neither and stays one line.
 */
abstract class SummaryHost extends ReportView {
    SummaryHost(Composite parent, int style, List<AnalysisRequest> requests) {
        super(parent, style, requests);
    }

    @Override
    protected String summary(ReportSet reports) {
        return null;
    }

    @Override
    protected boolean saysWhyNotApplicable(String analysis) {
        return true;
    }
}
