package org.lttbench.tests.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.eclipse.swt.widgets.Display;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.lttbench.core.batch.LiveTimeout;
import org.lttbench.core.live.LiveSession;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TraceNames;
import org.lttbench.core.run.ExitCode;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.LttngRecording;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.InProcessCli;
import org.lttbench.tests.batch.LauncherTest;
import org.lttbench.tests.batch.LauncherTest.Result;
import org.lttbench.tests.ui.SessionProbe;
import org.lttbench.tests.ui.UiHarness;
import org.lttbench.ui.compute.AnalysisRequest;
import org.lttbench.ui.compute.LiveReading;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.table.ReportTableViewer;
import org.lttbench.ui.viewer.StandaloneViewer;

/**
 * {@code lttbench view net://...}: the standalone viewer following a live session through a real {@code lttng-relayd}
 * (started here on free ports) from a real {@code lttng-sessiond}, with the fieldzoo workload under LTTng-UST, in real
 * SWT (Xvfb). While the session goes on the tabs show the figures so far; when it ends, its tables are those of
 * {@code lttbench analyze} of the trace the relay daemon wrote, cell by cell; a relay daemon killed mid-session leaves
 * the last figures, and the status line says so.
 */
@ExtendWith(LttngRecording.class)
@Isolated
class LiveViewTest {
    /** Far above what the work needs: only keeps a broken build from hanging. */
    private static final int LIMIT_S = 60;

    /** The window on an attached session, as {@code lttbench view net://...} opens it. */
    private static StandaloneViewer open(String url) throws Exception {
        LiveSession live = LiveTimeout.attach(url, 10);
        return new StandaloneViewer(Display.getDefault(), live.toString(), new LiveReading(live, List.of()));
    }

    /** The events the overhead analysis counted in the reports shown ({@code tracepoints}' count column). */
    private static long events(ReportSet reports) {
        Table t = reports.table("overhead", "tracepoints");
        long n = 0;
        for (int r = 0; t != null && r < t.rows().size(); r++) {
            n += ((Number) t.cell(r, "count")).longValue();
        }
        return n;
    }

    /**
     * The UI thread's longest time away from its event loop while the session is followed: a timer asks every 50 ms,
     * and the gap between two of its runs is measured.
     */
    private static final class Responsiveness {
        private final Display display;
        private long last = System.nanoTime();
        long longestNs;
        boolean stopped;

        Responsiveness(Display display) {
            this.display = display;
            display.timerExec(50, this::tick);
        }

        /** The test's own work on the UI thread (a screenshot, a layout) is not the viewer's: the clock starts again. */
        void resume() {
            last = System.nanoTime();
        }

        private void tick() {
            long now = System.nanoTime();
            longestNs = Math.max(longestNs, now - last);
            last = now;
            if (!stopped) {
                display.timerExec(50, this::tick);
            }
        }
    }

