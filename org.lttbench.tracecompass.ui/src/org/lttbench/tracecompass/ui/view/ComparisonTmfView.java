package org.lttbench.tracecompass.ui.view;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
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
import org.lttbench.core.trace.TimeRange;
import org.lttbench.ui.view.ComparisonView;

/**
 * Trace Compass's view of what changed between two opened traces, as {@code lttbench diff A B} says it: B is the active
 * trace, A the one chosen among the other opened traces; it hosts LTTbench's {@link ComparisonView} (the ranked changes
 * of every analysis, and the differential flame graph of where the threads' time went). Both runs are read whole, at
 * once, by LTTbench's reader from their files: a comparison is a read of its own, not the analysis module's.
 */
public final class ComparisonTmfView extends TmfView {
    public static final String ID = "org.lttbench.tracecompass.view.comparison";
    private Label traceB;
    private Combo against;
    private Button compare;
    private ComparisonView content;
    private ITmfTrace b;
    /** The traces {@link #against} lists, in its order. */
    private final List<ITmfTrace> choices = new ArrayList<>();

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
        GridLayout rowLayout = new GridLayout(4, false);
        rowLayout.marginHeight = 0;
        row.setLayout(rowLayout);
        traceB = new Label(row, SWT.NONE);
        traceB.setLayoutData(new GridData(SWT.LEFT, SWT.CENTER, false, false));
        new Label(row, SWT.NONE).setText("against A:");
        against = new Combo(row, SWT.READ_ONLY | SWT.DROP_DOWN);
        GridData ad = new GridData(SWT.LEFT, SWT.CENTER, false, false);
        ad.widthHint = 300;
        against.setLayoutData(ad);
        compare = new Button(row, SWT.PUSH);
        compare.setText("Compare");
        compare.addListener(SWT.Selection, e -> {
            int i = against.getSelectionIndex();
            if (i >= 0 && i < choices.size()) {
                compareWith(choices.get(i));
            }
        });
        content = new ComparisonView(box, SWT.NONE);
        content.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        ViewHelp.attach(parent, getViewSite());
        show(TmfTraceManager.getInstance().getActiveTrace());
    }

    /** Compares the active trace (B) with {@code a}, both whole. */
    public void compareWith(ITmfTrace a) {
        if (b == null || a == null) {
            return;
        }
        List<Path> pathsA = paths(a);
        List<Path> pathsB = paths(b);
        content.compare(a.getName(), () -> CtfTraceSet.open(pathsA), TimeRange.ALL, b.getName(),
                () -> CtfTraceSet.open(pathsB), TimeRange.ALL);
    }

    /** A trace's files: its own directory, or each of an experiment's traces'. */
    private static List<Path> paths(ITmfTrace trace) {
        return TmfTraceManager.getTraceSet(trace).stream().map(t -> Path.of(t.getPath())).toList();
    }

    /** The opened traces it can compare B with (every one but B), as listed. */
    public List<ITmfTrace> choices() {
        return List.copyOf(choices);
    }

    public ComparisonView content() {
        return content;
    }

    private void show(ITmfTrace active) {
        b = active;
        traceB.setText("B: " + (b == null ? "no trace selected" : b.getName()));
        String chosen = against.getSelectionIndex() >= 0 ? against.getItem(against.getSelectionIndex()) : null;
        choices.clear();
        against.removeAll();
        for (ITmfTrace t : TmfTraceManager.getInstance().getOpenedTraces()) {
            if (t != b) {
                choices.add(t);
                against.add(t.getName());
            }
        }
        int keep = chosen == null ? -1 : against.indexOf(chosen);
        against.select(keep >= 0 ? keep : 0);
        compare.setEnabled(b != null && !choices.isEmpty());
        traceB.getParent().layout(true, true);
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
        refresh();
    }

    @Override
    public void setFocus() {
        content.setFocus();
    }
}
