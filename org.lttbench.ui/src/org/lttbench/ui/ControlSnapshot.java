package org.lttbench.ui;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Control;

/** Renders a control (a chart, a whole view) into an image: PNG export and test screenshots. */
public final class ControlSnapshot {
    private ControlSnapshot() {
    }

    /** Paints the control off-screen, so it works even when the window is covered or not mapped. */
    public static ImageData capture(Control control) {
        Point size = control.getSize();
        if (size.x <= 0 || size.y <= 0) {
            throw new IllegalStateException("control has no size yet (" + size.x + "x" + size.y + "): lay it out first");
        }
        Image image = new Image(control.getDisplay(), size.x, size.y);
        GC gc = new GC(image);
        try {
            control.print(gc);
            return image.getImageData();
        } finally {
            gc.dispose();
            image.dispose();
        }
    }

    public static void savePng(Control control, Path file) throws java.io.IOException {
        ImageLoader loader = new ImageLoader();
        loader.data = new ImageData[] { capture(control) };
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        loader.save(file.toString(), SWT.IMAGE_PNG);
    }
}
