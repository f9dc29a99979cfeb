package org.lttbench.ui.range;

import java.util.function.Consumer;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.lttbench.core.trace.TimeRange;

/**
 * The whole trace as a strip: a histogram of its events over time (and, in red from the top, of its losses), with the
 * selected range highlighted; dragging across it selects a range.
 */
final class SpanStrip extends Canvas {
    private static final int HEIGHT = 44;
    /** The colour of events, and of losses (drawn down from the top). */
    static final RGB EVENTS = new RGB(96, 125, 160);
    static final RGB LOSSES = new RGB(213, 40, 40);

    private TimeRange span;
    private TimeRange selected;
    private Histogram histogram;
    /** Whether the left button went down on the plot and has not come up. */
    private boolean dragging;
    private int dragFrom;
    private int dragTo = -1;
    private Consumer<TimeRange> listener = r -> {
    };

    /**
     * Events and losses per time bin over the span: bin {@code i} starts at {@code origin + i * width}.
     *
     * @param lost lost events or packets per bin, or {@code null}
     */
    record Histogram(long origin, long width, double[] events, double[] lost) {
    }

    SpanStrip(Composite parent) {
        super(parent, SWT.DOUBLE_BUFFERED);
        addPaintListener(e -> paint(e.gc));
        addListener(SWT.MouseDown, e -> {
            if (e.button == 1 && span != null) {
                dragging = true;
                dragFrom = e.x;
                dragTo = e.x;
            }
        });
        addListener(SWT.MouseMove, e -> {
            if (dragging) {
                dragTo = e.x;
                redraw();
            }
        });
        addListener(SWT.MouseUp, e -> {
            if (!dragging) {
                return;
            }
            int a = Math.min(dragFrom, e.x);
            int b = Math.max(dragFrom, e.x);
            dragging = false;
            redraw();
            if (b - a >= 2) {
                listener.accept(new TimeRange(timeAt(a), timeAt(b)));
            }
        });
        setToolTipText("The whole trace: events over time (losses in red, from the top); drag to select a time range");
    }

    void onDrag(Consumer<TimeRange> l) {
        listener = l;
    }

    void show(TimeRange traceSpan, TimeRange range) {
        span = traceSpan;
        selected = range;
        redraw();
    }

    void histogram(Histogram h) {
        histogram = h;
        redraw();
    }

    Histogram histogram() {
        return histogram;
    }

    @Override
    public Point computeSize(int wHint, int hHint, boolean changed) {
        return new Point(wHint == SWT.DEFAULT ? 200 : wHint, HEIGHT);
    }

    long timeAt(int x) {
        Rectangle area = getClientArea();
        double f = Math.max(0, Math.min(1, (double) x / Math.max(1, area.width - 1)));
        return span.begin() + Math.round(f * span.duration());
    }

    private int xOf(long t) {
        Rectangle area = getClientArea();
        double f = span.duration() == 0 ? 0 : (double) (t - span.begin()) / span.duration();
        return (int) Math.round(Math.max(0, Math.min(1, f)) * (area.width - 1));
    }

    /** Per pixel column: the sum of the bins (or parts of bins) it covers. */
    private double[] perPixel(double[] bins, int width) {
        double[] px = new double[width];
        if (bins == null || span == null || span.duration() <= 0) {
            return px;
        }
        double nsPerPixel = (double) span.duration() / Math.max(1, width - 1);
        for (int b = 0; b < bins.length; b++) {
            if (bins[b] == 0) {
                continue;
            }
            long begin = histogram.origin() + b * histogram.width();
            int x0 = Math.max(0, Math.min(width - 1, (int) ((begin - span.begin()) / nsPerPixel)));
            int x1 = Math.max(x0, Math.min(width - 1, (int) ((begin + histogram.width() - 1 - span.begin()) / nsPerPixel)));
            for (int x = x0; x <= x1; x++) {
                px[x] += bins[b] / (x1 - x0 + 1);
            }
        }
        return px;
    }

    private void paint(GC gc) {
        Rectangle area = getClientArea();
        gc.setBackground(getDisplay().getSystemColor(SWT.COLOR_LIST_BACKGROUND));
        gc.fillRectangle(area);
        int plot = area.height - 2;
        if (span != null && histogram != null) {
            double[] events = perPixel(histogram.events(), area.width);
            double[] lost = perPixel(histogram.lost(), area.width);
            double maxEvents = max(events);
            double maxLost = max(lost);
            Color eventColor = new Color(getDisplay(), EVENTS);
            Color lossColor = new Color(getDisplay(), LOSSES);
            gc.setBackground(eventColor);
            for (int x = 0; x < area.width; x++) {
                if (events[x] > 0) {
                    // Linear, but never less than a pixel: a quiet moment is not an empty one.
                    int h = Math.max(1, (int) Math.round(events[x] / maxEvents * (plot - 2)));
                    gc.fillRectangle(x, area.height - 1 - h, 1, h);
                }
            }
            gc.setBackground(lossColor);
            for (int x = 0; x < area.width; x++) {
                if (lost[x] > 0) {
                    int h = Math.max(1, (int) Math.round(lost[x] / maxLost * (plot / 2)));
                    gc.fillRectangle(x, 1, 1, h);
                }
            }
        }
        if (span != null && selected != null) {
            TimeRange shown = selected.intersect(span);
            if (shown != null && !shown.equals(span)) {
                int a = xOf(shown.begin());
                int b = xOf(shown.end());
                // Outside the range dimmed; the range framed.
                gc.setAlpha(110);
                gc.setBackground(getDisplay().getSystemColor(SWT.COLOR_WIDGET_BACKGROUND));
                gc.fillRectangle(0, 0, a, area.height);
                gc.fillRectangle(b + 1, 0, area.width - b - 1, area.height);
                gc.setAlpha(255);
                gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_LIST_SELECTION));
                gc.setLineWidth(2);
                gc.drawRectangle(a, 1, Math.max(2, b - a), area.height - 3);
                gc.setLineWidth(1);
            }
        }
        if (dragging) {
            gc.setAlpha(90);
            gc.setBackground(getDisplay().getSystemColor(SWT.COLOR_LIST_SELECTION));
            gc.fillRectangle(Math.min(dragFrom, dragTo), 0, Math.abs(dragTo - dragFrom), area.height);
            gc.setAlpha(255);
        }
        gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_WIDGET_NORMAL_SHADOW));
        gc.drawRectangle(0, 0, area.width - 1, area.height - 1);
    }

    private static double max(double[] values) {
        double m = 0;
        for (double v : values) {
            m = Math.max(m, v);
        }
        return m <= 0 ? 1 : m;
    }
}
