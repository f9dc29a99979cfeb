package org.lttbench.tracecompass.ui.view;

import org.eclipse.swt.SWT;
import org.lttbench.ui.view.DiscardedView;

/** Trace Compass's view of what the trace lost and the buffers that would have kept it: hosts LTTbench's {@link DiscardedView}. */
public final class DiscardedTmfView extends LttbenchView {
    public static final String ID = "org.lttbench.tracecompass.view.discarded";

    public DiscardedTmfView() {
        super("LTTbench Discarded events", parent -> new DiscardedView(parent, SWT.NONE));
    }
}
