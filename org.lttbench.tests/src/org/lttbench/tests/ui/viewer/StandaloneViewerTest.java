package org.lttbench.tests.ui.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.ZoneId;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Report;
import org.lttbench.core.run.TimeBound;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.ui.SessionProbe;
import org.lttbench.tests.ui.UiHarness;
import org.lttbench.tests.ui.view.LatencyViewTest;
import org.lttbench.ui.viewer.StandaloneViewer;

/** The window of {@code lttbench view}: four views fed by one session, one read per range. */
class StandaloneViewerTest {

    /** What a test checks in a viewer open on its first results. */
    private interface Check {
        void on(UiHarness ui, StandaloneViewer viewer, SessionProbe probe) throws Exception;
    }

    /** Opens a viewer of these traces, runs the check once its first results are in, and closes it whatever happens. */
    private static void opened(List<Path> traces, Check check) throws Exception {
        StandaloneViewer viewer = SessionProbe.viewer(traces);
        try (UiHarness ui = new UiHarness(10, 10)) {
            check.on(ui, viewer, SessionProbe.openAndWait(ui, viewer));
        } finally {
            UiHarness.close(viewer.shell());
        }
    }

    @Test
    void oneReadFeedsEveryTabAndANewRangeAbandonsTheRunInProgress() throws Exception {
        List<Path> trace = List.of(TestPaths.trace("kernel-many-threads"));
        opened(trace, (ui, viewer, probe) -> {
            assertNull(probe.last().failure());
            assertEquals(List.of("What stands out", "Process time", "Latency", "Tracepoint overhead", "Discarded events",
                    "CPU usage"), java.util.Arrays.stream(viewer.tabs().getItems()).map(i -> i.getText()).toList());
            // It opens on what stands out, the command line's summary, and every tab saw the same results.
            assertEquals(viewer.summaryView(), viewer.tabs().getSelection().getControl());
            assertSummaryIsTheCommandLines(trace, viewer);
            Report reference = SessionProbe.reference(trace, "process");
            SessionProbe.assertShows(reference.table("threads"), viewer.processView().threadTable());
            // The same read gave the latency tab its system calls, per call and the longest, as the analysis gives them.
            Report syscalls = SessionProbe.reference(trace, "syscalls");
            var calls = org.lttbench.ui.view.LatencyView.category("syscalls");
            assertEquals(calls, viewer.latencyView().shown(), "a trace with system calls: the latency tab opens on them");
            SessionProbe.assertShows(syscalls.table("syscalls"), viewer.latencyView().table(calls, "syscalls"));
            SessionProbe.assertShows(syscalls.table("syscalls_longest"), viewer.latencyView().table(calls, "syscalls_longest"));
            LatencyViewTest.assertHistogramShows(syscalls.table("syscall_histogram"), viewer.latencyView().histogram(calls).model());
            for (var item : viewer.tabs().getItems()) {
                viewer.tabs().setSelection(item);
                ui.settle(300);
                assertTrue(item.getControl().isVisible(), item.getText());
                ui.screenshotForDocs(viewer.shell(), "viewer-kernel-many-threads-" + item.getText().toLowerCase().replace(' ', '-'));
            }
            // The first chart answers who used the CPU, and how; the waits have their own chart, on its own scale.
            var cpu = viewer.processView().chart().model();
            assertEquals(List.of("User", "System", "IRQ"), cpu.series().stream().map(x -> x.name()).toList());
            assertTrue(cpu.categories().get(cpu.categories().size() - 1).startsWith("multithread"), cpu.categories().toString());
            assertTrue(cpu.valueExtent()[1] < 2_000, "CPU time on its own scale, not the 5,200 ms of summed waits: " + cpu.valueExtent()[1]);
            assertTrue(viewer.processView().waitChart().model().valueExtent()[1] > 5_000);
            // A kernel trace: the strip of the whole trace shows its events over time.
            assertTrue(viewer.processView().rangeBar().hasHistogram());
            // No user-space trace: the overhead tab hides the chart of CPU time spent tracing, and says why once.
            assertFalse(viewer.overheadView().isShown(viewer.overheadView().shareChart()));
            assertTrue(viewer.overheadView().isShown(viewer.overheadView().histogram()));
            assertTrue(viewer.overheadView().hiddenChartsText().startsWith("Not shown: each process's share of CPU time"),
                    viewer.overheadView().hiddenChartsText());
            // The headline columns of the tracepoint table are on screen, within the window; the detail ones hidden.
            var tracepoints = viewer.overheadView().tracepointTable();
            var table = tracepoints.table();
            int right = 0;
            for (int c = 0; c < table.columns().size(); c++) {
                assertEquals(!table.columns().get(c).detail(), tracepoints.isShown(c), table.columns().get(c).key());
                right += tracepoints.viewer().getTable().getColumn(c).getWidth();
            }
            assertTrue(right < tracepoints.getSize().x, "headline columns fit: " + right + " px in " + tracepoints.getSize().x);

            // Two ranges in a row: the first run is abandoned, only the second's results arrive, in every view.
            TimeRange span = viewer.session().span();
            TimeRange first = new TimeRange(span.begin(), span.begin() + span.duration() / 2);
            TimeRange second = new TimeRange(span.begin() + span.duration() / 2, span.end());
            viewer.session().setRange(first);
            viewer.session().setRange(second);
            ui.waitUntil("the second range's results", () -> probe.count() >= 2 && probe.last().range().equals(second), 120);
            ui.pump();
            assertEquals(2, probe.count(), "the abandoned run delivered nothing");
            Report secondHalf = SessionProbe.reference(trace, "process", second, GroupBy.THREAD);
            SessionProbe.assertShows(secondHalf.table("threads"), viewer.processView().threadTable());
            assertTrue(viewer.processView().rangeBar().beginField().getText().length() > 0);
        });
    }

