package org.lttbench.tests.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.widgets.Event;
import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.WallClock;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.ui.ChartChecks;
import org.lttbench.tests.ui.SessionProbe;
import org.lttbench.tests.ui.ViewOverTraces;
import org.lttbench.ui.chart.ChartModel;
import org.lttbench.ui.compute.AnalysisSession;
import org.lttbench.ui.table.ReportTreeViewer;
import org.lttbench.ui.view.ProcessTimeView;

/** The process view over a real kernel trace, computing in the background, and recomputing for a typed range. */
class ProcessTimeViewTraceTest {

    @Test
    void manyThreadsWholeTraceThenATypedRange() throws Exception {
        try (var shown = ViewOverTraces.open(1400, 900, ProcessTimeView::new, "kernel-many-threads")) {
            ProcessTimeView view = shown.view();
            AnalysisSession session = view.session();

            Report threads = shown.reference("process");
            Report processes = shown.reference("process", TimeRange.ALL, GroupBy.PROCESS);
            SessionProbe.assertShows(threads.table("threads"), view.threadTable());
            assertTree(processes.table("processes"), threads.table("threads"), view.tree());
            assertChartShows(processes.table("processes"), view.chart().model());
            Report causes = shown.reference("waits", TimeRange.ALL, GroupBy.PROCESS);
            assertWaitChartShows(processes.table("processes"), causes.table("blocked_by_cause"), view.chart().model(),
                    view.waitChart().model());
            ChartChecks.assertReadable(view.chart().chart());
            ChartChecks.assertReadable(view.waitChart().chart());
            shown.ui().screenshot(view, "process-view-kernel-many-threads");

            // Type the middle half of the trace (as babeltrace2 prints times) and press Enter.
            TimeRange span = session.span();
            TimeRange half = new TimeRange(span.begin() + span.duration() / 4, span.end() - span.duration() / 4);
            view.rangeBar().beginField().setText(WallClock.format(half.begin()));
            view.rangeBar().endField().setText(WallClock.format(half.end()));
            view.rangeBar().endField().notifyListeners(SWT.DefaultSelection, new Event());
            shown.ui().waitUntil("the results for the typed range", () -> shown.probe().count() == 2, 120);
            assertEquals(half, shown.probe().last().range());

            Report halfThreads = shown.reference("process", half, GroupBy.THREAD);
            Report halfProcesses = shown.reference("process", half, GroupBy.PROCESS);
            assertNotEquals(threads.table("threads").rows().size(), halfThreads.table("threads").rows().size(),
                    "a different range gives different rows (else this test would not see the update)");
            SessionProbe.assertShows(halfThreads.table("threads"), view.threadTable());
            assertTree(halfProcesses.table("processes"), halfThreads.table("threads"), view.tree());
            assertChartShows(halfProcesses.table("processes"), view.chart().model());
            Report halfCauses = shown.reference("waits", half, GroupBy.PROCESS);
            assertWaitChartShows(halfProcesses.table("processes"), halfCauses.table("blocked_by_cause"),
                    view.chart().model(), view.waitChart().model());
            assertEquals(WallClock.format(half.begin()), view.rangeBar().beginField().getText());
            view.tabs().setSelection(1);
            shown.ui().screenshot(view, "process-view-kernel-many-threads-middle-half");
        }
    }

    /** The tree: one root per process row in the process table's order, holding that process's threads. */
    static void assertTree(Table processes, Table threads, ReportTreeViewer tree) {
        assertEquals(processes.rows().size(), tree.roots().size());
        int pid = threads.columnIndex("pid");
        int total = 0;
        for (int i = 0; i < processes.rows().size(); i++) {
            ReportTreeViewer.Node root = tree.roots().get(i);
            assertEquals(processes.cell(i, "pid"), root.cells()[pid]);
            assertEquals(processes.cell(i, "user_ns"), root.cells()[threads.columnIndex("user_ns")]);
            assertEquals(processes.cell(i, "threads"), (long) root.children().size(), "threads of process " + processes.cell(i, "pid"));
            for (ReportTreeViewer.Node child : root.children()) {
                assertEquals(root.cells()[pid], child.cells()[pid]);
            }
            total += root.children().size();
        }
        assertEquals(threads.rows().size(), total, "every thread under its process");
    }

