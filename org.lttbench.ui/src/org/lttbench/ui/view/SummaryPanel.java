package org.lttbench.ui.view;

import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Text;
import org.lttbench.core.report.TraceNames;
import org.lttbench.core.run.WhatStandsOut;
import org.lttbench.ui.compute.ReportSet;

/**
 * What stands out in the reports, ranked across the analyses, as {@code lttbench analyze TRACE} prints it
 * ({@link WhatStandsOut}): where the viewer and Trace Compass's Analyses view open.
 */
final class SummaryPanel {
    private final Text text;

    SummaryPanel(Composite parent) {
        text = new Text(parent, SWT.MULTI | SWT.READ_ONLY | SWT.H_SCROLL | SWT.V_SCROLL);
        text.setFont(JFaceResources.getTextFont());
        text.setText("Reading the traces...");
    }

    Text control() {
        return text;
    }

    void render(ReportSet reports) {
        String shown;
        if (reports.failure() != null) {
            shown = reports.failure();
        } else if (reports.reports().isEmpty()) {
            shown = "No analysis applies to these traces.";
        } else {
            shown = WhatStandsOut.text(TraceNames.of(reports.tracePaths()).shortList(), reports.reports());
        }
        if (!shown.equals(text.getText())) {
            text.setText(shown);
        }
    }
}