    @Test
    void aUserSpaceTraceOpensOnWhatStandsOutAndEveryTabSaysWhatItCan() throws Exception {
        List<Path> trace = List.of(TestPaths.trace("ust-hello-lost"));
        opened(trace, (ui, viewer, probe) -> {
            ui.pump();
            assertEquals(viewer.summaryView(), viewer.tabs().getSelection().getControl(), "what stands out, whatever the traces");
            assertSummaryIsTheCommandLines(trace, viewer);
            assertTrue(probe.last().whyNotApplicable("process") != null);
            assertTrue(viewer.processView().statusText().contains("process analysis does not apply (why below)"), viewer.processView().statusText());
            // Why, said once: in place of the empty charts and tables, not in the status line and each chart again.
            assertTrue(viewer.processView().noticeText().startsWith("No process times: the process analysis needs an LTTng kernel trace"),
                    viewer.processView().noticeText());
            assertFalse(viewer.processView().chart().isVisible());
            // The latency tab alike: the four analyses named once in the status line, each tab saying why.
            assertTrue(viewer.latencyView().statusText().endsWith("; the syscalls, irq, sched and io analyses do not apply (why below)"),
                    viewer.latencyView().statusText());
            for (var category : org.lttbench.ui.view.LatencyView.CATEGORIES) {
                assertTrue(viewer.latencyView().line(category).contains(": the " + category.analysis() + " analysis needs an LTTng kernel trace"),
                        viewer.latencyView().line(category));
                assertFalse(viewer.latencyView().histogram(category).isVisible(), "no empty chart");
            }
            for (var view : List.of(viewer.processView(), viewer.latencyView(), viewer.overheadView(), viewer.discardedView())) {
                assertTrue(view.banner().showsLoss(), "every view says the trace lost events");
                assertEquals(967_700, view.banner().lostEvents());
                for (var control : view.rangeBar().getChildren()) {
                    assertTrue(control.getEnabled(), "the range bar works once the span is known: " + control);
                }
            }
            // The loss said once, in one sentence, in every view.
            assertTrue(viewer.overheadView().banner().text().startsWith("This range lost 967,700 events"), viewer.overheadView().banner().text());
            // Nothing for the overhead tab's charts to show on this trace (no kernel trace, no thread context to
            // pair events): both hidden, the table in their place, and one line says why.
            assertFalse(viewer.overheadView().isShown(viewer.overheadView().shareChart()));
            assertFalse(viewer.overheadView().isShown(viewer.overheadView().histogram()));
            assertTrue(viewer.overheadView().hiddenChartsText().contains("kernel trace of the same session"),
                    viewer.overheadView().hiddenChartsText());
            for (var item : viewer.tabs().getItems()) {
                viewer.tabs().setSelection(item);
                ui.settle(300);
                assertTrue(item.getControl().isVisible(), item.getText());
                ui.screenshotForDocs(viewer.shell(), "viewer-ust-hello-lost-" + item.getText().toLowerCase().replace(' ', '-'));
            }
        });
    }

