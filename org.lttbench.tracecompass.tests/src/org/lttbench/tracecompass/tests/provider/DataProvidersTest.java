package org.lttbench.tracecompass.tests.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.IOutputStyleProvider;
import org.eclipse.tracecompass.tmf.core.model.StyleProperties;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ISeriesModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfTreeXYDataProvider;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfXyModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.analysis.ThreadStateHistory;
import org.lttbench.tracecompass.core.provider.LttbenchDataProviders;
import org.lttbench.tracecompass.core.provider.ReportTables;
import org.lttbench.tracecompass.tests.TraceCompassTraces;
import org.lttbench.tracecompass.tests.TraceCompassTraces.Cli;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * LTTbench's data providers, through Trace Compass's data provider manager for an opened trace (as the views and the
 * trace server get them): a table's tree equals the command line's table, for the whole trace and for a range; the
 * thread states' time graph gives each thread the intervals whose durations per state are the per-thread report's
 * times, with a legend for every state; the discarded events over time add up to the trace's discarded events.
 */
class DataProvidersTest {

    private static ITmfTrace kernel(String name) throws Exception {
        LttngKernelTrace trace = TraceCompassTraces.kernel(TraceCompassTraces.shared(name));
        TraceCompassTraces.analysed(trace);
        return trace;
    }

    @SuppressWarnings("unchecked")
    static Table table(ITmfTrace trace, String analysis, String grouping, String table, Map<String, Object> params) {
        ITmfTreeDataProvider<TmfTreeDataModel> p = DataProviderManager.getInstance().fetchOrCreateDataProvider(trace,
                LttbenchDataProviders.table(analysis, grouping, table), ITmfTreeDataProvider.class);
        assertNotNull(p, "Trace Compass makes the table provider");
        TmfModelResponse<TmfTreeModel<TmfTreeDataModel>> r = p.fetchTree(params, new NullProgressMonitor());
        assertEquals(ITmfResponse.Status.COMPLETED, r.getStatus(), r.getStatusMessage());
        return ReportTables.table(r.getModel(), table);
    }

    /** The rows of one table of the command line's JSON, as lists of JSON values. */
    static List<List<JsonElement>> cliRows(Cli cli, String table, Table like) {
        JsonArray rows = JsonParser.parseString(cli.out()).getAsJsonObject().getAsJsonArray(table);
        List<List<JsonElement>> out = new ArrayList<>();
        for (JsonElement e : rows) {
            JsonObject o = e.getAsJsonObject();
            List<JsonElement> row = new ArrayList<>();
            like.columns().forEach(c -> row.add(o.get(c.key())));
            out.add(row);
        }
        return out;
    }

    static List<List<JsonElement>> rows(Table t) {
        com.google.gson.Gson gson = new com.google.gson.Gson();
        List<List<JsonElement>> out = new ArrayList<>();
        for (Object[] r : t.rows()) {
            List<JsonElement> row = new ArrayList<>();
            for (Object cell : r) {
                row.add(cell instanceof TimeRange range ? JsonParser.parseString("{\"begin\":" + range.begin() + ",\"end\":"
                        + range.end() + "}") : gson.toJsonTree(cell));
            }
            out.add(row);
        }
        return out;
    }

