package org.lttbench.tests.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.WallClock;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.ui.compute.AnalysisSession;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.compute.SessionListener;
import org.lttbench.ui.table.ReportTableViewer;
import org.lttbench.ui.view.ReportView;
import org.lttbench.ui.viewer.StandaloneViewer;

/**
 * Watches a session from a test: every result it delivers, in order. And the reference a view is checked against:
 * the same analysis run separately, straight through the core, on a fresh read of the traces.
 */
public final class SessionProbe implements SessionListener {
    private final List<ReportSet> finished = new ArrayList<>();
    private final List<TimeRange> started = new ArrayList<>();
    private long progressCalls;

    @Override
    public void runStarted(TimeRange range) {
        started.add(range);
    }

    @Override
    public void progress(long bytesDone, long bytesTotal) {
        progressCalls++;
    }

    @Override
    public void finished(ReportSet reports) {
        finished.add(reports);
    }

    public List<ReportSet> finished() {
        return finished;
    }

    public ReportSet last() {
        return finished.get(finished.size() - 1);
    }

    public int count() {
        return finished.size();
    }

    public long progressCalls() {
        return progressCalls;
    }

    /**
     * Gives the view a session over the traces, as a host would, and runs the event loop until the first results
     * are shown. The caller disposes the session ({@link ViewOverTraces} does, when closed).
     */
    public static SessionProbe attach(UiHarness ui, ReportView view, List<Path> traces) {
        AnalysisSession session = new AnalysisSession(ui.display(), () -> CtfTraceSet.open(traces));
        SessionProbe probe = new SessionProbe();
        view.setSession(session);
        session.addListener(probe);
        ui.open();
        session.refresh();
        assertTrue(view.isComputing(), "a progress indicator while the analyses run");
        ui.waitUntil("the first results on " + traces, () -> probe.count() == 1, 120);
        assertNull(probe.last().failure(), "reading " + traces);
        return probe;
    }

    /** The window of {@code lttbench view} over these traces (not open yet), named after the first. */
    public static StandaloneViewer viewer(List<Path> traces) {
        return new StandaloneViewer(Display.getDefault(), traces.get(0).getFileName().toString(),
                () -> CtfTraceSet.open(traces));
    }

    /** Opens the viewer and runs the event loop until its first results (two minutes at most), which it hears. */
    public static SessionProbe openAndWait(UiHarness ui, StandaloneViewer viewer) {
        SessionProbe probe = new SessionProbe();
        viewer.session().addListener(probe);
        viewer.open();
        ui.waitUntil("the first results", () -> probe.count() == 1, 120);
        return probe;
    }

    /**
     * Types the middle third of the span in the view's range bar (its begin as babeltrace2 prints times, its end in
     * ns), presses Enter, and runs the event loop until that range's results (the second ones the probe hears).
     */
    public TimeRange typeTheMiddleThird(UiHarness ui, ReportView view, TimeRange span, int limitSeconds) {
        TimeRange part = new TimeRange(span.begin() + span.duration() / 3, span.begin() + span.duration() * 2 / 3);
        view.rangeBar().beginField().setText(WallClock.format(part.begin()));
        view.rangeBar().endField().setText(Long.toString(part.end()));
        view.rangeBar().beginField().notifyListeners(SWT.DefaultSelection, new Event());
        ui.waitUntil("the results for the typed range", () -> count() == 2, limitSeconds);
        assertEquals(part, last().range());
        return part;
    }

    /** One analysis over the whole traces, per thread, run directly (not through any view code). */
    public static Report reference(List<Path> traces, String analysis) throws IOException {
        return reference(traces, analysis, TimeRange.ALL, GroupBy.THREAD);
    }

    /** One analysis over the traces, run directly (not through any view code). */
    public static Report reference(List<Path> traces, String analysis, TimeRange range, GroupBy groupBy) throws IOException {
        try (TraceSet set = CtfTraceSet.open(traces)) {
            Analysis a = Analyses.byName(analysis).create(new AnalysisOptions(range, groupBy));
            assertNull(a.whyNotApplicable(set), analysis + " applies to " + traces);
            return AnalysisRun.run(set, List.of(a), ProgressListener.NONE).get(0);
        }
    }

    /** A view made in the harness's window, opened and rendering these reports over the fixtures' range. */
    public static <V extends ReportView> V showing(UiHarness ui, BiFunction<Composite, Integer, V> view,
            Report... reports) {
        V v = view.apply(ui.shell(), SWT.NONE);
        ui.open();
        v.setReports(ReportSet.of(ReportFixtures.RANGE, reports));
        ui.pump();
        return v;
    }

    /**
     * A view shown a trace's reports, then a failure (the next trace could not be analysed), shows none of the earlier
     * rows in these tables.
     */
    public static void assertAFailureLeavesNoRows(UiHarness ui, ReportView view, Report shown, ReportTableViewer... tables) {
        view.setReports(ReportSet.of(ReportFixtures.RANGE, shown));
        ui.pump();
        for (ReportTableViewer t : tables) {
            assertTrue(t.viewer().getTable().getItemCount() > 0, t.table().title() + " before");
        }
        view.setReports(ReportSet.failed(ReportFixtures.RANGE, "truncated.ctf: cut short at byte 4096"));
        ui.pump();
        for (ReportTableViewer t : tables) {
            assertEquals(0, t.viewer().getTable().getItemCount(), t.table().title() + " of the earlier trace");
        }
    }

    /**
     * The table on screen holds exactly the reference table: same columns, same rows in the same order, cell by
     * cell; and the first rows read as {@link CellFormat} writes them.
     */
    public static void assertShows(Table expected, ReportTableViewer viewer) {
        Table shown = viewer.table();
        assertEquals(expected.columns(), shown.columns(), expected.key() + " columns");
        List<Object[]> rows = viewer.shownRows();
        assertEquals(expected.rows().size(), rows.size(), expected.key() + " rows");
        assertEquals(expected.rows().size(), viewer.viewer().getTable().getItemCount());
        for (int r = 0; r < rows.size(); r++) {
            for (int c = 0; c < expected.columns().size(); c++) {
                assertEquals(expected.rows().get(r)[c], rows.get(r)[c], expected.key() + " row " + r + " column " + expected.columns().get(c).key());
            }
        }
        for (int r = 0; r < Math.min(40, rows.size()); r++) {
            for (int c = 0; c < expected.columns().size(); c++) {
                assertEquals(CellFormat.text(expected.columns().get(c), expected.rows().get(r)[c]), viewer.cellText(r, c));
            }
        }
    }
}
