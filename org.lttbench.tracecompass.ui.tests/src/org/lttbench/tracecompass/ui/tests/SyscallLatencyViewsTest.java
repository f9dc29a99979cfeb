package org.lttbench.tracecompass.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lttbench.tracecompass.ui.tests.Workbench.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.segment.interfaces.INamedSegment;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceElement;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.Test;
import org.lttbench.testing.Widgets;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.latency.SyscallLatencyAnalysis;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.latency.DiskLatencyModule;
import org.lttbench.tracecompass.core.latency.InterruptLatencyModule;
import org.lttbench.tracecompass.core.latency.LatencyStoreModule;
import org.lttbench.tracecompass.core.latency.SchedulingLatencyModule;
import org.lttbench.tracecompass.core.latency.SyscallLatencyModule;

/**
 * Trace Compass's own latency views (its timing.ui table, scatter and statistics views), opened as their outputs under
 * LTTbench's system call latency analysis open them (the view id, LTTbench's module id as secondary id), on
 * {@code kernel-many-threads}: the statistics view lists LTTbench's calls, one row per call of LTTbench's syscalls
 * table, under its Total; screenshots of the three.
 */
class SyscallLatencyViewsTest {
    private static final String TIMING = "org.eclipse.tracecompass.analysis.timing.ui.segstore.";

    @Test
    void traceCompassLatencyViewsShowLttbenchsCalls() throws Exception {
        ITmfTrace trace = openShared("kernel-many-threads");
        assertNotNull(trace.getAnalysisModule(SyscallLatencyModule.ID), "LTTbench's module under the trace");

        IViewPart stats = open("statistics");
        SyscallLatencyModule module = (SyscallLatencyModule) trace.getAnalysisModule(SyscallLatencyModule.ID);
        assertTrue(module.waitForCompletion(), String.valueOf(module.getFailureCause()));
        // the command line's syscalls table (the module's pass leaves it out) over the traces the module read
        Report syscalls = AnalysisRun.run(
                ((LttbenchAnalysisModule) trace.getAnalysisModule(LttbenchAnalysisModule.ID)).results().traces(),
                List.of(SyscallLatencyAnalysis.PROVIDER.create(AnalysisOptions.DEFAULT)), ProgressListener.NONE).get(0);
        Table perCall = syscalls.table("syscalls");
        TreeSet<String> calls = new TreeSet<>();
        for (int r = 0; r < perCall.rows().size(); r++) {
            calls.add((String) perCall.cell(r, "syscall"));
        }
        List<String> shown = totalChildren(stats, calls.size(), "the statistics view's rows per call");
        assertEquals(calls, new TreeSet<>(shown), "one row per call of LTTbench's syscalls table");
        Workbench.screenshot("syscall-latency-statistics", stats);
        Workbench.screenshot("syscall-latency-table", open("table"));
        Workbench.screenshot("syscall-latency-scatter", open("scatter2"));
    }

    /**
     * The other stores (waits for a CPU, interrupt handlers, disk requests) in the same views, on {@code kernel-scp-src}:
     * the statistics view lists one row per name of each store's segments, as the store holds them.
     */
    @Test
    void traceCompassLatencyViewsShowLttbenchsOtherLatencies() throws Exception {
        ITmfTrace trace = openShared("kernel-scp-src");
        for (String id : List.of(SchedulingLatencyModule.ID, InterruptLatencyModule.ID, DiskLatencyModule.ID)) {
            IViewPart stats = open("statistics", id);
            LatencyStoreModule module = (LatencyStoreModule) trace.getAnalysisModule(id);
            assertTrue(module.waitForCompletion(), String.valueOf(module.getFailureCause()));
            TreeSet<String> names = new TreeSet<>();
            for (ISegment segment : module.getSegmentStore()) {
                names.add(((INamedSegment) segment).getName());
            }
            assertFalse(names.isEmpty(), id + " has segments on kernel-scp-src");
            List<String> shown = totalChildren(stats, names.size(), "the statistics view's rows per name of " + id);
            assertEquals(names, new TreeSet<>(shown), "one row per name of " + id);
            Workbench.screenshot(id.substring(id.lastIndexOf('.') + 1) + "-latency-statistics", stats);
        }
        Workbench.screenshot("sched-latency-scatter", open("scatter2", SchedulingLatencyModule.ID));
    }

    /** The shared trace opened in the LTTbench project (in a window of the screenshots' size), once Trace Compass has it. */
    private static ITmfTrace openShared(String name) {
        ui(() -> Workbench.shell().setBounds(0, 0, 1280, 1000));
        TmfProjectElement project = Workbench.tracingProject("LTTbench");
        TmfTraceElement element = Workbench.openTrace(project, TraceContextMenuTest.shared(name),
                Workbench.KERNEL_TRACE_TYPE);
        ITmfTrace trace = ui(() -> element.getTrace());
        assertNotNull(trace);
        return trace;
    }

    /** The statistics view's {@link #totalChildren(IViewPart) rows under Total}, once there are {@code expected}. */
    private static List<String> totalChildren(IViewPart stats, int expected, String what) {
        List<String> shown = new ArrayList<>();
        Workbench.waitUntil(what, () -> {
            shown.clear();
            shown.addAll(ui(() -> totalChildren(stats)));
            return shown.size() == expected;
        });
        return shown;
    }

    private static IViewPart open(String view) {
        return open(view, SyscallLatencyModule.ID);
    }

    private static IViewPart open(String view, String module) {
        return ui(() -> Workbench.page().showView(TIMING + view, module, IWorkbenchPage.VIEW_ACTIVATE));
    }

    /** The labels of the rows under the statistics tree's Total row (one per call name). */
    private static List<String> totalChildren(IViewPart view) {
        List<String> out = new ArrayList<>();
        Tree tree = Widgets.first(((org.eclipse.tracecompass.tmf.ui.views.TmfView) view).getParentComposite(), Tree.class,
                Tree::isVisible);
        if (tree == null) {
            return out;
        }
        for (TreeItem root : tree.getItems()) {
            root.setExpanded(true);
            for (TreeItem item : root.getItems()) {
                if (item.getText(0).equals("Total")) {
                    item.setExpanded(true);
                    for (TreeItem call : item.getItems()) {
                        out.add(call.getText(0));
                    }
                }
            }
        }
        return out;
    }
}