    @Test
    void tablesAreTheCommandLinesForTheWholeTraceAndForARange() throws Exception {
        String name = "kernel-scp-src";
        ITmfTrace trace = kernel(name);
        try {
            String path = TraceCompassTraces.shared(name).toString();
            Table threads = table(trace, "process", "thread", "threads", Map.of());
            Cli cli = TraceCompassTraces.cli("analyze", "--analysis", "process", "--format", "json", path);
            assertEquals(cliRows(cli, "threads", threads), rows(threads));
            Table devices = table(trace, "process", "thread", "io_devices", Map.of());
            assertEquals(cliRows(cli, "io_devices", devices), rows(devices));
            Table wholeProcesses = table(trace, "process", "process", "processes", Map.of());
            Cli byProcess = TraceCompassTraces.cli("analyze", "--analysis", "process", "--by", "process", "--format",
                    "json", path);
            assertEquals(cliRows(byProcess, "processes", wholeProcesses), rows(wholeProcesses), "whole trace by process");

            long begin = trace.getStartTime().toNanos() + 5_000_000_000L;
            long end = begin + 3_000_000_000L;
            Map<String, Object> range = Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(begin, end));
            Table processes = table(trace, "process", "process", "processes", range);
            Cli ranged = TraceCompassTraces.cli("analyze", "--analysis", "process", "--by", "process", "--format", "json",
                    "--begin", Long.toString(begin), "--end", Long.toString(end), path);
            assertEquals(0, ranged.code(), ranged.err());
            assertEquals(cliRows(ranged, "processes", processes), rows(processes));
            // what the report says besides its tables: its notes, and its summary line as text prints it first
            Report said = new Report("process", "", TimeRange.ALL);
            ReportTables.restoreNotes(table(trace, "process", "process", ReportTables.NOTES, range), said);
            List<String> notes = new ArrayList<>();
            JsonParser.parseString(ranged.out()).getAsJsonObject().getAsJsonArray("notes").forEach(n -> notes.add(n.getAsString()));
            assertEquals(notes, said.notes());
            assertEquals(List.of(java.nio.file.Path.of(path).normalize()),
                    said.traces().stream().map(p -> java.nio.file.Path.of(p).normalize()).toList());
            Cli text = TraceCompassTraces.cli("analyze", "--analysis", "process", "--by", "process", "--begin",
                    Long.toString(begin), "--end", Long.toString(end), path);
            assertEquals(text.out().lines().findFirst().orElseThrow(), said.summary());
            Table streams = table(trace, "discarded", "thread", "streams", range);
            Cli discarded = TraceCompassTraces.cli("analyze", "--analysis", "discarded", "--format", "json", "--begin",
                    Long.toString(begin), "--end", Long.toString(end), path);
            assertEquals(cliRows(discarded, "streams", streams), rows(streams));
        } finally {
            TraceCompassTraces.close(trace);
        }
    }

    /**
     * Why threads waited, through the table providers: blocked time by cause and by waker, for the whole trace and for
     * a range (both made from the kept state system, whose blocked waits keep their reasons: the module's pass makes
     * no waits tables), per thread and per process, equal the command line's. kernel-many-threads has many threads and futexes;
     * kernel-scp-src's range holds the scp test, whose sleeps and tcpdump's timeouts are woken in hrtimer callbacks.
     */
    @ParameterizedTest
    @CsvSource({ "kernel-many-threads, 100, 150, 100", "kernel-scp-src, 15300, 2200, 10" })
    void waitsAreTheCommandLinesForTheWholeTraceAndForARange(String name, long fromMs, long forMs, int rows) throws Exception {
        ITmfTrace trace = kernel(name);
        try {
            String path = TraceCompassTraces.shared(name).toString();
            for (String grouping : List.of("thread", "process")) {
                Cli cli = TraceCompassTraces.cli("analyze", "--analysis", "waits", "--by", grouping, "--format", "json",
                        path);
                assertEquals(0, cli.code(), cli.err());
                for (String key : List.of("blocked_by_cause", "blocked_by_waker")) {
                    Table t = table(trace, "waits", grouping, key, Map.of());
                    assertEquals(cliRows(cli, key, t), rows(t), key + " by " + grouping);
                    if (grouping.equals("thread")) {
                        assertTrue(t.rows().size() > rows, key + " has the trace's threads: " + t.rows().size());
                    }
                }
            }
            long begin = trace.getStartTime().toNanos() + fromMs * 1_000_000L;
            long end = begin + forMs * 1_000_000L;
            Map<String, Object> range = Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(begin, end));
            for (String grouping : List.of("thread", "process")) {
                Cli ranged = TraceCompassTraces.cli("analyze", "--analysis", "waits", "--by", grouping, "--format", "json",
                        "--begin", Long.toString(begin), "--end", Long.toString(end), path);
                assertEquals(0, ranged.code(), ranged.err());
                for (String key : List.of("blocked_by_cause", "blocked_by_waker")) {
                    Table t = table(trace, "waits", grouping, key, range);
                    assertEquals(cliRows(ranged, key, t), rows(t), key + " by " + grouping + " in a range");
                }
            }
        } finally {
            TraceCompassTraces.close(trace);
        }
    }

    /**
     * A thread's critical path through its time graph provider: the target's row and one per thread on its path,
     * whose states are the command line's critical path segments, each thread's own (and the target's row all of them).
     * ssh waits on the network and on other threads; tcpdump's path goes through timer callbacks (its poll timeouts,
     * the sleep its waker waited on) and through a waker's parent (ssh, forked by scp during tcpdump's wait). The same
     * once the trace is opened again, from the kept results: who forked whom is kept with them.
     */
    @Test
    void criticalPathIsTheCommandLines() throws Exception {
        String name = "kernel-scp-src";
        String path = TraceCompassTraces.shared(name).toString();
        Map<String, JsonArray> cli = new LinkedHashMap<>();
        for (String tid : List.of("7422", "7420")) {
            Cli run = TraceCompassTraces.cli("analyze", "--analysis", "critical-path", "--thread", tid, "--format", "json", path);
            assertEquals(0, run.code(), run.err());
            cli.put(tid, JsonParser.parseString(run.out()).getAsJsonObject().getAsJsonArray("critical_path_segments"));
        }
        JsonArray tcpdump = cli.get("7420");
        boolean timer = false;
        boolean scp = false;
        for (JsonElement s : tcpdump) {
            timer |= s.getAsJsonObject().get("state").getAsString().equals("timer");
            scp |= s.getAsJsonObject().get("tid").getAsLong() == 7421;
        }
        assertTrue(timer, "tcpdump's path has timer expiries");
        assertTrue(scp, "tcpdump's path goes through scp, which forked ssh during its wait");
        ITmfTrace trace = kernel(name);
        try {
            for (var e : cli.entrySet()) {
                assertPathIsTheCommandLines(trace, e.getKey(), e.getValue());
            }
        } finally {
            TraceCompassTraces.close(trace);
        }
        LttngKernelTrace again = new LttngKernelTrace();
        again.initTrace(null, path, CtfTmfEvent.class);
        TmfSignalManager.dispatchSignal(new TmfTraceOpenedSignal(this, again, null));
        try {
            LttbenchAnalysisModule module = TraceCompassTraces.module(again);
            module.schedule();
            assertTrue(module.waitForCompletion(), String.valueOf(module.failure()));
            assertTrue(module.results().kept(), "opened again: the kept results");
            assertPathIsTheCommandLines(again, "7420", tcpdump);
        } finally {
            TraceCompassTraces.close(again);
        }
    }

    @SuppressWarnings("unchecked")
    private static void assertPathIsTheCommandLines(ITmfTrace trace, String tid, JsonArray segments) {
        assertTrue(segments.size() > 10, "a path with many segments: " + segments.size());
        ITimeGraphDataProvider<TimeGraphEntryModel> p = DataProviderManager.getInstance().fetchOrCreateDataProvider(trace,
                LttbenchDataProviders.CRITICAL_PATH, ITimeGraphDataProvider.class);
        assertNotNull(p);
        Map<String, Object> params = Map.of(LttbenchDataProviders.THREAD_PARAMETER, Integer.parseInt(tid));
        TmfModelResponse<TmfTreeModel<TimeGraphEntryModel>> tree = p.fetchTree(params, new NullProgressMonitor());
        assertEquals(ITmfResponse.Status.COMPLETED, tree.getStatus(), tree.getStatusMessage());
        List<TimeGraphEntryModel> entries = tree.getModel().getEntries();
        assertTrue(entries.get(0).getName().startsWith("Critical path of " + tid), entries.get(0).getName());
        Map<String, Object> rowParams = new HashMap<>(params);
        List<Long> ids = entries.stream().map(TimeGraphEntryModel::getId).toList();
        rowParams.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, ids);
        var rows = p.fetchRowModel(rowParams, new NullProgressMonitor()).getModel().getRows();
        var root = rows.stream().filter(r -> r.getEntryID() == entries.get(0).getId()).findFirst().orElseThrow();
        assertEquals(segments.size(), root.getStates().size(), tid + ": one state per segment");
        assertRowsAreTheRequested(p, params, ids, root.getStates());
        long first = segments.get(0).getAsJsonObject().get("begin").getAsLong();
        long firstShown = root.getStates().get(0).getStartTime();
        for (int i = 0; i < segments.size(); i++) {
            JsonObject s = segments.get(i).getAsJsonObject();
            var state = root.getStates().get(i);
            // in Trace Compass's time base, from the path's start
            assertEquals(s.get("begin").getAsLong() - first, state.getStartTime() - firstShown, tid + ": segment " + i + " begins");
            assertEquals(s.get("ns").getAsLong(), state.getDuration(), tid + ": segment " + i + "'s length");
            assertTrue(state.getLabel().startsWith(s.get("state").getAsString()), state.getLabel());
        }
    }

    /**
     * As a time graph view or the trace server asks (some rows, a time per pixel): only those rows, each with only the
     * states holding a requested time; asked at every state's start, every state.
     */
    private static void assertRowsAreTheRequested(ITimeGraphDataProvider<TimeGraphEntryModel> p, Map<String, Object> params,
            List<Long> ids, List<ITimeGraphState> all) {
        long from = all.get(0).getStartTime();
        long to = all.get(all.size() - 1).getStartTime() + all.get(all.size() - 1).getDuration();
        List<Long> pixels = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            pixels.add(from + (to - from) * i / 49);
        }
        Map<String, Object> some = new HashMap<>(params);
        some.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, ids.subList(0, Math.min(2, ids.size())));
        some.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, pixels);
        var rows = p.fetchRowModel(some, new NullProgressMonitor()).getModel().getRows();
        assertEquals(Set.copyOf(ids.subList(0, Math.min(2, ids.size()))), rows.stream().map(r -> r.getEntryID())
                .collect(java.util.stream.Collectors.toSet()), "the rows asked for");
        assertEquals(Math.min(2, ids.size()), rows.size(), "each once");
        for (var r : rows) {
            assertTrue(r.getStates().size() <= pixels.size(), "at most a state per requested time: " + r.getStates().size());
            for (ITimeGraphState st : r.getStates()) {
                assertTrue(pixels.stream().anyMatch(t -> st.getStartTime() <= t && t <= st.getStartTime() + st.getDuration()),
                        "a state holding a requested time");
            }
        }
        assertTrue(all.size() > pixels.size(), "a path longer than the pixels: " + all.size());
        Map<String, Object> every = new HashMap<>(params);
        every.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, ids.subList(0, 1));
        every.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, all.stream().map(ITimeGraphState::getStartTime).toList());
        assertEquals(all.size(), p.fetchRowModel(every, new NullProgressMonitor()).getModel().getRows().get(0).getStates().size(),
                "asked at every state's start: every state");
    }

    @SuppressWarnings("unchecked")
    private static ITimeGraphDataProvider<TimeGraphEntryModel> threadStates(ITmfTrace trace) {
        ITimeGraphDataProvider<TimeGraphEntryModel> p = DataProviderManager.getInstance().fetchOrCreateDataProvider(trace,
                LttbenchDataProviders.THREAD_STATES, ITimeGraphDataProvider.class);
        assertNotNull(p);
        return p;
    }

    private static List<TimeGraphEntryModel> entries(ITimeGraphDataProvider<TimeGraphEntryModel> p) {
        TmfModelResponse<TmfTreeModel<TimeGraphEntryModel>> tree = p.fetchTree(Map.of(), new NullProgressMonitor());
        assertEquals(ITmfResponse.Status.COMPLETED, tree.getStatus(), tree.getStatusMessage());
        return tree.getModel().getEntries();
    }

    /** Row of the per-thread report by the entries' name, {@code name (tid)}: only names no two threads share. */
    private static Map<String, Integer> rowOfThread(Table report) {
        Map<String, Integer> rowOfThread = new HashMap<>();
        Set<String> twice = new HashSet<>();
        for (int r = 0; r < report.rows().size(); r++) {
            String name = report.cell(r, "name") + " (" + report.cell(r, "tid") + ")";
            if (rowOfThread.put(name, r) != null) {
                twice.add(name);
            }
        }
        twice.forEach(rowOfThread::remove);
        return rowOfThread;
    }

    /**
     * The thread's intervals, walked one by one (each asked at the end of the previous one) within the entry's own
     * bounds (Trace Compass's trace end grows while it indexes in the background), add up per state to the report's.
     */
    private static void assertStatesAddUp(ITimeGraphDataProvider<TimeGraphEntryModel> p, TimeGraphEntryModel e,
            Table report, int row) {
        Map<ThreadState, Long> sums = new HashMap<>();
        long t = e.getStartTime();
        while (t < e.getEndTime()) {
            Map<String, Object> params = Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(t),
                    DataProviderParameterUtils.REQUESTED_ITEMS_KEY, List.of(e.getId()));
            List<ITimeGraphRowModel> rows = p.fetchRowModel(params, new NullProgressMonitor()).getModel().getRows();
            if (rows.isEmpty() || rows.get(0).getStates().isEmpty()) {
                break;
            }
            ITimeGraphState s = rows.get(0).getStates().get(0);
            sums.merge(ThreadState.valueOf(s.getStyle().getParentKey()), s.getDuration(), Long::sum);
            t = s.getStartTime() + s.getDuration();
        }
        String[][] keys = { { "USER", "user_ns" }, { "SYSCALL", "system_ns" }, { "IRQ", "irq_ns" },
                { "WAIT_CPU", "wait_cpu_ns" }, { "WAIT_BLOCKED", "wait_blocked_ns" }, { "UNKNOWN", "unknown_ns" } };
        for (String[] k : keys) {
            Object want = report.cell(row, k[1]);
            if (want != null) {
                assertEquals(want, sums.getOrDefault(ThreadState.valueOf(k[0]), 0L), e.getName() + " " + k[1]);
            }
        }
    }

    /**
     * {@link #assertStatesAddUp} for the threads (entries named {@code name (tid)}, no two alike in the report) that
     * {@code which} names, at most {@code most} of them; how many were checked.
     */
    private static int checkStatesAddUp(ITmfTrace trace, ITimeGraphDataProvider<TimeGraphEntryModel> p,
            Predicate<String> which, int most) {
        Table report = table(trace, "process", "thread", "threads", Map.of());
        Map<String, Integer> rowOfThread = rowOfThread(report);
        int checked = 0;
        for (TimeGraphEntryModel e : entries(p)) {
            Integer row = rowOfThread.get(e.getName());
            if (e.hasRowModel() && row != null && which.test(e.getName())) {
                assertStatesAddUp(p, e, report, row);
                if (++checked == most) {
                    break;
                }
            }
        }
        return checked;
    }

    @Test
    void threadStatesAddUpToTheReportAndHaveALegend() throws Exception {
        String name = "kernel-bigendian";
        ITmfTrace trace = kernel(name);
        try {
            ITimeGraphDataProvider<TimeGraphEntryModel> p = threadStates(trace);
            int checked = checkStatesAddUp(trace, p, thread -> true, 12);
            assertTrue(checked >= 5, "threads checked: " + checked);
            var styles = ((IOutputStyleProvider) p).fetchStyle(Map.of(), null).getModel().getStyles();
            for (ThreadState s : new ThreadState[] { ThreadState.USER, ThreadState.SYSCALL, ThreadState.IRQ,
                    ThreadState.WAIT_CPU, ThreadState.WAIT_IO, ThreadState.WAIT_BLOCKED, ThreadState.UNKNOWN }) {
                assertNotNull(styles.get(s.name()).getStyleValues().get(StyleProperties.STYLE_NAME), "legend of " + s);
            }
        } finally {
            TraceCompassTraces.close(trace);
        }
    }

    /**
     * A thread that ended leaves its lane ({@code Threads/<lane>}) to a thread born later: the threads that took
     * turns on a lane each have their own row, holding their own states only (what the per-thread report gives them),
     * from their own birth to their own end.
     */
    @Test
    void threadsTakingTurnsOnALaneEachHaveTheirOwnStates() throws Exception {
        ITmfTrace trace = kernel("kernel-many-threads");
        try {
            ThreadStateHistory history = TraceCompassTraces.module(trace).results().threadStates();
            Map<Integer, List<ThreadRecord>> byLane = new HashMap<>();
            history.threads().forEach(t -> byLane.computeIfAbsent(history.stateQuark(t), q -> new ArrayList<>()).add(t));
            long shared = byLane.values().stream().filter(l -> l.size() > 1).count();
            assertTrue(shared > 0 && byLane.size() < history.threads().size(), history.threads().size()
                    + " threads on " + byLane.size() + " lanes, " + shared + " of them shared");
            Set<String> turns = new HashSet<>();
            byLane.values().stream().filter(l -> l.size() > 1).flatMap(List::stream)
                    .forEach(t -> turns.add(t.name() + " (" + t.tid() + ")"));

            int checked = checkStatesAddUp(trace, threadStates(trace), turns::contains, Integer.MAX_VALUE);
            assertTrue(checked >= 5, "threads of shared lanes checked: " + checked + " of " + turns.size());
        } finally {
            TraceCompassTraces.close(trace);
        }
    }

    /**
     * A user-space trace has no thread states: not a failure (Trace Compass would log an error for a FAILED response):
     * the tree and the rows are complete and empty, and the message says why, as the command line does.
     */
    @Test
    void aUserSpaceTraceHasNoThreadStatesAndSaysWhy() throws Exception {
        ITmfTrace trace = TraceCompassTraces.ust(TraceCompassTraces.shared("ust-context-switches"));
        try {
            TraceCompassTraces.analysed(trace);
            ITimeGraphDataProvider<TimeGraphEntryModel> p = threadStates(trace);
            TmfModelResponse<TmfTreeModel<TimeGraphEntryModel>> tree = p.fetchTree(Map.of(), new NullProgressMonitor());
            assertEquals(ITmfResponse.Status.COMPLETED, tree.getStatus(), tree.getStatusMessage());
            assertEquals(List.of(), tree.getModel().getEntries());
            Cli cli = TraceCompassTraces.cli("analyze", "--analysis", "process",
                    TraceCompassTraces.shared("ust-context-switches").toString());
            assertTrue(cli.err().contains("from lttng-ust 2.6 (domain ust)")
                    && tree.getStatusMessage().contains("from lttng-ust 2.6 (domain ust)"),
                    "the command line: " + cli.err() + "\nthe provider: " + tree.getStatusMessage());
            var rows = p.fetchRowModel(Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(0L, 1L),
                    DataProviderParameterUtils.REQUESTED_ITEMS_KEY, List.of(0L)), new NullProgressMonitor());
            assertEquals(ITmfResponse.Status.COMPLETED, rows.getStatus(), rows.getStatusMessage());
            assertEquals(List.of(), rows.getModel().getRows());
        } finally {
            TraceCompassTraces.close(trace);
        }
    }

    /** An XY provider's every series, at {@code samples} + 1 evenly spaced times from {@code from} to {@code to}. */
    @SuppressWarnings("unchecked")
    private static TmfModelResponse<ITmfXyModel> xyOfEverySeries(ITmfTrace trace, String provider, long from, long to,
            int samples) {
        ITmfTreeXYDataProvider<TmfTreeDataModel> p = DataProviderManager.getInstance().fetchOrCreateDataProvider(trace,
                provider, ITmfTreeXYDataProvider.class);
        assertNotNull(p, provider);
        var tree = p.fetchTree(Map.of(), new NullProgressMonitor());
        assertEquals(ITmfResponse.Status.COMPLETED, tree.getStatus(), tree.getStatusMessage());
        List<Long> ids = new ArrayList<>();
        tree.getModel().getEntries().forEach(e -> ids.add(e.getId()));
        List<Long> times = new ArrayList<>();
        for (int i = 0; i <= samples; i++) {
            times.add(from + (to - from) / samples * i);
        }
        TmfModelResponse<ITmfXyModel> xy = p.fetchXY(Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, times,
                DataProviderParameterUtils.REQUESTED_ITEMS_KEY, ids), new NullProgressMonitor());
        assertEquals(ITmfResponse.Status.COMPLETED, xy.getStatus(), xy.getStatusMessage());
        return xy;
    }

    /**
     * Disk throughput over time, from LTTbench's disk requests' segment store: each series' bytes per second, times its
     * samples' intervals, add up to the bytes of that device and operation in the io analysis's table (the command
     * line's), at two resolutions; and on an experiment holding the trace, as the trace server opens every trace (it
     * asks the experiment for its providers, and the experiment has no module of its own).
     */
    @ParameterizedTest
    @CsvSource({ "kernel-scp-src, 1000, false", "kernel-scp-dest, 37, false", "kernel-scp-src, 1000, true" })
    void diskThroughputAddsUpToTheRequestsBytes(String name, int samples, boolean inExperiment) throws Exception {
        ITmfTrace kernel = TraceCompassTraces.kernel(TraceCompassTraces.shared(name));
        ITmfTrace trace = inExperiment ? TraceCompassTraces.experiment(name + "-experiment", kernel) : kernel;
        try {
            TraceCompassTraces.analysed(kernel);
            assertTrue(DataProviderManager.getInstance().getAvailableProviders(trace).stream()
                    .anyMatch(d -> d.getId().equals(LttbenchDataProviders.DISK_THROUGHPUT_XY)),
                    "disk throughput among the providers of " + trace.getName());
            // a span holding the whole trace (its end is not known before Trace Compass has indexed it)
            long from = trace.getStartTime().toNanos() - 1_000_000_000L;
            TmfModelResponse<ITmfXyModel> xy = xyOfEverySeries(trace, LttbenchDataProviders.DISK_THROUGHPUT_XY, from,
                    from + 600_000_000_000L, samples);
            Map<String, Long> fromXy = new java.util.TreeMap<>();
            for (ISeriesModel s : xy.getModel().getSeriesData()) {
                double bytes = 0;
                long[] x = s.getXAxis();
                for (int i = 0; i < x.length; i++) {
                    long next = i + 1 < x.length ? x[i + 1] : x[i] + (x[i] - x[i - 1]);
                    bytes += s.getData()[i] * (next - x[i]) / 1e9;
                }
                fromXy.put(s.getName(), Math.round(bytes));
            }
            Cli cli = TraceCompassTraces.cli("analyze", "--analysis", "io", "--format", "json",
                    TraceCompassTraces.shared(name).toString());
            assertEquals(0, cli.code(), cli.err());
            Map<String, Long> fromTable = new java.util.TreeMap<>();
            JsonParser.parseString(cli.out()).getAsJsonObject().getAsJsonArray("disk_requests").forEach(r -> {
                var row = r.getAsJsonObject();
                String device = row.get("device").getAsString();
                int open = device.lastIndexOf('(');
                String numbers = open < 0 ? device : device.substring(open + 1, device.length() - 1);
                long bytes = row.get("bytes").getAsLong();
                if (bytes > 0) {
                    fromTable.put(numbers + " " + row.get("op").getAsString(), bytes);
                }
            });
            assertFalse(fromTable.isEmpty(), name + " has disk requests");
            assertEquals(fromTable, fromXy, "bytes per device and operation");
        } finally {
            TraceCompassTraces.close(trace);
        }
    }

    @Test
    void discardedEventsOverTimeAddUpToTheLosses() throws Exception {
        ITmfTrace trace = kernel("session-multi-domains/kernel");
        try {
            // samples over a span wider than the trace's, so that every loss range is inside
            TmfModelResponse<ITmfXyModel> xy = xyOfEverySeries(trace, LttbenchDataProviders.DISCARDED_XY,
                    trace.getStartTime().toNanos() - 1_000_000_000L, trace.getEndTime().toNanos() + 1_000_000_000L, 1000);
            double sum = 0;
            for (ISeriesModel s : xy.getModel().getSeriesData()) {
                for (double y : s.getData()) {
                    sum += y;
                }
            }
            // 728 discarded events (the shared traces' README, babeltrace2's count)
            assertEquals(728, sum, 1e-6);
            // the losses over time where they happened (the Discarded view's chart), offered and the command line's
            String zoomId = LttbenchDataProviders.table("discarded", "thread", "loss_zoom");
            assertTrue(DataProviderManager.getInstance().getAvailableProviders(trace).stream()
                    .anyMatch(d -> d.getId().equals(zoomId)), zoomId + " among the trace's data providers");
            Table zoom = table(trace, "discarded", "thread", "loss_zoom", Map.of());
            Cli cli = TraceCompassTraces.cli("analyze", "--analysis", "discarded", "--format", "json",
                    TraceCompassTraces.shared("session-multi-domains/kernel").toString());
            assertTrue(!zoom.rows().isEmpty(), "the trace lost events: the zoom has bins");
            assertEquals(cliRows(cli, "loss_zoom", zoom), rows(zoom));
        } finally {
            TraceCompassTraces.close(trace);
        }
    }
}
