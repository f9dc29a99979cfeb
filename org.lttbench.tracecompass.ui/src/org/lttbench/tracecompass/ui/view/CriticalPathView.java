package org.lttbench.tracecompass.ui.view;

import java.util.HashMap;
import java.util.Map;

import org.eclipse.swt.widgets.Display;
import org.eclipse.tracecompass.analysis.os.linux.core.signals.TmfThreadSelectedSignal;
import org.eclipse.tracecompass.internal.provisional.tmf.ui.widgets.timegraph.BaseDataProviderTimeGraphPresentationProvider;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalHandler;
import org.eclipse.tracecompass.tmf.ui.views.timegraph.BaseDataProviderTimeGraphView;
import org.lttbench.tracecompass.core.provider.LttbenchDataProviders;

/**
 * LTTbench's critical path of the thread selected in Trace Compass (in Control Flow, Resources...: the thread
 * selected signal): a row for the thread and one per thread its path ran through, each moment coloured by what the
 * thread's progress waited on. Trace Compass's own time graph view, drawing LTTbench's critical path data provider.
 */
@SuppressWarnings("restriction") // the presentation of data-provider time graphs is provisional API in Trace Compass
public final class CriticalPathView extends BaseDataProviderTimeGraphView {
    public static final String ID = "org.lttbench.tracecompass.view.criticalpath";

    private volatile Integer thread;

    public CriticalPathView() {
        super(ID, new BaseDataProviderTimeGraphPresentationProvider(), LttbenchDataProviders.CRITICAL_PATH);
    }

    /** Follows the thread selected in another view. */
    @TmfSignalHandler
    public void threadSelected(TmfThreadSelectedSignal signal) {
        show(signal.getThreadId());
    }

    /** Shows the critical path of that thread (a TID). */
    public void show(int tid) {
        if (Integer.valueOf(tid).equals(thread)) {
            return;
        }
        thread = tid;
        Display.getDefault().asyncExec(() -> {
            if (getTrace() != null) {
                rebuild();
            }
        });
    }

    /** The thread shown, or null. */
    public Integer thread() {
        return thread;
    }

    @Override
    protected Map<String, Object> getFetchTreeParameters() {
        Map<String, Object> parameters = new HashMap<>(super.getFetchTreeParameters());
        if (thread != null) {
            parameters.put(LttbenchDataProviders.THREAD_PARAMETER, thread);
        }
        return parameters;
    }

    @Override
    protected Map<String, Object> getFetchRowModelParameters(long start, long end, long resolution, boolean fullSearch,
            java.util.Collection<Long> items) {
        Map<String, Object> parameters = new HashMap<>(super.getFetchRowModelParameters(start, end, resolution, fullSearch, items));
        if (thread != null) {
            parameters.put(LttbenchDataProviders.THREAD_PARAMETER, thread);
        }
        return parameters;
    }
}
