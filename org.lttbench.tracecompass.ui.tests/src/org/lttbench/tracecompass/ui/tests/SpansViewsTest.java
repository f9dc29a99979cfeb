package org.lttbench.tracecompass.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lttbench.tracecompass.ui.tests.Workbench.ui;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.tracecompass.analysis.os.linux.core.signals.TmfThreadSelectedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfWindowRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceElement;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeGraphEntry;
import org.junit.jupiter.api.Test;
import org.lttbench.tracecompass.ui.view.SpansTmfView;
import org.lttbench.tracecompass.ui.view.ThreadSpansView;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.view.SpansView;

import com.google.gson.JsonObject;

/**
 * The spans views in Trace Compass's workbench, opened from the trace's LTTbench menu on {@code ust-ros2} (a real ROS
 * 2 system's UST trace, Trace Compass's own UST type): Spans shows the spans analysis's tables for the whole trace
 * cell by cell as the command line prints them; Spans of a thread, given the thread with the most callbacks as Control
 * Flow would select one, shows that thread's rows (one per span depth) with its spans drawn, over its life and around
 * its slowest span; a slowest span of another thread followed from Spans (as its double-click does) shows that
 * thread there. Screenshots of both (-Dlttbench.docs copies them to docs/).
 */
class SpansViewsTest {
    private static final String TRACE = "ust-ros2";
    private static final String UST_TRACE_TYPE = "org.eclipse.linuxtools.lttng2.ust.tracetype";

    @Test
    void spansViewsShowTheCommandLinesSpans() throws Exception {
        ui(() -> Workbench.shell().setBounds(0, 0, 1280, 1000));
        TmfProjectElement project = Workbench.tracingProject("LTTbench");
        Path path = TraceContextMenuTest.shared(TRACE);
        TmfTraceElement element = Workbench.openTrace(project, path, UST_TRACE_TYPE);
        ITmfTrace trace = ui(() -> element.getTrace());
        assertNotNull(trace);

        Workbench.clickContextMenu(Workbench.select(element), "LTTbench", "Spans");
        SpansTmfView view = Workbench.view(SpansTmfView.ID, SpansTmfView.class);
        assertNull(Views.finished(view, trace).failure());
        ReportSet reports = TraceContextMenuTest.wholeTrace(view, trace);
        assertNull(reports.failure(), reports.failure());
        CommandLine cli = CommandLine.analyze(path, "--analysis", "spans");
        SpansView spans = (SpansView) view.content();
        for (String table : List.of("spans", "spans_slowest")) {
            Views.assertShowsTheCommandLinesTable("Spans: " + table, spans.table(table), cli, table);
        }
        assertTrue(cli.rows("spans").size() > 1, "span names");
        Workbench.screenshotForDocs("tracecompass-spans", view);

        // the thread with the most callbacks, by its vtid (no kernel trace: no kernel TID)
        Map<Long, Integer> perThread = new TreeMap<>();
        List<JsonObject> every = CommandLine.analyze(path, "--analysis", "spans", "--limit", "1000000").rows("spans_slowest");
        for (JsonObject s : every) {
            perThread.merge(s.get("vtid").getAsLong(), 1, Integer::sum);
        }
        long vtid = perThread.entrySet().stream().max(Comparator.comparingInt(Map.Entry::getValue)).orElseThrow().getKey();
        // its slowest span (the rows come longest first)
        long slowest = every.stream().filter(s -> s.get("vtid").getAsLong() == vtid).findFirst().orElseThrow()
                .get("begin").getAsLong();
        Workbench.clickContextMenu(Workbench.select(element), "LTTbench", "Spans of a thread");
        ThreadSpansView timeGraph = Workbench.view(ThreadSpansView.ID, ThreadSpansView.class);
        ui(() -> TmfSignalManager.dispatchSignal(new TmfThreadSelectedSignal(this, (int) vtid, trace)));
        Workbench.waitUntil("the view to take the thread", () -> Long.valueOf(vtid).equals(
                timeGraph.thread() == null ? null : (long) timeGraph.thread()));
        // as a user would: zoom on the thread's spans (its entry spans them), read when the row is seen (the view may
        // build its entries again in between)
        long[] life = new long[2];
        Workbench.waitUntil("the thread's row", () -> ui(() -> {
            ITimeGraphEntry[] shown = timeGraph.getTimeGraphViewer().getExpandedElements();
            if (shown.length == 0 || !shown[0].getName().contains("vtid " + vtid)) {
                return false;
            }
            life[0] = shown[0].getStartTime();
            life[1] = shown[0].getEndTime();
            return true;
        }));
        zoom(timeGraph, trace, life[0], life[1]);
        List<Views.Row> rows = Views.timeGraph(timeGraph, trace);
        assertTrue(rows.get(0).name().contains("vtid " + vtid), rows.get(0).name());
        List<Views.Row> spanRows = rows.stream().filter(r -> r.name().startsWith("Spans")).toList();
        assertTrue(!spanRows.isEmpty() && spanRows.stream().allMatch(Views.Row::states), "span rows drawn: " + rows);
        assertEquals(rows.size() - 1, spanRows.size(), "a row per span depth under the thread (no kernel trace)");
        System.out.println("Spans of a thread: vtid " + vtid + " (" + perThread.get(vtid) + " spans): " + rows);
        // over its whole life a row of thousands of short spans is solid: the screenshot zooms on its slowest span
        zoom(timeGraph, trace, slowest - 4_000_000, slowest + 6_000_000);
        assertTrue(Views.timeGraph(timeGraph, trace).stream().filter(r -> r.name().startsWith("Spans"))
                .allMatch(Views.Row::states), "the spans around the slowest drawn");
        Workbench.screenshotForDocs("tracecompass-thread-spans", timeGraph);

        // a slowest span double-clicked in Spans (its row followed as a double-click does) selects its thread there
        var slowestSpans = spans.table("spans_slowest");
        Object[] row = ui(() -> slowestSpans.shownRows().stream().filter(r -> !Long.valueOf(vtid).equals(
                r[slowestSpans.table().columnIndex("vtid")])).findFirst().orElseThrow());
        long other = (Long) row[slowestSpans.table().columnIndex("vtid")];
        ui(() -> view.followThreadOf(slowestSpans.table(), row));
        Workbench.waitUntil("the view to take the slowest span's thread " + other, () -> ui(() -> {
            ITimeGraphEntry[] shown = timeGraph.getTimeGraphViewer().getExpandedElements();
            return shown.length > 0 && shown[0].getName().contains("vtid " + other);
        }));
    }

    /** Sets Trace Compass's window range, as a user's zoom does, and waits until the view shows it. */
    private void zoom(ThreadSpansView view, ITmfTrace trace, long from, long to) {
        ui(() -> TmfSignalManager.dispatchSignal(new TmfWindowRangeUpdatedSignal(this,
                new TmfTimeRange(TmfTimestamp.fromNanos(from), TmfTimestamp.fromNanos(to)), trace)));
        Workbench.waitUntil("the window from " + from, () -> ui(() -> view.getTimeGraphViewer().getTime0() == from));
    }
}
