package org.lttbench.ui.view;

import java.util.List;
import java.util.Locale;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.ProgressBar;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TraceNames;
import org.lttbench.core.report.WallClock;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.ui.compute.AnalysisRequest;
import org.lttbench.ui.compute.AnalysisSession;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.compute.SessionListener;
import org.lttbench.ui.range.RangeBar;
import org.lttbench.ui.table.ReportTableViewer;

/**
 * What every analysis view has: the range bar, the loss banner, a status line with progress, and the view's own
 * content below. A plain {@link Composite} (no workbench), so Trace Compass views can host it: give it a session
 * ({@link #setSession}) and it computes off the UI thread, or give it reports made elsewhere ({@link #setReports}).
 */
public abstract class ReportView extends Composite implements SessionListener {
    private final RangeBar rangeBar;
    private final LossBanner banner;
    private final StatusRow statusRow;
    private final ProgressBar progress;
    private final Label status;
    /** How many lines the status shows at most; its tooltip holds it whole. */
    static final int STATUS_LINES = 3;
    private AnalysisSession session;
    private final List<AnalysisRequest> requests;
    /** The analysis whose not applying the content says, or null. */
    private final String explained;
    private final Composite content;

    /** @param requests the analyses this view shows (all computed in one read of the traces with those of others) */
    protected ReportView(Composite parent, int style, List<AnalysisRequest> requests) {
        this(parent, style, requests, null);
    }

    /**
     * @param requests  the analyses this view shows (all computed in one read of the traces with those of others)
     * @param explained the analysis whose not applying the view's content says itself ({@link #saysWhyNotApplicable})
     */
    protected ReportView(Composite parent, int style, List<AnalysisRequest> requests, String explained) {
        super(parent, style);
        this.requests = List.copyOf(requests);
        this.explained = explained;
        GridLayout layout = new GridLayout(1, false);
        layout.marginWidth = 4;
        layout.marginHeight = 4;
        layout.verticalSpacing = 4;
        setLayout(layout);
        rangeBar = new RangeBar(this, SWT.NONE);
        rangeBar.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        rangeBar.onRangeChosen(this::setRange);
        banner = new LossBanner(this);
        GridData bannerData = new GridData(SWT.FILL, SWT.TOP, true, false);
        bannerData.exclude = true;
        banner.setLayoutData(bannerData);

        statusRow = new StatusRow(this);
        progress = statusRow.progress;
        status = statusRow.status;
        statusRow.showProgress(false);
        // the progress bar stands beside it only while reading; a status wrapped for it would keep an empty line
        LabelWrap.follow(status, () -> progress.getVisible() ? 200 : 8, STATUS_LINES);
        status.setText("No traces yet");

        content = new Composite(this, SWT.NONE);
        content.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        content.setLayout(new org.eclipse.swt.layout.FillLayout());
        createContent(content);
        // A view behind another tab was laid out while hidden: lay it out again when it shows.
        addListener(SWT.Show, e -> getDisplay().asyncExec(() -> {
            if (!isDisposed()) {
                status.requestLayout();
                banner.requestLayout();
            }
        }));
        addDisposeListener(e -> {
            if (session != null) {
                session.removeListener(this);
            }
        });
    }

    /** The analyses this view shows (all computed in one read of the traces with those of other views). */
    public final List<AnalysisRequest> requests() {
        return requests;
    }

    /**
     * Builds the tables and charts inside {@code parent} (a FillLayout composite). This constructor calls it, before
     * a subclass's own fields are set: a view whose content needs them builds it in its own constructor, inside
     * {@link #content()}, and does not override this.
     */
    protected void createContent(Composite parent) {
    }

    /** Where the view's tables and charts go (a FillLayout composite). */
    protected final Composite content() {
        return content;
    }

    /** Shows the reports in the tables and charts: no analysis here, only rendering. */
    protected abstract void render(ReportSet reports);

    /** Attaches to a session: its runs feed this view, and this view's range bar drives it. */
    public void setSession(AnalysisSession newSession) {
        if (session != null) {
            session.removeListener(this);
        }
        session = newSession;
        rangeBar.setEnabled(session.rangesComputed()); // a live session is read once, over its whole length
        session.require(requests());
        session.addListener(this);
    }

    public AnalysisSession session() {
        return session;
    }

    /** Recomputes for this range (through the session); {@link TimeRange#ALL} for the whole trace. */
    public void setRange(TimeRange range) {
        if (session == null) {
            throw new IllegalStateException("the view has no session to compute a range with");
        }
        session.setRange(range);
    }

    /** Shows reports computed elsewhere (a host's own run, or a test's). */
    public void setReports(ReportSet reports) {
        showProgress(false);
        if (reports.failure() != null) {
            status.setText("Could not analyse the traces: " + reports.failure());
            status.setForeground(getDisplay().getSystemColor(SWT.COLOR_RED));
        } else {
            // A live session's state first (followed, ended, its relay daemon gone), then what the figures say.
            String live = reports.liveStatus();
            status.setForeground(reports.liveEndedEarly() ? getDisplay().getSystemColor(SWT.COLOR_RED) : null);
            String described = describe(reports);
            status.setText(live == null ? described : described.isEmpty() ? live : live + " " + described);
        }
        status.setToolTipText(status.getText());
        LabelWrap.fit(status);
        // The fields keep what the user asked for; the status line says what the figures cover.
        boolean whole = reports.range().equals(TimeRange.ALL);
        rangeBar.showRange(!whole ? reports.range() : session != null && session.span() != null ? session.span() : reports.coveredRange(analyses()));
        if (reports.histogram() != null) {
            rangeBar.setHistogram(reports.histogram());
        } else if (whole && !rangeBar.hasHistogram() && reports.table("discarded", "loss_timeline") != null) {
            // A host that reads no histogram (Trace Compass): the whole trace's events and losses over time, coarser.
            rangeBar.setHistogram(reports.table("discarded", "loss_timeline"));
        }
        banner.show(reports, analyses());
        render(reports);
        status.requestLayout();
    }

