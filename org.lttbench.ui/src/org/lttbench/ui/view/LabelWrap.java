package org.lttbench.ui.view;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;

/** A wrapping label in a grid layout needs a width hint to know its height: its row's width, kept up to date. */
final class LabelWrap {
    private LabelWrap() {
    }

    static void follow(Label label, Composite row, int margin) {
        GridData gd = (GridData) label.getLayoutData();
        row.addListener(SWT.Resize, e -> {
            int w = Math.max(50, row.getClientArea().width - margin);
            if (gd.widthHint != w) {
                gd.widthHint = w;
                // Deferred and merged with other requests: a deep layout per label per resize would hold the UI.
                label.requestLayout();
            }
        });
    }
}
