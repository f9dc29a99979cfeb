package org.lttbench.ui.view;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.ProgressBar;

/**
 * A view's status line: a progress bar (in permille) standing beside the status only while something is read, and the
 * status's wrapping label, in a row across its parent's grid.
 */
final class StatusRow {
    final ProgressBar progress;
    final Label status;

    StatusRow(Composite parent) {
        Composite row = new Composite(parent, SWT.NONE);
        GridLayout layout = new GridLayout(2, false);
        layout.marginHeight = 0;
        layout.marginWidth = 0;
        row.setLayout(layout);
        row.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        progress = new ProgressBar(row, SWT.SMOOTH | SWT.HORIZONTAL);
        GridData pd = new GridData(SWT.LEFT, SWT.CENTER, false, false);
        pd.widthHint = 160;
        progress.setLayoutData(pd);
        progress.setMaximum(1000);
        status = new Label(row, SWT.WRAP);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
    }

    /** Shows the progress bar beside the status, or takes it out of the row. */
    void showProgress(boolean visible) {
        progress.setVisible(visible);
        ((GridData) progress.getLayoutData()).exclude = !visible;
        progress.requestLayout();
    }
}
