package org.lttbench.tracecompass.ui.view;

import org.eclipse.swt.SWT;
import org.lttbench.ui.view.OverheadView;

/** Trace Compass's view of what the tracing cost per tracepoint: hosts LTTbench's {@link OverheadView}. */
public final class OverheadTmfView extends LttbenchView {
    public static final String ID = "org.lttbench.tracecompass.view.overhead";

    public OverheadTmfView() {
        super("LTTbench Tracepoint overhead", parent -> new OverheadView(parent, SWT.NONE));
    }
}
