package org.lttbench.tests.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.swt.graphics.ImageData;
import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.Comparisons;
import org.lttbench.tests.Comparisons.Reference;
import org.lttbench.tests.ReferenceOutput;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.ui.ChartChecks;
import org.lttbench.tests.ui.SessionProbe;
import org.lttbench.tests.ui.UiHarness;
import org.lttbench.ui.chart.ChartModel;
import org.lttbench.ui.view.LatencyView;
import org.lttbench.ui.view.LatencyView.Category;
import org.lttbench.ui.viewer.StandaloneViewer;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The viewer's Latency tab on kernel-scp-src (interrupts, waits for a CPU and disk requests; no system call events):
 * each category shows its analysis's tables as the analysis gives them run directly, cell by cell, and its histogram
 * draws the analysis's buckets; a range typed in the range bar recomputes them all.
 */
public class LatencyViewTest {

    private static final List<Path> TRACE = List.of(TestPaths.trace("kernel-scp-src"));

    @Test
    void kernelScpSrcWholeTraceThenATypedRange() throws Exception {
        StandaloneViewer viewer = SessionProbe.viewer(TRACE);
        try (UiHarness ui = new UiHarness(10, 10)) {
            SessionProbe probe = SessionProbe.openAndWait(ui, viewer);
            LatencyView view = viewer.latencyView();
            viewer.tabs().setSelection(List.of(viewer.tabs().getItems()).stream().filter(i -> i.getControl() == view).findFirst().orElseThrow());
            ui.settle(300);

            // No system call events in this trace: the tab says why in place of an empty chart and tables, and the view
            // opens on the first category the trace can tell.
            Category syscalls = LatencyView.category("syscalls");
            assertEquals("irq", view.shown().analysis());
            assertEquals("No system call latency: the kernel trace has no system call events "
                    + "(record them: lttng enable-event -k --syscall -a)", view.line(syscalls));
            for (String key : view.tableKeys(syscalls)) {
                assertEquals(0, view.table(syscalls, key).viewer().getTable().getItemCount(), key);
            }
            assertTrue(view.statusText().startsWith("The figures cover 23.0 s, from "), view.statusText());
            assertTrue(view.statusText().endsWith("; the syscalls analysis does not apply (why below)"), view.statusText());

            for (String analysis : List.of("irq", "sched", "io")) {
                assertShowsTheAnalysis(view, LatencyView.category(analysis), TimeRange.ALL);
            }
            // What the histograms are counted for, by name: each handler's, kind's, device's runs, as babeltrace2's
            // events give them (the disk's 53 writes are held to babeltrace2 by LatencyRealTraceTest).
            long[] bt2 = bt2Counts(TRACE.get(0));
            assertEquals(bt2[0], seriesTotal(view, "irq", "softirq 1 TIMER"), "timer softirqs");
            assertEquals(bt2[1], seriesTotal(view, "sched", "woken"), "waits from a wakeup");
            assertEquals(bt2[2], seriesTotal(view, "sched", "preempted"), "waits from a preemption");
            assertEquals(53.0, seriesTotal(view, "io", "8:0 write"));
            Comparisons.count(Reference.BABELTRACE2, 3, "LatencyViewTest: timer softirqs, woken and preempted waits");

            // The histogram is drawn: every series big enough to see has its bars on screen, in its colour.
            for (String analysis : List.of("sched", "irq", "io")) {
                Category c = LatencyView.category(analysis);
                view.show(c);
                // The longest waits and their wakers in the docs' picture.
                view.showTable(c, analysis.equals("sched") ? "sched_latency_longest" : view.tableKeys(c).get(0));
                ui.settle(300);
                var chart = view.histogram(c).chart();
                ChartChecks.assertReadable(chart);
                ImageData png = analysis.equals("sched")
                        ? ui.screenshotForDocs(viewer.shell(), "viewer-kernel-scp-src-latency")
                        : ui.screenshot(viewer.shell(), "latency-view-kernel-scp-src-" + analysis);
                double top = view.histogram(c).model().valueExtent()[1];
                for (ChartModel.Series s : view.histogram(c).model().series()) {
                    if (java.util.Arrays.stream(s.y()).max().orElse(0) >= top / 10) {
                        assertTrue(UiHarness.countNear(png, ChartChecks.barPixel(chart, s.color()), 3) > 100,
                                analysis + ": bars of " + s.name());
                    }
                }
            }

            // A typed range: every category recomputed over it, as the analyses give it for that range.
            TimeRange part = probe.typeTheMiddleThird(ui, view, viewer.session().span(), 120);
            for (String analysis : List.of("irq", "sched", "io")) {
                assertShowsTheAnalysis(view, LatencyView.category(analysis), part);
            }
            assertTrue(seriesTotal(view, "irq", "softirq 1 TIMER") < bt2[0], "fewer timer softirqs in a third of the trace");
            assertEquals("io", view.shown().analysis(), "a new range keeps the category shown");
        } finally {
            UiHarness.close(viewer.shell());
        }
    }

