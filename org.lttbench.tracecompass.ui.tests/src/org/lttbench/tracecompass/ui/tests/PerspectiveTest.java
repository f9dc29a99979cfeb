package org.lttbench.tracecompass.ui.tests;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lttbench.tracecompass.ui.tests.Workbench.ui;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.eclipse.swt.graphics.Point;
import org.eclipse.ui.IPerspectiveDescriptor;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceElement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.lttbench.tracecompass.ui.perspective.LttbenchPerspective;
import org.lttbench.tracecompass.ui.view.ProcessTimeTmfView;

/**
 * Where LTTbench's views open: in Trace Compass's tracing perspective (its product's own), in a stack of their own
 * above the events table, not the short bottom one beside the Histogram nor the small one beside Statistics; in
 * LTTbench's perspective, the process time view takes most of the window's height. Screenshots of both.
 */
class PerspectiveTest {
    private static final String TRACING = "org.eclipse.linuxtools.tmf.ui.perspective";
    private static final String STATISTICS = "org.eclipse.linuxtools.tmf.ui.views.statistics";
    private static final String HISTOGRAM = "org.eclipse.linuxtools.tmf.ui.views.histogram";
    private static IPerspectiveDescriptor before;
    private static TmfTraceElement element;

    @BeforeAll
    static void openTheTrace() {
        ui(() -> Workbench.shell().setBounds(0, 0, 1280, 1000));
        before = ui(() -> Workbench.page().getPerspective());
        TmfProjectElement project = Workbench.tracingProject("LTTbench");
        element = Workbench.openTrace(project, TraceContextMenuTest.shared(TraceContextMenuTest.TRACE),
                Workbench.KERNEL_TRACE_TYPE);
    }

    @AfterAll
    static void backToTheFirstPerspective() {
        ui(() -> {
            IWorkbenchPage page = Workbench.page();
            IViewPart v = page.findView(ProcessTimeTmfView.ID);
            if (v != null) {
                page.hideView(v);
            }
            page.setPerspective(before);
        });
    }

    private static void switchTo(String perspective) {
        ui(() -> {
            IPerspectiveDescriptor d = PlatformUI.getWorkbench().getPerspectiveRegistry().findPerspectiveWithId(perspective);
            assertNotNull(d, perspective);
            Workbench.page().setPerspective(d);
            // as a user who installs LTTbench first opens it (a perspective opened before keeps its saved layout)
            Workbench.page().resetPerspective();
        });
        Workbench.settle();
    }

    private static List<String> stackOf(IViewPart view) {
        return ui(() -> Arrays.stream(Workbench.page().getViewStack(view)).map(v -> v.getSite().getId()).toList());
    }

    @Test
    void inTraceCompassesPerspectiveTheViewsOpenAboveTheEventsTable() throws Exception {
        switchTo(TRACING);
        ui(() -> Workbench.page().showView(STATISTICS));
        Workbench.clickContextMenu(Workbench.select(element), "LTTbench", "Process time");
        ProcessTimeTmfView view = Workbench.view(ProcessTimeTmfView.ID, ProcessTimeTmfView.class);
        Workbench.settle();
        Path shot = Workbench.screenshot("perspective-tracing-process-time");
        assertNotNull(shot);
        List<String> stack = stackOf(view);
        assertTrue(!stack.contains(STATISTICS) && !stack.contains(HISTOGRAM), "a stack of their own: " + stack);
        Point size = ui(() -> view.content().getSize());
        int height = ui(() -> Workbench.shell().getSize().y);
        // Trace Compass's tracing perspective splits its column in four; the views take most of the editor's share
        assertTrue(size.y > height / 5, "a fifth of the window's height at least: " + size + " of " + height);
        ui(() -> Workbench.page().hideView(view));
    }

    @Test
    void lttbenchsPerspectiveGivesTheProcessTimeMostOfTheHeight() throws Exception {
        switchTo(LttbenchPerspective.ID);
        Workbench.clickContextMenu(Workbench.select(element), "LTTbench", "Process time");
        ProcessTimeTmfView view = Workbench.view(ProcessTimeTmfView.ID, ProcessTimeTmfView.class);
        Workbench.settle();
        Point size = ui(() -> view.content().getSize());
        int height = ui(() -> Workbench.shell().getSize().y);
        assertTrue(size.y > height * 2 / 5, "two fifths of the window's height at least: " + size + " of " + height);
        Workbench.screenshot("perspective-lttbench");
        ui(() -> Workbench.page().hideView(view));
    }
}
