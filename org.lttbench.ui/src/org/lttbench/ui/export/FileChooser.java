package org.lttbench.ui.export;

import java.nio.file.Path;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Shell;

/**
 * Asks where to save an export. The default is SWT's save dialog; a host (or a test, which cannot click a native
 * dialog) installs another on the display with {@link #install}.
 */
@FunctionalInterface
public interface FileChooser {

    /** Where to write, or {@code null} when the user cancelled. */
    Path choose(Shell shell, String suggestedName, String extension);

    FileChooser DIALOG = (shell, suggestedName, extension) -> {
        FileDialog dialog = new FileDialog(shell, SWT.SAVE);
        dialog.setFileName(suggestedName);
        dialog.setFilterExtensions(new String[] { "*." + extension, "*" });
        dialog.setOverwrite(true);
        String file = dialog.open();
        return file == null ? null : Path.of(file);
    };

    String DISPLAY_KEY = FileChooser.class.getName();

    static void install(Display display, FileChooser chooser) {
        display.setData(DISPLAY_KEY, chooser);
    }

    static FileChooser of(Display display) {
        return display.getData(DISPLAY_KEY) instanceof FileChooser chooser ? chooser : DIALOG;
    }
}
