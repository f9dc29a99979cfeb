package org.lttbench.tracecompass.ui.view;

import org.lttbench.tracecompass.core.provider.LttbenchDataProviders;

/**
 * LTTbench's critical path of the thread selected in Trace Compass (in Control Flow, Resources...: the thread
 * selected signal): a row for the thread and one per thread its path ran through, each moment coloured by what the
 * thread's progress waited on. Trace Compass's own time graph view, drawing LTTbench's critical path data provider.
 */
public final class CriticalPathView extends ThreadFollowingView {
    public static final String ID = "org.lttbench.tracecompass.view.criticalpath";

    public CriticalPathView() {
        super(ID, LttbenchDataProviders.CRITICAL_PATH);
    }
}