    /**
     * The CPU chart's bars are the process table's user, system and IRQ times in ms (and the running time the trace
     * cannot split), for the processes with the most running time, each ending with its running time as text.
     */
    static void assertChartShows(Table processes, ChartModel chart) {
        int n = chart.categories().size();
        assertTrue(n > 0);
        int running = processes.columnIndex("running_ns");
        int pid = processes.columnIndex("pid");
        List<Object[]> busiest = new java.util.ArrayList<>(processes.rows());
        busiest.removeIf(r -> Long.valueOf(0).equals(r[pid])); // the idle threads' time is not work to rank
        busiest.sort(java.util.Comparator.comparingLong((Object[] r) -> (Long) r[running]).reversed());
        for (int bar = 0; bar < n; bar++) {
            Object[] row = busiest.get(n - 1 - bar); // the busiest is drawn at the top, i.e. last
            assertEquals(row[processes.columnIndex("name")] + " (" + row[processes.columnIndex("pid")] + ")", chart.categories().get(bar));
            // the states' series, and after IRQ the running time the trace cannot split (user and system unknown)
            int series = 0;
            double sum = 0;
            for (ProcessTimeView.State state : ProcessTimeView.CPU_STATES) {
                Long ns = (Long) row[processes.columnIndex(state.key())];
                assertEquals(ns == null ? 0 : ns / 1e6, chart.series().get(series).y()[bar], 1e-9, state.key());
                sum += chart.series().get(series++).y()[bar];
                if (state.key().equals("irq_ns") && series < chart.series().size() && chart.series().get(series).name().equals("User or system")) {
                    boolean unsplit = row[processes.columnIndex("user_ns")] == null;
                    double want = unsplit ? ((Long) row[running] - (Long) row[processes.columnIndex("irq_ns")]) / 1e6 : 0;
                    assertEquals(want, chart.series().get(series).y()[bar], 1e-9, "user or system");
                    sum += chart.series().get(series++).y()[bar];
                }
            }
            assertEquals(series, chart.series().size());
            assertEquals((Long) row[running] / 1e6, sum, 1e-6, "the bar is the running time");
            assertEquals(org.lttbench.core.report.CellFormat.duration((Long) row[running]), chart.barLabels().get(bar));
        }
    }

    /** The wait chart: the same processes, their waits in ms (sums over their threads), each with its thread count. */
    /**
     * The wait chart: per process, each wait state's time; Blocked split into the top causes (the waits analysis's
     * table by cause, computed apart: each cause's series is that process's time in it) and the rest, adding up to
     * Blocked.
     */
    static void assertWaitChartShows(Table processes, Table causes, ChartModel cpu, ChartModel waits) {
        assertEquals(cpu.categories(), waits.categories());
        String blocked = org.lttbench.core.kernel.ThreadState.WAIT_BLOCKED.title();
        List<ChartModel.Series> split = waits.series().stream()
                .filter(s -> s.name().equals(blocked) || s.name().startsWith(blocked + ": ")).toList();
        assertEquals(ProcessTimeView.WAIT_STATES.size() - 1, waits.series().size() - split.size(), "the other wait states");
        assertTrue(!split.isEmpty() && split.size() <= ProcessTimeViewTraceTest.CAUSES + 1, split.toString());
        for (int bar = 0; bar < waits.categories().size(); bar++) {
            Object[] row = null;
            for (Object[] r : processes.rows()) {
                if ((r[processes.columnIndex("name")] + " (" + r[processes.columnIndex("pid")] + ")").equals(waits.categories().get(bar))) {
                    row = r;
                }
            }
            assertTrue(row != null, waits.categories().get(bar));
            for (ProcessTimeView.State state : ProcessTimeView.WAIT_STATES) {
                Long ns = (Long) row[processes.columnIndex(state.key())];
                String title = processes.columns().get(processes.columnIndex(state.key())).title();
                double shown = 0;
                for (ChartModel.Series s : title.equals(blocked) ? split
                        : waits.series().stream().filter(s -> s.name().equals(title)).toList()) {
                    shown += s.y()[bar];
                }
                assertEquals(ns == null ? 0 : ns / 1e6, shown, 1e-6, state.key());
            }
            for (ChartModel.Series s : split) {
                String cause = s.name().startsWith(blocked + ": ") ? s.name().substring(blocked.length() + 2) : null;
                if (cause == null || cause.equals("other causes")) {
                    continue;
                }
                long ns = 0;
                for (Object[] c : causes.rows()) {
                    if (c[causes.columnIndex("pid")].equals(row[processes.columnIndex("pid")])
                            && cause.equals(c[causes.columnIndex("cause")])) {
                        ns += (Long) c[causes.columnIndex("blocked_ns")];
                    }
                }
                assertEquals(ns / 1e6, s.y()[bar], 1e-6, s.name() + " of " + waits.categories().get(bar));
            }
            long threads = (Long) row[processes.columnIndex("threads")];
            assertEquals(threads == 1 ? "1 thread" : String.format(java.util.Locale.ROOT, "%,d threads", threads), waits.barLabels().get(bar));
        }
    }

    /** How many causes the wait chart names (the view's own figure, restated: a change shows here). */
    static final int CAUSES = 4;
}
