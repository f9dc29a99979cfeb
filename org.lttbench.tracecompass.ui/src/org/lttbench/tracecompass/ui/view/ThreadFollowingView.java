package org.lttbench.tracecompass.ui.view;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.tracecompass.analysis.os.linux.core.signals.TmfThreadSelectedSignal;
import org.eclipse.tracecompass.internal.provisional.tmf.ui.widgets.timegraph.BaseDataProviderTimeGraphPresentationProvider;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalHandler;
import org.eclipse.tracecompass.tmf.ui.views.timegraph.BaseDataProviderTimeGraphView;
import org.lttbench.tracecompass.core.provider.LttbenchDataProviders;

/**
 * Trace Compass's own time graph view on an LTTbench data provider that shows one thread: it follows the thread
 * selected in another view (Control Flow, Resources...: the thread selected signal) and passes its TID to the provider
 * ({@link LttbenchDataProviders#THREAD_PARAMETER}).
 */
@SuppressWarnings("restriction") // the presentation of data-provider time graphs is provisional API in Trace Compass
public abstract class ThreadFollowingView extends BaseDataProviderTimeGraphView {
    private volatile Integer thread;

    protected ThreadFollowingView(String id, String providerId) {
        super(id, new BaseDataProviderTimeGraphPresentationProvider(), providerId);
    }

    /** Follows the thread selected in another view. */
    @TmfSignalHandler
    public void threadSelected(TmfThreadSelectedSignal signal) {
        show(signal.getThreadId());
    }

    /** Shows that thread (a TID). */
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
    public void createPartControl(Composite parent) {
        super.createPartControl(parent);
        ViewHelp.attach(parent, getViewSite());
    }

    @Override
    protected Map<String, Object> getFetchTreeParameters() {
        return withThread(super.getFetchTreeParameters());
    }

    @Override
    protected Map<String, Object> getFetchRowModelParameters(long start, long end, long resolution, boolean fullSearch,
            Collection<Long> items) {
        return withThread(super.getFetchRowModelParameters(start, end, resolution, fullSearch, items));
    }

    private Map<String, Object> withThread(Map<String, Object> asked) {
        Map<String, Object> parameters = new HashMap<>(asked);
        if (thread != null) {
            parameters.put(LttbenchDataProviders.THREAD_PARAMETER, thread);
        }
        return parameters;
    }
}
