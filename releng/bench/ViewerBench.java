import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import org.eclipse.swt.widgets.Display;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.compute.SessionListener;
import org.lttbench.ui.table.ReportTableViewer;
import org.lttbench.ui.view.ReportView;
import org.lttbench.ui.viewer.StandaloneViewer;

/**
 * Opens the standalone viewer on a trace (under Xvfb) and measures, on the UI thread: how long until the first table
 * shows rows, and the event loop's latency while the analyses run in the background (a 10 ms timer that should fire
 * every 10 ms: its lateness is how long the UI could not answer). Then selects the middle half of the trace and
 * measures the same until the tables update. Run by view-bench.sh; a benchmark, not a test.
 */
public final class ViewerBench {
    private static final int TICK_MS = 10;

    private final Display display = Display.getDefault();
    private final List<Long> lateness = new ArrayList<>();
    private volatile boolean computing;
    private long lastTick;
    private ReportSet results;

    public static void main(String[] args) throws Exception {
        List<Path> traces = new ArrayList<>();
        for (String a : args) {
            traces.add(Path.of(a));
        }
        new ViewerBench().run(traces);
    }

    private void run(List<Path> traces) {
        StandaloneViewer viewer = new StandaloneViewer(display, "bench", () -> CtfTraceSet.open(traces));
        viewer.session().addListener(new SessionListener() {
            @Override
            public void finished(ReportSet reports) {
                results = reports;
            }
        });
        tick();

        long t0 = System.nanoTime();
        computing = true;
        viewer.open();
        long firstTable = waitForRows(viewer, t0);
        computing = false;
        report("whole trace", viewer, t0, firstTable);

        TimeRange span = viewer.session().span();
        TimeRange middle = new TimeRange(span.begin() + span.duration() / 4, span.end() - span.duration() / 4);
        lateness.clear();
        results = null;
        long t1 = System.nanoTime();
        computing = true;
        viewer.session().setRange(middle);
        long updated = waitForRows(viewer, t1);
        computing = false;
        report("middle half", viewer, t1, updated);
        viewer.shell().dispose();
        display.dispose();
    }

    /** A timer on the UI thread; while the analyses run, how late each tick fires is recorded. */
    private void tick() {
        lastTick = System.nanoTime();
        display.timerExec(TICK_MS, () -> {
            long late = System.nanoTime() - lastTick - TICK_MS * 1_000_000L;
            if (computing) {
                lateness.add(Math.max(0, late));
            }
            if (!display.isDisposed()) {
                tick();
            }
        });
    }

    /** Runs the event loop until the results are rendered and the selected view's first table has rows. */
    private long waitForRows(StandaloneViewer viewer, long since) {
        while (true) {
            if (!display.readAndDispatch()) {
                display.sleep();
            }
            if (results != null && firstTableRows(viewer) > 0) {
                return System.nanoTime();
            }
            if (results != null && results.failure() != null) {
                throw new IllegalStateException("the analyses failed: " + results.failure());
            }
            if (results != null && results.reports().isEmpty()) {
                throw new IllegalStateException("no analysis ran on these traces (is this build missing them?)");
            }
            if (System.nanoTime() - since > 600_000_000_000L) {
                throw new IllegalStateException("no table after 10 minutes");
            }
        }
    }

    private static int firstTableRows(StandaloneViewer viewer) {
        ReportView view = (ReportView) viewer.tabs().getSelection().getControl();
        int rows = 0;
        for (ReportTableViewer t : tables(view)) {
            rows = Math.max(rows, t.viewer().getTable().getItemCount());
        }
        return rows;
    }

    private static List<ReportTableViewer> tables(org.eclipse.swt.widgets.Composite c) {
        List<ReportTableViewer> found = new ArrayList<>();
        for (var child : c.getChildren()) {
            if (child instanceof ReportTableViewer t) {
                found.add(t);
            } else if (child instanceof org.eclipse.swt.widgets.Composite k) {
                found.addAll(tables(k));
            }
        }
        return found;
    }

    private void report(String what, StandaloneViewer viewer, long start, long tableNs) {
        List<Long> sorted = new ArrayList<>(lateness);
        Collections.sort(sorted);
        String tab = viewer.tabs().getSelection().getText();
        System.out.printf(Locale.ROOT, "%s: first table (%s tab) shows rows after %.2f s%n", what, tab, (tableNs - start) / 1e9);
        if (!sorted.isEmpty()) {
            System.out.printf(Locale.ROOT,
                    "%s: UI event loop until then (analyses and rendering): %d ticks of %d ms, lateness p50 %.1f ms, p99 %.1f ms, max %.1f ms%n",
                    what, sorted.size(), TICK_MS, sorted.get(sorted.size() / 2) / 1e6, sorted.get((int) (sorted.size() * 0.99)) / 1e6,
                    sorted.get(sorted.size() - 1) / 1e6);
        }
    }
}
