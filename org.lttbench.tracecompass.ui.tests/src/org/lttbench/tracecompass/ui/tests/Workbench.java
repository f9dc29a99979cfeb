package org.lttbench.tracecompass.ui.tests;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.core.commands.Command;
import org.eclipse.core.commands.ParameterizedCommand;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ui.project.model.ITmfProjectModelElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfOpenTraceHelper;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectRegistry;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceFolder;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.commands.ICommandService;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.navigator.CommonNavigator;
import org.lttbench.core.ctf.Ctf2Copy;

/**
 * Driving the real workbench from a test thread (the UI harness runs the IDE workbench; tests run beside its UI
 * thread), as a user would: the Project Explorer, its context menu, the views. Every widget is touched on the UI
 * thread; waiting happens on the test thread, so the workbench keeps running meanwhile.
 */
public final class Workbench {
    public static final String KERNEL_TRACE_TYPE = "org.eclipse.linuxtools.lttng2.kernel.tracetype";
    public static final long TIMEOUT_MS = 180_000;

    private Workbench() {
    }

    public interface UiRunnable {
        void run() throws Exception;
    }

    /** Runs on the UI thread and returns its result; its exception is the caller's. */
    public static <T> T ui(Callable<T> c) {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Display.getDefault().syncExec(() -> {
            try {
                result.set(c.call());
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        if (failure.get() instanceof RuntimeException e) {
            throw e;
        }
        if (failure.get() instanceof Error e) {
            throw e;
        }
        if (failure.get() != null) {
            throw new IllegalStateException(failure.get());
        }
        return result.get();
    }

    public static void ui(UiRunnable r) {
        ui(() -> {
            r.run();
            return null;
        });
    }

    /** Waits (on the test thread) until the condition, checked on the UI thread, holds; fails saying what it waited for. */
    public static void waitUntil(String what, Callable<Boolean> condition) {
        long deadline = System.currentTimeMillis() + TIMEOUT_MS;
        while (true) {
            if (Boolean.TRUE.equals(ui(condition))) {
                return;
            }
            if (System.currentTimeMillis() > deadline) {
                fail("waited " + TIMEOUT_MS / 1000 + " s for " + what);
            }
            sleep(100);
        }
    }

    public static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Lets the UI thread run what was posted to it (layouts, async updates) before the next look. */
    public static void settle() {
        for (int i = 0; i < 5; i++) {
            ui(() -> {
                while (Display.getDefault().readAndDispatch()) {
                    // drain
                }
            });
            sleep(50);
        }
    }

    public static IWorkbenchPage page() {
        return ui(() -> PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage());
    }

    public static Shell shell() {
        return ui(() -> PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell());
    }

    /** The shells other than the workbench window's that are showing: dialogs (an error dialog would be one). */
    public static List<String> dialogs() {
        return ui(() -> {
            Shell main = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
            List<String> open = new ArrayList<>();
            for (Shell s : Display.getDefault().getShells()) {
                if (s != main && s.isVisible()) {
                    open.add(s.getText());
                }
            }
            return open;
        });
    }

    /**
     * Trace Compass asks whether to switch to a trace type's perspective when a trace opens (its own dialog, not
     * LTTbench's): the tests answer "never" beforehand, as a user who ticked "remember my decision" would.
     */
    public static void neverSwitchPerspective() {
        IEclipsePreferences prefs = InstanceScope.INSTANCE.getNode("org.eclipse.tracecompass.tmf.ui");
        prefs.put("SWITCH_TO_PERSPECTIVE", "never");
    }

    /** A Trace Compass tracing project, made the way its New Project wizard makes one. */
    public static TmfProjectElement tracingProject(String name) {
        neverSwitchPerspective();
        return ui(() -> {
            IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject(name);
            if (!project.exists()) {
                TmfProjectRegistry.createProject(name, null, new NullProgressMonitor());
            }
            return TmfProjectRegistry.getProject(project, true);
        });
    }

    /** A CTF 2 copy of the shared {@code kernel-scp-src} (its kernel trace), made under the work directory's {@code dir}. */
    public static Path ctf2KernelTrace(String dir) throws IOException {
        Path work = Path.of(System.getProperty("lttbench.work")).resolve(dir);
        return Ctf2Copy.copy(Path.of(System.getProperty("lttbench.traces")).resolve("kernel-scp-src"),
                work.resolve("kernel-scp-src-ctf2")).get(0);
    }

    /**
     * Opens a trace directory in the project as Trace Compass's File > Open Trace does (links it under Traces with the
     * given type, opens its editor) and waits until Trace Compass has it open.
     */
    public static TmfTraceElement openTrace(TmfProjectElement project, Path trace, String traceType) {
        IStatus status = ui(() -> TmfOpenTraceHelper.openTraceFromPath(project.getTracesFolder(), trace.toString(),
                PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), traceType));
        if (!status.isOK()) {
            fail("Trace Compass could not open " + trace + ": " + status);
        }
        return opened(project.getTracesFolder(), trace.getFileName().toString());
    }

    /** The folder's trace of that name once Trace Compass has it open. */
    public static TmfTraceElement opened(TmfTraceFolder folder, String name) {
        AtomicReference<TmfTraceElement> element = new AtomicReference<>();
        waitUntil("Trace Compass to open " + name + " under " + folder.getPath(), () -> {
            for (TmfTraceElement t : folder.getTraces()) {
                if (t.getName().equals(name) && t.getTrace() != null) {
                    element.set(t);
                    return true;
                }
            }
            return false;
        });
        return element.get();
    }

    public static CommonNavigator projectExplorer() {
        return ui(() -> (CommonNavigator) page().showView(IPageLayout.ID_PROJECT_EXPLORER));
    }

    /** Selects the element in the Project Explorer, as a click on it does, and gives the explorer the focus. */
    public static Tree select(ITmfProjectModelElement element) {
        CommonNavigator explorer = projectExplorer();
        ui(() -> {
            explorer.getCommonViewer().refresh();
            explorer.selectReveal(new StructuredSelection(element));
            page().activate(explorer);
            explorer.getCommonViewer().getTree().setFocus();
        });
        waitUntil("the Project Explorer to select " + element.getName(), () -> {
            IStructuredSelection s = explorer.getCommonViewer().getStructuredSelection();
            return s.size() == 1 && s.getFirstElement() == element;
        });
        return ui(() -> explorer.getCommonViewer().getTree());
    }

    private static String label(MenuItem item) {
        String text = item.getText();
        int tab = text.indexOf('\t');
        return (tab >= 0 ? text.substring(0, tab) : text).replace("&", "");
    }

    /** Shows the menu as a right-click does: the workbench fills it (contributions, their visibleWhen) on SWT.Show. */
    private static void show(Menu menu) {
        Event e = new Event();
        e.type = SWT.Show;
        e.widget = menu;
        menu.notifyListeners(SWT.Show, e);
    }

    private static void hide(Menu menu) {
        Event e = new Event();
        e.type = SWT.Hide;
        e.widget = menu;
        menu.notifyListeners(SWT.Hide, e);
    }

    /**
     * The labels of the tree's context menu (right-click on the selection), and of a submenu when a path to it is
     * given; an empty list when the path's menu is not there.
     */
    public static List<String> contextMenu(Tree tree, String... path) {
        return ui(() -> {
            Menu menu = tree.getMenu();
            assertNotNull(menu, "the tree has a context menu");
            return labels(menu, path);
        });
    }

    /**
     * The labels of a menu of the workbench window's menu bar (File, Edit...), as it shows them when opened, and of a
     * submenu when a longer path is given; an empty list when the path's menu is not there.
     */
    public static List<String> menuBar(String menu, String... path) {
        return ui(() -> {
            Menu bar = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell().getMenuBar();
            assertNotNull(bar, "the workbench window has a menu bar");
            MenuItem item = find(bar, menu);
            if (item == null || item.getMenu() == null) {
                return List.<String>of();
            }
            return labels(item.getMenu(), path);
        });
    }

    /** The labels of the menu, or of the submenu at the path, each shown as the workbench fills it (on the UI thread). */
    private static List<String> labels(Menu root, String... path) {
        Menu menu = root;
        List<Menu> shown = new ArrayList<>();
        try {
            show(menu);
            shown.add(menu);
            for (String step : path) {
                MenuItem item = find(menu, step);
                if (item == null || item.getMenu() == null) {
                    return List.of();
                }
                menu = item.getMenu();
                show(menu);
                shown.add(menu);
            }
            List<String> labels = new ArrayList<>();
            for (MenuItem i : menu.getItems()) {
                if ((i.getStyle() & SWT.SEPARATOR) == 0) {
                    labels.add(label(i));
                }
            }
            return labels;
        } finally {
            for (int i = shown.size() - 1; i >= 0; i--) {
                hide(shown.get(i));
            }
        }
    }

    /**
     * A screenshot with the tree's context menu open over its selection, as a right-click opens it (the menu a popup
     * of its own on the display, which the screenshot copies), for the docs; the menu closed after.
     */
    public static Path screenshotWithContextMenu(Tree tree, String name) throws Exception {
        ui(() -> {
            Menu menu = tree.getMenu();
            assertNotNull(menu, "the tree has a context menu");
            Rectangle item = tree.getSelection()[0].getBounds();
            menu.setLocation(tree.toDisplay(item.x + item.width / 2, item.y + item.height / 2));
            menu.setVisible(true);
        });
        try {
            settle();
            sleep(1000);
            return screenshotForDocs(name);
        } finally {
            ui(() -> tree.getMenu().setVisible(false));
            settle();
        }
    }

    /** Right-click on the tree's selection, then the menu items of the path, the last one clicked. */
    public static void clickContextMenu(Tree tree, String... path) {
        ui(() -> {
            Menu menu = tree.getMenu();
            assertNotNull(menu, "the tree has a context menu");
            List<Menu> shown = new ArrayList<>();
            MenuItem item = null;
            try {
                show(menu);
                shown.add(menu);
                for (int p = 0; p < path.length; p++) {
                    item = find(menu, path[p]);
                    if (item == null) {
                        List<String> labels = new ArrayList<>();
                        for (MenuItem i : menu.getItems()) {
                            labels.add(label(i));
                        }
                        fail("no menu item '" + path[p] + "' among " + labels);
                    }
                    if (p < path.length - 1) {
                        menu = item.getMenu();
                        assertNotNull(menu, path[p] + " is a submenu");
                        show(menu);
                        shown.add(menu);
                    }
                }
                if (!item.isEnabled()) {
                    fail("menu item '" + path[path.length - 1] + "' is disabled");
                }
                Event e = new Event();
                e.type = SWT.Selection;
                e.widget = item;
                item.notifyListeners(SWT.Selection, e);
            } finally {
                for (int i = shown.size() - 1; i >= 0; i--) {
                    hide(shown.get(i));
                }
            }
        });
    }

    private static MenuItem find(Menu menu, String label) {
        for (MenuItem i : menu.getItems()) {
            if (label.equals(label(i))) {
                return i;
            }
        }
        return null;
    }

    /** A command run from the test: whether it has returned, and what it threw. */
    public record CommandRun(AtomicBoolean returned, AtomicReference<Throwable> thrown) {
        /** Waits until the command has returned (a dialog it opened must have been closed first). */
        public void awaitReturn() {
            waitUntil("the command to return", returned::get);
        }
    }

    /**
     * Runs a command with its parameters as a menu item or a key binding runs it (the workbench window's handler
     * service: the handler sees the active part's selection), on the UI thread but without waiting for it, since it
     * may open a dialog, which keeps it from returning until the dialog is closed.
     */
    public static CommandRun runCommand(String id, Map<String, String> parameters) {
        CommandRun run = new CommandRun(new AtomicBoolean(), new AtomicReference<>());
        Display.getDefault().asyncExec(() -> {
            try {
                IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
                Command command = window.getService(ICommandService.class).getCommand(id);
                window.getService(IHandlerService.class)
                        .executeCommand(ParameterizedCommand.generateCommand(command, parameters), null);
            } catch (Throwable t) {
                run.thrown().set(t);
            } finally {
                run.returned().set(true);
            }
        });
        return run;
    }

    /** Waits until a dialog with this title shows, and returns its text: every label's, one a line. */
    public static String dialogText(String title) {
        waitUntil("a dialog titled '" + title + "'", () -> dialog(title) != null);
        settle();
        return ui(() -> {
            StringBuilder text = new StringBuilder();
            collectLabels(dialog(title), text);
            return text.toString();
        });
    }

    /** Closes the dialog with this title, as its window's close button does. */
    public static void closeDialog(String title) {
        ui(() -> {
            Shell s = dialog(title);
            assertNotNull(s, "a dialog titled '" + title + "'");
            s.close();
        });
        settle();
    }

    private static Shell dialog(String title) {
        Shell main = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
        for (Shell s : Display.getDefault().getShells()) {
            if (s != main && s.isVisible() && title.equals(s.getText())) {
                return s;
            }
        }
        return null;
    }

    private static void collectLabels(Control control, StringBuilder text) {
        if (control instanceof Label l && !l.getText().isEmpty()) {
            text.append(l.getText()).append('\n');
        }
        if (control instanceof Composite c) {
            for (Control child : c.getChildren()) {
                collectLabels(child, text);
            }
        }
    }

    @SuppressWarnings("unchecked")
    public static <V extends IViewPart> V view(String id, Class<V> type) {
        AtomicReference<V> view = new AtomicReference<>();
        waitUntil("the view " + id + " to open", () -> {
            IViewPart v = page().findView(id);
            if (type.isInstance(v)) {
                view.set((V) v);
                return true;
            }
            return false;
        });
        return view.get();
    }

    public static ITmfTrace activeTrace() {
        return TmfTraceManager.getInstance().getActiveTrace();
    }

    /** A screenshot with the view maximized (as a double-click on its tab does), then the view restored. */
    public static Path screenshot(String name, IViewPart view) throws Exception {
        return maximized(view, () -> screenshot(name));
    }

    /** {@link #screenshotForDocs(String)} with the view maximized, then restored. */
    public static Path screenshotForDocs(String name, IViewPart view) throws Exception {
        return maximized(view, () -> screenshotForDocs(name));
    }

    private static Path maximized(IViewPart view, Callable<Path> shot) throws Exception {
        ui(() -> {
            IWorkbenchPage page = view.getSite().getPage();
            page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        });
        try {
            settle();
            sleep(500);
            return shot.call();
        } finally {
            ui(() -> {
                IWorkbenchPage page = view.getSite().getPage();
                page.setPartState(page.getReference(view), IWorkbenchPage.STATE_RESTORED);
            });
            settle();
        }
    }

    /**
     * A screenshot of the workbench window, and a copy in the repository's {@code docs/} when the build asks for it
     * ({@code -Dlttbench.docs=DIR}), for the docs: a normal test run never rewrites tracked files.
     */
    public static Path screenshotForDocs(String name) throws Exception {
        Path file = screenshot(name);
        String docs = System.getProperty("lttbench.docs", "");
        // unset, Maven passes an empty property as "null"
        if (!docs.isBlank() && !docs.equals("null") && !docs.startsWith("${")) {
            Path dir = Files.createDirectories(Path.of(docs));
            Files.copy(file, dir.resolve(file.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return file;
    }

    /**
     * A PNG of the workbench window as it is drawn on the display (a copy of the screen area of its shell), under
     * target/screenshots.
     */
    public static Path screenshot(String name) throws Exception {
        Path dir = Path.of(System.getProperty("lttbench.screenshots", "target/screenshots"));
        Files.createDirectories(dir);
        Path file = dir.resolve(name + ".png");
        settle();
        ui(() -> {
            Display display = Display.getDefault();
            Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
            Rectangle bounds = shell.getBounds().intersection(display.getBounds());
            Image image = new Image(display, bounds.width, bounds.height);
            GC gc = new GC(display);
            try {
                gc.copyArea(image, bounds.x, bounds.y);
                ImageData data = image.getImageData();
                ImageLoader loader = new ImageLoader();
                loader.data = new ImageData[] { data };
                loader.save(file.toString(), SWT.IMAGE_PNG);
            } finally {
                gc.dispose();
                image.dispose();
            }
        });
        return file;
    }
}
