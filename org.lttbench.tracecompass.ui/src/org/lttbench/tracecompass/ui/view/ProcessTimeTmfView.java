package org.lttbench.tracecompass.ui.view;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.lttbench.ui.view.ProcessTimeView;
import org.lttbench.ui.view.ReportView;

/** Trace Compass's view of where each thread's and process's time went: hosts LTTbench's {@link ProcessTimeView}. */
public final class ProcessTimeTmfView extends LttbenchView {
    public ProcessTimeTmfView() {
        super("LTTbench Process time");
    }

    @Override
    protected ReportView createContent(Composite parent) {
        return new ProcessTimeView(parent, SWT.NONE);
    }
}
