package org.lttbench.tracecompass.ui.tests;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lttbench.tracecompass.core.tracetype.TraceTypeChoice.KERNEL_TYPE;
import static org.lttbench.tracecompass.core.tracetype.TraceTypeChoice.UST_TYPE;
import static org.lttbench.tracecompass.ui.tests.Workbench.ui;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.analysis.os.linux.core.kernel.KernelAnalysisModule;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceType;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfOpenTraceHelper;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceTypeUIUtils;
import org.eclipse.tracecompass.tmf.ui.viewers.events.TmfEventsTable;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IViewPart;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.lttbench.tracecompass.core.tracetype.LttbenchKernelTrace;
import org.lttbench.tracecompass.core.tracetype.LttbenchUstTrace;

/**
 * CTF 2 traces in a real Trace Compass workbench, through LTTbench's trace types: a CTF 2 copy of a shared kernel
 * trace opened as Trace Compass's File > Open Trace opens it with LTTbench's kernel type chosen, its events table
 * showing the trace's events row by row as the type reads them, Trace Compass's Control Flow view on it (its kernel
 * analysis run on the type); and a CTF 2 trace LTTng wrote, which Trace Compass's own reader cannot read, imported
 * with LTTbench's user-space type chosen (Trace Compass's automatic choice fails on it: its own CTF types throw while
 * validating; OpenTraceWithLttbenchTest opens it with the command users have for that), its events table. Screenshots
 * for the docs.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class Ctf2TraceWorkbenchTest {
    static final String CONTROL_FLOW = "org.eclipse.tracecompass.analysis.os.linux.views.controlflow";

    static TmfProjectElement project;

    @BeforeAll
    static void project() {
        ui(() -> Workbench.shell().setBounds(0, 0, 1280, 1000));
        project = Workbench.tracingProject("LTTbench CTF 2");
    }

    @Test
    @Order(1)
    void ctf2KernelTraceWithItsEventsTableAndControlFlow() throws Exception {
        Path copy = Workbench.ctf2KernelTrace("ctf2-workbench");
        TmfTraceElement element = Workbench.openTrace(project, copy, KERNEL_TYPE);
        ITmfTrace trace = ui(element::getTrace);
        assertInstanceOf(LttbenchKernelTrace.class, trace, "the CTF 2 copy opens with LTTbench's kernel type");
        TmfEventsTable table = Views.eventsTable(trace);
        Views.sameRowsAsTheTrace(trace, table);

        IViewPart controlFlow = ui(() -> Workbench.page().showView(CONTROL_FLOW));
        assertNotNull(controlFlow);
        KernelAnalysisModule kernel = TmfTraceUtils.getAnalysisModuleOfClass(trace, KernelAnalysisModule.class,
                KernelAnalysisModule.ID);
        assertNotNull(kernel, "Trace Compass's kernel analysis applies to the type");
        kernel.schedule();
        assertTrue(kernel.waitForCompletion(), "Trace Compass's kernel analysis completes on the type");
        assertTrue(kernel.getStateSystem().getNbAttributes() > 100, "threads and CPUs in its state system");
        Workbench.settle();
        Workbench.sleep(2000); // Control Flow draws its rows from the state system
        Workbench.settle();
        assertTrue(Workbench.dialogs().isEmpty(), "no dialog: " + Workbench.dialogs());
        Path shot = Workbench.screenshotForDocs("tracecompass-ctf2-kernel-events-controlflow");
        assertTrue(Files.size(shot) > 10_000);
        // and Control Flow alone, maximized, as a double-click on its tab shows it
        ui(() -> Workbench.page().setPartState(Workbench.page().getReference(controlFlow),
                org.eclipse.ui.IWorkbenchPage.STATE_MAXIMIZED));
        try {
            Workbench.settle();
            Workbench.sleep(1000);
            Workbench.screenshotForDocs("tracecompass-ctf2-kernel-controlflow");
        } finally {
            ui(() -> Workbench.page().setPartState(Workbench.page().getReference(controlFlow),
                    org.eclipse.ui.IWorkbenchPage.STATE_RESTORED));
            Workbench.settle();
        }
    }

    @Test
    @Order(2)
    void lttngCtf2TraceTraceCompassCannotReadImportedWithLttbenchsType() throws Exception {
        Path trace = Path.of(System.getProperty("lttbench.traces.ctf2")).resolve("trace-with-index");
        // as Import... with the trace type chosen: a link and its type in one workspace operation (Trace Compass's
        // import is one: a folder it hears of without a type, it validates with its own CTF types, which throw here),
        // then opened
        String name = "trace-with-index";
        TmfTraceElement element = ui(() -> {
            IFolder folder = project.getTracesFolder().getResource().getFolder(name);
            ResourcesPlugin.getWorkspace().run(monitor -> {
                folder.createLink(org.eclipse.core.runtime.Path.fromOSString(trace.toString()), IResource.REPLACE,
                        monitor);
                TmfTraceTypeUIUtils.setTraceType(folder, TmfTraceType.getTraceType(UST_TYPE), false);
            }, folder.getProject(), 0, new NullProgressMonitor());
            project.refresh();
            for (TmfTraceElement t : project.getTracesFolder().getTraces()) {
                if (t.getName().equals(name)) {
                    TmfOpenTraceHelper.openFromElement(t);
                    return t;
                }
            }
            return null;
        });
        assertNotNull(element);
        Workbench.waitUntil("Trace Compass to open " + name, () -> element.getTrace() != null);
        ITmfTrace t = ui(element::getTrace);
        assertInstanceOf(LttbenchUstTrace.class, t);
        TmfEventsTable table = Views.eventsTable(t);
        Views.sameRowsAsTheTrace(t, table);
        assertTrue(Workbench.dialogs().isEmpty(), "no dialog: " + Workbench.dialogs());
        // the events table as a double-click on its tab shows it (a user-space trace has no Control Flow)
        IEditorPart editor = ui(() -> Workbench.page().getActiveEditor());
        ui(() -> Workbench.page().setPartState(Workbench.page().getReference(editor),
                org.eclipse.ui.IWorkbenchPage.STATE_MAXIMIZED));
        try {
            Workbench.settle();
            Workbench.sleep(500);
            Path shot = Workbench.screenshotForDocs("tracecompass-ctf2-ust-events");
            assertTrue(Files.size(shot) > 10_000);
        } finally {
            ui(() -> Workbench.page().setPartState(Workbench.page().getReference(editor),
                    org.eclipse.ui.IWorkbenchPage.STATE_RESTORED));
        }
    }
}
