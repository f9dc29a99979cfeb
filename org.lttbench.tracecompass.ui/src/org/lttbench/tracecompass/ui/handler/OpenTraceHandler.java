package org.lttbench.tracecompass.ui.handler;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.URIUtil;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.custom.BusyIndicator;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.tracecompass.tmf.core.TmfCommonConstants;
import org.eclipse.tracecompass.tmf.core.project.model.TraceTypeHelper;
import org.eclipse.tracecompass.tmf.ui.project.model.ITmfProjectModelElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfOpenTraceHelper;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectRegistry;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceFolder;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceTypeUIUtils;
import org.eclipse.ui.handlers.HandlerUtil;
import org.lttbench.tracecompass.core.tracetype.TraceTypeChoice;
import org.lttbench.tracecompass.core.tracetype.TraceTypeChoice.LttbenchType;

/**
 * Open Trace with LTTbench...: in the File menu beside Trace Compass's Open Trace, and in the context menu of a
 * tracing project's Traces folder. Trace Compass's own Open Trace (and Import with the trace type detected) cannot open
 * LTTng's CTF 2 traces: while it compares the trace types, its own CTF types throw on them, which stops its choice
 * before LTTbench's types are weighed. This command makes the choice itself, among LTTbench's types only: it asks for
 * the trace's directory (a file in it, its metadata, stands for it), gives it LTTbench's kernel type, else its
 * user-space type, else its generic CTF type, the first whose validation takes it, links it with that type under the
 * selected Traces folder, else the selected tracing project's, else that of Trace Compass's default project (where its
 * Open Trace puts a trace opened from the File menu), and opens it as Trace Compass opens any trace. A path that is no
 * trace LTTbench reads gets a dialog saying why, and nothing is linked.
 */
