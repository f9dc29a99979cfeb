package org.lttbench.ui.view;

import java.io.IOException;
import java.util.Locale;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.ProgressBar;
import org.lttbench.core.analysis.waits.WaitStacks;
import org.lttbench.core.diff.ChangesTable;
import org.lttbench.core.diff.ComparisonWriter;
import org.lttbench.core.diff.RunPair;
import org.lttbench.core.run.RunFailure;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.ui.chart.FlameGraph;
import org.lttbench.ui.chart.FlameTree;
import org.lttbench.ui.table.ReportTableViewer;

/**
 * Two runs compared, as {@code lttbench diff A B} compares them: the ranked changes of every analysis, and where the
 * threads' time went as a differential flame graph (B's time per second, coloured by its change since A). A plain
 * composite, so that the viewer's window and a Trace Compass view host it alike; the two traces are read off the UI
 * thread, at once.
 */
public final class ComparisonView extends Composite {
    /** What opens a run's traces (a new set each time: the pass closes it). */
    public interface Opener {
        TraceSet open() throws IOException;
    }

    static final String LEGEND = "Width: B's time per second of traced time. Red: more than in A; blue: less; the "
            + "deeper, the larger the change. Hover a frame for its figures.";
    private final Label title;
    private final StatusRow statusRow;
    private final ProgressBar progress;
    private final Label status;
    private final ReportTableViewer changes;
    private final FlameGraph flames;
    private RunPair.Compared shown;
    /** The comparison under way (a newer one makes an older one's results stale). */
    private int generation;

    public ComparisonView(Composite parent, int style) {
        super(parent, style);
        GridLayout layout = new GridLayout(1, false);
        layout.marginWidth = 4;
        layout.marginHeight = 4;
        setLayout(layout);
        title = new Label(this, SWT.WRAP);
        title.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        title.setText("No runs compared yet");
        statusRow = new StatusRow(this);
        progress = statusRow.progress;
        status = statusRow.status;
        status.setText("");

        CTabFolder folder = new CTabFolder(this, SWT.TOP | SWT.BORDER);
        folder.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        changes = new ReportTableViewer(folder, SWT.NONE);
        ReportView.addTab(folder, "Changes", changes);
        Composite graph = new Composite(folder, SWT.NONE);
        graph.setLayout(new GridLayout(1, false));
        Label legend = new Label(graph, SWT.WRAP);
        legend.setText(LEGEND);
        legend.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        flames = new FlameGraph(graph, SWT.NONE);
        flames.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        ReportView.addTab(folder, "Wait flame graph", graph);
        folder.setSelection(0);
        changes.setTable(ChangesTable.SCHEMA.table());
        showProgress(false);
    }

    /**
     * Reads both runs at once off the UI thread, then shows their comparison. {@code rangeA}, {@code rangeB}: each
     * run's range ({@link TimeRange#ALL}: the whole trace).
     */
    public void compare(String nameA, Opener a, TimeRange rangeA, String nameB, Opener b, TimeRange rangeB) {
        int asked = ++generation;
        title.setText("A: " + nameA + "    B: " + nameB);
        status.setText("Reading A and B at once...");
        progress.setSelection(0);
        showProgress(true);
        Thread t = new Thread(() -> {
            RunPair.Compared result = null;
            String failure = null;
            try (TraceSet ta = a.open(); TraceSet tb = b.open()) {
                long[] told = { -1 };
                result = RunPair.compare(ta, rangeA, tb, rangeB, (done, total) -> {
                    long permille = total <= 0 ? 0 : done * 1000 / total;
                    if (permille != told[0]) {
                        told[0] = permille;
                        later(asked, () -> progress.setSelection((int) permille));
                    }
                });
            } catch (Exception | OutOfMemoryError e) {
                failure = e instanceof IOException io ? RunFailure.reason(io)
                        : RunFailure.oneLine(String.valueOf(e.getMessage()));
            }
            RunPair.Compared done = result;
            String why = failure;
            later(asked, () -> {
                if (why != null) {
                    showProgress(false);
                    status.setText("Could not compare the runs: " + why);
                } else {
                    show(done);
                }
            });
        }, "lttbench compare");
        t.setDaemon(true);
        t.start();
    }

    private void later(int asked, Runnable r) {
        if (!isDisposed()) {
            getDisplay().asyncExec(() -> {
                if (!isDisposed() && asked == generation) {
                    r.run();
                }
            });
        }
    }

    /** Shows a comparison made elsewhere. */
    public void show(RunPair.Compared compared) {
        shown = compared;
        showProgress(false);
        long significant = compared.outcome().changes().stream().filter(c -> c.significant()).count();
        status.setText(String.format(Locale.ROOT, "%,d figures compared (%s), %,d changed significantly",
                compared.outcome().changes().size(), compared.outcome().per().describe(), significant));
        status.setToolTipText("Tests: " + ComparisonWriter.TESTS);
        changes.setTable(compared.changes().tables().get(0));
        WaitStacks a = compared.stacksA();
        WaitStacks b = compared.stacksB();
        flames.setTree(a == null || b == null ? null : FlameTree.of("all threads", a.perSecond(), b.perSecond()));
        layout(true, true);
    }

    /** The progress bar beside the status while the runs are read; none after. */
    private void showProgress(boolean show) {
        statusRow.showProgress(show);
        layout(true, true);
    }

    /** The comparison shown, or null before the first. */
    public RunPair.Compared shown() {
        return shown;
    }

    /** Whether a comparison is under way. */
    public boolean busy() {
        return progress.getVisible();
    }

    public String status() {
        return status.getText();
    }

    public ReportTableViewer changesTable() {
        return changes;
    }

    public FlameGraph flameGraph() {
        return flames;
    }
}
