package org.lttbench.tracecompass.ui.view;

import org.lttbench.tracecompass.core.provider.LttbenchDataProviders;

/**
 * The spans of the thread selected in Trace Compass (every thread's with spans until one is selected): a row of spans
 * per nesting depth, each labelled by its name with its breakdown in the tooltip, and the thread's kernel states
 * beside them. Trace Compass's own time graph view, drawing LTTbench's spans data provider.
 */
public final class ThreadSpansView extends ThreadFollowingView {
    public static final String ID = "org.lttbench.tracecompass.view.spans.timegraph";

    public ThreadSpansView() {
        super(ID, LttbenchDataProviders.THREAD_SPANS);
    }
}
