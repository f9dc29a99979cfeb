package org.lttbench.ui.view;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.widgets.Composite;
import org.lttbench.core.report.Table;
import org.lttbench.ui.chart.ChartModel;
import org.lttbench.ui.chart.ChartPanel;
import org.lttbench.ui.chart.Palette;
import org.lttbench.ui.compute.AnalysisRequest;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.table.ReportTableViewer;

/**
 * What the tracing cost: the table per tracepoint (its headline columns; the detail columns on demand), a histogram
 * of the gaps between a thread's consecutive events on a log scale (two humps when events come back to back and
 * apart), and each process's estimated share of CPU time spent tracing. A chart that does not apply to the traces (the
 * share without a kernel trace of the same session, the gaps without thread contexts) is hidden, and a line says why.
 * Renders the {@code overhead} analysis's tables.
 */
public final class OverheadView extends ReportView {

    /** What it shows (and Trace Compass's generic view leaves out). */
    public static final List<AnalysisRequest> REQUESTS = List.of(AnalysisRequest.of("overhead"), AnalysisRequest.of("discarded"));

    /** Tracepoints the histogram shows by name; the rest are drawn together. */
    static final int HISTOGRAM_SERIES = 6;
    static final String OTHERS = "other tracepoints";
    private static final int SHARE_BARS = 12;

    private ChartPanel histogram;
    private ChartPanel share;
    private TwoChartsOverTabs layout;
    private ReportTableViewer tracepoints;
    private ReportTableViewer streams;
    private NoticeLine hidden;

    public OverheadView(Composite parent, int style) {
        super(parent, style, REQUESTS, "overhead");
    }

    @Override
    protected void createContent(Composite parent) {
        // Why a chart is not shown, said once (a chart that cannot apply is hidden, not drawn empty).
        layout = new TwoChartsOverTabs(parent, "tracepoint-gaps", "tracing-share", 60, 55);
        hidden = layout.content.notice;
        hidden.label().setForeground(parent.getDisplay().getSystemColor(SWT.COLOR_DARK_GRAY));
        histogram = layout.left;
        share = layout.right;
        CTabFolder tabs = layout.tabs;
        tracepoints = addTab(tabs, "Tracepoints", new ReportTableViewer(tabs, SWT.NONE));
        streams = addTab(tabs, "Bytes per stream", new ReportTableViewer(tabs, SWT.NONE));
        histogram.setModel(histogramOf(null));
        share.setModel(shareOf(null));
        tracepoints.viewer().getTable().setToolTipText("Headline columns; right-click > Show detail columns for the rest "
                + "(the gap distribution, back-to-back events, sub-buffer switches, why a cost is unknown)");
    }

    @Override
    protected void render(ReportSet reports) {
        org.lttbench.core.report.TraceNames names = traceNames(reports);
        show(tracepoints, reports, "overhead", "tracepoints", names);
        show(streams, reports, "overhead", "overhead_streams", names);
        String why = reports.failure() != null ? reports.failure() : reports.whyNotApplicable("overhead");
        ChartModel h = histogramOf(reports.table("overhead", "tracepoint_gaps"));
        Table shareTable = processShareTable(reports);
        ChartModel s = shareOf(shareTable);
        if (why != null) {
            h.emptyText(why);
            s.emptyText(why);
        }
        histogram.setModel(h);
        share.setModel(s);
        // Charts that cannot apply to these traces are hidden, and why is said once.
        List<String> notShown = new ArrayList<>();
        if (why == null && s.isEmpty()) {
            notShown.add("each process's share of CPU time spent tracing (" + (shareTable == null
                    ? "it needs the kernel trace of the same session, with sched_switch, beside the user-space trace"
                    : s.emptyText()) + ")");
        }
        if (why == null && h.isEmpty()) {
            notShown.add("the histogram of the gaps between a thread's events (no two events of one thread on one CPU "
                    + "could be paired: the events need a vtid or tid context)");
        }
        if (why != null) {
            layout.content.sash.setMaximizedControl(layout.tabs);
        } else if (s.isEmpty() && h.isEmpty()) {
            layout.content.sash.setMaximizedControl(layout.tabs);
        } else {
            layout.content.sash.setMaximizedControl(null);
            layout.charts.setMaximizedControl(s.isEmpty() ? histogram : h.isEmpty() ? share : null);
        }
        String text = why != null ? "No charts: " + why : notShown.isEmpty() ? "" : "Not shown: " + String.join("; ", notShown) + ".";
        hidden.show(text);
    }

