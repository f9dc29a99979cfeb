package org.lttbench.ui.chart;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.graphics.RGB;

/**
 * What a chart shows, independent of how it is drawn: {@link ChartPanel} draws it with SWTChart on screen,
 * {@link SvgChartWriter} writes the same thing as SVG. Bar charts have categories on the x axis (drawn vertically when
 * {@link #horizontal()}); line charts have numeric x values.
 */
public final class ChartModel {

    public enum Kind {
        /** One bar per category and series; series stack when {@link ChartModel#stacked()}. */
        BARS,
        /** One line per series over numeric x values (time series). */
        LINES
    }

    /** One series: its legend label, colour and values (x only for lines). */
    public record Series(String name, RGB color, double[] x, double[] y) {
    }

    private final Kind kind;
    private final String title;
    private final String xTitle;
    private final String yTitle;
    private boolean horizontal;
    private boolean stacked;
    private List<String> categories = List.of();
    private final List<Series> series = new ArrayList<>();
    private String emptyText = "no data";
    private long timeOriginNs = Long.MIN_VALUE;
    private double[] xSpan;
    private List<String> barLabels = List.of();

    /**
     * @param xTitle the category (bars) or x (lines) axis title, with its unit
     * @param yTitle the value axis title, with its unit
     */
    public ChartModel(Kind kind, String title, String xTitle, String yTitle) {
        this.kind = kind;
        this.title = title;
        this.xTitle = xTitle;
        this.yTitle = yTitle;
    }

    public static ChartModel bars(String title, String categoryTitle, String valueTitle) {
        return new ChartModel(Kind.BARS, title, categoryTitle, valueTitle);
    }

    /**
     * The first {@code bars} of rows ranked first to last, in the order a horizontal bar chart takes them: its bars go
     * bottom to top, so the first row comes last and is drawn at the top.
     */
    public static <T> List<T> firstAtTheTop(List<T> ranked, int bars) {
        List<T> shown = new ArrayList<>(ranked.subList(0, Math.min(bars, ranked.size())));
        java.util.Collections.reverse(shown);
        return shown;
    }

    public static ChartModel lines(String title, String xTitle, String yTitle) {
        return new ChartModel(Kind.LINES, title, xTitle, yTitle);
    }

    public ChartModel horizontal(boolean value) {
        horizontal = value;
        return this;
    }

    public ChartModel stacked(boolean value) {
        stacked = value;
        return this;
    }

    public ChartModel categories(List<String> labels) {
        categories = List.copyOf(labels);
        return this;
    }

    public ChartModel add(String name, RGB color, double[] y) {
        if (kind != Kind.BARS || y.length != categories.size()) {
            throw new IllegalArgumentException("bar series " + name + " has " + y.length + " values for " + categories.size() + " categories");
        }
        series.add(new Series(name, color, null, y.clone()));
        return this;
    }

    public ChartModel add(String name, RGB color, double[] x, double[] y) {
        if (kind != Kind.LINES || x.length != y.length) {
            throw new IllegalArgumentException("line series " + name + " needs as many x as y values");
        }
        series.add(new Series(name, color, x.clone(), y.clone()));
        return this;
    }

    /**
     * A text at the end of each bar (after the stack of a stacked chart), one per category: the total a small bar
     * stands for, which its length alone would not tell.
     */
    public ChartModel barLabels(List<String> labels) {
        if (kind != Kind.BARS || labels.size() != categories.size()) {
            throw new IllegalArgumentException(labels.size() + " bar labels for " + categories.size() + " categories");
        }
        barLabels = List.copyOf(labels);
        return this;
    }

    /** The texts at the end of the bars, or an empty list. */
    public List<String> barLabels() {
        return barLabels;
    }

    /** What the chart says when it has nothing to draw (for example why the analysis does not apply). */
    public ChartModel emptyText(String text) {
        emptyText = text;
        return this;
    }

    /**
     * Marks the x axis of a line chart as time: x values are seconds since this instant (ns since the epoch). A
     * drag on such a chart selects a time range.
     */
    public ChartModel timeOrigin(long epochNs) {
        timeOriginNs = epochNs;
        return this;
    }

    /** The x range a line chart shows at least (for example the whole time range, where data stops early). */
    public ChartModel xSpan(double from, double to) {
        xSpan = new double[] { from, to };
        return this;
    }

    public Kind kind() {
        return kind;
    }

    public String title() {
        return title;
    }

    public String xTitle() {
        return xTitle;
    }

    public String yTitle() {
        return yTitle;
    }

    public boolean horizontal() {
        return horizontal;
    }

    public boolean stacked() {
        return stacked;
    }

    public List<String> categories() {
        return categories;
    }

    public List<Series> series() {
        return List.copyOf(series);
    }

    public String emptyText() {
        return emptyText;
    }

    public boolean isEmpty() {
        return series.isEmpty() || (kind == Kind.BARS && categories.isEmpty());
    }

    public boolean hasTimeAxis() {
        return kind == Kind.LINES && timeOriginNs != Long.MIN_VALUE;
    }

    public long timeOriginNs() {
        return timeOriginNs;
    }

    /** Smallest and largest value the value axis must show (stack totals for stacked bars); [0, 1] when empty. */
    public double[] valueExtent() {
        double lo = 0;
        double hi = 0;
        if (kind == Kind.BARS && stacked) {
            for (int c = 0; c < categories.size(); c++) {
                double sum = 0;
                for (Series s : series) {
                    sum += Math.max(0, s.y()[c]);
                }
                hi = Math.max(hi, sum);
            }
        } else {
            for (Series s : series) {
                for (double v : s.y()) {
                    if (Double.isFinite(v)) {
                        lo = Math.min(lo, v);
                        hi = Math.max(hi, v);
                    }
                }
            }
        }
        return hi <= lo ? new double[] { lo, lo + 1 } : new double[] { lo, hi };
    }

    /** Smallest and largest x of a line chart; [0, 1] when empty. */
    public double[] xExtent() {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            if (s.x() != null) {
                for (double v : s.x()) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        if (xSpan != null) {
            lo = Math.min(lo, xSpan[0]);
            hi = Math.max(hi, xSpan[1]);
        }
        if (lo > hi) {
            return new double[] { 0, 1 };
        }
        return hi == lo ? new double[] { lo, lo + 1 } : new double[] { lo, hi };
    }
}
