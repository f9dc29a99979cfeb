package org.lttbench.ui.viewer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.spans.SpanDefinition;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.ui.compute.AnalysisSession;
import org.lttbench.ui.compute.LiveReading;
import org.lttbench.ui.compute.ReportSource;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.compute.SessionListener;
import org.lttbench.ui.compute.TraceReading;
import org.lttbench.ui.compute.TraceSource;
import org.lttbench.ui.view.AnalysisView;
import org.lttbench.ui.view.DiscardedView;
import org.lttbench.ui.view.LatencyView;
import org.lttbench.ui.view.OverheadView;
import org.lttbench.ui.view.ProcessTimeView;
import org.lttbench.ui.view.ReportView;
import org.lttbench.ui.view.SpansView;
import org.lttbench.ui.view.SummaryView;

/**
 * The window of {@code lttbench view}: the views as tabs over one session, so one read of the traces feeds them all
 * and a range chosen in one view applies to every view. The Spans tab is there only when the spans analysis applies
 * (a user-space trace with span events).
 */
public final class StandaloneViewer {
    private final Display display;
    private final Shell shell;
    private final CTabFolder tabs;
    private final SummaryView summary;
    private final ProcessTimeView process;
    private final LatencyView latency;
    private final OverheadView overhead;
    private final DiscardedView discarded;
    private final SpansView spans;
    /** The analyses without a view of their own, a tab each. */
    private final List<AnalysisView> generic = new ArrayList<>();
    /** The Spans tab, while the traces have spans; else null. */
    private CTabItem spansItem;
    private final AnalysisSession session;

    public StandaloneViewer(Display display, String title, TraceSource source) {
        this(display, title, source, List.of());
    }

    /** @param spanDefinitions the user's span definitions ({@code --span}), besides the built-in ones */
    public StandaloneViewer(Display display, String title, TraceSource source, List<SpanDefinition> spanDefinitions) {
        this(display, title, new TraceReading(source, spanDefinitions));
    }

    /** A window on the reports of this source: a {@link TraceReading} of files, or a live session's {@link LiveReading}. */
    public StandaloneViewer(Display display, String title, ReportSource source) {
        this.display = display;
        shell = new Shell(display);
        shell.setText("LTTbench: " + title);
        shell.setLayout(new FillLayout());
        shell.setSize(1280, 900);
        tabs = new CTabFolder(shell, SWT.TOP | SWT.BORDER);
        session = new AnalysisSession(display, source);
        // It opens on what stands out, as lttbench analyze TRACE does, whatever the traces hold.
        summary = tab("What stands out", new SummaryView(tabs, SWT.NONE));
        process = tab("Process time", new ProcessTimeView(tabs, SWT.NONE));
        latency = tab("Latency", new LatencyView(tabs, SWT.NONE));
        overhead = tab("Tracepoint overhead", new OverheadView(tabs, SWT.NONE));
        discarded = tab("Discarded events", new DiscardedView(tabs, SWT.NONE));
        spans = new SpansView(tabs, SWT.NONE);
        spans.setVisible(false);
        spans.setSession(session);
        // every other analysis as it declares itself, so that a new one shows without a change here
        Set<String> shown = new HashSet<>();
        for (ReportView v : List.of(process, latency, overhead, discarded, spans)) { // not the summary's: it reads all
            v.requests().forEach(r -> shown.add(r.analysis()));
        }
        for (AnalysisProvider p : Analyses.all()) {
            if (!shown.contains(p.name())) {
                generic.add(tab(p.tables().title(), new AnalysisView(tabs, SWT.NONE, p.name())));
            }
        }
        tabs.setSelection(0);
        session.addListener(new SessionListener() {
            @Override
            public void finished(ReportSet reports) {
                if (tabs.isDisposed()) {
                    return;
                }
                if (reports.failure() == null) {
                    showSpans(reports.whyNotApplicable("spans") == null);
                }
            }
        });
        shell.addDisposeListener(e -> session.dispose());
    }

    /** Adds the Spans tab after Latency, or takes it away (its view stays, hidden, attached to the session). */
    private void showSpans(boolean applies) {
        if (applies && spansItem == null) {
            spansItem = new CTabItem(tabs, SWT.NONE, Arrays.asList(tabs.getItems()).indexOf(tabItem(latency)) + 1);
            spansItem.setText("Spans");
            spansItem.setControl(spans);
        } else if (!applies && spansItem != null) {
            spansItem.dispose();
            spansItem = null;
            spans.setVisible(false);
        }
    }

    private CTabItem tabItem(ReportView view) {
        return Arrays.stream(tabs.getItems()).filter(i -> i.getControl() == view).findFirst().orElseThrow();
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

    /** The tabs of the analyses without a view of their own ({@link AnalysisView}). */
    public List<AnalysisView> analysisViews() {
        return List.copyOf(generic);
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

    public SummaryView summaryView() {
        return summary;
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

    public SpansView spansView() {
        return spans;
    }

    /** The Spans tab, or null while the traces have no spans. */
    public CTabItem spansTab() {
        return spansItem;
    }
}
