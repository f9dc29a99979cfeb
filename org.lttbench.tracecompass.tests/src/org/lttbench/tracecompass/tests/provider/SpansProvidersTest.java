package org.lttbench.tracecompass.tests.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lttbench.core.analysis.spans.SpansAnalysis;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tracecompass.core.provider.LttbenchDataProviders;
import org.lttbench.tracecompass.core.provider.ReportTableDataProvider;
import org.lttbench.tracecompass.core.provider.ReportTables;
import org.lttbench.tracecompass.tests.TraceCompassTraces;
import org.lttbench.tracecompass.tests.TraceCompassTraces.Cli;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The spans in Trace Compass, through its data provider manager on user-space traces with spans (Trace Compass's own
 * LTTng UST type): ust-ros2 (ROS 2 callbacks, recognised without options) and ust-cyg-profile-glxgears (functions of
 * -finstrument-functions). The spans analysis's four tables and its notes are the command line's cell by cell, for the
 * whole trace and for a range; the spans time graph's states on the thread with the most spans are that thread's
 * spans of the command line's slowest spans with no limit, each on the row of its depth, with its name as label and
 * its breakdown in the tooltip; with the kernel trace of the same session, the thread's kernel states beside its spans
 * are their breakdown. On a kernel + UST experiment without spans (session-multi-domains), the tables and the
 * time graph say why, as the command line does.
 */
class SpansProvidersTest {
    private static final List<String> TABLES = List.of("spans", "span_blocked_by_cause", "span_blocked_by_waker",
            "spans_slowest");

