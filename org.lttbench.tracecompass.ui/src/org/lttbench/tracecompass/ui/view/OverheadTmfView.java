package org.lttbench.tracecompass.ui.view;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.lttbench.ui.view.OverheadView;
import org.lttbench.ui.view.ReportView;

/** Trace Compass's view of what the tracing cost per tracepoint: hosts LTTbench's {@link OverheadView}. */
public final class OverheadTmfView extends LttbenchView {
    public OverheadTmfView() {
        super("LTTbench Tracepoint overhead");
    }

    @Override
    protected ReportView createContent(Composite parent) {
        return new OverheadView(parent, SWT.NONE);
    }
}
