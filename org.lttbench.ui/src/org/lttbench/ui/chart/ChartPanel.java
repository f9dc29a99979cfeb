package org.lttbench.ui.chart;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import java.util.function.Consumer;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.IAxis;
import org.eclipse.swtchart.IBarSeries;
import org.eclipse.swtchart.ICustomPaintListener;
import org.eclipse.swtchart.ILineSeries;
import org.eclipse.swtchart.ISeries;
import org.eclipse.swtchart.ISeries.SeriesType;
import org.eclipse.swtchart.LineStyle;
import org.eclipse.swtchart.Range;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.ui.ControlSnapshot;
import org.lttbench.ui.export.ExportMenu;

/**
 * Draws a {@link ChartModel} with SWTChart, with a context menu to save it as PNG or SVG. Uses only SWTChart API that
 * exists in 0.14 (what Trace Compass ships) as well as 1.x. On a chart with a time axis, dragging across the plot
 * selects a time range.
 */
public final class ChartPanel extends Composite {

    /** Size of the SVG export, in px. */
    private static final int SVG_WIDTH = 900;
    private static final int SVG_HEIGHT = 520;

    private final Chart chart;
    private ChartModel model;
    private Consumer<TimeRange> rangeListener;
    /** Whether the left button went down on the plot and has not come up. */
    private boolean dragging;
    private int dragFrom;
    private int dragTo = -1;

    public ChartPanel(Composite parent, int style, String exportName) {
        super(parent, style);
        setLayout(new FillLayout());
        chart = new Chart(this, SWT.NONE);
        chart.getLegend().setPosition(SWT.BOTTOM);
        DecimalFormat values = new DecimalFormat("#,##0.###", DecimalFormatSymbols.getInstance(Locale.ROOT));
        chart.getAxisSet().getYAxis(0).getTick().setFormat(values);
        chart.getAxisSet().getXAxis(0).getTick().setFormat(values);
        model = ChartModel.bars("", "", "");

        ExportMenu menu = new ExportMenu(chart.getPlotArea().getControl());
        menu.add("Save chart as PNG…", () -> exportName, "png", this::savePng);
        menu.add("Save chart as SVG…", () -> exportName, "svg", this::saveSvg);
        // The whole chart (title, axes, legend) answers the right click, not only the plot area.
        chart.setMenu(menu.menu());
        for (Control child : chart.getChildren()) {
            child.setMenu(menu.menu());
        }
        installRangeDrag();
        // The room bar labels need depends on the plot's size.
        // Later, not in the resize: a new range relays the chart out, which resizes the plot again.
        chart.getPlotArea().getControl().addListener(SWT.Resize, e -> {
            if (!model.barLabels().isEmpty() && !model.isEmpty()) {
                getDisplay().asyncExec(this::fitBarLabels);
            }
        });
    }

    public Chart chart() {
        return chart;
    }

    public ChartModel model() {
        return model;
    }

    /** Called with the range the user dragged across a chart whose x axis is time. */
    public void onRangeSelected(Consumer<TimeRange> listener) {
        rangeListener = listener;
    }

