package org.lttbench.tests.ui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.lttbench.tests.TestPaths;
import org.lttbench.ui.ControlSnapshot;

/**
 * Real SWT for view tests: a shell on the real display (Xvfb in CI; without a display, creating it fails the test,
 * it never skips), event pumping, screenshots, and pixel counts in them.
 */
public final class UiHarness implements AutoCloseable {
    private final Display display;
    private final Shell shell;

    public UiHarness(int width, int height) {
        display = Display.getDefault();
        shell = new Shell(display);
        shell.setLayout(new FillLayout());
        shell.setSize(width, height);
    }

    public Display display() {
        return display;
    }

    public Shell shell() {
        return shell;
    }

    public void open() {
        shell.open();
        shell.layout(true, true);
        pump();
    }

    /** Runs the event loop until it is idle. */
    public void pump() {
        while (display.readAndDispatch()) {
            // dispatch
        }
    }

    /** Runs the event loop for a while (relayouts and repaints after a tab switch), then until it is idle. */
    public void settle(int millis) {
        long end = System.nanoTime() + millis * 1_000_000L;
        shell.layout(true, true);
        while (System.nanoTime() < end) {
            if (!display.readAndDispatch()) {
                display.timerExec(10, () -> {
                });
                display.sleep();
            }
        }
        pump();
    }

    /**
     * Runs the event loop until the condition holds. The limit only keeps a broken build from hanging: it is far above
     * what the work needs, and reaching it fails with the reason.
     */
    public void waitUntil(String what, BooleanSupplier condition, int limitSeconds) {
        long deadline = System.nanoTime() + limitSeconds * 1_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("gave up after " + limitSeconds + " s waiting for: " + what);
            }
            if (!display.readAndDispatch()) {
                display.timerExec(20, () -> {
                });
                display.sleep();
            }
        }
        pump();
    }

    /** Saves a PNG of the control under the test bundle's {@code target/screenshots/} and returns its pixels. */
    public ImageData screenshot(Control control, String name) throws IOException {
        pump();
        Path file = TestPaths.screenshot(name + ".png");
        ControlSnapshot.savePng(control, file);
        return new ImageLoader().load(file.toString())[0];
    }

    /**
     * The same, and a copy in the repository's {@code docs/} when the build asks for it ({@code -Dlttbench.docs=DIR}),
     * for the docs: a normal test run never rewrites tracked files.
     */
    public ImageData screenshotForDocs(Control control, String name) throws IOException {
        ImageData image = screenshot(control, name);
        String docs = System.getProperty("lttbench.docs", "");
        // Unset, Maven passes an empty property as "null".
        if (!docs.isBlank() && !docs.equals("null") && !docs.startsWith("${")) {
            Path dir = java.nio.file.Files.createDirectories(Path.of(docs));
            java.nio.file.Files.copy(TestPaths.screenshot(name + ".png"), dir.resolve(name + ".png"),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return image;
    }

    /** A left-button drag across a control, as the mouse sends it (x in the control's pixels). */
    public static void drag(Control control, int fromX, int toX) {
        int y = control.getSize().y / 2;
        control.notifyListeners(SWT.MouseDown, mouse(fromX, y, 1));
        control.notifyListeners(SWT.MouseMove, mouse((fromX + toX) / 2, y, 0));
        control.notifyListeners(SWT.MouseUp, mouse(toX, y, 1));
    }

    private static Event mouse(int x, int y, int button) {
        Event e = new Event();
        e.x = x;
        e.y = y;
        e.button = button;
        return e;
    }

    /** How many pixels have exactly this colour. */
    public static int count(ImageData image, RGB color) {
        int n = 0;
        for (int y = 0; y < image.height; y++) {
            for (int x = 0; x < image.width; x++) {
                if (image.palette.getRGB(image.getPixel(x, y)).equals(color)) {
                    n++;
                }
            }
        }
        return n;
    }

    /** How many pixels are within {@code tolerance} of this colour on each channel. */
    public static int countNear(ImageData image, RGB color, int tolerance) {
        int n = 0;
        for (int y = 0; y < image.height; y++) {
            for (int x = 0; x < image.width; x++) {
                RGB p = image.palette.getRGB(image.getPixel(x, y));
                if (Math.abs(p.red - color.red) <= tolerance && Math.abs(p.green - color.green) <= tolerance
                        && Math.abs(p.blue - color.blue) <= tolerance) {
                    n++;
                }
            }
        }
        return n;
    }

    @Override
    public void close() {
        close(shell);
        pump();
    }

    /** Closes a window, unless it is closed already (a viewer's, which the test may have closed). */
    public static void close(Shell window) {
        if (!window.isDisposed()) {
            window.dispose();
        }
    }
}
