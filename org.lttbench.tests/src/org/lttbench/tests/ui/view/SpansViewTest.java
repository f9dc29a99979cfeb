package org.lttbench.tests.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.widgets.Display;
import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.analysis.spans.SpanDefinition;
import org.lttbench.core.analysis.spans.SpansAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.Comparisons;
import org.lttbench.tests.Comparisons.Reference;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.analysis.spans.Bt2Callbacks;
import org.lttbench.tests.analysis.spans.SpanScenarios;
import org.lttbench.tests.ui.ChartChecks;
import org.lttbench.tests.ui.SessionProbe;
import org.lttbench.tests.ui.UiHarness;
import org.lttbench.tests.writer.KernelTracer;
import org.lttbench.ui.chart.ChartModel;
import org.lttbench.ui.view.ProcessTimeView;
import org.lttbench.ui.view.SpansView;
import org.lttbench.ui.viewer.StandaloneViewer;

/**
 * The viewer's Spans tab on {@link SpanScenarios}' session (a kernel and a user-space trace on one clock, the
 * requests given as with {@code --span}): every table of the spans analysis as the analysis gives it run directly,
 * cell by cell, and the charts' bars adding up to those tables' figures; with the user-space trace alone, wall times
 * only; with the kernel trace alone, no Spans tab.
 */
public class SpansViewTest {
    private static final List<SpanDefinition> REQUEST = List.of(SpanDefinition.parse(SpanScenarios.REQUEST));

    private static List<Path> session() throws Exception {
        KernelTracer tracer = SpanScenarios.TRACERS.get(SpanScenarios.TRACERS.size() - 1);
        Path kernel = TestPaths.workDir("spans-view/kernel");
        Path ust = TestPaths.workDir("spans-view/ust");
        SpanScenarios.kernel(kernel, tracer);
        SpanScenarios.ust(ust);
        return List.of(kernel, ust);
    }

    /** The spans analysis run directly (not through any view code), with these span definitions. */
    private static Report reference(List<Path> traces, List<SpanDefinition> definitions) throws Exception {
        try (CtfTraceSet set = CtfTraceSet.open(traces)) {
            SpansAnalysis spans = new SpansAnalysis(new AnalysisOptions(TimeRange.ALL, GroupBy.THREAD).withSpans(definitions));
            assertNull(spans.whyNotApplicable(set));
            return AnalysisRun.run(set, List.of(spans), ProgressListener.NONE).get(0);
        }
    }

    private static StandaloneViewer open(UiHarness ui, List<Path> traces, List<SpanDefinition> definitions) {
        StandaloneViewer viewer = new StandaloneViewer(Display.getDefault(), "spans", () -> CtfTraceSet.open(traces), definitions);
        assertNull(SessionProbe.openAndWait(ui, viewer).last().failure());
        return viewer;
    }

    private static List<String> tabTitles(StandaloneViewer viewer) {
        return Arrays.stream(viewer.tabs().getItems()).map(i -> i.getText()).toList();
    }

