package org.lttbench.ui.view;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Text;
import org.lttbench.core.report.TraceNames;
import org.lttbench.core.run.WhatStandsOut;
import org.lttbench.ui.compute.AnalysisRequest;
import org.lttbench.ui.compute.ReportSet;

/**
 * What stands out in the reports, ranked across the analyses, as {@code lttbench analyze TRACE} prints it
 * ({@link WhatStandsOut}): where the viewer and Trace Compass's Analyses view open. Then the analyses that do not
 * apply, and why: said here rather than in the view's status line, which in Trace Compass's short bottom stack would
 * leave the summary two lines.
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

    /** @param requests the analyses the summary reads (those that do not apply are named after it) */
    void render(ReportSet reports, List<AnalysisRequest> requests) {
        String shown;
        if (reports.failure() != null) {
            shown = reports.failure();
        } else if (reports.reports().isEmpty()) {
            shown = "No analysis applies to these traces.";
        } else {
            shown = WhatStandsOut.text(TraceNames.of(reports.tracePaths()).shortList(), reports.reports())
                    + notApplicable(reports, requests);
        }
        if (!shown.equals(text.getText())) {
            text.setText(shown);
        }
    }

    /** A line per analysis that does not apply, after a blank one; empty when every analysis applies. */
    static String notApplicable(ReportSet reports, List<AnalysisRequest> requests) {
        StringBuilder b = new StringBuilder();
        Set<String> names = new LinkedHashSet<>();
        requests.forEach(r -> names.add(r.analysis()));
        for (String name : names) {
            String why = reports.whyNotApplicable(name);
            if (why != null) {
                b.append(b.isEmpty() ? "\n" : "").append(notApplicableLine(name, why)).append('\n');
            }
        }
        return b.toString();
    }

    /** How the summary says that an analysis does not apply. */
    static String notApplicableLine(String analysis, String why) {
        return String.format(Locale.ROOT, "The %s analysis does not apply: %s", analysis, why);
    }
}
