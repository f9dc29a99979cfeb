package org.lttbench.tracecompass.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lttbench.tracecompass.core.tracetype.TraceTypeChoice.KERNEL_TYPE;
import static org.lttbench.tracecompass.core.tracetype.TraceTypeChoice.UST_TYPE;
import static org.lttbench.tracecompass.ui.tests.Workbench.ui;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.ILogListener;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Platform;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.tracecompass.tmf.core.TmfCommonConstants;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceType;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectRegistry;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceFolder;
import org.eclipse.tracecompass.tmf.ui.views.timegraph.BaseDataProviderTimeGraphView;
import org.eclipse.ui.IEditorPart;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.tracetype.LttbenchKernelTrace;
import org.lttbench.tracecompass.core.tracetype.LttbenchUstTrace;
import org.lttbench.tracecompass.ui.handler.OpenTraceHandler;
import org.lttbench.tracecompass.ui.view.ProcessTimeTmfView;
import org.lttbench.ui.compute.ReportSet;

/**
 * Open Trace with LTTbench..., the command a user runs to open LTTng's CTF 2 traces, which Trace Compass's Open Trace
 * cannot open (its automatic type detection stops on them): in the File menu and on a Traces folder's context menu;
 * run as they run it (its handler through the workbench's handler service, the trace's path given as the command's
 * parameter where a user chooses it in a directory dialog), on a CTF 2 copy of a kernel trace (its metadata file
 * given: it stands for its directory) and on a CTF 2 trace LTTng wrote that Trace Compass's own reader cannot read:
 * each opens with LTTbench's type, its events table shows its events, and the kernel one's Control Flow its threads
 * and its context menu LTTbench's views.
 * A path that is no trace gets an error dialog saying what and why, and nothing else. Nothing logs an error meanwhile
 * (Trace Compass logs the exceptions it catches: its own CTF types throw on LTTng's CTF 2 wherever it validates them).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OpenTraceWithLttbenchTest {
    static final String LABEL = "Open Trace with LTTbench...";

    static TmfProjectElement project;
    /** The errors logged during a test (a listener on the platform's log): Trace Compass logs what it catches. */
    static final List<IStatus> logged = Collections.synchronizedList(new ArrayList<>());
    static final ILogListener logListener = (status, plugin) -> {
        if (status.getSeverity() == IStatus.ERROR) {
            logged.add(status);
        }
    };

    @BeforeAll
    static void project() {
        ui(() -> Workbench.shell().setBounds(0, 0, 1280, 1000));
        project = Workbench.tracingProject("LTTbench Open Trace");
        Platform.addLogListener(logListener);
    }

    @AfterAll
    static void stopListening() {
        Platform.removeLogListener(logListener);
    }

    @BeforeEach
    void clearLog() {
        logged.clear();
    }

    @AfterEach
    void nothingLogged() {
        assertTrue(logged.isEmpty(), "errors logged: " + logged.stream().map(s -> s + (s.getException() == null ? ""
                : " " + s.getException())).toList());
    }

    @Test
    @Order(1)
    void inTheFileMenuAndOnATracesFolder() throws Exception {
        List<String> file = Workbench.menuBar("File");
        assertEquals(file.indexOf("Open File...") + 1, file.indexOf(LABEL),
                "the File menu has " + LABEL + " after Open File... (an Eclipse IDE's File menu): " + file);
        Tree explorer = Workbench.select(project.getTracesFolder());
        List<String> menu = Workbench.contextMenu(explorer);
        assertEquals(menu.indexOf("Open Trace...") + 1, menu.indexOf(LABEL),
                "a Traces folder's context menu has " + LABEL + " after Trace Compass's Open Trace...: " + menu);
        System.out.println("File menu: " + file);
        System.out.println("Traces folder's context menu: " + menu);
        Workbench.screenshotWithContextMenu(explorer, "tracecompass-open-with-lttbench-menu");
    }

    @Test
    @Order(2)
    void ctf2KernelTraceOpensIntoTheSelectedProject() throws Exception {
        Path copy = Workbench.ctf2KernelTrace("open-with-lttbench");
        // the Traces folder selected (as when the command is chosen on it): the trace goes under it
        Workbench.select(project.getTracesFolder());
        Workbench.CommandRun run = Workbench.runCommand(OpenTraceHandler.COMMAND,
                Map.of(OpenTraceHandler.PATH_PARAMETER, copy.resolve("metadata").toString()));
        run.awaitReturn();
        assertNull(run.thrown().get(), "the command throws nothing");
        TmfTraceElement element = Workbench.opened(project.getTracesFolder(), "kernel-scp-src-ctf2");
        assertEquals(KERNEL_TYPE, element.getTraceType(), "LTTbench's kernel type");
        ITmfTrace trace = ui(element::getTrace);
        assertInstanceOf(LttbenchKernelTrace.class, trace);
        Views.sameRowsAsTheTrace(trace, Views.eventsTable(trace));
        assertTrue(trace.getNbEvents() > 1000, "events: " + trace.getNbEvents());

        BaseDataProviderTimeGraphView controlFlow = ui(
                () -> (BaseDataProviderTimeGraphView) Workbench.page().showView(Ctf2TraceWorkbenchTest.CONTROL_FLOW));
        List<Views.Row> rows = Views.timeGraph(controlFlow, trace);
        assertTrue(rows.stream().filter(Views.Row::states).count() > 10, "Control Flow's rows with states: " + rows);
        assertTrue(rows.stream().anyMatch(r -> r.name().equals("lttng-consumerd") && r.states()),
                "lttng-consumerd among Control Flow's rows: " + rows);
        assertTrue(Workbench.dialogs().isEmpty(), "no dialog: " + Workbench.dialogs());
        System.out.println(element.getName() + ": " + trace.getNbEvents() + " events, Control Flow: " + rows.size() + " rows");
        Tree explorer = Workbench.select(element);
        Path shot = Workbench.screenshotForDocs("tracecompass-open-with-lttbench-kernel");
        assertTrue(Files.size(shot) > 10_000);

        // and LTTbench's own views on it, from its context menu as on Trace Compass's LTTng types
        assertEquals(TraceContextMenuTest.MENU, Workbench.contextMenu(explorer, "LTTbench"), "LTTbench's views");
        Workbench.clickContextMenu(explorer, "LTTbench", "Process time");
        ProcessTimeTmfView view = Workbench.view(ProcessTimeTmfView.ID, ProcessTimeTmfView.class);
        LttbenchAnalysisModule module = (LttbenchAnalysisModule) trace.getAnalysisModule(LttbenchAnalysisModule.ID);
        assertTrue(module.waitForCompletion(), "the menu scheduled LTTbench's analysis, and it completed: " + module.failure());
        ReportSet reports = Views.finished(view, trace);
        assertNull(reports.failure(), reports.failure());
        assertTrue(Workbench.dialogs().isEmpty(), "no dialog: " + Workbench.dialogs());
    }

    @Test
    @Order(3)
    void lttngCtf2TraceTraceCompassCannotReadOpensIntoTheDefaultProject() throws Exception {
        Path dir = Path.of(System.getProperty("lttbench.traces.ctf2")).resolve("trace-with-index");
        // what the command is for: Trace Compass's own choice of a type fails on this trace
        assertThrows(RuntimeException.class, () -> TmfTraceType.selectTraceType(dir.toString(), null),
                "Trace Compass's automatic type detection fails on " + dir);
        // no tracing project element selected (an editor active): Trace Compass's default project, as Open Trace does
        IEditorPart editor = ui(() -> Workbench.page().getActiveEditor());
        ui(() -> Workbench.page().activate(editor));
        Workbench.CommandRun run = Workbench.runCommand(OpenTraceHandler.COMMAND,
                Map.of(OpenTraceHandler.PATH_PARAMETER, dir.toString()));
        run.awaitReturn();
        assertNull(run.thrown().get(), "the command throws nothing");
        TmfTraceFolder traces = defaultProject().getTracesFolder();
        TmfTraceElement element = Workbench.opened(traces, "trace-with-index");
        assertEquals(UST_TYPE, element.getTraceType(), "LTTbench's user-space type");
        ITmfTrace trace = ui(element::getTrace);
        assertInstanceOf(LttbenchUstTrace.class, trace);
        Views.sameRowsAsTheTrace(trace, Views.eventsTable(trace));
        assertTrue(Workbench.dialogs().isEmpty(), "no dialog: " + Workbench.dialogs());

        // the Project Explorer shows it under the default project
        Workbench.select(element);
        assertTrue(Files.size(Workbench.screenshotForDocs("tracecompass-open-with-lttbench-ust")) > 10_000);

        // again: the same trace brought to the front, not linked twice
        Workbench.CommandRun again = Workbench.runCommand(OpenTraceHandler.COMMAND,
                Map.of(OpenTraceHandler.PATH_PARAMETER, dir.toString()));
        again.awaitReturn();
        assertNull(again.thrown().get());
        assertEquals(1, ui(() -> traces.getTraces().stream().filter(t -> t.getName().startsWith("trace-with-index")).count()),
                "one element for trace-with-index");
    }

    @Test
    @Order(4)
    void notATraceGivesAnErrorDialogSayingWhy() throws Exception {
        Path work = Files.createDirectories(Path.of(System.getProperty("lttbench.work")).resolve("not-traces"));
        Path notes = Files.createDirectories(work.resolve("notes"));
        Files.writeString(notes.resolve("README.txt"), "not a trace\n", StandardCharsets.UTF_8);
        Path garbage = Files.createDirectories(work.resolve("garbage"));
        Files.writeString(garbage.resolve("metadata"), "this is no CTF metadata\n", StandardCharsets.UTF_8);
        Path session = Path.of(System.getProperty("lttbench.traces")).resolve("session-multi-domains");

        String said = refusal(notes, null);
        assertTrue(said.contains(notes.toString()) && said.contains("not a trace directory")
                && said.contains("no metadata file"), said);
        said = refusal(garbage, null);
        assertTrue(said.contains(garbage.resolve("metadata").toString()), "names the metadata file: " + said);
        said = refusal(session, "tracecompass-open-with-lttbench-session-dir");
        assertTrue(said.contains("holds 2 traces: kernel, ust;"), "names the traces below: " + said);

        for (Path p : List.of(notes, garbage, session)) {
            String name = p.getFileName().toString();
            assertTrue(ui(() -> project.getTracesFolder().getTraces().stream().noneMatch(t -> t.getName().equals(name))
                    && defaultProject().getTracesFolder().getTraces().stream().noneMatch(t -> t.getName().equals(name))),
                    "nothing linked for " + p);
        }
    }

    /**
     * Runs the command on a path that is no trace: its error dialog's text (a screenshot of it when named), then the
     * dialog closed; the command throws nothing.
     */
    private static String refusal(Path path, String screenshot) throws Exception {
        Workbench.CommandRun run = Workbench.runCommand(OpenTraceHandler.COMMAND,
                Map.of(OpenTraceHandler.PATH_PARAMETER, path.toString()));
        String text = Workbench.dialogText(OpenTraceHandler.TITLE);
        System.out.println(path.getFileName() + ": " + text.strip().replace('\n', ' '));
        if (screenshot != null) {
            Workbench.screenshot(screenshot);
        }
        Workbench.closeDialog(OpenTraceHandler.TITLE);
        run.awaitReturn();
        assertNull(run.thrown().get(), "the command throws nothing");
        return text;
    }

    private static TmfProjectElement defaultProject() {
        return ui(() -> {
            IProject p = ResourcesPlugin.getWorkspace().getRoot().getProject(TmfCommonConstants.DEFAULT_TRACE_PROJECT_NAME);
            return TmfProjectRegistry.getProject(p, true);
        });
    }
}