    @Test
    void kernelAndUserSpaceSession() throws Exception {
        List<Path> traces = session();
        Report reference = reference(traces, REQUEST);
        try (UiHarness ui = new UiHarness(10, 10)) {
            StandaloneViewer viewer = open(ui, traces, REQUEST);
            try {
                assertEquals(List.of("What stands out", "Process time", "Latency", "Spans", "Tracepoint overhead",
                        "Discarded events", "CPU usage"), tabTitles(viewer));
                assertEquals(0, viewer.tabs().getSelectionIndex(), "it opens on what stands out");
                SpansView view = viewer.spansView();
                viewer.tabs().setSelection(viewer.spansTab());
                assertShowsTheAnalysis(view, reference);
                assertTrue(view.statusText().startsWith(reference.summary()), view.statusText());

                // Per span name, the bars add up to each name's wall time, part by part, Blocked by cause.
                Table perName = reference.table("spans");
                ChartModel names = view.namesChart().model();
                assertTrue(names.yTitle().endsWith("(µs)"), names.yTitle());
                assertEquals(List.of("0x405000", "0x403000", "0x402000", "0x404000", "0x401000", "request"),
                        names.categories(), "the most wall time at the top");
                for (int row = 0; row < perName.rows().size(); row++) {
                    int bar = names.categories().indexOf(perName.cell(row, "span"));
                    double stacked = 0;
                    for (ChartModel.Series s : names.series()) {
                        stacked += s.y()[bar];
                    }
                    assertEquals(((Long) perName.cell(row, "wall_ns")) / 1e3, stacked, 1e-9, "bar " + bar);
                }
                int request = names.categories().indexOf("request");
                assertEquals(28.9, series(names, "User").y()[request], 1e-9);
                assertEquals(8.2, series(names, "Wait I/O").y()[request], 1e-9);
                assertEquals(8.5, series(names, "Blocked: reading a pipe").y()[request], 1e-9);
                assertEquals(3.9, series(names, "Blocked: sleeping by choice (nanosleep)").y()[request], 1e-9);
                assertEquals(ProcessTimeView.rgb(ThreadState.USER), series(names, "User").color());
                assertEquals(ProcessTimeView.rgb(ThreadState.WAIT_CPU), series(names, "Wait CPU").color());
                assertEquals("5 spans, 60.0 µs", names.barLabels().get(request));

                // The slowest spans, each split into its parts, the slowest at the top.
                Table slow = reference.table("spans_slowest");
                ChartModel slowest = view.slowestChart().model();
                int n = Math.min(SpansView.TOP, slow.rows().size());
                assertEquals(n, slowest.categories().size());
                for (int row = 0; row < n; row++) {
                    int bar = n - 1 - row;
                    assertTrue(slowest.categories().get(bar).startsWith((row + 1) + ". " + slow.cell(row, "span")),
                            slowest.categories().get(bar));
                    for (ChartModel.Series s : slowest.series()) {
                        String key = SpansAnalysis.PARTS.stream()
                                .filter(k -> slow.columns().get(slow.columnIndex(k)).title().equals(s.name())).findFirst()
                                .orElseThrow();
                        assertEquals((Long) slow.cell(row, key) / 1e3, s.y()[bar], 1e-9, s.name() + " of slowest " + row);
                    }
                }

                // Drawn: the charts are readable, and the biggest parts' bars are on screen in their colours.
                ui.settle(300);
                ChartChecks.assertReadable(view.namesChart().chart());
                ChartChecks.assertReadable(view.slowestChart().chart());
                ImageData png = ui.screenshotForDocs(viewer.shell(), "viewer-spans-scenario");
                for (String part : List.of("User", "Wait I/O", "Blocked: reading a pipe")) {
                    assertTrue(UiHarness.countNear(png, ChartChecks.barPixel(view.namesChart().chart(),
                            series(names, part).color()), 3) > 100, "bars of " + part);
                }
            } finally {
                viewer.shell().dispose();
            }
        }
    }

    @Test
    void userSpaceTraceAloneHasSpansWithWallTimesOnly() throws Exception {
        List<Path> traces = session().subList(1, 2);
        Report reference = reference(traces, REQUEST);
        try (UiHarness ui = new UiHarness(10, 10)) {
            StandaloneViewer viewer = open(ui, traces, REQUEST);
            try {
                SpansView view = openSpansTab(ui, viewer, reference);
                ChartModel names = view.namesChart().model();
                assertEquals(List.of("Wall (no kernel trace to split it)"), names.series().stream().map(s -> s.name()).toList());
                assertEquals(60.0, names.series().get(0).y()[names.categories().indexOf("request")], 1e-9);
            } finally {
                viewer.shell().dispose();
            }
        }
    }

    @Test
    void kernelTraceAloneHasNoSpansTab() throws Exception {
        List<Path> traces = session().subList(0, 1);
        try (UiHarness ui = new UiHarness(10, 10)) {
            StandaloneViewer viewer = open(ui, traces, REQUEST);
            try {
                assertEquals(List.of("What stands out", "Process time", "Latency", "Tracepoint overhead", "Discarded events",
                        "CPU usage"), tabTitles(viewer));
                assertNull(viewer.spansTab());
                assertFalse(viewer.spansView().isVisible());
            } finally {
                viewer.shell().dispose();
            }
        }
    }