    @ParameterizedTest
    @ValueSource(strings = { "ust-ros2", "ust-cyg-profile-glxgears" })
    void spansTablesAreTheCommandLines(String name) throws Exception {
        ITmfTrace trace = analysedUst(name);
        try {
            Cli cli = spans(name);
            JsonObject json = JsonParser.parseString(cli.out()).getAsJsonObject();
            for (String key : TABLES) {
                Table t = DataProvidersTest.table(trace, "spans", "thread", key, Map.of());
                if (json.has(key)) {
                    assertEquals(DataProvidersTest.cliRows(cli, key, t), DataProvidersTest.rows(t), key);
                } else {
                    assertEquals(List.of(), t.rows(), key + ": the command line has no such table");
                }
                System.out.println(name + ": " + key + ": " + t.rows().size() + " rows x " + t.columns().size()
                        + " columns, each cell the command line's");
            }
            assertTrue(DataProvidersTest.table(trace, "spans", "thread", "spans", Map.of()).rows().size() > 1);
            // a range: one more read over it, as the command line's --begin/--end (a span counts when it ends there)
            long begin = trace.getStartTime().toNanos() + 2_000_000_000L;
            long end = begin + 3_000_000_000L;
            Map<String, Object> range = Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(begin, end));
            Cli ranged = spans(name, "--begin", Long.toString(begin), "--end", Long.toString(end));
            for (String key : List.of("spans", "spans_slowest")) {
                Table t = DataProvidersTest.table(trace, "spans", "thread", key, range);
                assertEquals(DataProvidersTest.cliRows(ranged, key, t), DataProvidersTest.rows(t), key + " in a range");
            }
            Report said = new Report("spans", "", TimeRange.ALL);
            ReportTables.restoreNotes(DataProvidersTest.table(trace, "spans", "thread", ReportTables.NOTES, Map.of()), said);
            List<String> notes = new ArrayList<>();
            json.getAsJsonArray("notes").forEach(n -> notes.add(n.getAsString()));
            assertEquals(notes, said.notes());
        } finally {
            TraceCompassTraces.close(trace);
        }
    }

    /** The shared UST trace opened with Trace Compass's own type, LTTbench's module run. */
    private static ITmfTrace analysedUst(String name) throws Exception {
        ITmfTrace trace = TraceCompassTraces.ust(TraceCompassTraces.shared(name));
        TraceCompassTraces.analysed(trace);
        return trace;
    }

    /** {@code lttbench analyze --analysis spans --format json ARGS... TRACE}, which must succeed. */
    private static Cli spans(String name, String... args) {
        List<String> all = new ArrayList<>(List.of("analyze", "--analysis", "spans", "--format", "json"));
        all.addAll(List.of(args));
        all.add(TraceCompassTraces.shared(name).toString());
        Cli cli = TraceCompassTraces.cli(all.toArray(String[]::new));
        assertEquals(0, cli.code(), cli.err());
        return cli;
    }

    @SuppressWarnings("unchecked")
    private static ITimeGraphDataProvider<TimeGraphEntryModel> spansProvider(ITmfTrace trace) {
        ITimeGraphDataProvider<TimeGraphEntryModel> p = DataProviderManager.getInstance().fetchOrCreateDataProvider(trace,
                LttbenchDataProviders.THREAD_SPANS, ITimeGraphDataProvider.class);
        assertNotNull(p, "Trace Compass makes the spans provider");
        return p;
    }

    @ParameterizedTest
    @ValueSource(strings = { "ust-ros2", "ust-cyg-profile-glxgears" })
    void spansOfAThreadAreTheCommandLinesInstances(String name) throws Exception {
        ITmfTrace trace = analysedUst(name);
        try {
            Cli cli = spans(name, "--limit", "1000000");
            Map<Long, List<JsonObject>> byVtid = new HashMap<>();
            JsonParser.parseString(cli.out()).getAsJsonObject().getAsJsonArray("spans_slowest").forEach(e -> byVtid
                    .computeIfAbsent(e.getAsJsonObject().get("vtid").getAsLong(), k -> new ArrayList<>()).add(e.getAsJsonObject()));
            long vtid = byVtid.entrySet().stream().max(Comparator.comparingInt(e -> e.getValue().size())).orElseThrow().getKey();
            List<String> expected = new ArrayList<>();
            byVtid.get(vtid).stream().sorted(Comparator.comparingLong((JsonObject o) -> o.get("begin").getAsLong())
                    .thenComparingLong(o -> o.get("depth").getAsLong()))
                    .forEach(o -> expected.add(o.get("begin").getAsLong() + " +" + o.get("wall_ns").getAsLong() + " depth "
                            + o.get("depth").getAsLong() + " " + o.get("span").getAsString()));

            ITimeGraphDataProvider<TimeGraphEntryModel> p = spansProvider(trace);
            Map<String, Object> params = new HashMap<>(Map.of(LttbenchDataProviders.THREAD_PARAMETER, vtid));
            TmfModelResponse<TmfTreeModel<TimeGraphEntryModel>> tree = p.fetchTree(params, new NullProgressMonitor());
            assertEquals(ITmfResponse.Status.COMPLETED, tree.getStatus(), tree.getStatusMessage());
            List<TimeGraphEntryModel> entries = tree.getModel().getEntries();
            assertTrue(entries.get(0).getName().contains("vtid " + vtid), entries.get(0).getName());
            Map<Long, Long> depthOf = new HashMap<>();
            for (TimeGraphEntryModel e : entries) {
                if (e.getName().startsWith("Spans")) {
                    depthOf.put(e.getId(), e.getName().equals("Spans") ? 0 : Long.parseLong(e.getName().replaceAll("\\D", "")));
                }
            }
            params.put(DataProviderParameterUtils.REQUESTED_TIME_KEY,
                    List.of(trace.getStartTime().toNanos(), trace.getEndTime().toNanos()));
            params.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, entries.stream().map(TimeGraphEntryModel::getId).toList());
            List<ITimeGraphRowModel> rows = p.fetchRowModel(params, new NullProgressMonitor()).getModel().getRows();
            List<Object[]> drawn = new ArrayList<>();
            for (ITimeGraphRowModel row : rows) {
                for (ITimeGraphState s : row.getStates()) {
                    drawn.add(new Object[] { s.getStartTime(), depthOf.get(row.getEntryID()), s.getDuration() + " depth "
                            + depthOf.get(row.getEntryID()) + " " + s.getLabel(), row.getEntryID() });
                }
            }
            drawn.sort(Comparator.comparingLong((Object[] d) -> (Long) d[0]).thenComparingLong(d -> (Long) d[1]));
            assertEquals(expected, drawn.stream().map(d -> d[0] + " +" + d[2]).toList(),
                    "the thread's spans are the command line's, each on the row of its depth");
            System.out.println(name + ": thread vtid " + vtid + ": " + drawn.size() + " spans drawn on "
                    + depthOf.size() + " rows, as the command line lists them");

            // the tooltip of the first span: its name and its wall time
            Object[] first = drawn.get(0);
            Map<String, Object> at = Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of((Long) first[0]),
                    DataProviderParameterUtils.REQUESTED_ITEMS_KEY, List.of((Long) first[3]));
            Map<String, String> tip = p.fetchTooltip(at, new NullProgressMonitor()).getModel();
            assertEquals(byVtid.get(vtid).stream().filter(o -> o.get("begin").getAsLong() == (Long) first[0]
                    && o.get("depth").getAsLong() == (Long) first[1]).findFirst().orElseThrow().get("span").getAsString(),
                    tip.get("Span"), String.valueOf(tip));
            assertTrue(tip.containsKey("Wall") && tip.containsKey("Self"), String.valueOf(tip));
        } finally {
            TraceCompassTraces.close(trace);
        }
    }

    /**
     * examples/spans-session, a kernel and a UST trace written together (functions of -finstrument-functions that
     * compute, make a system call and take an IRQ): as an experiment, the tables are the command line's, and beside
     * the spans of the thread (its kernel TID) the row of its kernel states, sampled as finely as a view zoomed on them
     * asks, holds in each span's time exactly the span's parts (user, system, IRQ, waiting, blocked).
     */
    @Test
    void kernelStatesBesideTheSpansAreTheirBreakdown() throws Exception {
        Path session = Path.of(System.getProperty("lttbench.repo"), "examples", "spans-session");
        String k = session.resolve("kernel").toString();
        String u = session.resolve("ust").toString();
        TmfExperiment experiment = TraceCompassTraces.experiment("spans-session",
                TraceCompassTraces.kernel(Path.of(k)), TraceCompassTraces.ust(Path.of(u)));
        try {
            TraceCompassTraces.analysed(experiment);
            Cli cli = TraceCompassTraces.cli("analyze", "--analysis", "spans", "--format", "json", k, u);
            assertEquals(0, cli.code(), cli.err());
            for (String key : TABLES) {
                Table t = DataProvidersTest.table(experiment, "spans", "thread", key, Map.of());
                assertEquals(DataProvidersTest.cliRows(cli, key, t), DataProvidersTest.rows(t), key);
            }
            List<JsonObject> spans = new ArrayList<>();
            JsonParser.parseString(cli.out()).getAsJsonObject().getAsJsonArray("spans_slowest")
                    .forEach(e -> spans.add(e.getAsJsonObject()));
            long tid = spans.get(0).get("tid").getAsLong();
            ITimeGraphDataProvider<TimeGraphEntryModel> p = spansProvider(experiment);
            Map<String, Object> params = new HashMap<>(Map.of(LttbenchDataProviders.THREAD_PARAMETER, tid));
            List<TimeGraphEntryModel> entries = p.fetchTree(params, new NullProgressMonitor()).getModel().getEntries();
            assertEquals("app (TID " + tid + ")", entries.get(0).getName());
            long kernelRow = entries.stream().filter(e -> e.getName().equals("Thread states")).findFirst().orElseThrow()
                    .getId();
            long from = spans.stream().mapToLong(o -> o.get("begin").getAsLong()).min().orElseThrow();
            long to = spans.stream().mapToLong(o -> o.get("begin").getAsLong() + o.get("wall_ns").getAsLong()).max()
                    .orElseThrow();
            List<Long> times = new ArrayList<>();
            for (long t = from; t <= to; t += 50) { // finer than any state of the session
                times.add(t);
            }
            params.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, times);
            params.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, List.of(kernelRow));
            List<ITimeGraphState> states = p.fetchRowModel(params, new NullProgressMonitor()).getModel().getRows().get(0)
                    .getStates();
            for (JsonObject span : spans) {
                long begin = span.get("begin").getAsLong();
                long end = begin + span.get("wall_ns").getAsLong();
                Map<String, Long> inSpan = new HashMap<>();
                for (ITimeGraphState st : states) {
                    long overlap = Math.min(end, st.getStartTime() + st.getDuration()) - Math.max(begin, st.getStartTime());
                    if (overlap > 0) {
                        inSpan.merge(st.getStyle().getParentKey(), overlap, Long::sum);
                    }
                }
                for (String part : SpansAnalysis.PARTS) {
                    ThreadState state = SpansAnalysis.partState(part);
                    if (state != null && state != ThreadState.UNKNOWN) {
                        assertEquals(span.get(part).getAsLong(), inSpan.getOrDefault(state.name(), 0L),
                                span.get("span").getAsString() + " " + part + ": " + inSpan);
                    }
                }
                System.out.println("spans-session: " + span.get("span").getAsString() + " " + inSpan
                        + ", as its parts in the command line's slowest spans");
            }
        } finally {
            TraceCompassTraces.close(experiment);
        }
    }

    /** A kernel and a UST trace of one session, which has no spans: the providers say why, as the command line. */
    @Test
    void anExperimentWithoutSpansSaysWhy() throws Exception {
        TmfExperiment experiment = TraceCompassTraces.sessionExperiment("session-multi-domains");
        try {
            TraceCompassTraces.analysed(experiment);
            Cli cli = TraceCompassTraces.cli("analyze", "--analysis", "spans", "--format", "json",
                    TraceCompassTraces.session().get(0), TraceCompassTraces.session().get(1));
            assertEquals(false, cli.code() == 0, "the command line says the analysis does not apply");
            @SuppressWarnings("unchecked")
            ITmfTreeDataProvider<TmfTreeDataModel> table = DataProviderManager.getInstance().fetchOrCreateDataProvider(
                    experiment, LttbenchDataProviders.table("spans", "thread", "spans"), ITmfTreeDataProvider.class);
            TmfModelResponse<TmfTreeModel<TmfTreeDataModel>> r = table.fetchTree(Map.of(), new NullProgressMonitor());
            assertEquals(ITmfResponse.Status.FAILED, r.getStatus());
            assertTrue(r.getStatusMessage().startsWith(ReportTableDataProvider.NOT_APPLICABLE), r.getStatusMessage());
            String why = r.getStatusMessage().substring(ReportTableDataProvider.NOT_APPLICABLE.length());
            assertTrue(cli.err().contains(why), "the command line's reason: " + cli.err() + " / " + why);
            TmfModelResponse<TmfTreeModel<TimeGraphEntryModel>> tree = spansProvider(experiment).fetchTree(Map.of(),
                    new NullProgressMonitor());
            assertEquals(ITmfResponse.Status.COMPLETED, tree.getStatus());
            assertEquals(List.of(), tree.getModel().getEntries());
            assertEquals("no spans: " + why, tree.getStatusMessage());
        } finally {
            TraceCompassTraces.close(experiment);
        }
    }
}
