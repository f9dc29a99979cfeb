package org.lttbench.ui.view;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.widgets.Composite;
import org.lttbench.core.analysis.spans.SpansAnalysis;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Table;
import org.lttbench.ui.chart.ChartModel;
import org.lttbench.ui.chart.ChartPanel;
import org.lttbench.ui.chart.DurationText;
import org.lttbench.ui.chart.Palette;
import org.lttbench.ui.compute.AnalysisRequest;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.table.ReportTableViewer;

/**
 * Where each request's time went: per span name, the wall time of its spans split into the states of the kernel
 * threads that ran them (user, system, IRQ, waiting for a CPU, I/O wait, blocked, by cause), and beside it the slowest
 * spans split alike; below, the spans analysis's tables (per span name, blocked by cause and by waker, the slowest).
 * Without the session's kernel trace the bars are wall times only. Renders the {@code spans} analysis's tables.
 */
public final class SpansView extends ReportView {

    /** What it shows (and Trace Compass's generic view leaves out). */
    public static final List<AnalysisRequest> REQUESTS = List.of(AnalysisRequest.of("spans"), AnalysisRequest.of("discarded"));

    /** How many span names, and how many of the slowest spans, the charts show. */
    public static final int TOP = 10;
    /**
     * How long a bar's label may be: a C++ symbol (a ROS 2 callback's name) is shortened to it; the slowest spans' chart,
     * the narrower, says their rank and thread too.
     */
    public static final int MAX_LABEL = 48, MAX_SLOWEST_LABEL = 28;
    /** The colour of time no kernel thread was matched for: a colour no thread state has. */
    static final RGB UNMATCHED = Palette.color(7);
    /** The colour of wall time the trace cannot split (no kernel trace). */
    static final RGB WALL = Palette.color(6);

    private TwoChartsOverTabs layout;
    private ChartPanel names;
    private ChartPanel slowest;
    private DeclaredTables tables;

    public SpansView(Composite parent, int style) {
        super(parent, style, REQUESTS, "spans");
    }

    @Override
    protected void createContent(Composite parent) {
        layout = new TwoChartsOverTabs(parent, "span-names", "slowest-spans", 55, 50);
        names = layout.left;
        slowest = layout.right;
        tables = new DeclaredTables(layout.tabs, "spans");
        names.setModel(namesChartOf(null, null, TOP));
        slowest.setModel(slowestChartOf(null, TOP));
    }

    @Override
    protected void render(ReportSet reports) {
        tables.render(reports, traceNames(reports));
        String why = reports.failure() != null ? reports.failure() : reports.whyNotApplicable("spans");
        ChartModel byName = namesChartOf(reports.table("spans", "spans"), reports.table("spans", "span_blocked_by_cause"), TOP);
        ChartModel slow = slowestChartOf(reports.table("spans", "spans_slowest"), TOP);
        if (why != null) {
            byName.emptyText(why);
            slow.emptyText(why);
        }
        names.setModel(byName);
        slowest.setModel(slow);
        boolean notApplicable = reports.failure() == null && why != null;
        // a failure is said by the status line already; a notice says why the analysis does not apply
        layout.content.show(notApplicable ? "No spans: " + why : "", notApplicable);
    }

    /**
     * Per span name (the most wall time first, at the top), its spans' wall time split into their parts, Blocked split
     * by cause; at each bar's end, how many spans and their total.
     */
    static ChartModel namesChartOf(Table perName, Table causes, int bars) {
        String title = "Where each span name's time went";
        if (perName == null) {
            return spanBars(title, "Span (name)", "Wall time, all its spans");
        }
        // the table comes with the most wall time first
        List<Object[]> shown = ChartModel.firstAtTheTop(perName.rows(), bars);
        int span = perName.columnIndex("span");
        int count = perName.columnIndex("spans");
        int wall = perName.columnIndex("wall_ns");
        List<String> labels = new ArrayList<>();
        List<String> totals = new ArrayList<>();
        for (Object[] r : shown) {
            labels.add(label(String.valueOf(r[span]), MAX_LABEL));
            long n = (Long) r[count];
            totals.add((n == 1 ? "1 span, " : String.format(java.util.Locale.ROOT, "%,d spans, ", n))
                    + CellFormat.text(perName.columns().get(wall), r[wall]));
        }
        DurationText.Unit unit = unitOf(perName, shown);
        ChartModel model = spanBars(shown.size() < perName.rows().size()
                ? title + ": the " + shown.size() + " with the most wall time" : title, "Span (name)",
                "Wall time, all its spans (" + unit.symbol() + ")").categories(labels);
        addParts(model, perName, shown, unit);
        model.barLabels(totals);
        return BlockedSplit.split(model, perName, shown, causes, List.of("span"), unit.ns());
    }