    /**
     * A real ROS 2 system (ust-ros2, no kernel trace), no --span: the Spans tab shows its callbacks, every table as the
     * analysis gives it, the bars labelled with the callbacks' symbols shortened, each one apart.
     */
    @Test
    void ros2CallbacksOfARealTrace() throws Exception {
        List<Path> traces = List.of(TestPaths.trace("ust-ros2"));
        Report reference = reference(traces, List.of());
        try (UiHarness ui = new UiHarness(10, 10)) {
            StandaloneViewer viewer = open(ui, traces, List.of());
            try {
                SpansView view = openSpansTab(ui, viewer, reference);
                ChartModel names = view.namesChart().model();
                assertEquals(reference.table("spans").rows().size(), names.categories().size());
                assertEquals(names.categories().size(), names.categories().stream().distinct().count(), names.categories().toString());
                assertTrue(names.categories().stream().allMatch(c -> c.length() <= SpansView.MAX_LABEL), names.categories().toString());
                assertTrue(names.categories().contains("SinkNode::SinkNode(…)::{lambda(…)#1}"), names.categories().toString());
                // SinkNode's callback: its runs that ended and their time, as babeltrace2's events give them
                long[] sink = Bt2Callbacks.of(traces.get(0)).ended("SinkNode::SinkNode(");
                String label = String.format(Locale.ROOT, "%,d spans, %d ms", sink[0], Math.round(sink[1] / 1e6));
                assertTrue(names.barLabels().contains(label), label + " in " + names.barLabels());
                Comparisons.count(Reference.BABELTRACE2, 2,
                        "SpansViewTest: SinkNode's ended callbacks and their time on ust-ros2");
                ui.settle(300);
                ChartChecks.assertReadable(view.namesChart().chart());
                ChartChecks.assertReadable(view.slowestChart().chart());
                ui.screenshotForDocs(viewer.shell(), "viewer-ust-ros2-spans");
                // The symbols' column is cut so that the figures beside it stay in the window (its tooltips say it whole).
                var perName = view.table("spans");
                int right = 0;
                for (int c = 0; c < perName.table().columns().size(); c++) {
                    right += perName.isShown(c) ? perName.viewer().getTable().getColumn(c).getWidth() : 0;
                }
                assertTrue(right < perName.getSize().x, "headline columns fit: " + right + " px in " + perName.getSize().x);
            } finally {
                viewer.shell().dispose();
            }
        }
    }

    /**
     * From what stands out (where the viewer opens), to the Spans tab: it shows every table of the analysis as the
     * reference run made them.
     */
    private static SpansView openSpansTab(UiHarness ui, StandaloneViewer viewer, Report reference) {
        SpansView view = viewer.spansView();
        assertEquals(viewer.summaryView(), viewer.tabs().getSelection().getControl(), "it opens on what stands out");
        viewer.tabs().setSelection(viewer.spansTab());
        ui.settle(300);
        assertShowsTheAnalysis(view, reference);
        return view;
    }

    /** Every table of the analysis (but its charts' data), in the report's order, cell by cell. */
    private static void assertShowsTheAnalysis(SpansView view, Report reference) {
        List<String> keys = new ArrayList<>();
        for (Table t : reference.tables()) {
            if (!t.isChartData()) {
                keys.add(t.key());
            }
        }
        assertEquals(keys, view.tableKeys());
        for (String key : keys) {
            SessionProbe.assertShows(reference.table(key), view.table(key));
        }
        assertFalse(reference.table("spans").rows().isEmpty());
    }

    private static ChartModel.Series series(ChartModel model, String name) {
        return model.series().stream().filter(s -> s.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no series " + name + " in " + model.series().stream().map(s -> s.name()).toList()));
    }
}
