package org.lttbench.ui.view;

import java.util.function.IntSupplier;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Label;

/**
 * A wrapping label in a grid layout needs a width hint to know its height: its row's (its parent's) width less what
 * stands beside it, kept up to date.
 */
final class LabelWrap {
    /** The label data that caps its height, in lines. */
    private static final String MAX_LINES = "lttbench.maxLines";
    /** The label data that says what its row keeps beside it. */
    private static final String MARGIN = "lttbench.margin";

    private LabelWrap() {
    }

    /** @param margin what the label's row (its parent) keeps beside it, in pixels, asked at each wrap */
    static void follow(Label label, IntSupplier margin) {
        label.setData(MARGIN, margin);
        label.getParent().addListener(SWT.Resize, e -> rewrap(label));
    }

    static void follow(Label label, int margin) {
        follow(label, () -> margin);
    }

    /**
     * As {@link #follow}, and never taller than {@code maxLines} lines (its owner keeps the whole text in its tooltip):
     * in a short view, a long status must leave room for the tables.
     */
    static void follow(Label label, IntSupplier margin, int maxLines) {
        label.setData(MAX_LINES, maxLines);
        follow(label, margin);
    }

    /** Wraps the label at its row's width now (call when what stands beside it came or went). */
    static void rewrap(Label label) {
        GridData gd = (GridData) label.getLayoutData();
        int w = Math.max(50, label.getParent().getClientArea().width - ((IntSupplier) label.getData(MARGIN)).getAsInt());
        if (gd.widthHint != w) {
            gd.widthHint = w;
            fit(label);
            // Deferred and merged with other requests: a deep layout per label per resize would hold the UI.
            label.requestLayout();
        }
    }

    /** Sets the label's height for its text now (call after changing the text of a capped label). */
    static void fit(Label label) {
        if (!(label.getData(MAX_LINES) instanceof Integer lines)) {
            return;
        }
        GridData gd = (GridData) label.getLayoutData();
        GC gc = new GC(label);
        int line;
        try {
            line = gc.getFontMetrics().getHeight();
        } finally {
            gc.dispose();
        }
        int natural = label.computeSize(gd.widthHint > 0 ? gd.widthHint : SWT.DEFAULT, SWT.DEFAULT).y;
        int trim = natural % line; // the label's own margins
        gd.heightHint = Math.min(natural, lines * line + trim);
    }
}