    /** The slowest spans (the slowest at the top), each split into its parts; at each bar's end, its wall time. */
    static ChartModel slowestChartOf(Table slow, int bars) {
        String title = "The slowest spans";
        if (slow == null) {
            return spanBars(title, "Span (VTID)", "Wall time");
        }
        List<Object[]> shown = ChartModel.firstAtTheTop(slow.rows(), bars);
        int span = slow.columnIndex("span");
        int vtid = slow.columnIndex("vtid");
        int wall = slow.columnIndex("wall_ns");
        List<String> labels = new ArrayList<>();
        List<String> walls = new ArrayList<>();
        for (int i = 0; i < shown.size(); i++) {
            Object[] r = shown.get(i);
            // ranked, so that spans of one name on one thread stay apart
            String thread = r[vtid] != null ? " (" + r[vtid] + ")" : "";
            labels.add((shown.size() - i) + ". " + label(String.valueOf(r[span]), MAX_SLOWEST_LABEL) + thread);
            walls.add(CellFormat.text(slow.columns().get(wall), r[wall]));
        }
        DurationText.Unit unit = unitOf(slow, shown);
        ChartModel model = spanBars(title, "Span (VTID)", "Wall time (" + unit.symbol() + ")").categories(labels);
        addParts(model, slow, shown, unit);
        model.barLabels(walls);
        return model;
    }

    /** Both charts' shape: a horizontal bar per span name or span, its parts stacked. */
    private static ChartModel spanBars(String title, String categoryAxis, String valueAxis) {
        return ChartModel.bars(title, categoryAxis, valueAxis).horizontal(true).stacked(true).emptyText("no spans");
    }

    /**
     * A span's name as a bar's label: a long C++ symbol without its argument lists
     * ({@code SinkNode::SinkNode(…)::{lambda(…)#1}}; a parenthesis after a space is a type, kept), then its middle cut
     * (what it is a member of, and which lambda, stay); the tables give it whole.
     */
    static String label(String name, int max) {
        if (name.length() <= max) {
            return name;
        }
        StringBuilder b = new StringBuilder();
        int skipped = 0; // the depth of the argument list being left out, 0 outside one
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (skipped > 0) {
                skipped += c == '(' ? 1 : c == ')' ? -1 : 0;
                if (skipped == 0) {
                    b.append(name.charAt(i - 1) == '(' ? ")" : "…)");
                }
            } else if (c == '(' && i > 0 && (Character.isJavaIdentifierPart(name.charAt(i - 1))
                    || name.charAt(i - 1) == '>' || name.charAt(i - 1) == ')')) {
                b.append('(');
                skipped = 1;
            } else {
                b.append(c);
            }
        }
        String s = b.toString();
        if (s.length() <= max) {
            return s;
        }
        int head = max / 2 - 1;
        return s.substring(0, head) + "…" + s.substring(s.length() - (max - head - 1));
    }

    /** The unit the longest wall time of the rows reads in. */
    private static DurationText.Unit unitOf(Table table, List<Object[]> rows) {
        int wall = table.columnIndex("wall_ns");
        double longest = 0;
        for (Object[] r : rows) {
            longest = Math.max(longest, TableColumns.number(r[wall]));
        }
        return DurationText.unitOf(longest);
    }

    /**
     * A series per part of the wall time some row has, in the thread states' colours (the parts add up to the wall
     * time); without the kernel trace (no parts), the wall time as one series.
     */
    private static void addParts(ChartModel model, Table table, List<Object[]> rows, DurationText.Unit unit) {
        boolean split = false;
        for (String key : SpansAnalysis.PARTS) {
            int c = TableColumns.index(table, key);
            if (c < 0) {
                continue;
            }
            double[] y = new double[rows.size()];
            boolean any = false;
            for (int i = 0; i < y.length; i++) {
                Object cell = rows.get(i)[c];
                split |= cell != null;
                y[i] = TableColumns.number(cell) / unit.ns();
                any |= y[i] > 0;
            }
            if (any) {
                ThreadState state = SpansAnalysis.partState(key);
                model.add(table.columns().get(c).title(), state == null ? UNMATCHED : ProcessTimeView.rgb(state), y);
            }
        }
        if (!split) {
            int wall = table.columnIndex("wall_ns");
            double[] y = new double[rows.size()];
            for (int i = 0; i < y.length; i++) {
                y[i] = TableColumns.number(rows.get(i)[wall]) / unit.ns();
            }
            model.add("Wall (no kernel trace to split it)", WALL, y);
        }
    }

    /** Per span name: its spans' wall time split, Blocked by cause. */
    public ChartPanel namesChart() {
        return names;
    }

    /** The slowest spans, each split. */
    public ChartPanel slowestChart() {
        return slowest;
    }

    /** The viewer of the spans analysis's table of that key (as the analysis declares it), or null. */
    public ReportTableViewer table(String tableKey) {
        return tables.viewer(tableKey);
    }

    /** The keys of the tables, in their tabs' order. */
    public List<String> tableKeys() {
        return tables.keys();
    }

    /** Why the view has nothing to show (its charts and tables are hidden), or an empty string. */
    public String noticeText() {
        return layout.content.notice.text();
    }

    public CTabFolder tabs() {
        return layout.tabs;
    }
}
