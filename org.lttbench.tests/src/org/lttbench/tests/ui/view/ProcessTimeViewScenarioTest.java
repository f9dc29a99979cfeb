package org.lttbench.tests.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lttbench.tests.writer.KernelTraceWriter.STATUS_WAIT;
import static org.lttbench.tests.writer.KernelTraceWriter.STATUS_WAIT_CPU;
import static org.lttbench.tests.writer.KernelTraceWriter.USER_THREAD;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.swt.SWT;
import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.report.Report;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.ui.ChartChecks;
import org.lttbench.tests.ui.SessionProbe;
import org.lttbench.tests.ui.ViewOverTraces;
import org.lttbench.tests.writer.KernelTraceWriter;
import org.lttbench.tests.writer.KernelTracer;
import org.lttbench.ui.chart.ChartModel;
import org.lttbench.ui.table.ReportTreeViewer;
import org.lttbench.ui.view.ProcessTimeView;

/**
 * The process view on a scenario kernel trace (written as real CTF by the test bundle's kernel trace writer) whose
 * times are known by construction: the view shows them.
 */
class ProcessTimeViewScenarioTest {
    static final long PREEMPTED = 0x100;
    static final long SLEEPING = 1;

    /** batch (400) computes, takes a 2 ms interrupt, is preempted by server (300), whose second thread (301) waits 10 ms for the CPU. */
    static void write(Path dir) throws Exception {
        KernelTraceWriter w = new KernelTraceWriter(dir, KernelTracer.lttng(2, 13, "5.15.0-91-generic"),
                List.of("read", "write", "futex"), false);
        w.statedumpStart(1_000, 0);
        w.statedumpProcess(1_100, 0, 400, 400, 1, "batch", USER_THREAD, STATUS_WAIT_CPU, 0);
        w.statedumpProcess(1_200, 0, 300, 300, 1, "server", USER_THREAD, STATUS_WAIT, 0);
        w.statedumpProcess(1_300, 0, 301, 300, 1, "server", USER_THREAD, STATUS_WAIT, 0);
        w.statedumpEnd(1_400, 0);
        w.schedSwitch(2_000, 0, "swapper/0", 0, 0, "batch", 400);
        w.syscallExit(1_000_000, 0, "read", 0);
        w.syscallEntry(41_000_000, 0, "write");
        w.syscallExit(51_000_000, 0, "write", 1);
        w.irqEntry(61_000_000, 0, 30, "eth0");
        w.irqExit(63_000_000, 0, 30);
        w.waking(81_000_000, 0, "server", 300, 0);
        w.wakeup(81_000_050, 0, "server", 300, 0);
        w.schedSwitch(81_500_000, 0, "batch", 400, PREEMPTED, "server", 300);
        w.syscallExit(82_000_000, 0, "futex", 0);
        w.syscallEntry(112_000_000, 0, "futex");
        w.schedSwitch(112_100_000, 0, "server", 300, SLEEPING, "batch", 400);
        w.waking(130_000_000, 0, "server", 301, 0);
        w.wakeup(130_000_050, 0, "server", 301, 0);
        w.schedSwitch(140_000_000, 0, "batch", 400, PREEMPTED, "server", 301);
        w.syscallExit(140_500_000, 0, "futex", 0);
        w.syscallEntry(200_000_000, 0, "read");
        w.close();
    }

    @Test
    void showsTheTimesTheScenarioWasWrittenWith() throws Exception {
        Path dir = TestPaths.workDir("view-scenario");
        write(dir);
        try (var shown = ViewOverTraces.open(1200, 800, ProcessTimeView::new, List.of(dir))) {
            ProcessTimeView view = shown.view();

            Report threads = shown.reference("process");
            Report processes = shown.reference("process", TimeRange.ALL, GroupBy.PROCESS);
            SessionProbe.assertShows(threads.table("threads"), view.threadTable());
            ProcessTimeViewTraceTest.assertTree(processes.table("processes"), threads.table("threads"), view.tree());
            ProcessTimeViewTraceTest.assertChartShows(processes.table("processes"), view.chart().model());
            Report causes = shown.reference("waits", TimeRange.ALL, GroupBy.PROCESS);
            ProcessTimeViewTraceTest.assertWaitChartShows(processes.table("processes"), causes.table("blocked_by_cause"),
                    view.chart().model(), view.waitChart().model());

            // Known by construction: server's second thread waited 10 ms for the CPU (woken at 130 ms, ran at
            // 140 ms), server's first 0.5 ms; batch took a 2 ms interrupt.
            var columns = threads.table("threads");
            ReportTreeViewer.Node server = root(view.tree(), columns.columnIndex("pid"), 300L);
            assertEquals(2, server.children().size());
            ReportTreeViewer.Node second = server.children().stream().filter(n -> n.cells()[0].equals(301L)).findFirst().orElseThrow();
            ReportTreeViewer.Node first = server.children().stream().filter(n -> n.cells()[0].equals(300L)).findFirst().orElseThrow();
            assertEquals(10_000_000L, second.cells()[columns.columnIndex("wait_cpu_ns")]);
            assertEquals(500_000L, first.cells()[columns.columnIndex("wait_cpu_ns")]);
            ChartModel chart = view.chart().model();
            int batch = chart.categories().indexOf("batch (400)");
            int irq = ProcessTimeView.CPU_STATES.indexOf(ProcessTimeView.CPU_STATES.stream().filter(s -> s.key().equals("irq_ns")).findFirst().orElseThrow());
            assertTrue(batch >= 0, chart.categories().toString());
            assertEquals(2.0, chart.series().get(irq).y()[batch], 1e-9);

            // The tree's menu exports both of its tables as CSV.
            Path csv = TestPaths.workDir("view-scenario-csv");
            org.lttbench.ui.export.FileChooser.install(shown.ui().display(), (shell, name, ext) -> csv.resolve(name));
            try {
                for (var item : view.tree().viewer().getTree().getMenu().getItems()) {
                    item.notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
                }
            } finally {
                org.lttbench.ui.export.FileChooser.install(shown.ui().display(), null);
            }
            assertEquals(processes.table("processes").rows().size() + 1, java.nio.file.Files.readAllLines(csv.resolve("processes.csv")).size());
            assertEquals(columns.rows().size() + 1, java.nio.file.Files.readAllLines(csv.resolve("threads.csv")).size());
            assertTrue(java.nio.file.Files.readAllLines(csv.resolve("threads.csv")).get(0).startsWith("tid,pid,name,user_ns"));

            view.tree().viewer().expandAll();
            ChartChecks.assertReadable(view.chart().chart());
            shown.ui().screenshot(view, "process-view-scenario");
        }
    }

    private static ReportTreeViewer.Node root(ReportTreeViewer tree, int pidColumn, long pid) {
        return tree.roots().stream().filter(n -> Long.valueOf(pid).equals(n.cells()[pidColumn])).findFirst().orElseThrow();
    }
}