    @Test
    void followedSessionShowsItsFiguresSoFarThenItsRecordedTracesTables() throws Exception {
        try (RelayedSession session = RelayedSession.start("live-view", "view"); UiHarness ui = new UiHarness(10, 10)) {
            StandaloneViewer viewer = null;
            try {
                long before = LiveSessionTest.fieldzoo("2000");
                String url = session.url();
                viewer = open(url);
                SessionProbe probe = new SessionProbe();
                viewer.session().addListener(probe);
                Responsiveness ui50 = new Responsiveness(ui.display());
                viewer.open();
                // While the session goes on: the figures so far, said to be so.
                ui.waitUntil("the events recorded before the viewer attached",
                        () -> probe.count() > 0 && events(probe.last()) == before, LIMIT_S);
                ReportSet sofar = probe.last();
                assertNull(sofar.failure());
                assertTrue(sofar.liveStatus().startsWith("Live: following " + url + ", "), sofar.liveStatus());
                assertFalse(sofar.liveEndedEarly());
                selectOverhead(viewer);
                ui.settle(300);
                ui50.resume();
                assertEquals("Tracepoint overhead", viewer.tabs().getSelection().getText());
                assertTrue(viewer.overheadView().statusText().startsWith("Live: following "),
                        viewer.overheadView().statusText());
                assertTrue(viewer.overheadView().tracepointTable().viewer().getTable().getItemCount() > 0);
                ui.screenshotForDocs(viewer.shell(), "viewer-live-following");
                ui50.resume();
                int refreshesBefore = probe.count();

                CompletableFuture<Long> after = CompletableFuture.supplyAsync(() -> {
                    try {
                        return LiveSessionTest.fieldzoo("1000");
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }, LiveSessionTest::ownThread);
                ui.waitUntil("the workload run while the viewer follows", after::isDone, LIMIT_S);
                long emitted = before + after.get();
                ui.waitUntil("the events emitted while the viewer follows", () -> events(probe.last()) == emitted, LIMIT_S);
                assertTrue(probe.count() > refreshesBefore, "refreshed as the session went on");
                assertTrue(probe.last().liveStatus().startsWith("Live: following "), probe.last().liveStatus());

                session.destroy();
                ui.waitUntil("the session's end", () -> probe.last().liveStatus().startsWith("Live: the session ended"),
                        LIMIT_S);
                ui50.stopped = true;
                ReportSet ended = probe.last();
                assertFalse(ended.liveEndedEarly());
                assertTrue(ended.liveStatus().contains("(" + String.format("%,d", emitted) + " events)"),
                        ended.liveStatus());
                ui.settle(300);
                assertTrue(viewer.overheadView().statusText().startsWith("Live: the session ended; the figures are final"),
                        viewer.overheadView().statusText());
                System.out.printf("live view: %d refreshes, %d events; the UI thread was away from its loop %d ms at most%n",
                        probe.count(), emitted, ui50.longestNs / 1_000_000);
                assertTrue(ui50.longestNs < TimeUnit.SECONDS.toNanos(2),
                        "the UI thread kept to its loop: " + ui50.longestNs / 1_000_000 + " ms");

                // Ended: every table is that of `lttbench analyze` of the relay daemon's trace, cell by cell.
                List<Path> trace = List.of(session.recorded());
                assertEquals(emitted, LiveSessionTest.babeltrace2Count(trace.get(0)));
                for (String analysis : List.of("overhead", "discarded")) {
                    Report reference = SessionProbe.reference(trace, analysis, TimeRange.ALL,
                            AnalysisRequest.of(analysis).groupBy());
                    TraceNames files = TraceNames.of(reference.traces());
                    TraceNames live = TraceNames.of(ended.tracePaths());
                    for (Table expected : reference.tables()) {
                        Table shown = ended.table(analysis, expected.key());
                        assertNotNull(shown, analysis + " " + expected.key());
                        assertSameCells(expected, files, shown.rows(), live, shown);
                    }
                    assertEquals(reference.summary(), ended.summary(analysis));
                }
                // On screen too: the tables as the views hold them.
                TraceNames live = TraceNames.of(ended.tracePaths());
                for (ReportTableViewer onScreen : List.of(viewer.overheadView().tracepointTable(),
                        viewer.discardedView().streamTable())) {
                    String analysis = onScreen == viewer.overheadView().tracepointTable() ? "overhead" : "discarded";
                    Report reference = SessionProbe.reference(trace, analysis, TimeRange.ALL,
                            AnalysisRequest.of(analysis).groupBy());
                    Table expected = reference.table(onScreen.table().key());
                    assertSameCells(expected, TraceNames.of(reference.traces()), onScreen.shownRows(), live,
                            onScreen.table());
                    assertEquals(expected.rows().size(), onScreen.viewer().getTable().getItemCount());
                }
                // And what `lttbench analyze` prints of that trace says the same count.
                Result fromFiles = InProcessCli.run("analyze", "--all", trace.get(0).toString());
                assertEquals(0, fromFiles.code(), fromFiles.err());
                assertEquals(emitted, LiveSessionTest.events(fromFiles.out()));
            } finally {
                session.destroy();
                if (viewer != null) {
                    UiHarness.close(viewer.shell());
                }
            }
        }
    }

    /**
     * Cell by cell, the same table: every value equal, but a trace's, which is named as the tables name it (the relay
     * daemon's path of a live trace is relative, the recorded one's is where the daemon wrote it).
     */
    private static void assertSameCells(Table expected, TraceNames expectedNames, List<Object[]> rows, TraceNames names,
            Table shown) {
        assertEquals(expected.columns(), shown.columns(), expected.key());
        assertEquals(expected.rows().size(), rows.size(), expected.key() + " rows");
        for (int r = 0; r < rows.size(); r++) {
            for (int c = 0; c < expected.columns().size(); c++) {
                Column column = expected.columns().get(c);
                Object want = expected.rows().get(r)[c];
                Object got = rows.get(r)[c];
                if (column.kind() == ColumnKind.TRACE) {
                    assertEquals(CellFormat.text(column, want, expectedNames), CellFormat.text(column, got, names));
                } else {
                    assertEquals(want, got, expected.key() + " row " + r + " column " + column.key());
                }
            }
        }
    }

    @Test
    void relayDaemonKilledMidSessionLeavesTheLastFiguresAndSaysSo() throws Exception {
        try (RelayedSession session = RelayedSession.start("live-view-killed", "view-killed");
                UiHarness ui = new UiHarness(10, 10)) {
            StandaloneViewer viewer = null;
            try {
                long emitted = LiveSessionTest.fieldzoo("500");
                viewer = open(session.url());
                SessionProbe probe = new SessionProbe();
                viewer.session().addListener(probe);
                viewer.open();
                ui.waitUntil("the events so far", () -> probe.count() > 0 && events(probe.last()) == emitted, LIMIT_S);
                session.relayd.signal("KILL");
                ui.waitUntil("the relay daemon's end told", () -> probe.last().liveEndedEarly(), LIMIT_S);
                ReportSet last = probe.last();
                assertTrue(last.liveStatus().startsWith("Live: lost the relay daemon at 127.0.0.1:"), last.liveStatus());
                assertTrue(last.liveStatus().endsWith("The figures are those of the " + String.format("%,d", emitted)
                        + " events before."), last.liveStatus());
                assertEquals(emitted, events(last), "the last figures stay");
                ui.settle(300);
                selectOverhead(viewer);
                ui.settle(300);
                assertTrue(viewer.overheadView().statusText().startsWith("Live: lost the relay daemon"),
                        viewer.overheadView().statusText());
                assertEquals(((Table) last.table("overhead", "tracepoints")).rows().size(),
                        viewer.overheadView().tracepointTable().viewer().getTable().getItemCount());
                ui.screenshot(viewer.shell(), "viewer-live-relayd-killed");
                // A range chosen now computes nothing: the session was read once.
                int shown = probe.count();
                viewer.session().setRange(new TimeRange(0, 1));
                ui.settle(300);
                assertEquals(shown, probe.count());
                assertEquals(TimeRange.ALL, viewer.session().range());
            } finally {
                session.destroy();
                if (viewer != null) {
                    UiHarness.close(viewer.shell());
                }
            }
        }
    }

    /**
     * {@code ./lttbench view net://...} from the built jars: it attaches (the relay daemon counts its client), its window
     * stays open through the session's end, and nothing goes wrong on stderr; the test closes it by SIGTERM.
     */
    @Test
    void theLauncherAttachesAndItsWindowOutlivesTheSession() throws Exception {
        try (RelayedSession session = RelayedSession.start("live-view-launcher", "view-launcher")) {
            Process view = null;
            try {
                LiveSessionTest.fieldzoo("200");
                String url = session.url();
                Path err = session.work.resolve("view.err");
                view = new ProcessBuilder("/bin/bash", TestPaths.repository().resolve("lttbench").toString(), "view", url)
                        .redirectOutput(session.work.resolve("view.out").toFile()).redirectError(err.toFile()).start();
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LIMIT_S);
                while (clients(session) == 0) {
                    assertTrue(view.isAlive(), "view ended: " + java.nio.file.Files.readString(err));
                    assertTrue(System.nanoTime() < deadline, "the relay daemon never counted the viewer");
                    Thread.sleep(100);
                }
                session.destroy();
                Thread.sleep(2000);
                assertTrue(view.isAlive(), "the window stays open after the session's end");
                String errors = java.nio.file.Files.readString(err);
                assertFalse(errors.contains("Exception") || errors.contains("lttbench view:"), errors);
            } finally {
                session.destroy();
                if (view != null) {
                    view.descendants().forEach(ProcessHandle::destroy);
                    view.destroy();
                    view.waitFor(10, TimeUnit.SECONDS);
                }
            }
        }
    }

    /** How many viewers the relay daemon says are attached to the session. */
    private static long clients(RelayedSession session) throws Exception {
        return LiveSessionTest.listed(session.relayd, session.name).map(LiveSession.Listed::clients).orElse(0L);
    }

    @Test
    void anUnreachableRelayDaemonIsOneLineBeforeAnyWindow() throws Exception {
        Result r = LauncherTest.run(TestPaths.repository().resolve("lttbench"), java.util.Map.of(), "view",
                "net://127.0.0.1:1/host/h/s");
        assertEquals(ExitCode.UNREADABLE_TRACE, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("lttbench view: cannot reach the relay daemon at 127.0.0.1:1: "), r.err());
    }

    /** The Tracepoint overhead tab, found by its view (the tabs' order is the viewer's). */
    private static void selectOverhead(StandaloneViewer viewer) {
        for (var item : viewer.tabs().getItems()) {
            if (item.getControl() == viewer.overheadView()) {
                viewer.tabs().setSelection(item);
            }
        }
    }
}
