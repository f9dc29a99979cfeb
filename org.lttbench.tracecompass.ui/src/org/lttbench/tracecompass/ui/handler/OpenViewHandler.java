package org.lttbench.tracecompass.ui.handler;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfCommonProjectElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfExperimentElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfOpenTraceHelper;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceElement;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;

/**
 * The trace context menu's LTTbench entries (Project Explorer: right-click an LTTng trace or an experiment, then
 * LTTbench, then a view): opens the trace if it is not open yet, or brings its editor to the front, so that Trace
 * Compass makes it the active trace; shows the view, which follows the active trace; and schedules LTTbench's
 * analysis of that trace as soon as Trace Compass has opened it (the views show its progress, then its results, or
 * why it failed).
 */
public final class OpenViewHandler extends AbstractHandler {
    /** The command, with the view to open as its parameter. */
    public static final String COMMAND = "org.lttbench.tracecompass.ui.command.openView";
    public static final String VIEW_PARAMETER = "org.lttbench.tracecompass.ui.command.openView.viewId";
    /** How long the analysis waits for Trace Compass to open the trace before giving up on scheduling it. */
    private static final long OPEN_TIMEOUT_MS = 120_000;

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        String viewId = event.getParameter(VIEW_PARAMETER);
        TmfCommonProjectElement element = traceElement(HandlerUtil.getActiveMenuSelection(event));
        if (element == null) {
            element = traceElement(HandlerUtil.getCurrentSelection(event));
        }
        if (viewId == null || element == null) {
            return null;
        }
        IWorkbenchPage page = HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage();
        // Opens the trace (asynchronously) or activates its editor: either way Trace Compass selects it.
        IStatus opening = TmfOpenTraceHelper.openFromElement(element);
        if (!opening.isOK()) {
            return null; // Trace Compass has said why
        }
        try {
            page.showView(viewId);
        } catch (PartInitException e) {
            throw new ExecutionException("cannot show the LTTbench view " + viewId, e);
        }
        scheduleWhenOpen(element);
        return null;
    }

    /** The one trace or experiment selected, or null. */
    static TmfCommonProjectElement traceElement(ISelection selection) {
        if (selection instanceof IStructuredSelection s && s.size() == 1
                && (s.getFirstElement() instanceof TmfTraceElement || s.getFirstElement() instanceof TmfExperimentElement)) {
            return (TmfCommonProjectElement) s.getFirstElement();
        }
        return null;
    }

    /** Schedules LTTbench's module on the element's trace once Trace Compass has it open (now, if it has). */
    static void scheduleWhenOpen(TmfCommonProjectElement element) {
        long deadline = System.currentTimeMillis() + OPEN_TIMEOUT_MS;
        Job job = new Job("LTTbench: analysing " + element.getName()) {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                ITmfTrace trace = element.getTrace();
                if (trace == null) {
                    if (!monitor.isCanceled() && System.currentTimeMillis() < deadline) {
                        schedule(200);
                    }
                    return Status.OK_STATUS;
                }
                IAnalysisModule module = trace.getAnalysisModule(LttbenchAnalysisModule.ID);
                if (module != null) {
                    module.schedule();
                }
                return Status.OK_STATUS;
            }
        };
        job.setSystem(true);
        job.schedule();
    }
}
