package org.lttbench.tests.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.RGB;
import org.junit.jupiter.api.Test;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.diff.DiffCommandTest;
import org.lttbench.tests.diff.FoldedStacksTest;
import org.lttbench.tests.ui.UiHarness;
import org.lttbench.ui.chart.FlameGraph;
import org.lttbench.ui.view.ComparisonView;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * The comparison of two runs as the viewer (and Trace Compass's view) shows it, held to {@code lttbench diff}'s own
 * output on the same two traces: its changes row for row in rank order, and its flame graph frame for frame to the
 * difference file {@code diff --folded} writes (each stack's B per second is its width, B less A its colour).
 */
class ComparisonViewTest {
    private static final Path SRC = TestPaths.trace("kernel-scp-src");
    private static final Path DEST = TestPaths.trace("kernel-scp-dest");

    @Test
    void showsWhatDiffSaysAndItsFlameGraph() throws Exception {
        Path dir = TestPaths.workDir("comparison-view");
        JsonObject diff = DiffCommandTest.json(DiffCommandTest.diff("--format", "json", "--folded", dir.toString(),
                SRC.toString(), DEST.toString()));
        JsonArray changes = diff.getAsJsonArray("changes");
        Map<String, long[]> folded = FoldedStacksTest.read(dir.resolve("diff.folded"));
        try (UiHarness ui = new UiHarness(1280, 800)) {
            ComparisonView view = new ComparisonView(ui.shell(), SWT.NONE);
            ui.open();
            view.compare("kernel-scp-src", () -> CtfTraceSet.open(List.of(SRC)), TimeRange.ALL, "kernel-scp-dest",
                    () -> CtfTraceSet.open(List.of(DEST)), TimeRange.ALL);
            assertTrue(view.busy(), "the runs are read off the UI thread");
            ui.waitUntil("the comparison", () -> !view.busy(), 300);
            assertNotNull(view.shown(), view.status());
            assertTrue(view.status().contains(changes.size() + " figures compared")
                    || view.status().contains(String.format("%,d figures compared", changes.size())), view.status());

            // the changes, row for row as diff ranks them
            Table t = view.changesTable().table();
            assertEquals(changes.size(), t.rows().size());
            int significant = 0;
            for (int i = 0; i < changes.size(); i++) {
                JsonObject c = changes.get(i).getAsJsonObject();
                Object[] row = t.rows().get(i);
                assertEquals(List.of(c.get("analysis").getAsString(), c.get("subject").getAsString(),
                        c.get("figure").getAsString(), c.get("significant").getAsBoolean()),
                        List.of(row[1], row[2], row[3], row[9]), "change " + (i + 1));
                significant += c.get("significant").getAsBoolean() ? 1 : 0;
            }
            assertTrue(significant > 0, "scp's sender and receiver differ");
            ui.screenshotForDocs(ui.shell(), "viewer-diff-changes");

            // the flame graph: each stack of the difference file a frame with its two figures, as wide as its B
            FlameGraph graph = view.flameGraph();
            ((CTabFolder) graph.getParent().getParent()).setSelection(1);
            ui.settle(300);
            List<FlameGraph.Box> boxes = graph.boxes();
            long totalB = folded.values().stream().mapToLong(n -> n[1]).sum();
            long totalA = folded.values().stream().mapToLong(n -> n[0]).sum();
            assertEquals(totalB, boxes.get(0).frame().b(), "the root is all of B's stacks");
            assertEquals(totalA, boxes.get(0).frame().a(), "and of A's");
            double pxPerNs = graph.getClientArea().width / (double) totalB;
            Map<String, FlameGraph.Box> byPath = new HashMap<>();
            boxes.forEach(b -> byPath.put(b.path(), b));
            int drawn = 0;
            for (Map.Entry<String, long[]> s : folded.entrySet()) {
                FlameGraph.Box box = byPath.get("all threads;" + s.getKey());
                if (s.getValue()[1] * pxPerNs < 1.5) {
                    continue; // too narrow to draw
                }
                assertNotNull(box, "a frame for " + s.getKey());
                if (box.frame().children().isEmpty()) {
                    assertEquals(s.getValue()[0], box.frame().a(), s.getKey());
                    assertEquals(s.getValue()[1], box.frame().b(), s.getKey());
                }
                assertEquals(s.getValue()[1] * pxPerNs, box.bounds().width, 1.5, s.getKey());
                drawn++;
            }
            assertTrue(drawn > 5, drawn + " stacks drawn");
            // the frame that changed most is drawn at the full colour of its direction
            FlameGraph.Box most = boxes.stream().skip(1)
                    .max((x, y) -> Long.compare(Math.abs(x.frame().b() - x.frame().a()),
                            Math.abs(y.frame().b() - y.frame().a())))
                    .orElseThrow();
            RGB full = most.frame().b() > most.frame().a() ? new RGB(255, 0, 0) : new RGB(0, 0, 255);
            assertEquals(full, most.fill(), most.path());
            ImageData shot = ui.screenshotForDocs(ui.shell(), "viewer-diff-flame-graph");
            assertTrue(UiHarness.count(shot, full) > 0, "the screen shows it");
            assertFalse(FlameGraph.describe(most).isBlank());
        }
    }

    /** Two ranges of one trace, as {@code view T --against T --against-begin ... --begin ...} compares them. */
    @Test
    void comparesTwoRangesOfOneTraceAsDiffDoes() throws Exception {
        TimeRange whole;
        try (CtfTraceSet set = CtfTraceSet.open(List.of(SRC))) {
            whole = set.span();
        }
        long middle = whole.begin() + whole.duration() / 2;
        TimeRange first = new TimeRange(whole.begin(), middle);
        TimeRange second = new TimeRange(middle, whole.end());
        JsonArray changes = DiffCommandTest.json(DiffCommandTest.diff("--format", "json", "--begin",
                String.valueOf(first.begin()), "--end", String.valueOf(first.end()), "--b-begin",
                String.valueOf(second.begin()), "--b-end", String.valueOf(second.end()), SRC.toString(), SRC.toString()))
                .getAsJsonArray("changes");
        try (UiHarness ui = new UiHarness(1280, 800)) {
            ComparisonView view = new ComparisonView(ui.shell(), SWT.NONE);
            ui.open();
            view.compare("first half", () -> CtfTraceSet.open(List.of(SRC)), first, "second half",
                    () -> CtfTraceSet.open(List.of(SRC)), second);
            ui.waitUntil("the comparison", () -> !view.busy(), 300);
            assertNotNull(view.shown(), view.status());
            Table t = view.changesTable().table();
            assertEquals(changes.size(), t.rows().size());
            for (int i = 0; i < changes.size(); i++) {
                JsonObject c = changes.get(i).getAsJsonObject();
                Object[] row = t.rows().get(i);
                assertEquals(List.of(c.get("subject").getAsString(), c.get("figure").getAsString()),
                        List.of(row[2], row[3]), "change " + (i + 1));
                // each range's own figure: the halves differ, and each is its range's
                for (String[] side : new String[][] { { "a_compared", "4" }, { "b_compared", "5" } }) {
                    Object shown = row[Integer.parseInt(side[1])];
                    if (c.get(side[0]).isJsonNull()) {
                        assertEquals(null, shown, "change " + (i + 1));
                    } else {
                        assertEquals(c.get(side[0]).getAsDouble(), ((Number) shown).doubleValue(),
                                Math.abs(c.get(side[0]).getAsDouble()) * 1e-12, "change " + (i + 1) + " " + side[0]);
                    }
                }
            }
        }
    }
}
