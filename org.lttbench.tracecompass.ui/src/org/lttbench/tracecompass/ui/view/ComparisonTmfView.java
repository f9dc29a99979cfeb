package org.lttbench.tracecompass.ui.view;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.layout.RowData;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalHandler;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceSelectedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ui.views.TmfView;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.ui.view.ComparisonView;

/**
 * Trace Compass's view of what changed between two runs, as {@code lttbench diff A B} says it: B is the active trace,
 * whole or its selected time range; A is another opened trace, whole, or a range of B marked earlier (two ranges of one
 * trace). It hosts LTTbench's {@link ComparisonView} (the ranked changes of every analysis, and the differential flame
 * graph of where the threads' time went). Both runs are read at once by LTTbench's reader from their files: a
 * comparison is a read of its own, not the analysis module's.
 */
public final class ComparisonTmfView extends TmfView {
    public static final String ID = "org.lttbench.tracecompass.view.comparison";
    private Label traceB;
    private Button selectedOfB;
    private Combo against;
    private Button markA;
    private Button compare;
    private Label hint;
    private ComparisonView content;
    private ITmfTrace b;
    /** What {@link #against} lists, in its order. */
    private final List<Choice> choices = new ArrayList<>();
    /** A range of a trace marked as A ({@link #markSelectionAsA}), offered while that trace is B. */
    private Choice marked;

    /** A run A can be: a trace, whole or a range of it, and how the list names it. */
    private record Choice(ITmfTrace trace, TimeRange range, String label) {
    }

    public ComparisonTmfView() {
        super("LTTbench Changes");
    }

    @Override
    public void createPartControl(Composite parent) {
        super.createPartControl(parent);
        Composite box = new Composite(parent, SWT.NONE);
        box.setLayout(new GridLayout(1, false));
        Composite row = new Composite(box, SWT.NONE);
        row.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        RowLayout rowLayout = new RowLayout(SWT.HORIZONTAL); // wraps in a narrow view
        rowLayout.center = true;
        rowLayout.marginTop = 0;
        rowLayout.marginBottom = 0;
        row.setLayout(rowLayout);
        traceB = new Label(row, SWT.NONE);
        selectedOfB = new Button(row, SWT.CHECK);
        selectedOfB.setText("its selected range");
        selectedOfB.setToolTipText("B is the range selected in Trace Compass's time views, not the whole trace");
        new Label(row, SWT.NONE).setText("against A:");
        against = new Combo(row, SWT.READ_ONLY | SWT.DROP_DOWN);
        against.setLayoutData(new RowData(360, SWT.DEFAULT));
        markA = new Button(row, SWT.PUSH);
        markA.setText("Mark selection as A");
        markA.setToolTipText("A becomes the range now selected in B: select another range for B, then compare");
        markA.addListener(SWT.Selection, e -> markSelectionAsA());
        compare = new Button(row, SWT.PUSH);
        compare.setText("Compare");
        compare.addListener(SWT.Selection, e -> {
            int i = against.getSelectionIndex();
            if (i >= 0 && i < choices.size()) {
                compare(choices.get(i));
            }
        });
        hint = new Label(row, SWT.NONE);
        content = new ComparisonView(box, SWT.NONE);
        content.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        ViewHelp.attach(parent, getViewSite());
        show(TmfTraceManager.getInstance().getActiveTrace());
    }

    /** Compares B (the active trace, whole or its selected range) with {@code a}, whole. */
    public void compareWith(ITmfTrace a) {
        compare(new Choice(a, TimeRange.ALL, a.getName()));
    }

    /** Compares B (the active trace, whole or its selected range) with the range marked as A. */
    public void compareWithMarked() {
        if (marked != null && marked.trace() == b) {
            compare(marked);
        }
    }

