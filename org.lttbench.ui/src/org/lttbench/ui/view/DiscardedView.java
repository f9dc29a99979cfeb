package org.lttbench.ui.view;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.WallClock;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.ui.chart.ChartModel;
import org.lttbench.ui.chart.ChartPanel;
import org.lttbench.ui.chart.DurationText;
import org.lttbench.ui.chart.Palette;
import org.lttbench.ui.chart.TimeBins;
import org.lttbench.ui.compute.AnalysisRequest;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.export.ExportMenu;
import org.lttbench.ui.table.ReportTableViewer;

/**
 * What the traces lost: losses over time per stream, drawn where they are (drag across it to look at a time range),
 * the table per channel, stream and CPU, when the losses happened, and the buffer advice with its
 * {@code lttng enable-channel} lines ready to copy. Renders the {@code discarded} analysis's tables.
 */
public final class DiscardedView extends ReportView {

    /** What it shows (and Trace Compass's generic view leaves out). */
    public static final List<AnalysisRequest> REQUESTS = List.of(AnalysisRequest.of("discarded"));

    /** What the charts say when the range lost nothing. */
    private static final String NOTHING_LOST = "no events lost in this range";

    private ChartPanel timeline;
    private SashForm sash;
    private CTabFolder tabs;
    private ReportTableViewer streams;
    private ReportTableViewer losses;
    private ReportTableViewer advice;
    private Text commands;
    private Button copy;

    public DiscardedView(Composite parent, int style) {
        super(parent, style, REQUESTS);
    }

