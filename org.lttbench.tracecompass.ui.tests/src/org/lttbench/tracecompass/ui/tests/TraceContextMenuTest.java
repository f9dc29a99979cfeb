package org.lttbench.tracecompass.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lttbench.tracecompass.ui.tests.Workbench.ui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.swt.widgets.Tree;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.ui.project.model.ITmfProjectModelElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfAnalysisElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfAnalysisOutputElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfViewsElement;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeGraphEntry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.WallClock;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.ui.view.AnalysesTmfView;
import org.lttbench.tracecompass.ui.view.CriticalPathView;
import org.lttbench.tracecompass.ui.view.DiscardedTmfView;
import org.lttbench.tracecompass.ui.view.OverheadTmfView;
import org.lttbench.tracecompass.ui.view.ProcessTimeTmfView;
import org.lttbench.tracecompass.ui.view.ThreadStatesView;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.view.AnalysesView;
import org.lttbench.ui.view.DiscardedView;
import org.lttbench.ui.view.OverheadView;
import org.lttbench.ui.view.ProcessTimeView;

import com.google.gson.JsonObject;

/**
 * A user's path in a real Trace Compass workbench: a tracing project, a shared LTTng kernel trace opened in it, a
 * right-click on the trace in the Project Explorer, LTTbench, then each view. Each view's SWT tables and trees show,
 * cell by cell, what {@code ./lttbench analyze --format json} prints for the same trace and time range (first the
 * window Trace Compass opens the trace with, then the whole trace); the thread states view has a row per thread the
 * command line lists, under its process. Screenshots of each view go to target/screenshots.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TraceContextMenuTest {
    static final String TRACE = "kernel-scp-src";
    static final List<String> MENU = List.of("Process time", "Critical path", "Tracepoint overhead", "Discarded events", "Analyses",
            "Thread states", "Spans", "Spans of a thread", "Changes against another trace");

    static TmfProjectElement project;
    static TmfTraceElement element;
    static ITmfTrace trace;

    static Path shared(String name) {
        return Path.of(System.getProperty("lttbench.traces")).resolve(name);
    }

    @BeforeAll
    static void openTheTrace() {
        ui(() -> Workbench.shell().setBounds(0, 0, 1280, 1000));
        project = Workbench.tracingProject("LTTbench");
        element = Workbench.openTrace(project, shared(TRACE), Workbench.KERNEL_TRACE_TYPE);
        trace = ui(() -> element.getTrace());
        assertNotNull(trace);
    }

    @Test
    @Order(1)
    void theTracesMenuHasLttbenchWithItsViewsAndOnlyForLttngTraces() {
        Tree tree = Workbench.select(element);
        assertEquals(MENU, Workbench.contextMenu(tree, "LTTbench"), "the LTTbench submenu of an LTTng kernel trace");
        assertTrue(Workbench.contextMenu(tree).contains("LTTbench"));
        // the Traces folder is no trace: no LTTbench there
        Tree again = Workbench.select(project.getTracesFolder());
        assertFalse(Workbench.contextMenu(again).contains("LTTbench"), "no LTTbench menu on the Traces folder");
        // and the analysis stays listed under the trace's Views, with its four views
        TmfAnalysisElement analysis = ui(() -> {
            for (ITmfProjectModelElement child : element.getChildren()) {
                if (child instanceof TmfViewsElement views) {
                    for (ITmfProjectModelElement a : views.getChildren()) {
                        if (a instanceof TmfAnalysisElement ae && ae.getAnalysisId().equals(LttbenchAnalysisModule.ID)) {
                            return ae;
                        }
                    }
                }
            }
            return null;
        });
        assertNotNull(analysis, "LTTbench under the trace's Views");
        List<String> outputs = ui(() -> {
            List<String> names = new ArrayList<>();
            for (TmfAnalysisOutputElement o : analysis.getAvailableOutputs()) {
                names.add(o.getName());
            }
            return names;
        });
        assertEquals(new java.util.TreeSet<>(MENU), new java.util.TreeSet<>(outputs));
    }

    /** Right-click on the trace, LTTbench, then the view: the view opens on the trace, which is Trace Compass's active one. */
    static <V> V openFromTheMenu(String item, String viewId, Class<V> type) {
        Tree tree = Workbench.select(element);
        Workbench.clickContextMenu(tree, "LTTbench", item);
        @SuppressWarnings({ "unchecked", "rawtypes" })
        V view = (V) Workbench.view(viewId, (Class) type);
        assertSame(trace, Workbench.activeTrace(), "the trace is Trace Compass's active trace");
        assertTrue(Workbench.dialogs().isEmpty(), "no dialog: " + Workbench.dialogs());
        return view;
    }

    @Test
    @Order(2)
    void processTimeShowsTheCommandLinesThreadsAndProcesses() throws Exception {
        ProcessTimeTmfView view = openFromTheMenu("Process time", ProcessTimeTmfView.ID, ProcessTimeTmfView.class);
        LttbenchAnalysisModule module = (LttbenchAnalysisModule) trace.getAnalysisModule(LttbenchAnalysisModule.ID);
        assertTrue(module.waitForCompletion(), "the menu scheduled the analysis, and it completed: " + module.failure());
        ReportSet reports = computed(view, trace);
        // Trace Compass opens a trace on a window at its start: the view's figures are that window's
        assertFalse(reports.range().equals(TimeRange.ALL), "Trace Compass's initial window, not the whole trace");
        checkProcessTime(view, reports);
        // in the short bottom stack the notes banner leaves room for the charts and tables
        Workbench.screenshot("process-time-in-its-stack");
        String sizes = ui(() -> "view " + view.content().getSize() + ", banner " + view.content().banner().getSize()
                + ", banner wants " + view.content().banner().computeSize(view.content().getClientArea().width, org.eclipse.swt.SWT.DEFAULT)
                + ", chart " + ((ProcessTimeView) view.content()).chart().getSize());
        System.out.println("Process time in the bottom stack: " + sizes);
        assertTrue(ui(() -> view.content().banner().getSize().y <= Math.max(60, view.content().getSize().y / 4)
                && ((ProcessTimeView) view.content()).chart().getSize().y > 0), sizes);
        Workbench.screenshot("process-time-window", view);

        // the user clicks the view's "Whole trace": Trace Compass selects the whole trace, the view follows
        reports = wholeTrace(view, trace);
        assertEquals(TimeRange.ALL, reports.range());
        // the range bar shows the trace's span as the command line finds it (not where Trace Compass's index was)
        JsonObject span = CommandLine.analyze(shared(TRACE), "--analysis", "process").range();
        assertEquals(List.of(WallClock.format(span.get("begin").getAsLong()), WallClock.format(span.get("end").getAsLong())),
                ui(() -> List.of(view.content().rangeBar().beginField().getText(), view.content().rangeBar().endField().getText())));
        checkProcessTime(view, reports);
        Workbench.screenshot("process-time", view);
    }

    private static void checkProcessTime(ProcessTimeTmfView view, ReportSet reports) throws Exception {
        ProcessTimeView pv = (ProcessTimeView) view.content();
        CommandLine threads = CommandLine.analyze(shared(TRACE), Views.rangeArguments(reports));
        CommandLine processes = CommandLine.analyze(shared(TRACE), concat(Views.rangeArguments(reports), "--by", "process",
                "--analysis", "process"));
        assertTrue(threads.rows("threads").size() > 10, "a trace with threads");
        Views.assertShowsTheCommandLinesTable("Process time > Threads", pv.threadTable(), threads, "threads");

        // the tree: a process per row of the command line's processes, with its threads (by PID) under it
        List<Views.Node> shown = Views.tree(pv.tree());
        Table threadTable = ui(() -> pv.threadTable().table());
        List<Column> columns = threadTable.columns();
        int pid = threadTable.columnIndex("pid");
        Map<String, List<List<String>>> threadsOfPid = new HashMap<>();
        List<List<String>> threadText = threads.text("threads", columns);
        for (List<String> t : threadText) {
            threadsOfPid.computeIfAbsent(t.get(pid), k -> new ArrayList<>()).add(t);
        }
        List<Views.Node> expected = new ArrayList<>();
        for (JsonObject p : processes.rows("processes")) {
            List<String> cells = new ArrayList<>();
            for (Column c : columns) {
                cells.add(org.lttbench.core.report.CellFormat.text(c, p.has(c.key()) ? CommandLine.value(c, p.get(c.key())) : null));
            }
            List<Views.Node> kids = new ArrayList<>();
            List<List<String>> mine = threadsOfPid.remove(cells.get(pid));
            if (mine != null) {
                mine.forEach(t -> kids.add(new Views.Node(t, List.of())));
            }
            expected.add(new Views.Node(cells, kids));
        }
        for (List<String> orphan : threadText) {
            if (threadsOfPid.containsKey(orphan.get(pid))) {
                expected.add(new Views.Node(orphan, List.of()));
            }
        }
        assertEquals(expected, shown, "Process time > Processes and their threads: the command line's processes, each with its threads");
        System.out.println("Process time > Processes and their threads (" + (reports.range().equals(TimeRange.ALL) ? "whole trace"
                : reports.range().duration() / 1e9 + " s") + "): " + shown.size() + " processes with "
                + shown.stream().mapToInt(n -> n.children().size()).sum() + " threads, as the command line gives them");
        // the status line is the command line's summary line for the same range: what was read, the range, what was lost
        assertEquals(CommandLine.summary(shared(TRACE), "process", Views.rangeArguments(reports)), ui(() -> pv.statusText()));
    }

    @Test
    @Order(3)
    void tracepointOverheadShowsTheCommandLinesTracepoints() throws Exception {
        OverheadTmfView view = openFromTheMenu("Tracepoint overhead", OverheadTmfView.ID, OverheadTmfView.class);
        ReportSet reports = computed(view, trace);
        CommandLine cli = analysisOver(shared(TRACE), reports, "overhead");
        OverheadView ov = (OverheadView) view.content();
        assertTrue(cli.rows("tracepoints").size() > 10);
        Views.assertShowsTheCommandLinesTable("Tracepoint overhead > Tracepoints", ov.tracepointTable(), cli, "tracepoints");
        Workbench.screenshot("tracepoint-overhead", view);
    }

    @Test
    @Order(4)
    void discardedEventsShowsTheCommandLinesStreams() throws Exception {
        DiscardedTmfView view = openFromTheMenu("Discarded events", DiscardedTmfView.ID, DiscardedTmfView.class);
        ReportSet reports = computed(view, trace);
        CommandLine cli = analysisOver(shared(TRACE), reports, "discarded");
        DiscardedView dv = (DiscardedView) view.content();
        assertEquals(1, cli.rows("streams").size(), "one stream in " + TRACE);
        Views.assertShowsTheCommandLinesTable("Discarded events > Streams", dv.streamTable(), cli, "streams");
        Views.assertShowsTheCommandLinesTable("Discarded events > Buffer advice", dv.adviceTable(), cli, "advice");
        Workbench.screenshot("discarded-events", view);
    }

    @Test
    @Order(5)
    void threadStatesHasARowPerThreadOfTheCommandLineUnderItsProcess() throws Exception {
        ThreadStatesView view = openFromTheMenu("Thread states", ThreadStatesView.ID, ThreadStatesView.class);
        List<Views.Row> rows = Views.timeGraph(view, trace);
        assertEquals("", ui(() -> view.message()), "nothing to say above the rows");
        CommandLine cli = CommandLine.analyze(shared(TRACE), "--analysis", "process");
        // each thread of the command line, as "name (tid)" under "process name (pid)", or under the CPUs' idle threads
        Map<String, Integer> expected = new TreeMap<>();
        Map<String, String> processName = new HashMap<>();
        for (JsonObject t : cli.rows("threads")) {
            if (!t.get("pid").isJsonNull() && t.get("tid").getAsLong() == t.get("pid").getAsLong()) {
                processName.put(t.get("pid").getAsString(), t.get("name").getAsString());
            }
        }
        for (JsonObject t : cli.rows("threads")) {
            String name = (t.get("name").isJsonNull() ? "?" : t.get("name").getAsString()) + " (" + t.get("tid") + ")";
            String parent = t.get("tid").getAsLong() == 0 ? "swapper (idle, one thread per CPU)"
                    : t.get("pid").isJsonNull() ? "(process unknown)" : null;
            expected.merge(name + " in " + (parent != null ? parent : "(" + t.get("pid") + ")"), 1, Integer::sum);
        }
        Map<String, Integer> shown = new TreeMap<>();
        int withStates = 0;
        for (Views.Row r : rows) {
            if (r.parent() == null) {
                continue; // a process
            }
            String parent = r.parent().startsWith("swapper") || r.parent().startsWith("(process unknown)") ? r.parent()
                    : r.parent().substring(r.parent().lastIndexOf(" ("));
            shown.merge(r.name() + " in " + parent.strip(), 1, Integer::sum);
            withStates += r.states() ? 1 : 0;
        }
        assertEquals(expected, shown, "a row per thread of the command line, under its process");
        System.out.println("Thread states: " + shown.size() + " thread rows under their processes, as the command line "
                + "lists the threads; " + withStates + " with states drawn");
        assertTrue(withStates > shown.size() / 2, withStates + " of " + shown.size() + " thread rows have states drawn");
        Workbench.screenshot("thread-states", view);
    }

    /**
     * The Critical path view follows the thread selected in another view (Trace Compass's thread selected signal, as
     * Control Flow sends it): a row for the thread and one per thread on its path, the thread's row holding as many
     * states as the command line's path has segments.
     */
    @Test
    @Order(7)
    void criticalPathFollowsTheSelectedThread() throws Exception {
        CriticalPathView view = openFromTheMenu("Critical path", CriticalPathView.ID, CriticalPathView.class);
        int tid = 7422; // ssh of kernel-scp-src
        Workbench.ui(() -> org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager.dispatchSignal(
                new org.eclipse.tracecompass.analysis.os.linux.core.signals.TmfThreadSelectedSignal(this, tid, trace)));
        Workbench.waitUntil("the view to take the thread", () -> Integer.valueOf(tid).equals(view.thread()));
        List<Views.Row> rows = Views.timeGraph(view, trace);
        CommandLine cli = CommandLine.analyze(shared(TRACE), "--analysis", "critical-path", "--thread", Integer.toString(tid));
        java.util.Set<String> onPath = new java.util.TreeSet<>();
        for (JsonObject s : cli.rows("critical_path")) {
            onPath.add(s.get("tid").getAsString() + " " + s.get("name").getAsString());
        }
        assertTrue(rows.get(0).name().startsWith("Critical path of " + tid), rows.get(0).name());
        java.util.Set<String> shown = new java.util.TreeSet<>();
        rows.stream().skip(1).forEach(r -> shown.add(r.name()));
        assertEquals(onPath, shown, "a row per thread on the command line's path");
        // as a user would: zoom on the path (its root entry spans the thread's life) to see it drawn
        long[] life = Workbench.ui(() -> {
            ITimeGraphEntry root = view.getTimeGraphViewer().getExpandedElements()[0];
            return new long[] { root.getStartTime(), root.getEndTime() };
        });
        Workbench.ui(() -> org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager.dispatchSignal(
                new org.eclipse.tracecompass.tmf.core.signal.TmfWindowRangeUpdatedSignal(this,
                        new org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange(
                                org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp.fromNanos(life[0]),
                                org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp.fromNanos(life[1])), trace)));
        Workbench.waitUntil("the path's window", () -> Workbench.ui(() -> view.getTimeGraphViewer().getTime0() == life[0]));
        List<Views.Row> drawn = Views.timeGraph(view, trace);
        assertTrue(drawn.stream().allMatch(Views.Row::states), "every row of the path has states drawn: " + drawn);
        Workbench.screenshot("critical-path", view);
    }

    /** Clicks the view's "Whole trace" button (Trace Compass selects the whole trace) and waits for its reports, none failed. */
    static ReportSet wholeTrace(org.lttbench.tracecompass.ui.view.LttbenchView view, ITmfTrace on) {
        Workbench.ui(() -> {
            for (org.eclipse.swt.widgets.Control c : view.content().rangeBar().getChildren()) {
                if (c instanceof org.eclipse.swt.widgets.Button b && b.getText().equals("Whole trace")) {
                    b.notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
                    return;
                }
            }
            org.junit.jupiter.api.Assertions.fail("no Whole trace button");
        });
        Workbench.waitUntil("the view to compute the whole trace", () -> {
            ReportSet latest = view.content().session().latest();
            return latest != null && latest.range().equals(TimeRange.ALL) && !view.content().isComputing();
        });
        return computed(view, on);
    }

    /** The reports the view shows for the trace once it has computed them; none failed. */
    static ReportSet computed(org.lttbench.tracecompass.ui.view.LttbenchView view, ITmfTrace on) {
        ReportSet reports = Views.finished(view, on);
        assertNull(reports.failure(), reports.failure());
        return reports;
    }

    /** What {@code lttbench analyze} prints of one analysis of the trace, over the range of the view's reports. */
    static CommandLine analysisOver(Path dir, ReportSet reports, String analysis)
            throws IOException, InterruptedException {
        return CommandLine.analyze(dir, concat(Views.rangeArguments(reports), "--analysis", analysis));
    }

    static String[] concat(String[] a, String... b) {
        String[] all = new String[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    /**
     * A trace that lost events: the Discarded view charts the losses where they happened (the command line's
     * {@code loss_zoom} bins), as the standalone viewer does, not squeezed into the whole trace's timeline.
     */
    @Test
    @Order(6)
    void discardedEventsOfALossyTraceChartWhereTheLossesHappened() throws Exception {
        Path lossy = shared("session-multi-domains/kernel");
        TmfTraceElement e = Workbench.openTrace(project, lossy, Workbench.KERNEL_TRACE_TYPE);
        ITmfTrace t = ui(() -> e.getTrace());
        Workbench.clickContextMenu(Workbench.select(e), "LTTbench", "Discarded events");
        DiscardedTmfView view = Workbench.view(DiscardedTmfView.ID, DiscardedTmfView.class);
        computed(view, t);
        ReportSet reports = wholeTrace(view, t);
        Table zoom = reports.table("discarded", "loss_zoom");
        assertNotNull(zoom, "the view's reports have the losses where they happened");
        CommandLine cli = analysisOver(lossy, reports, "discarded");
        assertEquals(cli.rows("loss_zoom").size(), zoom.rows().size());
        assertTrue(zoom.rows().size() > 0, "the trace lost events");
        DiscardedView dv = (DiscardedView) view.content();
        assertFalse(ui(() -> dv.timeline().model().isEmpty()), "a chart of the losses");
        Workbench.screenshot("discarded-events-lossy", view);
    }

    /**
     * The Analyses view opens on what stands out: the lines {@code lttbench analyze} prints for the same range (Trace
     * Compass's window), after its heading.
     */
    @Test
    @Order(8)
    void theAnalysesViewOpensOnTheCommandLinesSummary() throws Exception {
        AnalysesTmfView view = openFromTheMenu("Analyses", AnalysesTmfView.ID, AnalysesTmfView.class);
        ReportSet reports = computed(view, trace);
        List<String> shown = ui(() -> ((AnalysesView) view.content()).summaryText()).lines().toList();
        List<String> printed = CommandLine.standsOut(shared(TRACE), Views.rangeArguments(reports)).lines().toList();
        assertTrue(printed.size() > 3, "something stands out: " + printed);
        assertTrue(shown.get(0).startsWith("What stands out: "), shown.get(0));
        int n = printed.size();
        assertEquals(printed.subList(1, n), shown.subList(1, n));
        // Then why the syscalls analysis does not apply (the trace has no system call events), and the status line
        // is one sentence, so the summary keeps the short bottom stack's height.
        List<String> whyNot = shown.subList(n, shown.size());
        assertEquals("", whyNot.get(0));
        assertTrue(whyNot.stream().anyMatch(l -> l.startsWith("The syscalls analysis does not apply: the kernel trace has no system call events")),
                whyNot.toString());
        String status = ui(() -> view.content().statusText());
        assertTrue(status.startsWith("The figures cover ") && status.endsWith("(why below)") && status.indexOf(';') == status.lastIndexOf(';'),
                status);
        Workbench.screenshot("analyses-what-stands-out");
        ui(() -> Workbench.page().hideView(view));
    }
}