    private void compare(Choice a) {
        if (b == null || a == null) {
            return;
        }
        TimeRange rangeB = TimeRange.ALL;
        String nameB = b.getName();
        if (selectedOfB.getSelection()) {
            TimeRange selected = selection(b);
            if (selected.duration() > 0) {
                rangeB = selected;
                nameB += " " + CellFormat.range(selected);
            } else {
                nameB += " (whole: no range is selected)";
            }
        }
        List<Path> pathsA = paths(a.trace());
        List<Path> pathsB = paths(b);
        content.compare(a.label(), () -> CtfTraceSet.open(pathsA), a.range(), nameB, () -> CtfTraceSet.open(pathsB),
                rangeB);
    }

    /** Marks the range selected in B as A, and offers it first; a point, not a range, marks nothing. */
    public void markSelectionAsA() {
        if (b == null) {
            return;
        }
        TimeRange selected = selection(b);
        if (selected.duration() <= 0) {
            hint.setText("Select a time range in a time view first");
            relayout();
            return;
        }
        marked = new Choice(b, selected, "B's range " + CellFormat.range(selected));
        selectedOfB.setSelection(true);
        hint.setText("Now select B's range, then Compare");
        show(b);
        against.select(0);
    }

    private static TimeRange selection(ITmfTrace trace) {
        return LttbenchView.range(TmfTraceManager.getInstance().getTraceContext(trace).getSelectionRange());
    }

    /** A trace's files: its own directory, or each of an experiment's traces'. */
    private static List<Path> paths(ITmfTrace trace) {
        return TmfTraceManager.getTraceSet(trace).stream().map(t -> Path.of(t.getPath())).toList();
    }

    /** The traces it can compare B with, as listed (B itself for a marked range of it). */
    public List<ITmfTrace> choices() {
        return choices.stream().map(Choice::trace).toList();
    }

    /** How the list names them. */
    public List<String> choiceLabels() {
        return choices.stream().map(Choice::label).toList();
    }

    /** Whether B is its selected range rather than the whole trace. */
    public void setSelectedRangeOfB(boolean selected) {
        selectedOfB.setSelection(selected);
    }

    /** The run compared with A: the active trace. */
    public ITmfTrace traceB() {
        return b;
    }

    public ComparisonView content() {
        return content;
    }

    private void show(ITmfTrace active) {
        b = active;
        traceB.setText("B: " + (b == null ? "no trace selected" : b.getName()));
        String chosen = against.getSelectionIndex() >= 0 ? against.getItem(against.getSelectionIndex()) : null;
        choices.clear();
        if (marked != null && marked.trace() == b) {
            choices.add(marked);
        }
        for (ITmfTrace t : TmfTraceManager.getInstance().getOpenedTraces()) {
            if (t != b) {
                choices.add(new Choice(t, TimeRange.ALL, t.getName()));
            }
        }
        against.setItems(choiceLabels().toArray(String[]::new));
        int keep = chosen == null ? -1 : against.indexOf(chosen);
        against.select(keep >= 0 ? keep : 0);
        compare.setEnabled(b != null && !choices.isEmpty());
        markA.setEnabled(b != null);
        relayout();
    }

    /** Its controls' texts changed: the row (which wraps in a narrow view) and what is below it are laid out again. */
    private void relayout() {
        traceB.getParent().getParent().layout(true, true);
    }

    private void refresh() {
        if (content != null && !content.isDisposed()) {
            content.getDisplay().asyncExec(() -> {
                if (!content.isDisposed()) {
                    show(TmfTraceManager.getInstance().getActiveTrace());
                }
            });
        }
    }

    @TmfSignalHandler
    public void traceOpened(TmfTraceOpenedSignal signal) {
        refresh();
    }

    @TmfSignalHandler
    public void traceSelected(TmfTraceSelectedSignal signal) {
        refresh();
    }

    @TmfSignalHandler
    public void traceClosed(TmfTraceClosedSignal signal) {
        if (marked != null && marked.trace() == signal.getTrace()) {
            marked = null;
        }
        refresh();
    }

    @Override
    public void setFocus() {
        content.setFocus();
    }
}