    public void setModel(ChartModel newModel) {
        model = newModel;
        chart.suspendUpdate(true);
        try {
            for (ISeries<?> s : chart.getSeriesSet().getSeries()) {
                chart.getSeriesSet().deleteSeries(s.getId());
            }
            chart.getTitle().setText(model.title());
            chart.setOrientation(model.horizontal() ? SWT.VERTICAL : SWT.HORIZONTAL);
            IAxis x = chart.getAxisSet().getXAxis(0);
            IAxis y = chart.getAxisSet().getYAxis(0);
            x.getTitle().setText(model.xTitle());
            y.getTitle().setText(model.yTitle());
            // SWTChart fails every later layout of an axis whose range is empty (min must be less than max)
            boolean noCategories = model.kind() == ChartModel.Kind.BARS && model.categories().isEmpty();
            if (noCategories) {
                x.enableCategory(false);
            } else if (model.kind() == ChartModel.Kind.BARS) {
                x.enableCategory(true);
                x.setCategorySeries(model.categories().toArray(String[]::new));
                for (ChartModel.Series s : model.series()) {
                    IBarSeries<?> bars = (IBarSeries<?>) chart.getSeriesSet().createSeries(SeriesType.BAR, s.name());
                    bars.setYSeries(s.y());
                    bars.setBarColor(new Color(getDisplay(), s.color()));
                    bars.setBarPadding(model.stacked() ? 25 : 10);
                    bars.enableStack(model.stacked());
                }
            } else {
                x.enableCategory(false);
                for (ChartModel.Series s : model.series()) {
                    ILineSeries<?> line = (ILineSeries<?>) chart.getSeriesSet().createSeries(SeriesType.LINE, s.name());
                    line.setXSeries(s.x());
                    line.setYSeries(s.y());
                    line.setLineColor(new Color(getDisplay(), s.color()));
                    line.setLineWidth(2);
                    line.setLineStyle(LineStyle.SOLID);
                    line.setSymbolType(ILineSeries.PlotSymbolType.NONE);
                }
            }
            chart.getAxisSet().adjustRange();
            // Values start at zero and leave headroom, so the largest bar does not touch the frame.
            double[] extent = model.valueExtent();
            y.setRange(new Range(Math.min(0, extent[0]), valueAxisEnd(extent[1])));
            if (model.kind() == ChartModel.Kind.LINES) {
                double[] xs = model.xExtent();
                x.setRange(new Range(xs[0], xs[1] > xs[0] ? xs[1] : xs[0] + 1));
            } else if (noCategories) {
                x.setRange(new Range(0, 1));
            }
        } finally {
            chart.suspendUpdate(false);
        }
        chart.redraw();
    }

    /** Gives the bar labels room again after a resize, unless the axis already ends within 1% of where it should. */
    private void fitBarLabels() {
        if (isDisposed() || model.barLabels().isEmpty() || model.isEmpty()) {
            return;
        }
        double[] extent = model.valueExtent();
        double end = valueAxisEnd(extent[1]);
        IAxis y = chart.getAxisSet().getYAxis(0);
        if (Math.abs(y.getRange().upper - end) > end * 0.01) {
            y.setRange(new Range(Math.min(0, extent[0]), end));
            chart.redraw();
        }
    }

    /**
     * Where the value axis ends: with headroom after the largest value, and room after each bar for its label (the
     * plot's width known, else a fixed share).
     */
    private double valueAxisEnd(double largest) {
        if (largest <= 0) {
            return 1; // an empty chart still needs an axis of some length
        }
        double end = largest * 1.05;
        if (model.barLabels().isEmpty()) {
            return end;
        }
        Control plot = chart.getPlotArea().getControl();
        int room = model.horizontal() ? plot.getSize().x : plot.getSize().y;
        if (room < 100) {
            return largest * 1.3;
        }
        org.eclipse.swt.graphics.GC gc = new org.eclipse.swt.graphics.GC(chart);
        try {
            gc.setFont(chart.getAxisSet().getXAxis(0).getTick().getFont());
            for (int c = 0; c < model.categories().size(); c++) {
                String label = model.barLabels().get(c);
                if (label == null || label.isEmpty()) {
                    continue;
                }
                double bar = 0;
                for (ChartModel.Series s : model.series()) {
                    bar = model.stacked() ? bar + Math.max(0, s.y()[c]) : Math.max(bar, s.y()[c]);
                }
                int need = (model.horizontal() ? gc.textExtent(label).x : gc.getFontMetrics().getHeight()) + 10;
                if (need < room) {
                    // bar / end * room + need <= room
                    end = Math.max(end, bar * room / (room - need));
                }
            }
        } finally {
            gc.dispose();
        }
        return end;
    }

    public void savePng(Path file) throws IOException {
        ControlSnapshot.savePng(chart, file);
    }

