package org.lttbench.ui.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.lttbench.core.report.CellFormat;

/**
 * A differential flame graph, drawn top down (an icicle): the root across the whole width, each frame below its parent
 * as wide as its value in B, red where it grew since A and blue where it shrank, the deeper the colour the larger the
 * change against the largest of the graph (the root, every frame's sum, is grey) (flamegraph.pl's differential colouring). Hovering a frame says its path, A,
 * B and the change. The values are nanoseconds per second of traced time.
 */
public final class FlameGraph extends Canvas {
    /** A frame as drawn: its place, its path from the root (frames joined by ';') and its fill. */
    public record Box(FlameTree frame, String path, Rectangle bounds, RGB fill) {
    }

    static final int ROW = 18;
    private static final RGB SAME = new RGB(225, 225, 225);
    private FlameTree tree;
    private final List<Box> boxes = new ArrayList<>();

    public FlameGraph(Composite parent, int style) {
        super(parent, style | SWT.DOUBLE_BUFFERED);
        setBackground(getDisplay().getSystemColor(SWT.COLOR_WHITE));
        addPaintListener(e -> paint(e.gc));
        addListener(SWT.Resize, e -> layOut());
        addListener(SWT.MouseMove, e -> {
            Box box = boxAt(e.x, e.y);
            String tip = box == null ? null : describe(box);
            if (tip == null ? getToolTipText() != null : !tip.equals(getToolTipText())) {
                setToolTipText(tip);
            }
        });
    }

    /** Draws this tree (null: nothing). */
    public void setTree(FlameTree newTree) {
        tree = newTree;
        layOut();
        redraw();
    }

    public FlameTree tree() {
        return tree;
    }

    /** The frames as laid out for the tree and the canvas's size, root first, each level left to right. */
    public List<Box> boxes() {
        return List.copyOf(boxes);
    }

    /** The frame drawn at that point, or null. */
    public Box boxAt(int x, int y) {
        for (Box b : boxes) {
            if (b.bounds().contains(x, y)) {
                return b;
            }
        }
        return null;
    }

    /** What hovering a frame says: its path, then its value in A and B, and the change. */
    public static String describe(Box box) {
        FlameTree f = box.frame();
        long change = f.b() - f.a();
        String relative = f.a() == 0 ? (f.b() == 0 ? "" : ", new in B")
                : String.format(Locale.ROOT, " (%+.1f%%)", 100.0 * change / f.a());
        return box.path().replace(";", " > ") + "\nA: " + CellFormat.duration(f.a()) + "/s, B: "
                + CellFormat.duration(f.b()) + "/s, change " + (change < 0 ? "-" : "+")
                + CellFormat.duration(Math.abs(change)) + "/s" + relative;
    }

    /** The fill of a frame whose value went from A to B, against the largest change of the graph. */
    public static RGB fill(long a, long b, long largestChange) {
        if (a == b || largestChange <= 0) {
            return SAME;
        }
        double t = Math.min(1, Math.abs(b - a) / (double) largestChange);
        int pale = (int) Math.round(225 * (1 - t));
        return b > a ? new RGB(255, pale, pale) : new RGB(pale, pale, 255);
    }

    private void layOut() {
        boxes.clear();
        Rectangle area = getClientArea();
        if (tree == null || tree.b() <= 0 || area.width <= 0) {
            return;
        }
        place(tree, tree.name(), 0, area.width, 0, area.width / (double) tree.b(), tree.largestChange());
    }

    private void place(FlameTree frame, String path, double x, double width, int level, double pxPerUnit, long largest) {
        int left = (int) Math.round(x);
        int right = (int) Math.round(x + width);
        if (right - left < 1) {
            return; // too narrow to see, and so its children
        }
        // the root is every frame's sum: neutral, so that the scale is the frames'
        boxes.add(new Box(frame, path, new Rectangle(left, level * ROW, right - left, ROW - 1),
                level == 0 ? SAME : fill(frame.a(), frame.b(), largest)));
        double at = x;
        for (FlameTree c : frame.children()) {
            double w = c.b() * pxPerUnit;
            if (w > 0) {
                place(c, path + ";" + c.name(), at, w, level + 1, pxPerUnit, largest);
            }
            at += w;
        }
    }

    private void paint(GC gc) {
        if (boxes.isEmpty()) {
            gc.drawText(tree == null ? "No stacks yet" : "No time in B to draw", 8, 8, true);
            return;
        }
        Color line = getDisplay().getSystemColor(SWT.COLOR_WHITE);
        Color text = getDisplay().getSystemColor(SWT.COLOR_BLACK);
        for (Box b : boxes) {
            Color fill = new Color(getDisplay(), b.fill());
            try {
                gc.setBackground(fill);
                gc.fillRectangle(b.bounds());
                gc.setForeground(line);
                gc.drawRectangle(b.bounds());
                String label = fit(gc, b.frame().name(), b.bounds().width - 4);
                if (!label.isEmpty()) {
                    gc.setForeground(text);
                    gc.drawText(label, b.bounds().x + 2, b.bounds().y + 2, true);
                }
            } finally {
                fill.dispose();
            }
        }
    }

    /** The name, cut with an ellipsis to fit the width, or nothing where not even a letter and the ellipsis fit. */
    private static String fit(GC gc, String name, int width) {
        if (gc.textExtent(name).x <= width) {
            return name;
        }
        for (int n = name.length() - 1; n > 0; n--) {
            String cut = name.substring(0, n) + "…";
            if (gc.textExtent(cut).x <= width) {
                return cut;
            }
        }
        return "";
    }

    @Override
    public Point computeSize(int wHint, int hHint, boolean changed) {
        int depth = tree == null ? 1 : tree.depth() + 1;
        return new Point(wHint == SWT.DEFAULT ? 600 : wHint, hHint == SWT.DEFAULT ? depth * ROW : hHint);
    }
}
