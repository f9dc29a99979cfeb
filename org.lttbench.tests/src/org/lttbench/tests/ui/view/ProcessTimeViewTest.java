package org.lttbench.tests.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.ISeries;
import org.junit.jupiter.api.Test;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.tests.ui.ChartChecks;
import org.lttbench.tests.ui.ReportFixtures;
import org.lttbench.tests.ui.SessionProbe;
import org.lttbench.tests.ui.UiHarness;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.table.ReportTreeViewer;
import org.lttbench.ui.view.ProcessTimeView;

/** The process view renders exactly the process reports it is given (hand-built here; real traces in other tests). */
class ProcessTimeViewTest {

    @Test
    void showsTheModelInTableTreeAndChart() throws Exception {
        Report[] reports = ReportFixtures.processReports();
        Table threads = reports[0].table("threads");
        Table processes = reports[1].table("processes");
        try (UiHarness ui = new UiHarness(1280, 860)) {
            ProcessTimeView view = SessionProbe.showing(ui, ProcessTimeView::new, reports[0], reports[1], ReportFixtures.lossyDiscardedReport());

            // Table: every cell as CellFormat writes the model's value, in the analysis's order.
            var table = view.threadTable();
            SessionProbe.assertShows(threads, table);
            // Headers are titles; the cells carry their units (checked cell by cell above).
            TableColumn user = table.viewer().getTable().getColumn(threads.columnIndex("user_ns"));
            assertEquals("User", user.getText());

            // Clicking a header sorts by its raw values, largest first; a second click reverses.
            int wio = threads.columnIndex("wait_io_ns");
            table.viewer().getTable().getColumn(wio).notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
            ui.pump();
            assertSorted(table.shownRows(), wio, true);
            assertEquals("dd", table.cellText(0, threads.columnIndex("name")));
            table.viewer().getTable().getColumn(wio).notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
            ui.pump();
            assertSorted(table.shownRows(), wio, false);

            // Tree: one root per process, holding exactly that process's threads.
            ReportTreeViewer tree = view.tree();
            assertEquals(processes.rows().size(), tree.roots().size());
            int pidCol = threads.columnIndex("pid");
            for (ReportTreeViewer.Node root : tree.roots()) {
                long pid = (Long) root.cells()[pidCol];
                long expected = threads.rows().stream().filter(r -> (Long) r[pidCol] == pid).count();
                assertEquals(expected, root.children().size(), "threads of " + pid);
                for (ReportTreeViewer.Node child : root.children()) {
                    assertEquals(pid, child.cells()[pidCol]);
                }
            }
            // A process row shows the process table's figures.
            int procUser = processes.columnIndex("user_ns");
            assertEquals(processes.rows().get(0)[procUser], tree.roots().get(0).cells()[threads.columnIndex("user_ns")]);

            // Charts: who used the CPU (user, system, IRQ), and how the same processes waited; a series per state,
            // legend entries, axis titles with units, top processes only.
            Chart chart = view.chart().chart();
            Chart waits = view.waitChart().chart();
            assertEquals(ProcessTimeView.CPU_STATES.size(), chart.getSeriesSet().getSeries().length);
            assertEquals(ProcessTimeView.WAIT_STATES.size(), waits.getSeriesSet().getSeries().length);
            for (Chart c : List.of(chart, waits)) {
                for (ISeries<?> s : c.getSeriesSet().getSeries()) {
                    Rectangle bounds = c.getLegend().getBounds(s.getId());
                    assertNotNull(bounds, "legend entry for " + s.getId());
                    assertTrue(bounds.width > 0 && bounds.height > 0, "legend entry for " + s.getId() + " is drawn");
                }
                assertEquals("Process (PID)", c.getAxisSet().getXAxis(0).getTitle().getText());
            }
            assertEquals("CPU time (ms)", chart.getAxisSet().getYAxis(0).getTitle().getText());
            assertEquals("Time waiting, all threads (ms)", waits.getAxisSet().getYAxis(0).getTitle().getText());
            String[] categories = chart.getAxisSet().getXAxis(0).getCategorySeries();
            // As many of the top processes as fit with readable labels, the busiest drawn at the top (last).
            assertTrue(categories.length >= 5 && categories.length <= ProcessTimeView.TOP, List.of(categories).toString());
            int running = processes.columnIndex("running_ns");
            int pidColumn = processes.columnIndex("pid");
            List<Object[]> busiest = processes.rows().stream().filter(r -> !Long.valueOf(0).equals(r[pidColumn])) // idle: not work
                    .sorted(java.util.Comparator.comparingLong((Object[] r) -> (Long) r[running]).reversed()).toList();
            List<String> busiestFirst = busiest.stream()
                    .map(r -> r[processes.columnIndex("name")] + " (" + r[processes.columnIndex("pid")] + ")").toList();
            List<String> shown = new ArrayList<>(List.of(categories));
            java.util.Collections.reverse(shown);
            assertEquals(busiestFirst.subList(0, categories.length), shown);
            assertEquals(List.of(categories), List.of(waits.getAxisSet().getXAxis(0).getCategorySeries()), "the same processes");
            // Each CPU bar ends with its total, as the tables write it; each wait bar with its thread count.
            List<String> totals = new ArrayList<>(view.chart().model().barLabels());
            java.util.Collections.reverse(totals);
            for (int i = 0; i < categories.length; i++) {
                assertEquals(org.lttbench.core.report.CellFormat.duration((Long) busiest.get(i)[running]), totals.get(i));
            }
            assertTrue(view.waitChart().model().barLabels().stream().allMatch(l -> l.matches("[\\d,]+ threads?")),
                    view.waitChart().model().barLabels().toString());

            ChartChecks.assertReadable(chart);
            ChartChecks.assertReadable(waits);
            // The banner says the range lost events, in one sentence.
            assertTrue(view.banner().showsLoss());
            assertTrue(view.banner().text().startsWith("This range lost 123 events"), view.banner().text());

            ImageData png = ui.screenshot(view, "process-view-fixture");
            // Every state's colour is in a legend; the bars of every state wide enough to see are drawn in it.
            for (Chart c : List.of(chart, waits)) {
                var model = (c == chart ? view.chart() : view.waitChart()).model();
                List<ProcessTimeView.State> states = c == chart ? ProcessTimeView.CPU_STATES : ProcessTimeView.WAIT_STATES;
                double axisMax = c.getAxisSet().getYAxis(0).getRange().upper;
                for (int i = 0; i < states.size(); i++) {
                    ProcessTimeView.State s = states.get(i);
                    assertTrue(UiHarness.count(png, s.color()) >= 50, "legend swatch of " + s.key());
                    double widest = java.util.Arrays.stream(model.series().get(i).y()).max().orElse(0);
                    if (widest > axisMax * 0.02) {
                        assertTrue(UiHarness.countNear(png, ChartChecks.barPixel(c, s.color()), 3) > 100, "bars of " + s.key());
                    }
                }
            }
            view.tabs().setSelection(1);
            ui.pump();
            ui.screenshot(view, "process-view-fixture-threads");
        }
    }

