package org.lttbench.tracecompass.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lttbench.tracecompass.ui.tests.Workbench.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.tracecompass.analysis.os.linux.core.kernel.KernelAnalysisModule;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceType;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.ui.editors.TmfEventsEditor;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfOpenTraceHelper;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceTypeUIUtils;
import org.eclipse.tracecompass.tmf.ui.viewers.events.TmfEventsTable;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.ide.IGotoMarker;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.lttbench.core.ctf.Ctf2Copy;
import org.lttbench.tracecompass.core.tracetype.LttbenchKernelTrace;
import org.lttbench.tracecompass.core.tracetype.LttbenchUstTrace;

/**
 * CTF 2 traces in a real Trace Compass workbench, through LTTbench's trace types: a CTF 2 copy of a shared kernel
 * trace opened as Trace Compass's File > Open Trace opens it with LTTbench's kernel type chosen, its events table
 * showing the trace's events row by row as the type reads them, Trace Compass's Control Flow view on it (its kernel
 * analysis run on the type); and a CTF 2 trace LTTng wrote, which Trace Compass's own reader cannot read, imported
 * with LTTbench's user-space type chosen (Trace Compass's automatic choice fails on it: its own CTF types throw while
 * validating), its events table. Screenshots for the README.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class Ctf2TraceWorkbenchTest {
    static final String KERNEL_TYPE = "org.lttbench.tracecompass.tracetype.kernel";
    static final String UST_TYPE = "org.lttbench.tracecompass.tracetype.ust";
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
        Path work = Path.of(System.getProperty("lttbench.work")).resolve("ctf2-workbench");
        Path copy = Ctf2Copy.copy(Path.of(System.getProperty("lttbench.traces")).resolve("kernel-scp-src"),
                work.resolve("kernel-scp-src-ctf2")).get(0);
        TmfTraceElement element = Workbench.openTrace(project, copy, KERNEL_TYPE);
        ITmfTrace trace = ui(element::getTrace);
        assertInstanceOf(LttbenchKernelTrace.class, trace, "the CTF 2 copy opens with LTTbench's kernel type");
        TmfEventsTable table = eventsTable(trace);
        sameRowsAsTheTrace(trace, table);

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
        // as Import... with the trace type chosen, or Select Trace Type on an imported trace: a link, its type, opened
        String name = "trace-with-index";
        TmfTraceElement element = ui(() -> {
            IFolder folder = project.getTracesFolder().getResource().getFolder(name);
            folder.createLink(org.eclipse.core.runtime.Path.fromOSString(trace.toString()), IResource.REPLACE,
                    new NullProgressMonitor());
            TmfTraceTypeUIUtils.setTraceType(folder, TmfTraceType.getTraceType(UST_TYPE));
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
        TmfEventsTable table = eventsTable(t);
        sameRowsAsTheTrace(t, table);
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

    /** The trace's events table (its editor), once Trace Compass indexed the trace. */
    static TmfEventsTable eventsTable(ITmfTrace trace) {
        Workbench.waitUntil("Trace Compass to index " + trace.getName(), () -> !trace.isIndexing() && trace.getNbEvents() > 0);
        AtomicReference<TmfEventsTable> table = new AtomicReference<>();
        Workbench.waitUntil("the events table of " + trace.getName(), () -> {
            IEditorPart editor = Workbench.page().getActiveEditor();
            if (editor instanceof TmfEventsEditor e && e.getTrace() == trace
                    && e.getAdapter(IGotoMarker.class) instanceof TmfEventsTable t) {
                table.set(t);
                return t.getTable().getItemCount() >= trace.getNbEvents();
            }
            return false;
        });
        return table.get();
    }

    /** The events table's first rows show the trace's first events, column by column, as the table writes them. */
    static void sameRowsAsTheTrace(ITmfTrace trace, TmfEventsTable table) {
        Workbench.settle();
        List<List<String>> shown = ui(() -> {
            Table swt = find(table.getTable(), Table.class);
            assertNotNull(swt, "the events table's SWT table");
            List<List<String>> rows = new ArrayList<>();
            for (TableItem item : swt.getItems()) {
                List<String> cells = new ArrayList<>();
                for (int c = 0; c < swt.getColumnCount(); c++) {
                    cells.add(item.getText(c));
                }
                if (item.getData() != null || !cells.stream().allMatch(String::isEmpty)) {
                    rows.add(cells);
                }
            }
            return rows;
        });
        ITmfContext context = trace.seekEvent(0);
        List<List<String>> expected = new ArrayList<>();
        ITmfEvent e;
        for (int i = 0; i < 10 && (e = trace.getNext(context)) != null; i++) {
            ITmfEvent event = e;
            expected.add(ui(() -> Arrays.asList(table.getItemStrings(event))));
        }
        context.dispose();
        int checked = 0;
        for (List<String> row : expected) {
            // the table's own columns may lead (a margin, a bookmark column): compare where the event's strings are
            assertTrue(shown.stream().anyMatch(r -> r.containsAll(row.stream().filter(s -> !s.isEmpty()).toList())),
                    "a row of the events table shows " + row + "; rows shown: " + shown.subList(0, Math.min(5, shown.size())));
            checked++;
        }
        assertEquals(Math.min(10, trace.getNbEvents()), checked);
    }

    private static <T> T find(Control control, Class<T> type) {
        if (type.isInstance(control)) {
            return type.cast(control);
        }
        if (control instanceof org.eclipse.swt.widgets.Composite c) {
            for (Control child : c.getChildren()) {
                T found = find(child, type);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
