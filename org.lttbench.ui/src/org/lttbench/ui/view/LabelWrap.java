package org.lttbench.ui.view;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;

/** A wrapping label in a grid layout needs a width hint to know its height: its row's width, kept up to date. */
final class LabelWrap {
    /** The label data that caps its height, in lines. */
    private static final String MAX_LINES = "lttbench.maxLines";

    private LabelWrap() {
    }

    static void follow(Label label, Composite row, int margin) {
        GridData gd = (GridData) label.getLayoutData();
        row.addListener(SWT.Resize, e -> {
            int w = Math.max(50, row.getClientArea().width - margin);
            if (gd.widthHint != w) {
                gd.widthHint = w;
                fit(label);
                // Deferred and merged with other requests: a deep layout per label per resize would hold the UI.
                label.requestLayout();
            }
        });
    }

    /**
     * As {@link #follow}, and never taller than {@code maxLines} lines (its owner keeps the whole text in its tooltip):
     * in a short view, a long status must leave room for the tables.
     */
    static void follow(Label label, Composite row, int margin, int maxLines) {
        label.setData(MAX_LINES, maxLines);
        follow(label, row, margin);
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
