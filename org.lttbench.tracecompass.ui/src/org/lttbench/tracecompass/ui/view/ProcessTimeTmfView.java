package org.lttbench.tracecompass.ui.view;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.lttbench.ui.view.ProcessTimeView;
import org.lttbench.ui.view.ReportView;

/**
 * Trace Compass's view of where each thread's and process's time went: hosts LTTbench's {@link ProcessTimeView}. A
 * double-clicked thread is selected as Control Flow selects one, and its critical path shows in the Critical path view.
 */
public final class ProcessTimeTmfView extends LttbenchView {
    public static final String ID = "org.lttbench.tracecompass.view.process";

    public ProcessTimeTmfView() {
        super("LTTbench Process time");
    }

    @Override
    protected ReportView createContent(Composite parent) {
        ProcessTimeView view = new ProcessTimeView(parent, SWT.NONE);
        view.followThreadsWith(tid -> selectThread(tid, CriticalPathView.ID));
        return view;
    }
}
