package org.lttbench.tracecompass.ui.perspective;

import org.eclipse.ui.IFolderLayout;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;
import org.lttbench.tracecompass.ui.view.AnalysesTmfView;
import org.lttbench.tracecompass.ui.view.ComparisonTmfView;
import org.lttbench.tracecompass.ui.view.CriticalPathView;
import org.lttbench.tracecompass.ui.view.DiscardedTmfView;
import org.lttbench.tracecompass.ui.view.OverheadTmfView;
import org.lttbench.tracecompass.ui.view.ProcessTimeTmfView;
import org.lttbench.tracecompass.ui.view.SpansTmfView;
import org.lttbench.tracecompass.ui.view.ThreadStatesView;

/**
 * LTTbench's perspective: the Project Explorer on the left; above the events table, a tall stack of the views users
 * read first (process time, thread states, the critical path, the other analyses, beside Trace Compass's Control
 * Flow); below it the tracing cost, the losses and Trace Compass's histogram. Trace Compass's own perspectives get
 * LTTbench's views in their large stack too (plugin.xml's perspective extensions), not in the short bottom one.
 */
public final class LttbenchPerspective implements IPerspectiveFactory {
    public static final String ID = "org.lttbench.tracecompass.ui.perspective";
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
        top.addView(ProcessTimeTmfView.ID);
        top.addView(ThreadStatesView.ID);
        top.addPlaceholder(CriticalPathView.ID);
        top.addPlaceholder(AnalysesTmfView.ID);
        top.addPlaceholder(SpansTmfView.ID);
        top.addPlaceholder(ComparisonTmfView.ID);
        top.addPlaceholder(CONTROL_FLOW);
        IFolderLayout bottom = layout.createFolder("lttbench.bottom", IPageLayout.BOTTOM, 0.45f, editor);
        bottom.addView(HISTOGRAM);
        bottom.addPlaceholder(OverheadTmfView.ID);
        bottom.addPlaceholder(DiscardedTmfView.ID);
        layout.addShowViewShortcut(ProcessTimeTmfView.ID);
        layout.addShowViewShortcut(ThreadStatesView.ID);
        layout.addShowViewShortcut(CriticalPathView.ID);
        layout.addShowViewShortcut(AnalysesTmfView.ID);
        layout.addPerspectiveShortcut(ID);
    }
}
