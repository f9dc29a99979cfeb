package org.lttbench.tracecompass.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lttbench.tracecompass.ui.tests.Workbench.ui;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.tracecompass.tmf.core.signal.TmfSelectionRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceElement;
import org.junit.jupiter.api.Test;
import org.lttbench.core.report.Table;
import org.lttbench.tracecompass.ui.view.ComparisonTmfView;
import org.lttbench.ui.chart.FlameGraph;
import org.lttbench.ui.view.ComparisonView;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * Two opened traces compared in Trace Compass's workbench as a user does it: kernel-scp-src and kernel-scp-dest open,
 * a right-click on dest (B), LTTbench, Changes against another trace, src (A) chosen and compared. The view's changes
 * are {@code lttbench diff --format json A B}'s, row for row in rank order; its flame graph's root holds every stack of
 * both runs. Screenshots of both tabs (-Dlttbench.docs copies them to docs/).
 */
class ComparisonViewsTest {
    @Test
    void comparesTheActiveTraceWithAnotherOpenedOne() throws Exception {
        ui(() -> Workbench.shell().setBounds(0, 0, 1280, 1000));
        TmfProjectElement project = Workbench.tracingProject("LTTbench");
        Path src = TraceContextMenuTest.shared("kernel-scp-src");
        Path dest = TraceContextMenuTest.shared("kernel-scp-dest");
        TmfTraceElement a = Workbench.openTrace(project, src, Workbench.KERNEL_TRACE_TYPE);
        TmfTraceElement b = Workbench.openTrace(project, dest, Workbench.KERNEL_TRACE_TYPE);
        ITmfTrace traceA = ui(() -> a.getTrace());
        assertNotNull(traceA);

        Workbench.clickContextMenu(Workbench.select(b), "LTTbench", "Changes against another trace");
        ComparisonTmfView view = Workbench.view(ComparisonTmfView.ID, ComparisonTmfView.class);
        Workbench.waitUntil("the other opened trace to be offered", () -> ui(() -> view.choices().contains(traceA)));
        ui(() -> view.compareWith(traceA));
        ComparisonView content = view.content();
        Workbench.waitUntil("the comparison", () -> ui(() -> content.shown() != null || !content.busy()));
        assertNotNull(ui(() -> content.shown()), ui(() -> content.status()));

        JsonArray changes = CommandLine.diff(src, dest).getAsJsonArray("changes");
        Table shown = ui(() -> content.changesTable().table());
        assertEquals(changes.size(), shown.rows().size(), "every figure diff compares");
        for (int i = 0; i < changes.size(); i++) {
            JsonObject c = changes.get(i).getAsJsonObject();
            Object[] row = shown.rows().get(i);
            assertEquals(List.of(c.get("analysis").getAsString(), c.get("subject").getAsString(),
                    c.get("figure").getAsString(), c.get("significant").getAsBoolean()),
                    List.of(row[1], row[2], row[3], row[9]), "change " + (i + 1));
        }
        assertTrue(changes.asList().stream().anyMatch(c -> c.getAsJsonObject().get("significant").getAsBoolean()),
                "scp's sender and receiver differ");
        Workbench.screenshotForDocs("tracecompass-changes", view);

        FlameGraph graph = content.flameGraph();
        ui(() -> ((org.eclipse.swt.custom.CTabFolder) graph.getParent().getParent()).setSelection(1));
        Workbench.settle();
        List<FlameGraph.Box> boxes = ui(() -> graph.boxes());
        assertTrue(boxes.size() > 5, boxes.size() + " frames");
        assertEquals(content.shown().stacksB().perSecond().values().stream().mapToLong(Long::longValue).sum(),
                boxes.get(0).frame().b(), "the root holds every stack of B");
        Workbench.screenshotForDocs("tracecompass-changes-flame-graph", view);
    }

    /**
     * Two ranges of one trace, as a user compares them: the first half of kernel-scp-src selected and marked as A, the
     * second half selected as B. The changes are {@code lttbench diff --begin --end --b-begin --b-end}'s of the same
     * nanoseconds, row for row.
     */
    @Test
    void comparesTwoRangesOfOneTrace() throws Exception {
        ui(() -> Workbench.shell().setBounds(0, 0, 1280, 1000));
        TmfProjectElement project = Workbench.tracingProject("LTTbench");
        Path src = TraceContextMenuTest.shared("kernel-scp-src");
        TmfTraceElement element = Workbench.openTrace(project, src, Workbench.KERNEL_TRACE_TYPE);
        ITmfTrace trace = ui(() -> element.getTrace());
        Workbench.clickContextMenu(Workbench.select(element), "LTTbench", "Changes against another trace");
        ComparisonTmfView view = Workbench.view(ComparisonTmfView.ID, ComparisonTmfView.class);
        Workbench.waitUntil("the trace to be B", () -> ui(() -> view.traceB() == trace));
        long begin = trace.getStartTime().toNanos();
        long end = trace.getEndTime().toNanos();
        long middle = begin + (end - begin) / 2;

        select(trace, begin, middle);
        ui(view::markSelectionAsA);
        assertTrue(ui(() -> view.choiceLabels().get(0)).startsWith("B's range "), ui(() -> view.choiceLabels()).toString());
        select(trace, middle, end);
        ui(view::compareWithMarked);
        ComparisonView content = view.content();
        Workbench.waitUntil("the comparison", () -> ui(() -> content.shown() != null || !content.busy()));
        assertNotNull(ui(() -> content.shown()), ui(() -> content.status()));

        JsonArray changes = CommandLine.diff(src, src, "--begin", String.valueOf(begin), "--end",
                String.valueOf(middle), "--b-begin", String.valueOf(middle), "--b-end", String.valueOf(end))
                .getAsJsonArray("changes");
        Table shown = ui(() -> content.changesTable().table());
        assertEquals(changes.size(), shown.rows().size(), "every figure diff compares");
        for (int i = 0; i < changes.size(); i++) {
            JsonObject c = changes.get(i).getAsJsonObject();
            Object[] row = shown.rows().get(i);
            assertEquals(List.of(c.get("subject").getAsString(), c.get("figure").getAsString()), List.of(row[2], row[3]),
                    "change " + (i + 1));
            // each range's own figure (the halves differ), as diff compares them
            assertEquals(c.get("a_compared").isJsonNull() ? null : c.get("a_compared").getAsDouble(),
                    row[4] == null ? null : ((Number) row[4]).doubleValue(), "change " + (i + 1) + " in A");
            assertEquals(c.get("b_compared").isJsonNull() ? null : c.get("b_compared").getAsDouble(),
                    row[5] == null ? null : ((Number) row[5]).doubleValue(), "change " + (i + 1) + " in B");
        }
        assertTrue(changes.size() > 10, changes.size() + " figures compared");
        Workbench.screenshotForDocs("tracecompass-changes-ranges", view);
    }

    /** Selects a time range of the trace, as a drag in a time view does. */
    private static void select(ITmfTrace trace, long begin, long end) {
        TmfSignalManager.dispatchSignal(new TmfSelectionRangeUpdatedSignal(ComparisonViewsTest.class,
                TmfTimestamp.fromNanos(begin), TmfTimestamp.fromNanos(end), trace));
        Workbench.settle();
    }
}
