package org.lttbench.ui.view;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;

/**
 * A wrapping line in a view's grid that takes room only while it says something: why a chart or a table is not
 * shown, said once in its place.
 */
final class NoticeLine {
    private final Label label;

    NoticeLine(Composite box) {
        label = new Label(box, SWT.WRAP);
        GridData data = new GridData(SWT.FILL, SWT.TOP, true, false);
        data.exclude = true;
        label.setLayoutData(data);
        LabelWrap.follow(label, 8);
    }

    Label label() {
        return label;
    }

    /** Shows the text, or takes no room when it is empty. */
    void show(String text) {
        label.setText(text);
        ((GridData) label.getLayoutData()).exclude = text.isEmpty();
        label.setVisible(!text.isEmpty());
        label.requestLayout();
    }

    String text() {
        return label.getText();
    }
}
