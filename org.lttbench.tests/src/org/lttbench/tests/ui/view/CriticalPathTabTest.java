package org.lttbench.tests.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.waits.CriticalPathAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Report;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.ui.SessionProbe;
import org.lttbench.tests.ui.ViewOverTraces;
import org.lttbench.ui.table.ReportTableViewer;
import org.lttbench.ui.view.ProcessTimeView;

/**
 * The process view's Critical path tab: a thread double-clicked in the Threads table has its critical path computed
 * in the background and shown, its time per state and thread and its segments as the analysis gives them run
 * directly, its summary as the tab's line.
 */
class CriticalPathTabTest {

    @Test
    void aDoubleClickedThreadShowsItsCriticalPath() throws Exception {
        List<Path> trace = List.of(TestPaths.trace("kernel-scp-src"));
        long tid = 7422; // ssh: it waits on the network and on other threads
        try (var shown = ViewOverTraces.open(1400, 900, ProcessTimeView::new, trace)) {
            ProcessTimeView view = shown.view();
            assertNull(view.followedThread());
            ReportTableViewer threads = view.threadTable();
            int row = rowOf(threads, tid);
            threads.viewer().getTable().setSelection(row);
            threads.viewer().getTable().notifyListeners(SWT.DefaultSelection, new Event());
            assertEquals(Integer.valueOf((int) tid), view.followedThread());
            shown.ui().waitUntil("the critical path of " + tid, () -> shown.probe().count() == 2, 120);

            Report reference;
            try (TraceSet set = CtfTraceSet.open(trace)) {
                CriticalPathAnalysis path = new CriticalPathAnalysis(AnalysisOptions.DEFAULT.withThread(Long.toString(tid)));
                reference = AnalysisRun.run(set, List.of(path), ProgressListener.NONE).get(0);
            }
            assertTrue(reference.table("critical_path").rows().size() > 1, "a path in more than one state");
            SessionProbe.assertShows(reference.table("critical_path"), view.pathTotals());
            SessionProbe.assertShows(reference.table("critical_path_segments"), view.pathSegments());
            assertEquals(reference.summary(), view.pathLine());
            assertEquals("Critical path", view.tabs().getSelection().getText(), "the tab shows itself");
            shown.ui().screenshot(view, "process-view-critical-path");
        }
    }

    private static int rowOf(ReportTableViewer viewer, long tid) {
        int column = viewer.table().columnIndex("tid");
        List<Object[]> rows = viewer.shownRows();
        for (int r = 0; r < rows.size(); r++) {
            if (Long.valueOf(tid).equals(rows.get(r)[column])) {
                return r;
            }
        }
        throw new AssertionError("no row of thread " + tid);
    }
}
