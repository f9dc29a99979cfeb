package org.lttbench.traceserver.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.tracecompass.incubator.internal.trace.server.jersey.rest.core.services.ExperimentManagerService;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.junit.jupiter.api.Test;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.analysis.ThreadStateHistory;
import org.lttbench.traceserver.tests.Tsp.Answer;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * Time graph states through the server: a request for N rows gets at most N rows, only of those asked (thread states
 * and a thread's critical path); and the thread states' rows hold exactly what the module's state system holds at the
 * times the request asks, queried directly (the server runs in this framework: its experiment is reachable).
 */
class TimeGraphStatesTest {
    private static final String TRACE = "kernel-many-threads";
    private static final String THREAD_STATES = "org.lttbench.tracecompass.provider.threadstates";
    private static final String CRITICAL_PATH = "org.lttbench.tracecompass.provider.criticalpath";
    /** A thread row's label: {@code name (tid)}. */
    private static final Pattern THREAD = Pattern.compile("^(.*) \\((\\d+)\\)$");
    private static final int ASKED = 7;
    private static final int TIMES = 1000;

    private record Opened(Tsp tsp, String experiment, long start, long end) {
    }

    private static Opened opened() throws Exception {
        Tsp tsp = new Tsp(TraceServer.shared().base());
        // the experiment OutputsAnswerTest opens too: the server keeps it, the pass runs once
        String experiment = ServerTraces.experiment(tsp, "outputs " + TRACE, TRACE);
        JsonObject info = tsp.experimentInfo(experiment);
        return new Opened(tsp, experiment, info.get("start").getAsLong(), info.get("end").getAsLong());
    }

    /** The thread rows of the thread states' tree (entries with data), busiest first is not known: in tree order. */
    private static List<JsonObject> threadRows(Opened o) throws Exception {
        Answer tree = o.tsp().fetch(o.experiment(), "timeGraph", THREAD_STATES, "tree", Tsp.range(o.start(), o.end(), 2)).last();
        assertEquals("COMPLETED", tree.status(), tree.toString());
        List<JsonObject> rows = new ArrayList<>();
        for (JsonElement e : tree.model().getAsJsonArray("entries")) {
            JsonObject entry = e.getAsJsonObject();
            if (entry.has("hasData") && entry.get("hasData").getAsBoolean()) {
                rows.add(entry);
            }
        }
        return rows;
    }

    /** Rows spread over the tree (not only the first process's threads). */
    private static List<JsonObject> spread(List<JsonObject> rows, int n) {
        List<JsonObject> picked = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            picked.add(rows.get((int) ((long) i * (rows.size() - 1) / Math.max(1, n - 1))));
        }
        return picked;
    }

    private static List<Long> ids(List<JsonObject> entries) {
        return entries.stream().map(e -> e.get("id").getAsLong()).toList();
    }

    private static Set<Long> rowIds(Answer states) {
        Set<Long> ids = new TreeSet<>();
        states.model().getAsJsonArray("rows").forEach(r -> ids.add(r.getAsJsonObject().get("entryId").getAsLong()));
        return ids;
    }

    @Test
    void threadStatesAnswerAtMostTheRowsAsked() throws Exception {
        Opened o = opened();
        List<JsonObject> rows = threadRows(o);
        assertTrue(rows.size() > 8000, "kernel-many-threads has 8,592 threads: " + rows.size() + " rows");
        List<Long> asked = ids(spread(rows, ASKED));
        Answer states = o.tsp().fetch(o.experiment(), "timeGraph", THREAD_STATES, "states",
                Tsp.items(Tsp.range(o.start(), o.end(), TIMES), asked)).last();
        assertEquals("COMPLETED", states.status(), states.toString());
        JsonArray answered = states.model().getAsJsonArray("rows");
        assertTrue(answered.size() <= ASKED, answered.size() + " rows for " + ASKED + " asked");
        assertTrue(new TreeSet<>(asked).containsAll(rowIds(states)), "only rows asked: " + rowIds(states) + " of " + asked);
    }

    @Test
    void criticalPathAnswersAtMostTheRowsAsked() throws Exception {
        Opened o = opened();
        // the thread whose row has the most states in a coarse view: one with a path worth walking
        List<JsonObject> rows = threadRows(o);
        int tid = -1;
        for (JsonObject row : rows) {
            Matcher m = THREAD.matcher(row.getAsJsonArray("labels").get(0).getAsString());
            if (m.find() && !m.group(1).startsWith("swapper") && Integer.parseInt(m.group(2)) > 0) {
                tid = Integer.parseInt(m.group(2));
                break;
            }
        }
        assertTrue(tid > 0, "a thread to walk");
        JsonObject range = Tsp.range(o.start(), o.end(), TIMES);
        range.addProperty("lttbench.thread", tid);
        Answer tree = o.tsp().fetch(o.experiment(), "timeGraph", CRITICAL_PATH, "tree", range).last();
        assertEquals("COMPLETED", tree.status(), tree.toString());
        List<Long> entries = ServerTraces.entryIds(tree.model());
        assertFalse(entries.isEmpty(), "thread " + tid + " has a critical path: " + tree);
        int n = Math.min(2, entries.size());
        List<Long> asked = entries.subList(0, n);
        Answer states = o.tsp().fetch(o.experiment(), "timeGraph", CRITICAL_PATH, "states", Tsp.items(range, asked)).last();
        assertEquals("COMPLETED", states.status(), states.toString());
        assertTrue(states.model().getAsJsonArray("rows").size() <= n, states.model().getAsJsonArray("rows").size()
                + " rows for " + n + " asked");
        assertTrue(new TreeSet<>(asked).containsAll(rowIds(states)), "only rows asked");
    }

    /**
     * Each state of each row asked is the state system's interval at its start (same start, same end, same state), and
     * at every time the request asked where the thread's lane holds a state of that thread, the row has it.
     */
    @Test
    void threadStatesAreTheStateSystems() throws Exception {
        Opened o = opened();
        List<JsonObject> rows = spread(threadRows(o), ASKED);
        Answer states = o.tsp().fetch(o.experiment(), "timeGraph", THREAD_STATES, "states",
                Tsp.items(Tsp.range(o.start(), o.end(), TIMES), ids(rows))).last();
        assertEquals("COMPLETED", states.status(), states.toString());

        TmfExperiment experiment = ExperimentManagerService.getExperimentByUUID(UUID.fromString(o.experiment()));
        assertNotNull(experiment, "the server's experiment, in this framework");
        LttbenchAnalysisModule module = TmfTraceUtils.getAnalysisModuleOfClass(experiment, LttbenchAnalysisModule.class,
                LttbenchAnalysisModule.ID);
        assertNotNull(module);
        assertTrue(module.waitForCompletion());
        ITmfStateSystem ss = module.getStateSystem(LttbenchAnalysisModule.ID);
        ThreadStateHistory history = module.results().threadStates();
        assertEquals(0, experiment.getTimestampTransform().transform(0), "no time offset: the server's times are the state system's");

        Map<Long, JsonArray> answered = new HashMap<>();
        states.model().getAsJsonArray("rows")
                .forEach(r -> answered.put(r.getAsJsonObject().get("entryId").getAsLong(), r.getAsJsonObject().getAsJsonArray("states")));
        long resolution = (o.end() - o.start()) / (TIMES - 1);
        List<String> differences = new ArrayList<>();
        for (JsonObject row : rows) {
            String label = row.getAsJsonArray("labels").get(0).getAsString();
            ThreadRecord thread = thread(history, label, row.get("start").getAsLong(), ss.getStartTime());
            assertNotNull(thread, "the thread of row " + label);
            int quark = history.stateQuark(thread);
            JsonArray got = answered.get(row.get("id").getAsLong());
            assertNotNull(got, "row " + label + " answered");
            for (JsonElement e : got) {
                JsonObject s = e.getAsJsonObject();
                long begin = s.get("start").getAsLong();
                ITmfStateInterval i = ss.querySingleState(begin, quark);
                long end = i.getEndTime() >= ss.getCurrentEndTime() ? i.getEndTime() : i.getEndTime() + 1;
                String expected = ThreadState.ofCode((Integer) i.getValue()).name();
                String style = s.getAsJsonObject("style").get("parentKey").getAsString();
                if (i.getStartTime() != begin || end != s.get("end").getAsLong() || !expected.equals(style)) {
                    differences.add(label + ": server " + s + ", state system [" + i.getStartTime() + ", " + end + ") " + expected);
                }
            }
            // completeness at the times asked (the server makes them as StateSystemUtils.getTimes does)
            for (long t = o.start(); t <= o.end(); t += resolution) {
                if (t < ss.getStartTime() || t > ss.getCurrentEndTime() || t < history.since(thread) || t >= history.until(thread)) {
                    continue;
                }
                ITmfStateInterval i = ss.querySingleState(t, quark);
                if (!(i.getValue() instanceof Integer v) || ThreadState.ofCode(v) == ThreadState.NOT_ALIVE
                        || i.getStartTime() < history.since(thread)) {
                    continue;
                }
                boolean shown = false;
                for (JsonElement e : got) {
                    shown |= e.getAsJsonObject().get("start").getAsLong() == i.getStartTime();
                }
                if (!shown) {
                    differences.add(label + ": no state at " + t + " where the state system has " + i);
                }
            }
        }
        assertEquals(List.of(), differences.subList(0, Math.min(20, differences.size())));
    }

    /** The thread a row shows: its name and TID from the label, its row starting at its birth (or the history's start). */
    private static ThreadRecord thread(ThreadStateHistory history, String label, long rowStart, long historyStart) {
        Matcher m = THREAD.matcher(label);
        if (!m.find()) {
            return null;
        }
        int tid = Integer.parseInt(m.group(2));
        String name = m.group(1);
        for (ThreadRecord t : history.threads()) {
            // a TID and a birth are not enough: every CPU's idle thread is TID 0, born with the trace
            if (t.tid() == tid && !t.placeholder() && name.equals(t.name() == null ? "?" : t.name())
                    && Math.max(history.since(t), historyStart) == rowStart) {
                return t;
            }
        }
        return null;
    }
}
