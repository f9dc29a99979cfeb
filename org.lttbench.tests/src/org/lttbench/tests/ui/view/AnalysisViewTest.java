package org.lttbench.tests.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.report.ChartSchema;
import org.lttbench.core.report.Report;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.ui.ChartChecks;
import org.lttbench.tests.ui.SessionProbe;
import org.lttbench.tests.ui.UiHarness;
import org.lttbench.ui.view.AnalysisView;
import org.lttbench.ui.viewer.StandaloneViewer;

/**
 * An analysis with no view of its own (the cpu analysis) shows in the viewer as it declares itself: a tab with its
 * declared charts, a line per CPU, and its tables, each holding what the analysis's own report holds.
 */
class AnalysisViewTest {

    @Test
    void theCpuAnalysisHasATabOfItsDeclaredChartsAndTables() throws Exception {
        List<Path> trace = List.of(TestPaths.repository().resolve("examples/kernel-demo"));
        StandaloneViewer viewer = SessionProbe.viewer(trace);
        try (UiHarness ui = new UiHarness(10, 10)) {
            SessionProbe probe = SessionProbe.openAndWait(ui, viewer);
            assertNull(probe.last().failure());
            AnalysisView cpu = viewer.analysisViews().stream().filter(v -> v.analysis().equals("cpu")).findFirst()
                    .orElseThrow();
            Report reference = SessionProbe.reference(trace, "cpu");
            SessionProbe.assertShows(reference.table("cpus"), cpu.table("cpus"));
            List<ChartSchema> declared = Analyses.byName("cpu").charts();
            assertEquals(declared.size(), cpu.charts().size());
            for (int i = 0; i < declared.size(); i++) {
                var model = cpu.charts().get(i).model();
                assertEquals(declared.get(i).title(), model.title());
                assertEquals(List.of("CPU 0", "CPU 1"), model.series().stream().map(s -> s.name()).toList(), "a line per CPU");
            }
            for (var item : viewer.tabs().getItems()) {
                if (item.getControl() == cpu) {
                    viewer.tabs().setSelection(item);
                }
            }
            ui.settle(300);
            assertTrue(cpu.isVisible());
            ChartChecks.assertReadable(cpu.charts().get(0).chart());
            ui.screenshotForDocs(viewer.shell(), "viewer-kernel-demo-cpu-usage");
        }
    }
}
