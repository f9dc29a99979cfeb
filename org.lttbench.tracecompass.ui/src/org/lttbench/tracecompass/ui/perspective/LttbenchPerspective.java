package org.lttbench.tracecompass.ui.perspective;

import org.eclipse.ui.IFolderLayout;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;

/**
 * LTTbench's perspective: the Project Explorer on the left; above the events table, a tall stack of the views users
 * read first (process time, thread states, the critical path, the other analyses, beside Trace Compass's Control
 * Flow); below it the tracing cost, the losses and Trace Compass's histogram. Trace Compass's own perspectives get
 * LTTbench's views in their large stack too (plugin.xml's perspective extensions), not in the short bottom one.
 */
public final class LttbenchPerspective implements IPerspectiveFactory {
    public static final String ID = "org.lttbench.tracecompass.ui.perspective";
    static final String PROCESS = "org.lttbench.tracecompass.view.process";
    static final String THREAD_STATES = "org.lttbench.tracecompass.view.threadstates";
    static final String CRITICAL_PATH = "org.lttbench.tracecompass.view.criticalpath";
    static final String ANALYSES = "org.lttbench.tracecompass.view.analyses";
    static final String SPANS = "org.lttbench.tracecompass.view.spans";
    static final String OVERHEAD = "org.lttbench.tracecompass.view.overhead";
    static final String DISCARDED = "org.lttbench.tracecompass.view.discarded";
    /** Trace Compass's views, by their ids (its classes are its own to name). */
    static final String CONTROL_FLOW = "org.eclipse.tracecompass.analysis.os.linux.views.controlflow";
    static final String HISTOGRAM = "org.eclipse.linuxtools.tmf.ui.views.histogram";

    @Override
    public void createInitialLayout(IPageLayout layout) {
        layout.setEditorAreaVisible(true);
        String editor = IPageLayout.ID_EDITOR_AREA;
        IFolderLayout left = layout.createFolder("lttbench.left", IPageLayout.LEFT, 0.15f, editor);
        left.addView(IPageLayout.ID_PROJECT_EXPLORER);
        IFolderLayout top = layout.createFolder("lttbench.top", IPageLayout.TOP, 0.62f, editor);
        top.addView(PROCESS);
        top.addView(THREAD_STATES);
        top.addPlaceholder(CRITICAL_PATH);
        top.addPlaceholder(ANALYSES);
        top.addPlaceholder(SPANS);
        top.addPlaceholder(CONTROL_FLOW);
        IFolderLayout bottom = layout.createFolder("lttbench.bottom", IPageLayout.BOTTOM, 0.45f, editor);
        bottom.addView(HISTOGRAM);
        bottom.addPlaceholder(OVERHEAD);
        bottom.addPlaceholder(DISCARDED);
        layout.addShowViewShortcut(PROCESS);
        layout.addShowViewShortcut(THREAD_STATES);
        layout.addShowViewShortcut(CRITICAL_PATH);
        layout.addShowViewShortcut(ANALYSES);
        layout.addPerspectiveShortcut(ID);
    }
}