    /**
     * babeltrace2's reading of a one-CPU trace (its one stream, read without the muxer, which aborts on kernel-scp-*),
     * counted here: the timer softirqs (vector 1) that ran, entry to exit; the waits for the CPU that began with a
     * {@code sched_wakeup} of a thread neither running nor already waiting, and those that began with a switch out of a
     * runnable thread ({@code prev_state} 0), each ended by the switch that runs the thread.
     */
    private static long[] bt2Counts(Path trace) throws Exception {
        List<JsonObject> events = new ArrayList<>();
        for (String line : ReferenceOutput.lines("bt2_dump.py", List.of(trace))) {
            JsonObject o = JsonParser.parseString(line).getAsJsonObject();
            if (o.has("name")) {
                events.add(o);
            }
        }
        assertEquals(1, events.stream().map(e -> e.get("cpu").getAsLong()).distinct().count(), "one CPU");
        events.sort(Comparator.comparingLong(e -> e.get("ts").getAsLong()));
        long timer = 0;
        long woken = 0;
        long preempted = 0;
        boolean inTimer = false;
        long running = -1;
        Map<Long, Boolean> waiting = new HashMap<>(); // tid -> woken (else preempted)
        for (JsonObject e : events) {
            JsonObject f = e.getAsJsonObject("fields");
            switch (e.get("name").getAsString()) {
            case "softirq_entry" -> inTimer |= f.get("vec").getAsLong() == 1;
            case "softirq_exit" -> {
                if (inTimer && f.get("vec").getAsLong() == 1) {
                    timer++;
                    inTimer = false;
                }
            }
            case "sched_wakeup" -> {
                long tid = f.get("tid").getAsLong();
                if (tid != running) {
                    waiting.putIfAbsent(tid, true);
                }
            }
            case "sched_switch" -> {
                long prev = f.get("prev_tid").getAsLong();
                if (prev != 0 && f.get("prev_state").getAsLong() == 0) {
                    waiting.put(prev, false);
                }
                running = f.get("next_tid").getAsLong();
                Boolean kind = waiting.remove(running);
                if (kind != null) {
                    if (kind) {
                        woken++;
                    } else {
                        preempted++;
                    }
                }
            }
            default -> {
            }
            }
        }
        return new long[] { timer, woken, preempted };
    }

    /**
     * The category shows every table of its analysis (but its charts' data), each as the analysis gives it run
     * directly over that range, its summary as its line, and its histogram holds the analysis's buckets.
     */
    static void assertShowsTheAnalysis(LatencyView view, Category category, TimeRange range) throws Exception {
        Report reference = SessionProbe.reference(TRACE, category.analysis(), range, GroupBy.THREAD);
        List<String> tables = new ArrayList<>();
        for (Table t : reference.tables()) {
            if (!t.isChartData()) {
                tables.add(t.key());
            }
        }
        assertEquals(tables, view.tableKeys(category), category.analysis() + ": every table, in the report's order");
        for (String key : tables) {
            assertFalse(reference.table(key).rows().isEmpty(), key + " has rows to compare");
            SessionProbe.assertShows(reference.table(key), view.table(category, key));
        }
        assertEquals(reference.summary(), view.line(category));
        Table histogram = null;
        for (Table t : reference.tables()) {
            if (t.isChartData() && t.columns().stream().anyMatch(c -> c.key().equals("from_ns"))) {
                histogram = t;
            }
        }
        assertHistogramShows(histogram, view.histogram(category).model());
    }

    /**
     * Bucket by bucket, the bars stack up to the analysis's counts per power of two (summed over what they are counted
     * for), on consecutive buckets from the shortest to the longest (empty ones drawn at zero), and they hold every
     * duration counted.
     */
    public static void assertHistogramShows(Table histogram, ChartModel chart) {
        int from = histogram.columnIndex("from_ns");
        int count = histogram.columns().size() - 1;
        TreeMap<Long, Long> perBucket = new TreeMap<>();
        for (Object[] r : histogram.rows()) {
            perBucket.merge((Long) r[from], (Long) r[count], Long::sum);
        }
        long first = perBucket.firstKey();
        int buckets = Long.numberOfTrailingZeros(Long.highestOneBit(perBucket.lastKey()) / first) + 1;
        assertEquals(buckets, chart.categories().size(), "a bar for each power of two from " + first + " ns to " + perBucket.lastKey() + " ns");
        for (Map.Entry<Long, Long> e : perBucket.entrySet()) {
            int bucket = Long.numberOfTrailingZeros(e.getKey() / first);
            double stacked = 0;
            for (ChartModel.Series s : chart.series()) {
                stacked += s.y()[bucket];
            }
            assertEquals(e.getValue().doubleValue(), stacked, histogram.key() + " from " + e.getKey() + " ns");
        }
        double all = 0;
        for (ChartModel.Series s : chart.series()) {
            all += java.util.Arrays.stream(s.y()).sum();
        }
        assertEquals(perBucket.values().stream().mapToLong(Long::longValue).sum(), (long) all);
    }

    private static double seriesTotal(LatencyView view, String analysis, String series) {
        for (ChartModel.Series s : view.histogram(LatencyView.category(analysis)).model().series()) {
            if (s.name().equals(series)) {
                return java.util.Arrays.stream(s.y()).sum();
            }
        }
        throw new AssertionError("no series " + series + " in " + analysis + "'s histogram");
    }
}
