package org.lttbench.tracecompass.ui.view;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.lttbench.ui.view.ReportView;
import org.lttbench.ui.view.SpansView;

/**
 * Trace Compass's view of where each request's time went, per span name: hosts LTTbench's {@link SpansView} (its
 * charts and the spans analysis's tables, from the table data providers).
 */
public final class SpansTmfView extends LttbenchView {
    public SpansTmfView() {
        super("LTTbench Spans");
    }

    @Override
    protected ReportView createContent(Composite parent) {
        return new SpansView(parent, SWT.NONE);
    }
}
