package org.lttbench.ui.chart;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.eclipse.swt.graphics.RGB;

/**
 * Writes a {@link ChartModel} as a standalone SVG: title, axes with ticks and titles, bars or lines, legend. Drawn
 * from the model, not from SWTChart's pixels, so the export stays vector graphics (SWTChart's own export bundle is not
 * on Maven Central). Layout follows the screen: categories of horizontal bars go bottom to top.
 */
public final class SvgChartWriter {
    private static final int FONT = 12;
    private static final int TITLE_FONT = 15;
    private static final int MARGIN = 12;
    private static final int SWATCH = 11;

    private final ChartModel model;
    private final int width;
    private final int height;
    private final StringBuilder svg = new StringBuilder();

    private SvgChartWriter(ChartModel model, int width, int height) {
        this.model = model;
        this.width = width;
        this.height = height;
    }

    public static void write(ChartModel model, int width, int height, Writer out) throws IOException {
        SvgChartWriter w = new SvgChartWriter(model, width, height);
        w.draw();
        out.write(w.svg.toString());
        out.flush();
    }

    /** Approximate width of text in the SVG's sans-serif font (no font metrics outside a display). */
    static double textWidth(String text, int fontSize) {
        return text.length() * fontSize * 0.6;
    }

    private void draw() {
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        svg.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"%d\">\n",
                width, height, width, height, FONT));
        svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", width, height));
        text(width / 2.0, MARGIN + TITLE_FONT, model.title(), "middle", "class=\"title\" font-size=\"" + TITLE_FONT + "\" font-weight=\"bold\"");

        int legendTop = height - MARGIN - legendHeight();
        double top = MARGIN + TITLE_FONT + 14;
        double bottom = legendTop - 10;

        List<String> xLabels = new ArrayList<>();
        // Bar labels need room after the longest bar.
        double[] valueTicks = AxisTicks.of(Math.min(0, model.valueExtent()[0]),
                model.valueExtent()[1] * (model.barLabels().isEmpty() ? 1 : 1.25), 6);
        List<String> valueLabels = new ArrayList<>();
        for (double t : valueTicks) {
            valueLabels.add(AxisTicks.label(t));
        }
        if (model.kind() == ChartModel.Kind.BARS) {
            xLabels.addAll(model.categories());
        }
        // Left margin: vertical axis title, then the widest label of the vertical axis.
        List<String> leftLabels = model.horizontal() ? xLabels : valueLabels;
        double leftLabelWidth = 0;
        for (String l : leftLabels) {
            leftLabelWidth = Math.max(leftLabelWidth, textWidth(l, FONT));
        }
        double left = MARGIN + FONT + 8 + leftLabelWidth + 8;
        double right = width - MARGIN - 10;
        // Bottom: tick labels (rotated when categories do not fit side by side), then the horizontal axis title.
        boolean rotate = false;
        double bottomLabelHeight = FONT + 6;
        if (!model.horizontal() && model.kind() == ChartModel.Kind.BARS && !xLabels.isEmpty()) {
            double slot = (right - left) / xLabels.size();
            double widest = 0;
            for (String l : xLabels) {
                widest = Math.max(widest, textWidth(l, FONT));
            }
            if (widest + 4 > slot) {
                rotate = true;
                bottomLabelHeight = widest * 0.72 + FONT;
            }
        }
        bottom -= FONT + 8 + bottomLabelHeight;

        svg.append(String.format(Locale.ROOT, "<rect class=\"plot\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"#888888\"/>\n",
                left, top, right - left, bottom - top));
        String horizontalTitle = model.horizontal() ? model.yTitle() : model.xTitle();
        String verticalTitle = model.horizontal() ? model.xTitle() : model.yTitle();
        text((left + right) / 2, bottom + bottomLabelHeight + FONT + 4, horizontalTitle, "middle", "class=\"axis-title x\"");
        svg.append(String.format(Locale.ROOT,
                "<text class=\"axis-title y\" x=\"0\" y=\"0\" text-anchor=\"middle\" transform=\"translate(%.1f,%.1f) rotate(-90)\">%s</text>\n",
                MARGIN + FONT * 0.8, (top + bottom) / 2, escape(verticalTitle)));

        if (model.isEmpty()) {
            text((left + right) / 2, (top + bottom) / 2, model.emptyText(), "middle", "class=\"empty\" fill=\"#555555\"");
        } else {
            if (model.kind() == ChartModel.Kind.BARS) {
                drawBars(left, right, top, bottom, valueTicks, rotate);
            } else {
                drawLines(left, right, top, bottom, valueTicks);
            }
        }
        drawLegend(legendTop);
        svg.append("</svg>\n");
    }

    private void drawBars(double left, double right, double top, double bottom, double[] ticks, boolean rotate) {
        double lo = ticks[0];
        double hi = ticks[ticks.length - 1];
        int n = model.categories().size();
        List<ChartModel.Series> series = model.series();
        // Value axis: ticks and grid lines.
        for (double t : ticks) {
            if (model.horizontal()) {
                double x = left + (t - lo) / (hi - lo) * (right - left);
                line(x, top, x, bottom, "#e0e0e0");
                text(x, bottom + FONT + 4, AxisTicks.label(t), "middle", "class=\"tick\"");
            } else {
                double y = bottom - (t - lo) / (hi - lo) * (bottom - top);
                line(left, y, right, y, "#e0e0e0");
                text(left - 6, y + FONT / 3.0, AxisTicks.label(t), "end", "class=\"tick\"");
            }
        }
        double slot = (model.horizontal() ? bottom - top : right - left) / n;
        double thickness = slot * (model.stacked() ? 0.75 : 0.8) / (model.stacked() ? 1 : series.size());
        for (int c = 0; c < n; c++) {
            // Categories run bottom to top on a vertical category axis, left to right otherwise (as SWTChart draws).
            double slotStart = model.horizontal() ? bottom - (c + 1) * slot : left + c * slot;
            String label = model.categories().get(c);
            if (model.horizontal()) {
                text(left - 6, slotStart + slot / 2 + FONT / 3.0, label, "end", "class=\"category\"");
            } else if (rotate) {
                double x = slotStart + slot / 2;
                svg.append(String.format(Locale.ROOT,
                        "<text class=\"category\" x=\"0\" y=\"0\" text-anchor=\"end\" transform=\"translate(%.1f,%.1f) rotate(-45)\">%s</text>\n",
                        x, bottom + 8, escape(label)));
            } else {
                text(slotStart + slot / 2, bottom + FONT + 4, label, "middle", "class=\"category\"");
            }
        }
        for (int s = 0; s < series.size(); s++) {
            ChartModel.Series sr = series.get(s);
            svg.append("<g class=\"series\" data-name=\"").append(escape(sr.name())).append("\" fill=\"").append(hex(sr.color())).append("\">\n");
            for (int c = 0; c < n; c++) {
                double v = Math.max(0, sr.y()[c]);
                if (v == 0) {
                    continue;
                }
                double base = 0;
                if (model.stacked()) {
                    for (int k = 0; k < s; k++) {
                        base += Math.max(0, series.get(k).y()[c]);
                    }
                }
                double from = (base - lo) / (hi - lo);
                double to = (base + v - lo) / (hi - lo);
                double slotStart = model.horizontal() ? bottom - (c + 1) * slot : left + c * slot;
                double offset = (slot - thickness * (model.stacked() ? 1 : series.size())) / 2 + (model.stacked() ? 0 : s * thickness);
                if (model.horizontal()) {
                    rect(left + from * (right - left), slotStart + offset, (to - from) * (right - left), thickness);
                } else {
                    rect(slotStart + offset, bottom - to * (bottom - top), thickness, (to - from) * (bottom - top));
                }
            }
            svg.append("</g>\n");
        }
        // The text at the end of each bar (after its stack).
        for (int c = 0; c < Math.min(n, model.barLabels().size()); c++) {
            String label = model.barLabels().get(c);
            if (label == null || label.isEmpty()) {
                continue;
            }
            double end = 0;
            for (ChartModel.Series sr : series) {
                end = model.stacked() ? end + Math.max(0, sr.y()[c]) : Math.max(end, sr.y()[c]);
            }
            double at = (end - lo) / (hi - lo);
            double slotStart = model.horizontal() ? bottom - (c + 1) * slot : left + c * slot;
            if (model.horizontal()) {
                text(left + at * (right - left) + 4, slotStart + slot / 2 + FONT / 3.0, label, "start", "class=\"bar-label\"");
            } else {
                text(slotStart + slot / 2, bottom - at * (bottom - top) - 4, label, "middle", "class=\"bar-label\"");
            }
        }
    }

    private void drawLines(double left, double right, double top, double bottom, double[] yTicks) {
        double[] xs = model.xExtent();
        double[] xTicks = AxisTicks.of(xs[0], xs[1], 8);
        double x0 = xTicks[0];
        double x1 = xTicks[xTicks.length - 1];
        double y0 = yTicks[0];
        double y1 = yTicks[yTicks.length - 1];
        for (double t : xTicks) {
            double x = left + (t - x0) / (x1 - x0) * (right - left);
            line(x, top, x, bottom, "#e0e0e0");
            text(x, bottom + FONT + 4, AxisTicks.label(t), "middle", "class=\"tick\"");
        }
        for (double t : yTicks) {
            double y = bottom - (t - y0) / (y1 - y0) * (bottom - top);
            line(left, y, right, y, "#e0e0e0");
            text(left - 6, y + FONT / 3.0, AxisTicks.label(t), "end", "class=\"tick\"");
        }
        for (ChartModel.Series s : model.series()) {
            StringBuilder points = new StringBuilder();
            for (int i = 0; i < s.x().length; i++) {
                double x = left + (s.x()[i] - x0) / (x1 - x0) * (right - left);
                double y = bottom - (s.y()[i] - y0) / (y1 - y0) * (bottom - top);
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
            }
            svg.append("<polyline class=\"series\" data-name=\"").append(escape(s.name())).append("\" fill=\"none\" stroke=\"")
                    .append(hex(s.color())).append("\" stroke-width=\"2\" points=\"").append(points.toString().trim()).append("\"/>\n");
        }
    }

    /** Legend entries flow left to right in rows, centred under the plot. */
    private List<List<ChartModel.Series>> legendRows() {
        List<List<ChartModel.Series>> rows = new ArrayList<>();
        double available = width - 2 * MARGIN;
        double used = available;
        for (ChartModel.Series s : model.series()) {
            double w = entryWidth(s);
            if (used + w > available) {
                rows.add(new ArrayList<>());
                used = 0;
            }
            rows.get(rows.size() - 1).add(s);
            used += w;
        }
        return rows;
    }

    private static double entryWidth(ChartModel.Series s) {
        return SWATCH + 6 + textWidth(s.name(), FONT) + 18;
    }

    private int legendHeight() {
        return legendRows().size() * (FONT + 8);
    }

    private void drawLegend(double top) {
        svg.append("<g class=\"legend\">\n");
        double y = top;
        for (List<ChartModel.Series> row : legendRows()) {
            double rowWidth = 0;
            for (ChartModel.Series s : row) {
                rowWidth += entryWidth(s);
            }
            double x = (width - rowWidth) / 2;
            for (ChartModel.Series s : row) {
                svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", x, y + 2, SWATCH, SWATCH,
                        hex(s.color())));
                text(x + SWATCH + 6, y + FONT, s.name(), "start", "class=\"legend-entry\"");
                x += entryWidth(s);
            }
            y += FONT + 8;
        }
        svg.append("</g>\n");
    }

    private void text(double x, double y, String text, String anchor, String attributes) {
        svg.append(String.format(Locale.ROOT, "<text %s x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s</text>\n", attributes, x, y, anchor, escape(text)));
    }

    private void line(double x1, double y1, double x2, double y2, String color) {
        svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", x1, y1, x2, y2, color));
    }

    private void rect(double x, double y, double w, double h) {
        svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>\n", x, y, w, h));
    }

    static String hex(RGB c) {
        return String.format(Locale.ROOT, "#%02x%02x%02x", c.red, c.green, c.blue);
    }

    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char ch : s.toCharArray()) {
            switch (ch) {
            case '<' -> b.append("&lt;");
            case '>' -> b.append("&gt;");
            case '&' -> b.append("&amp;");
            case '"' -> b.append("&quot;");
            default -> {
                if (ch >= 0x20 || ch == '\t' || ch == '\n') {
                    b.append(ch);
                }
            }
            }
        }
        return b.toString();
    }
}
