package org.lttbench.tracecompass.ui.view;

import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.lttbench.core.report.Table;
import org.lttbench.ui.table.ReportTableViewer;
import org.lttbench.ui.view.ReportView;
import org.lttbench.ui.view.SpansView;

/**
 * Trace Compass's view of where each request's time went, per span name: hosts LTTbench's {@link SpansView} (its
 * charts and the spans analysis's tables, from the table data providers). A double-clicked slowest span selects its
 * thread as Control Flow selects one, and the thread's spans show in the Spans of a thread view.
 */
public final class SpansTmfView extends LttbenchView {
    public static final String ID = "org.lttbench.tracecompass.view.spans";

    public SpansTmfView() {
        super("LTTbench Spans");
    }

    @Override
    protected ReportView createContent(Composite parent) {
        SpansView view = new SpansView(parent, SWT.NONE);
        ReportTableViewer slowest = view.table("spans_slowest");
        slowest.viewer().addDoubleClickListener(e -> followThreadOf(slowest.table(),
                ((IStructuredSelection) e.getSelection()).getFirstElement()));
        return view;
    }

    /**
     * Selects the thread of a row of the slowest spans: its kernel TID, or its vtid when no kernel thread was matched
     * (a user-space trace alone; the spans provider takes either).
     */
    public void followThreadOf(Table slowest, Object row) {
        if (row instanceof Object[] cells) {
            Object thread = cells[slowest.columnIndex("tid")] != null ? cells[slowest.columnIndex("tid")]
                    : cells[slowest.columnIndex("vtid")];
            if (thread instanceof Long tid) {
                selectThread(tid.intValue(), ThreadSpansView.ID);
            }
        }
    }
}