    public void saveSvg(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            SvgChartWriter.write(model, SVG_WIDTH, SVG_HEIGHT, out);
        }
    }

    private void installRangeDrag() {
        Control plot = chart.getPlotArea().getControl();
        plot.addListener(SWT.MouseDown, e -> {
            if (e.button == 1 && model.hasTimeAxis() && !model.isEmpty()) {
                dragging = true;
                dragFrom = e.x;
                dragTo = e.x;
            }
        });
        plot.addListener(SWT.MouseMove, e -> {
            if (dragging) {
                dragTo = e.x;
                plot.redraw();
            }
        });
        plot.addListener(SWT.MouseUp, e -> {
            if (!dragging) {
                return;
            }
            dragTo = e.x;
            int from = Math.min(dragFrom, dragTo);
            int to = Math.max(dragFrom, dragTo);
            dragging = false;
            plot.redraw();
            if (to - from >= 3 && rangeListener != null) {
                rangeListener.accept(timeRangeOfPixels(from, to));
            }
        });
        chart.getPlotArea().addCustomPaintListener((ICustomPaintListener) e -> {
            if (model.isEmpty()) {
                paintEmptyText(e.gc, plot.getSize());
            } else if (!model.barLabels().isEmpty()) {
                paintBarLabels(e.gc);
            }
            if (dragging) {
                Rectangle area = plot.getBounds();
                e.gc.setAlpha(70);
                e.gc.setBackground(getDisplay().getSystemColor(SWT.COLOR_LIST_SELECTION));
                e.gc.fillRectangle(Math.min(dragFrom, dragTo), 0, Math.abs(dragTo - dragFrom), area.height);
                e.gc.setAlpha(255);
            }
        });
    }

    /** The text at the end of each bar (after its stack), beside it. */
    private void paintBarLabels(org.eclipse.swt.graphics.GC gc) {
        IAxis category = chart.getAxisSet().getXAxis(0);
        IAxis value = chart.getAxisSet().getYAxis(0);
        gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
        gc.setFont(category.getTick().getFont());
        int height = gc.getFontMetrics().getHeight();
        java.util.List<String> labels = model.barLabels();
        for (int c = 0; c < labels.size(); c++) {
            String label = labels.get(c);
            if (label == null || label.isEmpty()) {
                continue;
            }
            double end = 0;
            for (ChartModel.Series s : model.series()) {
                end = model.stacked() ? end + Math.max(0, s.y()[c]) : Math.max(end, s.y()[c]);
            }
            int along = category.getPixelCoordinate(c);
            int to = value.getPixelCoordinate(end);
            int w = gc.textExtent(label).x;
            if (model.horizontal()) {
                gc.drawText(label, to + 4, along - height / 2, true);
            } else {
                gc.drawText(label, along - w / 2, to - height - 2, true);
            }
        }
    }

    /** Why the chart is empty, centred in the plot and wrapped to its width. */
    private void paintEmptyText(org.eclipse.swt.graphics.GC gc, org.eclipse.swt.graphics.Point size) {
        gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_DARK_GRAY));
        java.util.List<String> lines = new java.util.ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : model.emptyText().split(" ")) {
            String candidate = line.length() == 0 ? word : line + " " + word;
            if (line.length() > 0 && gc.textExtent(candidate).x > size.x - 20) {
                lines.add(line.toString());
                line.setLength(0);
                line.append(word);
            } else {
                line.setLength(0);
                line.append(candidate);
            }
        }
        lines.add(line.toString());
        int height = gc.getFontMetrics().getHeight();
        int y = (size.y - lines.size() * height) / 2;
        for (String l : lines) {
            gc.drawText(l, (size.x - gc.textExtent(l).x) / 2, y, true);
            y += height;
        }
    }

    /** The time range between two x pixels of the plot area (time axis charts only). */
    public TimeRange timeRangeOfPixels(int fromPixel, int toPixel) {
        IAxis x = chart.getAxisSet().getXAxis(0);
        // A drag may leave the plot: its ends stop at the plot's edges.
        int last = Math.max(0, chart.getPlotArea().getControl().getSize().x - 1);
        double s0 = x.getDataCoordinate(Math.max(0, Math.min(last, fromPixel)));
        double s1 = x.getDataCoordinate(Math.max(0, Math.min(last, toPixel)));
        long origin = model.timeOriginNs();
        long b = origin + Math.round(Math.min(s0, s1) * 1e9);
        long e = origin + Math.round(Math.max(s0, s1) * 1e9);
        return new TimeRange(b, e);
    }
}
