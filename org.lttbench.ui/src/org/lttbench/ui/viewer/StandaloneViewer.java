package org.lttbench.ui.viewer;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.ui.compute.AnalysisSession;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.compute.SessionListener;
import org.lttbench.ui.compute.TraceSource;
import org.lttbench.ui.view.DiscardedView;
import org.lttbench.ui.view.LatencyView;
import org.lttbench.ui.view.OverheadView;
import org.lttbench.ui.view.ProcessTimeView;
import org.lttbench.ui.view.ReportView;

/**
 * The window of {@code lttbench view}: the four views as tabs over one session, so one read of the traces feeds
 * them all and a range chosen in one view applies to every view.
 */
public final class StandaloneViewer {
    private final Display display;
    private final Shell shell;
    private final CTabFolder tabs;
    private final ProcessTimeView process;
    private final LatencyView latency;
    private final OverheadView overhead;
    private final DiscardedView discarded;
    private final AnalysisSession session;
    private boolean firstResults = true;

    public StandaloneViewer(Display display, String title, TraceSource source) {
        this.display = display;
        shell = new Shell(display);
        shell.setText("LTTbench: " + title);
        shell.setLayout(new FillLayout());
        shell.setSize(1280, 900);
        tabs = new CTabFolder(shell, SWT.TOP | SWT.BORDER);
        session = new AnalysisSession(display, source);
        process = tab("Process time", new ProcessTimeView(tabs, SWT.NONE));
        latency = tab("Latency", new LatencyView(tabs, SWT.NONE));
        overhead = tab("Tracepoint overhead", new OverheadView(tabs, SWT.NONE));
        discarded = tab("Discarded events", new DiscardedView(tabs, SWT.NONE));
        tabs.setSelection(0);
        session.addListener(new SessionListener() {
            @Override
            public void finished(ReportSet reports) {
                if (firstResults && !tabs.isDisposed()) {
                    firstResults = false;
                    // A user-space trace has no process times: open on what the traces can tell.
                    if (reports.whyNotApplicable("process") != null && reports.whyNotApplicable("overhead") == null) {
                        tabs.setSelection(java.util.Arrays.stream(tabs.getItems()).filter(i -> i.getControl() == overhead)
                                .findFirst().orElseThrow());
                    }
                }
            }
        });
        shell.addDisposeListener(e -> session.dispose());
    }

    private <V extends ReportView> V tab(String title, V view) {
        CTabItem item = new CTabItem(tabs, SWT.NONE);
        item.setText(title);
        item.setControl(view);
        view.setSession(session);
        return view;
    }

    /** Shows the window and starts the first computation (the whole trace). */
    public void open() {
        open(TimeRange.ALL);
    }

    /** Shows the window and starts the first computation, for this range ({@link TimeRange#ALL}: the whole trace). */
    public void open(TimeRange range) {
        shell.open();
        session.setRange(range);
    }

    /** Runs the event loop until the user closes the window. */
    public void runUntilClosed() {
        while (!shell.isDisposed()) {
            if (!display.readAndDispatch()) {
                display.sleep();
            }
        }
    }

    public Shell shell() {
        return shell;
    }

    public CTabFolder tabs() {
        return tabs;
    }

    public AnalysisSession session() {
        return session;
    }

    public ProcessTimeView processView() {
        return process;
    }

    public LatencyView latencyView() {
        return latency;
    }

    public OverheadView overheadView() {
        return overhead;
    }

    public DiscardedView discardedView() {
        return discarded;
    }
}
