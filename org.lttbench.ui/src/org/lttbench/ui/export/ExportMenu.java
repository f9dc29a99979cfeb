package org.lttbench.ui.export;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Supplier;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.MessageBox;

/** The context menu of a chart or table: each entry asks for a file and writes the export there. */
public final class ExportMenu {

    /** Writes one export to a file. */
    @FunctionalInterface
    public interface Writer {
        void write(Path file) throws IOException;
    }

    private final Control control;
    private final Menu menu;

    public ExportMenu(Control control) {
        this.control = control;
        this.menu = new Menu(control);
        control.setMenu(menu);
    }

    /**
     * Adds an entry, e.g. "Save chart as SVG…".
     *
     * @param suggestedName file name without extension, offered in the dialog
     */
    public ExportMenu add(String label, Supplier<String> suggestedName, String extension, Writer writer) {
        MenuItem item = new MenuItem(menu, SWT.PUSH);
        item.setText(label);
        item.addListener(SWT.Selection, e -> {
            Path file = FileChooser.of(control.getDisplay()).choose(control.getShell(), suggestedName.get() + "." + extension, extension);
            if (file == null) {
                return;
            }
            try {
                writer.write(file);
            } catch (IOException | RuntimeException ex) {
                MessageBox box = new MessageBox(control.getShell(), SWT.ICON_ERROR | SWT.OK);
                box.setText("Export failed");
                box.setMessage("Could not write " + file + ": " + ex.getMessage());
                box.open();
            }
        });
        return this;
    }

    /** Adds an entry that needs no file, e.g. "Copy selected rows". */
    public ExportMenu action(String label, Runnable action) {
        MenuItem item = new MenuItem(menu, SWT.PUSH);
        item.setText(label);
        item.addListener(SWT.Selection, e -> action.run());
        return this;
    }

    /** Puts text on the clipboard, for pasting into a terminal or a document. */
    public static void copyText(org.eclipse.swt.widgets.Display display, String text) {
        org.eclipse.swt.dnd.Clipboard clipboard = new org.eclipse.swt.dnd.Clipboard(display);
        try {
            clipboard.setContents(new Object[] { text }, new org.eclipse.swt.dnd.Transfer[] { org.eclipse.swt.dnd.TextTransfer.getInstance() });
        } finally {
            clipboard.dispose();
        }
    }

    public Menu menu() {
        return menu;
    }
}