    /**
     * Why there are no process times is said once: a failure in the status line (red), an analysis that does not
     * apply in the notice where the charts and tables were.
     */
    @Test
    void saysWhyThereAreNoProcessTimesOnce() throws Exception {
        try (UiHarness ui = new UiHarness(1280, 860)) {
            ProcessTimeView view = new ProcessTimeView(ui.shell(), SWT.NONE);
            ui.open();
            String failure = "trace/channel0_0 at byte 786432: the packet declares 262144 bytes but the file has 213568";
            view.setReports(ReportSet.failed(ReportFixtures.RANGE, failure));
            ui.pump();
            assertEquals("Could not analyse the traces: " + failure, view.statusText());
            assertEquals("", view.noticeText());

            String why = "the process analysis needs an LTTng kernel trace with sched_switch events";
            view.setReports(new ReportSet(ReportFixtures.RANGE, List.of(), java.util.Map.of("process", why), null));
            ui.pump();
            assertEquals("No process times: " + why, view.noticeText());
            assertTrue(!view.statusText().contains(why), view.statusText());
        }
    }

    private static void assertSorted(List<Object[]> rows, int column, boolean descending) {
        List<Long> values = new ArrayList<>();
        for (Object[] r : rows) {
            values.add((Long) r[column]);
        }
        for (int i = 1; i < values.size(); i++) {
            int c = Long.compare(values.get(i - 1), values.get(i));
            assertTrue(descending ? c >= 0 : c <= 0, "sorted " + (descending ? "down" : "up") + " at " + i + ": " + values);
        }
    }
}