public final class OpenTraceHandler extends AbstractHandler {
    public static final String COMMAND = "org.lttbench.tracecompass.ui.command.openTrace";
    /** The trace's path, when the command is run with it (a key binding, a script, a test): then no dialog asks. */
    public static final String PATH_PARAMETER = "org.lttbench.tracecompass.ui.command.openTrace.path";
    public static final String TITLE = "Open Trace with LTTbench";
    private static final String PREFERENCES = "org.lttbench.tracecompass.ui";
    private static final String LAST_DIRECTORY = "openTrace.lastDirectory";

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        Shell shell = HandlerUtil.getActiveWorkbenchWindowChecked(event).getShell();
        String given = event.getParameter(PATH_PARAMETER);
        Path path;
        try {
            path = given != null ? Path.of(given).toAbsolutePath() : ask(shell);
        } catch (InvalidPathException e) {
            MessageDialog.openError(shell, TITLE, "Not a path: " + e.getMessage());
            return null;
        }
        if (path == null) {
            return null; // cancelled
        }
        Path dir = (Files.isRegularFile(path) ? path.getParent() : path).normalize();
        LttbenchType[] choice = new LttbenchType[1];
        BusyIndicator.showWhile(shell.getDisplay(), () -> choice[0] = TraceTypeChoice.lttbench(dir));
        TraceTypeHelper type = choice[0].type();
        if (type == null) {
            MessageDialog.openError(shell, TITLE, "LTTbench cannot open " + dir + " as a trace.\n\n" + choice[0].refusal());
            return null;
        }
        remember(dir);
        TmfTraceFolder folder = destination(HandlerUtil.getCurrentSelection(event));
        TmfTraceElement element;
        try {
            element = link(folder, dir, type);
        } catch (CoreException e) {
            ErrorDialog.openError(shell, TITLE, "Cannot link " + dir + " under " + folder.getPath(), e.getStatus());
            return null;
        }
        if (element == null) {
            MessageDialog.openError(shell, TITLE, "Trace Compass did not list " + dir + " under " + folder.getPath()
                    + " once linked there.");
            return null;
        }
        // Trace Compass opens it (a job), or brings its editor to the front; it says itself when that fails
        TmfOpenTraceHelper.openFromElement(element);
        return element;
    }

    private static Path ask(Shell shell) {
        DirectoryDialog dialog = new DirectoryDialog(shell);
        dialog.setText(TITLE);
        dialog.setMessage("Choose a CTF trace directory (the one that holds its metadata file), e.g. an LTTng "
                + "session's kernel or ust/uid/UID/64-bit directory.");
        String last = preferences().get(LAST_DIRECTORY, null);
        if (last != null && Files.isDirectory(Path.of(last))) {
            Path parent = Path.of(last).getParent();
            dialog.setFilterPath((parent != null ? parent : Path.of(last)).toString());
        }
        String chosen = dialog.open();
        return chosen == null ? null : Path.of(chosen);
    }

    private static IEclipsePreferences preferences() {
        return InstanceScope.INSTANCE.getNode(PREFERENCES);
    }

    private static void remember(Path dir) {
        preferences().put(LAST_DIRECTORY, dir.toString());
    }

    /**
     * The Traces folder to link the trace under: the selected one (a Traces folder or a folder in it), else the
     * Traces folder of the selected element's tracing project, else that of Trace Compass's default tracing project
     * (made if need be), where its Open Trace puts a trace opened from the File menu.
     */
    static TmfTraceFolder destination(ISelection selection) {
        if (selection instanceof IStructuredSelection s && s.size() == 1) {
            Object first = s.getFirstElement();
            if (first instanceof TmfTraceFolder folder) {
                return folder;
            }
            TmfProjectElement project = null;
            if (first instanceof ITmfProjectModelElement element) {
                project = element.getProject();
            } else if (Adapters.adapt(first, IResource.class) instanceof IResource resource && resource.getProject() != null) {
                project = TmfProjectRegistry.getProject(resource.getProject());
            }
            if (project != null && project.getTracesFolder() != null) {
                return project.getTracesFolder();
            }
        }
        IProject project = TmfProjectRegistry.createProject(TmfCommonConstants.DEFAULT_TRACE_PROJECT_NAME, null,
                new NullProgressMonitor());
        return TmfProjectRegistry.getProject(project, true).getTracesFolder();
    }

    /**
     * The folder's trace for the directory with this type: the one already linked to it with that type, else a new
     * link named after the directory ({@code name(2)}, {@code name(3)}... when the name is taken, as Trace Compass
     * names them), given the type.
     */
    static TmfTraceElement link(TmfTraceFolder folder, Path dir, TraceTypeHelper type) throws CoreException {
        Path real = realPath(dir);
        for (TmfTraceElement t : folder.getTraces()) {
            IPath location = t.getResource().getLocation();
            if (type.getTraceTypeId().equals(t.getTraceType()) && location != null
                    && realPath(location.toPath()).equals(real)) {
                return t;
            }
        }
        IFolder parent = folder.getResource();
        String base = dir.getFileName() == null ? "trace" : dir.getFileName().toString();
        String name = base;
        for (int i = 2; parent.findMember(name) != null; i++) {
            name = base + "(" + i + ")";
        }
        IFolder link = parent.getFolder(name);
        // One workspace operation, so that Trace Compass hears of the new folder with its type already set: a folder
        // without one it validates with every directory trace type to know whether it is a trace, and on LTTng's
        // CTF 2 its own CTF types throw there (its project explorer's refresh stops, and logs the exception).
        ResourcesPlugin.getWorkspace().run(monitor -> {
            link.createLink(IPath.fromOSString(dir.toString()), IResource.NONE, monitor);
            link.setPersistentProperty(TmfCommonConstants.SOURCE_LOCATION, URIUtil.toUnencodedString(dir.toUri()));
            TmfTraceTypeUIUtils.setTraceType(link, type, false);
        }, parent.getProject(), 0, new NullProgressMonitor());
        folder.getProject().refresh();
        for (TmfTraceElement t : folder.getTraces()) {
            if (t.getResource().equals(link)) {
                return t;
            }
        }
        return null;
    }

    private static Path realPath(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }
}