    /** {@code lttbench view --begin T --end T}: the window opens on that range, computed and shown in the range bar. */
    @Test
    void itOpensOnTheRangeGiven() throws Exception {
        List<Path> trace = List.of(TestPaths.trace("kernel-many-threads"));
        TimeRange span;
        try (CtfTraceSet set = CtfTraceSet.open(trace)) {
            span = set.span();
        }
        TimeRange range = new TimeRange(span.begin() + span.duration() / 3, span.begin() + 2 * (span.duration() / 3));
        StandaloneViewer viewer = SessionProbe.viewer(trace);
        try (UiHarness ui = new UiHarness(10, 10)) {
            SessionProbe probe = new SessionProbe();
            viewer.session().addListener(probe);
            viewer.open(range);
            ui.waitUntil("the first results", () -> probe.count() == 1, 120);
            ui.pump();
            assertEquals(range, probe.last().range());
            SessionProbe.assertShows(SessionProbe.reference(trace, "process", range, GroupBy.THREAD).table("threads"),
                    viewer.processView().threadTable());
            String begin = viewer.processView().rangeBar().beginField().getText();
            assertEquals(range.begin(), TimeBound.parse("--begin", begin).resolve(span, ZoneId.systemDefault(), false), begin);
        } finally {
            UiHarness.close(viewer.shell());
        }
    }

    /**
     * The summary tab says what {@code lttbench analyze TRACE} says stands out: the same lines after the heading (whose
     * names of the traces the viewer gives without their domain).
     */
    static void assertSummaryIsTheCommandLines(List<Path> traces, StandaloneViewer viewer) {
        List<String> args = new java.util.ArrayList<>(List.of("analyze"));
        traces.forEach(t -> args.add(t.toString()));
        org.lttbench.tests.batch.LauncherTest.Result cli = org.lttbench.tests.batch.InProcessCli.run(args.toArray(String[]::new));
        assertEquals(0, cli.code(), cli.err());
        List<String> shown = viewer.summaryView().text().getText().lines().toList();
        List<String> printed = cli.out().lines().toList();
        assertTrue(shown.get(0).startsWith("What stands out: "), shown.get(0));
        int n = printed.size();
        assertEquals(printed.subList(1, n), shown.subList(1, Math.min(n, shown.size())), "the summary's lines");
        assertTrue(printed.size() > 3, "something stands out: " + cli.out());
        // Then what does not apply: at least every analysis the command line said it skipped, a line each.
        List<String> whyNot = shown.subList(n, shown.size());
        java.util.regex.Matcher skipped = java.util.regex.Pattern.compile("note: the ([a-z, -]+?) analys[ie]s (?:was|were) skipped").matcher(cli.err());
        while (skipped.find()) {
            for (String analysis : skipped.group(1).split(", | and ")) {
                assertTrue(whyNot.stream().anyMatch(l -> l.startsWith("The " + analysis + " analysis does not apply: ")), analysis + ": " + whyNot);
            }
        }
        assertTrue(whyNot.isEmpty() || whyNot.get(0).isEmpty() && whyNot.stream().skip(1).allMatch(l -> l.matches("The [a-z-]+ analysis does not apply: .+")),
                whyNot.toString());
    }
}