    /** Why charts are not shown (a chart that does not apply to these traces is hidden), or an empty string. */
    public String hiddenChartsText() {
        return hidden.text();
    }

    /** Whether a chart of this view is on screen (charts that do not apply are hidden). */
    public boolean isShown(ChartPanel chart) {
        Composite parent = chart.getParent();
        SashForm sash = layout.content.sash;
        SashForm charts = layout.charts;
        boolean chartsShown = sash.getMaximizedControl() == null || sash.getMaximizedControl() == charts;
        return chartsShown && (charts.getMaximizedControl() == null || charts.getMaximizedControl() == chart) && parent == charts;
    }

    /**
     * The table of each process's share of CPU time spent tracing ({@code tracing_share}); the overhead analysis
     * makes it only when a kernel trace of the same session comes with the user-space one.
     */
    static Table processShareTable(ReportSet reports) {
        return reports.table("overhead", "tracing_share");
    }

    /**
     * Gap histogram: the analysis's log-spaced bins on a category axis (equal widths, so the axis is logarithmic),
     * empty bins in between filled in, one stacked colour per busiest tracepoint.
     */
    static ChartModel histogramOf(Table gaps) {
        ChartModel model = ChartModel.bars("Gaps between a thread's consecutive events (log scale)",
                "Gap to the thread's next event on the same CPU (log scale)", "Gaps (count)").stacked(true)
                .emptyText("no gaps measured");
        if (gaps == null) {
            return model;
        }
        int name = TableColumns.index(gaps, "name");
        return LogBinChart.fill(model, gaps, TableColumns.index(gaps, "low_ns"), TableColumns.index(gaps, "high_ns"),
                TableColumns.index(gaps, "count"), r -> name >= 0 && r[name] != null ? r[name].toString() : "all",
                HISTOGRAM_SERIES, OTHERS);
    }

    /**
     * Each process's share of CPU time spent tracing, as horizontal bars (largest at the top): the share from the
     * machine's calibration when the run had one, else the share it cannot exceed (from the trace alone), titled so.
     */
    static ChartModel shareOf(Table table) {
        ChartModel model = ChartModel.bars("Share of each process's CPU time spent tracing", "Process (PID)", "CPU time spent tracing (%)")
                .horizontal(true).emptyText("needs the kernel trace of the same session, with sched_switch");
        int calibrated = table == null ? -1 : TableColumns.index(table, "share");
        if (calibrated < 0) {
            return model;
        }
        boolean known = table.rows().stream().anyMatch(r -> r[calibrated] != null);
        int share = known ? calibrated : TableColumns.index(table, "share_bound");
        if (share < 0) {
            return model;
        }
        if (!known) {
            model = ChartModel.bars("CPU time spent tracing, at most (no calibration)",
                    "Process (PID)", "CPU time spent tracing, at most (%)").horizontal(true)
                    .emptyText("needs the kernel trace of the same session, with sched_switch");
        }
        int pid = TableColumns.index(table, "pid");
        int name = TableColumns.index(table, "name");
        List<Object[]> rows = new ArrayList<>();
        for (Object[] r : table.rows()) {
            if (r[share] != null) {
                rows.add(r);
            }
        }
        rows.sort(Comparator.comparingDouble((Object[] r) -> (Double) r[share]).reversed());
        List<Object[]> shown = ChartModel.firstAtTheTop(rows, SHARE_BARS);
        List<String> labels = new ArrayList<>();
        double[] percent = new double[shown.size()];
        for (int i = 0; i < shown.size(); i++) {
            Object[] r = shown.get(i);
            labels.add((name >= 0 && r[name] != null ? r[name] : "?") + " (" + r[pid] + ")");
            percent[i] = (Double) r[share] * 100;
        }
        if (shown.isEmpty()) {
            return model.emptyText("no process has both user-space events and running time in the kernel trace");
        }
        return model.categories(labels).add(known ? "Tracing" : "Tracing, at most", Palette.color(2), percent);
    }

    public ChartPanel histogram() {
        return histogram;
    }

    public ChartPanel shareChart() {
        return share;
    }

    public ReportTableViewer tracepointTable() {
        return tracepoints;
    }

    public CTabFolder tabs() {
        return layout.tabs;
    }
}
