package org.lttbench.ui.viewer;

import org.eclipse.swt.SWTError;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.lttbench.core.analysis.spans.SpanDefinition;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.ui.compute.ReportSource;
import org.lttbench.ui.compute.TraceReading;
import org.lttbench.ui.compute.TraceSource;
import org.lttbench.ui.view.ComparisonView;

/** SWT as the command line meets it: whether a window can open at all, then the viewer's event loop. */
final class WindowSystem {
    private WindowSystem() {
    }

    /** Why no window can open here (no X/Wayland display), or {@code null}. */
    static String whyNoDisplay() {
        String display = System.getenv("DISPLAY");
        String wayland = System.getenv("WAYLAND_DISPLAY");
        if ((display == null || display.isBlank()) && (wayland == null || wayland.isBlank())) {
            return "no display (neither DISPLAY nor WAYLAND_DISPLAY is set; use ssh -X, or xvfb-run for scripts)";
        }
        try {
            Display.getDefault();
            return null;
        } catch (SWTError | UnsatisfiedLinkError e) {
            return "SWT could not open display " + display + ": " + e.getMessage();
        }
    }

    /** Opens the viewer on this range ({@link TimeRange#ALL}: the whole trace) and returns when the user closes it. */
    static void show(String title, TraceSource source, TimeRange range, List<SpanDefinition> spans) {
        show(title, new TraceReading(source, spans), range);
    }

    /** Opens a window comparing run A with run B ({@link ComparisonView}) and returns when the user closes it. */
    static void compare(String nameA, ComparisonView.Opener a, TimeRange rangeA, String nameB, ComparisonView.Opener b,
            TimeRange rangeB) {
        Display display = Display.getDefault();
        try {
            Shell shell = comparisonWindow(display, nameA, nameB);
            ((ComparisonView) shell.getChildren()[0]).compare(nameA, a, rangeA, nameB, b, rangeB);
            shell.open();
            while (!shell.isDisposed()) {
                if (!display.readAndDispatch()) {
                    display.sleep();
                }
            }
        } finally {
            display.dispose();
        }
    }

    /** The window of {@code lttbench view B --against A}: a comparison view, its only child. */
    static Shell comparisonWindow(Display display, String nameA, String nameB) {
        Shell shell = new Shell(display);
        shell.setText("LTTbench: " + nameB + " against " + nameA);
        shell.setLayout(new FillLayout());
        shell.setSize(1280, 900);
        new ComparisonView(shell, SWT.NONE);
        return shell;
    }

    /** The same, on the reports of any source (a live session's). */
    static void show(String title, ReportSource source, TimeRange range) {
        Display display = Display.getDefault();
        try {
            StandaloneViewer viewer = new StandaloneViewer(display, title, source);
            viewer.open(range);
            viewer.runUntilClosed();
        } finally {
            display.dispose();
        }
    }
}
