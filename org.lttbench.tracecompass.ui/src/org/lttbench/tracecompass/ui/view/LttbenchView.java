package org.lttbench.tracecompass.ui.view;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Display;
import org.eclipse.tracecompass.analysis.os.linux.core.signals.TmfThreadSelectedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfSelectionRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalHandler;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceSelectedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfWindowRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.timestamp.ITmfTimestamp;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceContext;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.ui.views.TmfView;
import org.eclipse.ui.PartInitException;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.ui.compute.AnalysisSession;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.compute.SessionListener;
import org.lttbench.ui.view.LossBanner;
import org.lttbench.ui.view.ReportView;

/**
 * A Trace Compass view hosting one of LTTbench's SWT views. It shows the active trace and follows Trace Compass's
 * time range: the selected range when one is selected (dragged in any time view, or chosen in the view's own range
 * bar, which selects it for every view), otherwise the visible window range.
 */
public abstract class LttbenchView extends TmfView {
    private ReportView content;
    private ITmfTrace trace;
    private AnalysisSession session;
    private TimeRange selection;
    private TimeRange window;

    private final java.util.function.Function<Composite, ReportView> hosted;

    /** A view that makes what it hosts itself ({@link #createContent}). */
    protected LttbenchView(String name) {
        this(name, null);
    }

    /** @param hosted makes the LTTbench view this Trace Compass view hosts, in its parent */
    protected LttbenchView(String name, java.util.function.Function<Composite, ReportView> hosted) {
        super(name);
        this.hosted = hosted;
    }

    /** The LTTbench view this Trace Compass view hosts. */
    protected ReportView createContent(Composite parent) {
        return hosted.apply(parent);
    }

    @Override
    public void createPartControl(Composite parent) {
        super.createPartControl(parent);
        content = createContent(parent);
        ViewHelp.attach(parent, getViewSite());
        content.rangeBar().onRangeChosen(this::select);
        content.addListener(SWT.Resize, e -> fitBanner());
        ITmfTrace active = TmfTraceManager.getInstance().getActiveTrace();
        if (active != null) {
            show(active);
        }
    }

    @Override
    public void setFocus() {
        content.setFocus();
    }

    /** The LTTbench view shown inside (its tables, charts and status line). */
    public ReportView content() {
        return content;
    }

    /** The trace the view shows, or null. */
    public ITmfTrace trace() {
        return trace;
    }

    /**
     * Selects a thread as Control Flow selects one (Trace Compass's thread selected signal), after showing the view
     * that follows it there (the critical path, the spans of a thread).
     */
    protected void selectThread(int tid, String followingViewId) {
        try {
            getSite().getPage().showView(followingViewId);
        } catch (PartInitException e) {
            return; // the signal still reaches an open one
        }
        if (trace != null) {
            TmfSignalManager.dispatchSignal(new TmfThreadSelectedSignal(this, tid, trace));
        }
    }

    @TmfSignalHandler
    public void traceOpened(TmfTraceOpenedSignal signal) {
        ui(() -> show(signal.getTrace()));
    }

    @TmfSignalHandler
    public void traceSelected(TmfTraceSelectedSignal signal) {
        ui(() -> {
            if (signal.getTrace() != trace) {
                show(signal.getTrace());
            }
        });
    }

    @TmfSignalHandler
    public void traceClosed(TmfTraceClosedSignal signal) {
        ui(() -> {
            TraceSessions.closed(signal.getTrace());
            if (signal.getTrace() == trace) {
                trace = null;
                session = null;
                content.setReports(ReportSet.failed(TimeRange.ALL, "the trace was closed: select an LTTng trace"));
            }
        });
    }

    @TmfSignalHandler
    public void selectionRangeUpdated(TmfSelectionRangeUpdatedSignal signal) {
        ui(() -> {
            if (concerns(signal.getTrace())) {
                selection = range(signal.getBeginTime(), signal.getEndTime());
                follow();
            }
        });
    }

    @TmfSignalHandler
    public void windowRangeUpdated(TmfWindowRangeUpdatedSignal signal) {
        ui(() -> {
            if (concerns(signal.getTrace())) {
                window = range(signal.getCurrentRange());
                follow();
            }
        });
    }

