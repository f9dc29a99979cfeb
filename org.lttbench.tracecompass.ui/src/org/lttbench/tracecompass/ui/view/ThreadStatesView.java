package org.lttbench.tracecompass.ui.view;

import org.eclipse.tracecompass.internal.provisional.tmf.ui.widgets.timegraph.BaseDataProviderTimeGraphPresentationProvider;
import org.eclipse.tracecompass.tmf.ui.views.timegraph.BaseDataProviderTimeGraphView;
import org.lttbench.tracecompass.core.provider.LttbenchDataProviders;

/**
 * The threads' states over time, as LTTbench's state machine tells them (beside Trace Compass's Control Flow): a row
 * per thread under its process, coloured by state, with a legend and tooltips. Trace Compass's own time graph view,
 * drawing LTTbench's thread states data provider.
 */
@SuppressWarnings("restriction") // the presentation of data-provider time graphs is provisional API in Trace Compass
public final class ThreadStatesView extends BaseDataProviderTimeGraphView {
    public static final String ID = "org.lttbench.tracecompass.view.threadstates";

    public ThreadStatesView() {
        super(ID, new BaseDataProviderTimeGraphPresentationProvider(), LttbenchDataProviders.THREAD_STATES);
    }
}
