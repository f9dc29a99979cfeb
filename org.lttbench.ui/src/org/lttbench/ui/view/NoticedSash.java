package org.lttbench.ui.view;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;

/**
 * A view's content as most views lay it out: a notice line over a vertical sash (charts above, tables below). The line
 * says why there is nothing to show, once, and the sash then takes no room instead of showing empty charts and tables.
 */
final class NoticedSash {
    final Composite box;
    final NoticeLine notice;
    final SashForm sash;

    NoticedSash(Composite parent, int marginHeight) {
        box = new Composite(parent, SWT.NONE);
        GridLayout layout = new GridLayout(1, false);
        layout.marginWidth = 0;
        layout.marginHeight = marginHeight;
        box.setLayout(layout);
        notice = new NoticeLine(box);
        sash = new SashForm(box, SWT.VERTICAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
    }

    /** Shows the line (an empty text: none), and the sash unless {@code hideSash}. */
    void show(String line, boolean hideSash) {
        notice.show(line);
        ((GridData) sash.getLayoutData()).exclude = hideSash;
        sash.setVisible(!hideSash);
        sash.requestLayout();
    }
}
