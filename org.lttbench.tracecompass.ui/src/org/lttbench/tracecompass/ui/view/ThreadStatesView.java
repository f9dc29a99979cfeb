package org.lttbench.tracecompass.ui.view;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.tracecompass.internal.provisional.tmf.ui.widgets.timegraph.BaseDataProviderTimeGraphPresentationProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.ui.views.timegraph.BaseDataProviderTimeGraphView;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.provider.LttbenchDataProviders;

/**
 * The threads' states over time, as LTTbench's state machine tells them (beside Trace Compass's Control Flow): a row
 * per thread under its process, coloured by state, with a legend and tooltips. Trace Compass's own time graph view,
 * drawing LTTbench's thread states data provider. When the analysis fails (a trace LTTbench cannot read), the view
 * says why above its rows, naming the file and the offset, as the other LTTbench views do in their status line.
 */
@SuppressWarnings("restriction") // the presentation of data-provider time graphs is provisional API in Trace Compass
public final class ThreadStatesView extends BaseDataProviderTimeGraphView {
    public static final String ID = "org.lttbench.tracecompass.view.threadstates";

    public ThreadStatesView() {
        super(ID, new BaseDataProviderTimeGraphPresentationProvider(), LttbenchDataProviders.THREAD_STATES);
    }

    @Override
    public void createPartControl(Composite parent) {
        super.createPartControl(parent);
        ViewHelp.attach(parent, getViewSite());
    }

    @Override
    protected void buildEntryList(ITmfTrace trace, ITmfTrace parentTrace, IProgressMonitor monitor) {
        super.buildEntryList(trace, parentTrace, monitor);
        if (!monitor.isCanceled()) {
            say(parentTrace);
        }
    }

    @Override
    protected void refresh() {
        super.refresh();
        ITmfTrace trace = getTrace();
        if (trace != null) {
            say(trace);
        }
    }

    /** Why the view shows no rows for (some of) the trace set: the analysis failed, or did not apply; or null. */
    static String why(ITmfTrace parentTrace) {
        StringBuilder b = new StringBuilder();
        for (ITmfTrace trace : TmfTraceManager.getTraceSet(parentTrace)) {
            LttbenchAnalysisModule module = TmfTraceUtils.getAnalysisModuleOfClass(trace, LttbenchAnalysisModule.class,
                    LttbenchAnalysisModule.ID);
            String why = null;
            if (module == null) {
                why = "LTTbench does not analyse " + trace.getName();
            } else if (module.failure() != null) {
                why = "Could not analyse " + trace.getName() + ": " + module.failure().getMessage();
            } else if (module.results() != null && module.results().threadStates() == null) {
                why = "No thread states for " + trace.getName() + ": " + module.results().whyNotApplicable("process");
            }
            if (why != null) {
                b.append(b.length() > 0 ? "; " : "").append(why);
            }
        }
        return b.length() == 0 ? null : b.toString();
    }

    /** The line above the rows (the view's content description) for the trace shown: why rows are missing, if so. */
    private void say(ITmfTrace parentTrace) {
        String message = why(parentTrace);
        Display.getDefault().asyncExec(() -> {
            if (getTimeGraphViewer() != null && !getTimeGraphViewer().getControl().isDisposed()
                    && parentTrace.equals(getTrace())) {
                setContentDescription(message == null ? "" : message);
            }
        });
    }

    /** What the view says above its rows (empty when all is well). */
    public String message() {
        return getContentDescription();
    }
}
