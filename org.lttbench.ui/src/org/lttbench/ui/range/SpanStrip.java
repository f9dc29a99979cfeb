package org.lttbench.ui.range;

import java.util.function.Consumer;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.lttbench.core.trace.TimeRange;

/** The whole trace as a strip with the selected range highlighted; dragging across it selects a range. */
final class SpanStrip extends Canvas {
    private static final int HEIGHT = 18;

    private TimeRange span;
    private TimeRange selected;
    /** Whether the left button went down on the plot and has not come up. */
    private boolean dragging;
    private int dragFrom;
    private int dragTo = -1;
    private Consumer<TimeRange> listener = r -> {
    };

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
        setToolTipText("The whole trace: drag to select a time range");
    }

    void onDrag(Consumer<TimeRange> l) {
        listener = l;
    }

    void show(TimeRange traceSpan, TimeRange range) {
        span = traceSpan;
        selected = range;
        redraw();
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

    private void paint(GC gc) {
        Rectangle area = getClientArea();
        gc.setBackground(getDisplay().getSystemColor(SWT.COLOR_WIDGET_LIGHT_SHADOW));
        gc.fillRectangle(area);
        if (span != null && selected != null) {
            TimeRange shown = selected.intersect(span);
            if (shown != null) {
                int a = xOf(shown.begin());
                int b = xOf(shown.end());
                gc.setBackground(getDisplay().getSystemColor(SWT.COLOR_LIST_SELECTION));
                gc.fillRectangle(a, 2, Math.max(2, b - a), area.height - 4);
            }
        }
        if (dragging) {
            gc.setAlpha(90);
            gc.setBackground(getDisplay().getSystemColor(SWT.COLOR_DARK_BLUE));
            gc.fillRectangle(Math.min(dragFrom, dragTo), 0, Math.abs(dragTo - dragFrom), area.height);
            gc.setAlpha(255);
        }
        gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_WIDGET_NORMAL_SHADOW));
        gc.drawRectangle(0, 0, area.width - 1, area.height - 1);
    }
}