    @Override
    protected void createContent(Composite parent) {
        sash = new SashForm(parent, SWT.VERTICAL);
        timeline = new ChartPanel(sash, SWT.NONE, "losses-over-time");
        timeline.onRangeSelected(range -> {
            if (session() != null) {
                setRange(range);
            }
        });
        tabs = new CTabFolder(sash, SWT.BORDER | SWT.BOTTOM);
        streams = addTab(tabs, "Streams", new ReportTableViewer(tabs, SWT.NONE));
        losses = addTab(tabs, "When the losses happened", new ReportTableViewer(tabs, SWT.NONE));
        advice = addTab(tabs, "Buffer advice", new ReportTableViewer(tabs, SWT.NONE));

        Composite box = new Composite(sash, SWT.NONE);
        GridLayout layout = new GridLayout(2, false);
        layout.marginHeight = 2;
        box.setLayout(layout);
        Label title = new Label(box, SWT.NONE);
        title.setText("To keep these events next time, record with:");
        title.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        copy = new Button(box, SWT.PUSH);
        copy.setText("Copy commands");
        copy.addListener(SWT.Selection, e -> ExportMenu.copyText(getDisplay(), commands.getText()));
        commands = new Text(box, SWT.MULTI | SWT.READ_ONLY | SWT.BORDER | SWT.H_SCROLL | SWT.V_SCROLL);
        commands.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 2, 1));
        commands.setFont(org.eclipse.jface.resource.JFaceResources.getTextFont());
        sash.setWeights(42, 40, 18);
        timeline.setModel(timelineOf(null, null));
    }

    @Override
    protected void render(ReportSet reports) {
        org.lttbench.core.report.TraceNames names = traceNames(reports);
        Table st = show(streams, reports, "discarded", "streams", names);
        show(losses, reports, "discarded", "losses", names);
        Table ad = show(advice, reports, "discarded", "advice", names);
        commands.setText(commandsOf(ad));
        copy.setEnabled(!commands.getText().isEmpty() && !commands.getText().startsWith("("));
        Table zoom = reports.table("discarded", "loss_zoom");
        ChartModel model = zoom != null ? zoomOf(zoom, st, names)
                : timelineOf(reports.table("discarded", "loss_timeline"), reports.coveredRange(java.util.Set.of("discarded")));
        String why = reports.failure() != null ? reports.failure() : reports.whyNotApplicable("discarded");
        if (why != null) {
            model.emptyText(why);
        }
        timeline.setModel(model);
        // Nothing lost in the range: no chart of losses to draw or drag across (the banner says so), the tables take
        // its room.
        sash.setMaximizedControl(model.isEmpty() && why == null ? tabs : null);
    }

    /** The advice's {@code lttng enable-channel} lines, one per channel, or a sentence saying there are none. */
    static String commandsOf(Table adviceTable) {
        if (adviceTable == null) {
            return "(no advice: the discarded analysis did not run)";
        }
        int command = TableColumns.index(adviceTable, "command");
        StringBuilder b = new StringBuilder();
        for (Object[] row : adviceTable.rows()) {
            if (command >= 0 && row[command] != null && !row[command].toString().isBlank()) {
                b.append(row[command]).append('\n');
            }
        }
        return b.length() == 0 ? "(no advice: nothing was lost in this range, or no buffer size would be reasonable)" : b.toString().strip();
    }

    /**
     * Discarded events per time bin, one line per stream that lost any, over seconds since the range's start. Each
     * bin is drawn flat over its width, and bins the table leaves out (nothing happened) are drawn at zero.
     */
    static ChartModel timelineOf(Table table, TimeRange range) {
        ChartModel empty = ChartModel.lines("Losses over time per stream", "Time (s)", "Lost (events per bin)").emptyText("no events lost");
        if (table == null || table.rows().isEmpty()) {
            return empty;
        }
        LossBins bins = LossBins.of(table);
        long origin = bins.span.origin();
        long width = bins.span.width();
        if (range != null && range.begin() != Long.MIN_VALUE) {
            origin = Math.min(origin, range.begin());
        }
        ChartModel model = ChartModel.lines("Losses over time per stream (drag to select a range)",
                "Time since " + WallClock.format(origin) + " (s)", "Lost (per " + DurationText.of(width) + ")")
                .timeOrigin(origin).emptyText(NOTHING_LOST);
        if (range != null && range.end() != Long.MAX_VALUE && range.end() > origin) {
            // The whole range, where the losses stop early: a drag can select any of it.
            model.xSpan(0, (range.end() - origin) / 1e9);
        }
        return bins.addLines(model, (trace, stream) -> (bins.traces.size() > 1
                ? java.nio.file.Path.of(trace.toString()).getFileName() + "/" : "") + stream, origin);
    }

    /**
     * Losses over time where they are (the {@code loss_zoom} table: the part of the range that holds 99% of them, in
     * fine bins), one step line per stream that lost events or packets, over seconds since the first of those bins.
     * When some losses lie outside (a long loss range at the end of the trace), the axis title says what share is
     * drawn.
     *
     * @param streams the {@code streams} table of the same report (its loss totals), or {@code null}
     */
    static ChartModel zoomOf(Table zoom, Table streams, org.lttbench.core.report.TraceNames names) {
        ChartModel empty = ChartModel.lines("Losses over time per stream", "Time (s)", "Lost (events per bin)")
                .emptyText(NOTHING_LOST);
        if (zoom.rows().isEmpty()) {
            return empty;
        }
        LossBins bins = LossBins.of(zoom);
        long origin = bins.span.origin();
        long width = bins.span.width();
        double drawn = 0;
        for (Object[] r : zoom.rows()) {
            drawn += TableColumns.number(r[bins.events]) + TableColumns.number(r[bins.packets]);
        }
        double all = 0;
        if (streams != null) {
            for (String key : List.of("discarded_events", "discarded_packets")) {
                int c = TableColumns.index(streams, key);
                for (Object[] r : streams.rows()) {
                    all += c >= 0 ? TableColumns.number(r[c]) : 0;
                }
            }
        }
        String share = all > 0 && drawn < all * 0.9995
                ? ", " + org.lttbench.core.report.CellFormat.percent(drawn / all) + " of the losses" : "";
        ChartModel model = ChartModel.lines("Where the losses are, over time (drag to select a range)",
                "Time since " + WallClock.format(origin) + share + " (s)", "Lost (per " + DurationText.of(width) + ")")
                .timeOrigin(origin).emptyText(NOTHING_LOST).xSpan(0, (bins.span.end() + 1 - origin) / 1e9);
        return bins.addLines(model, (trace, stream) -> (bins.traces.size() > 1 && trace != null
                ? names.name(trace.toString()) + "/" : "") + stream, origin);
    }

    /**
     * A table of losses per stream and time bin ({@code loss_timeline}, {@code loss_zoom}): its columns, the traces
     * its rows are of, and where its bins lie.
     *
     * @param packets the lost packets' column, or -1 when the table has none
     */
    private record LossBins(Table table, int trace, int stream, int bin, int events, int packets, Set<Object> traces,
            TimeBins span) {
        static LossBins of(Table table) {
            int trace = TableColumns.index(table, "trace");
            int bin = TableColumns.index(table, "bin");
            Set<Object> traces = new HashSet<>();
            for (Object[] r : table.rows()) {
                traces.add(r[trace]);
            }
            return new LossBins(table, trace, TableColumns.index(table, "stream"), bin,
                    TableColumns.index(table, "discarded_events"), TableColumns.index(table, "discarded_packets"), traces,
                    TimeBins.of(table, bin));
        }

        /**
         * One step line per stream and kind of loss it had (its discarded events, its lost packets; none for a
         * stream that lost nothing), in the streams' order (the rows come stream by stream in time order), each in
         * the next colour, over seconds since {@code origin}.
         *
         * @param streamName the name a stream is drawn with, from its row's trace and stream cells
         */
        ChartModel addLines(ChartModel model, BiFunction<Object, Object, String> streamName, long origin) {
            Map<String, List<Object[]>> byStream = new LinkedHashMap<>();
            Map<String, double[]> totals = new LinkedHashMap<>();
            for (Object[] r : table.rows()) {
                String name = streamName.apply(r[trace], r[stream]);
                byStream.computeIfAbsent(name, k -> new ArrayList<>()).add(r);
                double[] t = totals.computeIfAbsent(name, k -> new double[2]);
                t[0] += TableColumns.number(r[events]);
                t[1] += packets >= 0 ? TableColumns.number(r[packets]) : 0;
            }
            int color = 0;
            for (var entry : byStream.entrySet()) {
                double[] t = totals.get(entry.getKey());
                if (t[0] > 0) {
                    double[][] xy = steps(entry.getValue(), bin, origin, events, span.width());
                    model.add(entry.getKey() + " discarded events", Palette.color(color++), xy[0], xy[1]);
                }
                if (t[1] > 0) {
                    double[][] xy = steps(entry.getValue(), bin, origin, packets, span.width());
                    model.add(entry.getKey() + " lost packets", Palette.color(color++), xy[0], xy[1]);
                }
            }
            return model;
        }
    }

    /**
     * Each bin flat over its width, as a count per full bin width: a bin the range cuts short (the first and last)
     * is scaled up, so the area under the line is the count in every bin.
     */
    private static double[][] steps(List<Object[]> rows, int bin, long origin, int column, long width) {
        List<double[]> points = new ArrayList<>();
        long previousEnd = Long.MIN_VALUE;
        for (Object[] r : rows) {
            TimeRange b = (TimeRange) r[bin];
            if (previousEnd != Long.MIN_VALUE && b.begin() > previousEnd + 1) {
                points.add(new double[] { (previousEnd + 1 - origin) / 1e9, 0 });
                points.add(new double[] { (b.begin() - origin) / 1e9, 0 });
            }
            double v = TableColumns.number(r[column]) * width / (b.duration() + 1);
            points.add(new double[] { (b.begin() - origin) / 1e9, v });
            points.add(new double[] { (b.end() + 1 - origin) / 1e9, v });
            previousEnd = b.end();
        }
        double[][] xy = new double[2][points.size()];
        for (int i = 0; i < points.size(); i++) {
            xy[0][i] = points.get(i)[0];
            xy[1][i] = points.get(i)[1];
        }
        return xy;
    }

    public ChartPanel timeline() {
        return timeline;
    }

    public ReportTableViewer streamTable() {
        return streams;
    }

    public ReportTableViewer adviceTable() {
        return advice;
    }

    public Text commands() {
        return commands;
    }

    public Button copyButton() {
        return copy;
    }

    public CTabFolder tabs() {
        return tabs;
    }
}
