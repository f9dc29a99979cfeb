package org.lttbench.ui.view;

import java.util.List;
import java.util.Locale;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.lttbench.core.report.Table;
import org.lttbench.ui.compute.ReportSet;

/**
 * A banner above the tables: red when the range shown lost events (DESIGN.md: every view that shows counts says so),
 * with the reports' notes; hidden when there is nothing to say. The loss count comes from the discarded analysis's
 * {@code streams} table for the same range; the notes come from every report.
 */
public final class LossBanner extends Composite {
    private static final RGB LOSS = new RGB(255, 214, 214);
    private static final RGB INFO = new RGB(230, 238, 250);

    private final Label text;
    private long lostEvents;
    private long lostPackets;

    public LossBanner(Composite parent) {
        super(parent, SWT.NONE);
        GridLayout layout = new GridLayout(1, false);
        layout.marginHeight = 6;
        layout.marginWidth = 8;
        setLayout(layout);
        text = new Label(this, SWT.WRAP);
        GridData gd = new GridData(SWT.FILL, SWT.CENTER, true, false);
        text.setLayoutData(gd);
        LabelWrap.follow(text, this, 2 * layout.marginWidth);
        setVisible(false);
    }

    /**
     * @param analyses the analyses whose notes the view shows (a view does not repeat another view's notes)
     */
    public void show(ReportSet reports, java.util.Set<String> analyses) {
        lostEvents = sum(reports.table("discarded", "streams"), "discarded_events");
        lostPackets = sum(reports.table("discarded", "streams"), "discarded_packets");
        StringBuilder b = new StringBuilder();
        if (lostEvents > 0 || lostPackets > 0) {
            b.append("This range lost events: ");
            if (lostEvents > 0) {
                b.append(String.format(Locale.ROOT, "%,d events discarded", lostEvents));
            }
            if (lostPackets > 0) {
                b.append(lostEvents > 0 ? ", " : "").append(String.format(Locale.ROOT, "%,d packets lost", lostPackets));
            }
            b.append(". The figures below are missing what those events would have said.");
        }
        List<String> notes = reports.notes(analyses);
        for (String note : notes) {
            if (b.length() > 0) {
                b.append('\n');
            }
            b.append(note);
        }
        boolean loss = lostEvents > 0 || lostPackets > 0;
        setBackground(new Color(getDisplay(), loss ? LOSS : INFO));
        text.setBackground(getBackground());
        text.setText(b.toString());
        boolean visible = b.length() > 0;
        setVisible(visible);
        ((GridData) getLayoutData()).exclude = !visible;
        requestLayout();
    }

    /** Whether the banner currently says the range lost events. */
    public boolean showsLoss() {
        return getVisible() && (lostEvents > 0 || lostPackets > 0);
    }

    public String text() {
        return text.getText();
    }

    public long lostEvents() {
        return lostEvents;
    }

    private static long sum(Table table, String columnKey) {
        if (table == null) {
            return 0;
        }
        int c;
        try {
            c = table.columnIndex(columnKey);
        } catch (IllegalArgumentException e) {
            return 0;
        }
        long total = 0;
        for (Object[] row : table.rows()) {
            if (row[c] instanceof Long v) {
                total += v;
            }
        }
        return total;
    }
}