    private void show(ITmfTrace t) {
        if (session != null) {
            session.removeListener(bannerFitter);
        }
        trace = t;
        LttbenchAnalysisModule module = TmfTraceUtils.getAnalysisModuleOfClass(t, LttbenchAnalysisModule.class,
                LttbenchAnalysisModule.ID);
        if (module == null || !module.canExecute(t)) {
            session = null;
            content.setReports(ReportSet.failed(TimeRange.ALL, "LTTbench analyses LTTng kernel and user-space traces (and "
                    + "experiments of them); " + t.getName() + " is not one"));
            return;
        }
        session = TraceSessions.of(t, module, content.getDisplay());
        content.setSession(session);
        session.addListener(bannerFitter);
        TmfTraceContext context = TmfTraceManager.getInstance().getTraceContext(t);
        selection = range(context.getSelectionRange());
        window = range(context.getWindowRange());
        // even for the range it has: this view's analyses may be new to the session
        session.setRange(current());
    }

    /** After each run (the banner's text is new), the banner is fitted to the view. */
    private final SessionListener bannerFitter = reports -> Display.getDefault().asyncExec(this::fitBanner);

    /**
     * Trace Compass opens views in its short bottom stack: there the reports' notes would take the whole height and
     * leave nothing of the charts and tables. The banner gets at most a quarter of the view (at least two lines);
     * what does not fit is in its tooltip. A view with room shows it all.
     */
    private void fitBanner() {
        if (content == null || content.isDisposed()) {
            return;
        }
        LossBanner banner = content.banner();
        GridData gd = (GridData) banner.getLayoutData();
        Control text = banner.getChildren().length > 0 ? banner.getChildren()[0] : banner;
        int capped = SWT.DEFAULT;
        if (banner.getVisible()) {
            int width = content.getClientArea().width;
            int wanted = banner.computeSize(width, SWT.DEFAULT).y;
            // a label's first line and each next one, as the banner's label draws them
            Label probe = new Label(banner, SWT.WRAP);
            probe.setFont(text.getFont());
            probe.setText("X");
            int one = probe.computeSize(SWT.DEFAULT, SWT.DEFAULT).y;
            probe.setText("X\nX");
            int line = Math.max(1, probe.computeSize(SWT.DEFAULT, SWT.DEFAULT).y - one);
            probe.dispose();
            int margins = banner.getLayout() instanceof GridLayout g ? 2 * g.marginHeight + g.marginTop + g.marginBottom : 12;
            int lines = Math.max(2, (content.getClientArea().height / 4 - margins - one) / line + 1);
            int limit = one + (lines - 1) * line + margins;
            capped = wanted > limit ? limit : SWT.DEFAULT;
        }
        text.setToolTipText(capped == SWT.DEFAULT ? null : banner.text());
        if (gd.heightHint != capped) {
            gd.heightHint = capped;
            banner.requestLayout(); // the banner as the changed control: its cached size in the grid is flushed
        }
    }

    /** The range the views show: the selection when it is a range, else the window. */
    private TimeRange current() {
        return selection.duration() > 0 ? selection : window;
    }

    private void follow() {
        TimeRange r = current();
        if (session != null && !r.equals(session.range())) {
            session.setRange(r);
        }
    }

    /** The view's range bar selects in Trace Compass, so that its other views follow too (and so does this one). */
    private void select(TimeRange chosen) {
        if (trace == null) {
            return;
        }
        TimeRange r = chosen.equals(TimeRange.ALL) ? ProviderReports.spanOf(trace) : chosen;
        broadcast(new TmfSelectionRangeUpdatedSignal(this, TmfTimestamp.fromNanos(r.begin()), TmfTimestamp.fromNanos(r.end()),
                trace));
    }

    private boolean concerns(ITmfTrace t) {
        return trace != null && (t == null || t == trace || TmfTraceManager.getTraceSetWithExperiment(trace).contains(t));
    }

    /** A Trace Compass time range as LTTbench's (in nanoseconds, begin before end). */
    static TimeRange range(TmfTimeRange r) {
        return range(r.getStartTime(), r.getEndTime());
    }

    private static TimeRange range(ITmfTimestamp a, ITmfTimestamp b) {
        long x = a.toNanos();
        long y = b.toNanos();
        return new TimeRange(Math.min(x, y), Math.max(x, y));
    }

    /** Signals come on any thread; the view changes on the UI thread, while it exists. */
    private void ui(Runnable r) {
        Display display = Display.getDefault();
        display.asyncExec(() -> {
            if (content != null && !content.isDisposed()) {
                r.run();
            }
        });
    }
}
