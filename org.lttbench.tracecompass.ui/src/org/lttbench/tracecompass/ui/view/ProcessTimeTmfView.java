package org.lttbench.tracecompass.ui.view;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.tracecompass.analysis.os.linux.core.signals.TmfThreadSelectedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.ui.PartInitException;
import org.lttbench.ui.view.ProcessTimeView;
import org.lttbench.ui.view.ReportView;

/**
 * Trace Compass's view of where each thread's and process's time went: hosts LTTbench's {@link ProcessTimeView}. A
 * double-clicked thread is selected as Control Flow selects one, and its critical path shows in the Critical path view.
 */
public final class ProcessTimeTmfView extends LttbenchView {
    public ProcessTimeTmfView() {
        super("LTTbench Process time");
    }

    @Override
    protected ReportView createContent(Composite parent) {
        ProcessTimeView view = new ProcessTimeView(parent, SWT.NONE);
        view.followThreadsWith(tid -> {
            try {
                getSite().getPage().showView(CriticalPathView.ID);
            } catch (PartInitException e) {
                return; // the signal still reaches an open one
            }
            if (trace() != null) {
                TmfSignalManager.dispatchSignal(new TmfThreadSelectedSignal(this, tid, trace()));
            }
        });
        return view;
    }
}