    /** The status line: the summary of the view's first analysis (what was read, the range, what was lost). */
    private String describe(ReportSet reports) {
        StringBuilder b = new StringBuilder();
        TimeRange r = reports.coveredRange(analyses());
        String summary = summary(reports);
        if (summary != null) {
            b.append(summary);
        } else if (r.begin() != Long.MIN_VALUE && r.end() != Long.MAX_VALUE && r.duration() > 0) {
            b.append("The figures cover ").append(org.lttbench.core.report.CellFormat.duration(r.duration())).append(", from ")
                    .append(WallClock.format(r.begin())).append(" to ").append(WallClock.format(r.end()));
        }
        java.util.Set<String> said = new java.util.HashSet<>();
        // Those the content explains are named together, where the first of them is: "the syscalls and io analyses
        // do not apply (why below)".
        List<String> parts = new java.util.ArrayList<>();
        List<String> below = new java.util.ArrayList<>();
        int belowAt = -1;
        for (AnalysisRequest request : requests()) {
            String analysis = request.analysis();
            String why = reports.whyNotApplicable(analysis);
            if (why == null || !said.add(analysis)) {
                continue;
            }
            if (saysWhyNotApplicable(analysis)) {
                belowAt = below.isEmpty() ? parts.size() : belowAt;
                below.add(analysis);
            } else {
                parts.add("the " + analysis + " analysis does not apply: " + why);
            }
        }
        if (!below.isEmpty()) {
            String names = below.size() == 1 ? below.get(0)
                    : String.join(", ", below.subList(0, below.size() - 1)) + " and " + below.get(below.size() - 1);
            parts.add(belowAt, "the " + names + (below.size() == 1 ? " analysis does not apply" : " analyses do not apply") + " (why below)");
        }
        for (String part : parts) {
            b.append(b.length() > 0 ? "; " : "").append(part);
        }
        return b.toString();
    }

    /** The summary line the status line starts with: by default the view's first analysis's, or {@code null}. */
    protected String summary(ReportSet reports) {
        return requests().isEmpty() ? null : reports.summary(requests().get(0).analysis());
    }

    /** Whether the view's content says itself why this analysis does not apply (the status line then does not). */
    protected boolean saysWhyNotApplicable(String analysis) {
        return analysis.equals(explained);
    }

    @Override
    public void spanKnown(TimeRange span) {
        if (!isDisposed()) {
            rangeBar.setSpan(span);
            rangeBar.showRange(session == null ? span : session.range());
        }
    }

    @Override
    public void runStarted(TimeRange range) {
        if (isDisposed()) {
            return;
        }
        progress.setSelection(0);
        showProgress(true);
        status.setForeground(null);
        status.setText("Computing…");
        if (session != null && session.span() != null) {
            rangeBar.showRange(range);
        }
    }

    @Override
    public void progress(long bytesDone, long bytesTotal) {
        if (isDisposed() || bytesTotal <= 0) {
            return;
        }
        int permille = (int) Math.min(1000, bytesDone * 1000 / bytesTotal);
        progress.setSelection(permille);
        status.setText(String.format(Locale.ROOT, "Reading the traces… %d %% (%.1f of %.1f MiB)", permille / 10, bytesDone / 1048576.0,
                bytesTotal / 1048576.0));
    }

    @Override
    public void finished(ReportSet reports) {
        if (!isDisposed()) {
            setReports(reports);
        }
    }

    /** Puts a control in a new tab of the folder (the views' tables and trees). */
    protected static <C extends org.eclipse.swt.widgets.Control> C addTab(org.eclipse.swt.custom.CTabFolder tabs, String title, C control) {
        org.eclipse.swt.custom.CTabItem item = new org.eclipse.swt.custom.CTabItem(tabs, SWT.NONE);
        item.setText(title);
        item.setControl(control);
        if (tabs.getSelectionIndex() < 0) {
            tabs.setSelection(item);
        }
        return control;
    }

    private java.util.Set<String> analyses() {
        java.util.Set<String> analyses = new java.util.HashSet<>();
        for (AnalysisRequest r : requests()) {
            analyses.add(r.analysis());
        }
        return analyses;
    }

    private void showProgress(boolean visible) {
        statusRow.showProgress(visible);
        LabelWrap.rewrap(status);
    }

    /**
     * How the tables of these reports name traces: all alike, by their paths below the directory they share
     * ({@link TraceNames}).
     */
    protected static TraceNames traceNames(ReportSet reports) {
        return TraceNames.of(reports.tracePaths());
    }

    /** Shows the analysis's table of that key in the viewer (none in the reports: an empty viewer); returns it, or null. */
    protected static Table show(ReportTableViewer viewer, ReportSet reports, String analysis, String key,
            TraceNames names) {
        Table table = reports.table(analysis, key);
        viewer.setTable(table, names);
        return table;
    }

    public RangeBar rangeBar() {
        return rangeBar;
    }

    public LossBanner banner() {
        return banner;
    }

    public String statusText() {
        return status.getText();
    }

    public boolean isComputing() {
        return progress.isVisible();
    }
}
