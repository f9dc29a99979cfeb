package org.lttbench.tracecompass.core.provider;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.dataprovider.X11ColorUtils;
import org.eclipse.tracecompass.tmf.core.model.CommonStatusMessage;
import org.eclipse.tracecompass.tmf.core.model.OutputElementStyle;
import org.eclipse.tracecompass.tmf.core.model.OutputStyleModel;
import org.eclipse.tracecompass.tmf.core.model.StyleProperties;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.analysis.PassResults;
import org.lttbench.tracecompass.core.analysis.ThreadStateHistory;

/**
 * The threads' states over time, as LTTbench's state machine told them: one row per thread, under its process
 * (under its machine when there are several), each state an interval styled by what it is (user, system call, IRQ,
 * user or system, waiting for a CPU, blocked on disk I/O, blocked, unknown), with a tooltip and a legend. It reads the
 * module's state system only ({@code Threads/<n>}, found through the module's history), and who each thread is from
 * the module's results.
 */
final class ThreadStatesDataProvider extends TimeGraphProvider {

    /** The legend: each state shown, its label and colour (the views' colours). */
    static final Map<ThreadState, String[]> STATES = new LinkedHashMap<>();
    static {
        for (ThreadState state : ThreadState.values()) {
            if (state != ThreadState.NOT_ALIVE) {
                STATES.put(state, new String[] { state.legend(), String.format("#%06X", state.rgb()) });
            }
        }
    }

    private final LttbenchAnalysisModule module;
    /** The tree once the pass is over (while it runs, each fetch makes it again from what is known so far). */
    private TmfTreeModel<TimeGraphEntryModel> tree;
    /** Each thread's entry: its thread, its lane's quark and when the lane is its own ([since, until)). */
    private record Row(ThreadRecord thread, int quark, long since, long until) {
        boolean holds(long t) {
            return since <= t && t < until;
        }
    }

    /** The rows of the latest tree, by entry id (replaced whole at each tree made). */
    private volatile Map<Long, Row> rowOfEntry;
    /**
     * Entry ids by thread or group, kept from one tree to the next: a client that fetched the tree while the pass ran
     * asks for the same rows by the same ids once it is over.
     */
    private final Map<Object, Long> idOf = new HashMap<>();

    ThreadStatesDataProvider(ITmfTrace trace, LttbenchAnalysisModule module) {
        super(trace, LttbenchDataProviders.THREAD_STATES);
        this.module = module;
    }

    private ITmfStateSystem stateSystem() {
        module.schedule();
        return module.waitForInitialization() ? module.getStateSystem(LttbenchAnalysisModule.ID) : null;
    }

    @Override
    public synchronized TmfModelResponse<TmfTreeModel<TimeGraphEntryModel>> fetchTree(Map<String, Object> parameters,
            IProgressMonitor monitor) {
        if (tree != null) {
            return completed(tree);
        }
        ITmfStateSystem ss = stateSystem();
        // the final results, or while the pass runs what it knows so far (Trace Compass's providers answer RUNNING with
        // what their state system holds, and a client asks again)
        PassResults known = module.resultsSoFar();
        boolean complete = known != null && known == module.results();
        if (known != null && known.threadStates() == null) {
            // not a failure (a user-space trace has no thread states): no rows, and why
            return new TmfModelResponse<>(new TmfTreeModel<>(List.of("Thread"), List.of()), ITmfResponse.Status.COMPLETED,
                    "no thread states: " + known.whyNotApplicable("process"));
        }
        if (ss == null || known == null) {
            String why = module.failure() != null ? module.failure().getMessage()
                    : CommonStatusMessage.ANALYSIS_INITIALIZATION_FAILED;
            return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, why);
        }
        TmfTreeModel<TimeGraphEntryModel> made = buildTree(ss, known.threadStates());
        if (!complete) {
            return new TmfModelResponse<>(made, ITmfResponse.Status.RUNNING, module.progressSaid());
        }
        tree = made;
        return completed(tree);
    }

    /** Machines (when several), processes, threads: each thread's row from its birth to its end (or to now). */
    private TmfTreeModel<TimeGraphEntryModel> buildTree(ITmfStateSystem ss, ThreadStateHistory history) {
        List<ThreadRecord> threads = new ArrayList<>(history.threads());
        threads.sort(Comparator.comparing((ThreadRecord t) -> t.tid() == 0).thenComparingInt(ThreadRecord::pid)
                .thenComparingInt(ThreadRecord::tid));
        List<TimeGraphEntryModel> entries = new ArrayList<>();
        long start = time.toTraceCompass(ss.getStartTime());
        long now = ss.getCurrentEndTime();
        long end = time.toTraceCompass(now);
        Map<Long, Row> rows = new HashMap<>();
        java.util.Set<Long> added = new java.util.HashSet<>();
        boolean hosts = threads.stream().map(ThreadRecord::trace).distinct().count() > 1;
        for (ThreadRecord t : threads) {
            int quark = history.stateQuark(t);
            Row row = new Row(t, quark, history.since(t), history.until(t));
            long born = Math.max(row.since(), ss.getStartTime());
            // its NOT_ALIVE (always its last change), as the pass told it: no query of the state system per thread
            // (a 10 M-event trace has 100,000 threads)
            long ended = history.died(t);
            long died = ended == Long.MIN_VALUE ? now : Math.min(ended, now);
            long parent = -1;
            if (hosts) {
                Object host = t.trace().environment().getOrDefault("hostname", t.trace().path().getFileName());
                parent = group(entries, added, List.of(t.trace()), -1, host.toString(), start, end);
            }
            String process = t.tid() == 0 ? "swapper (idle, one thread per CPU)"
                    : t.pid() < 0 ? "(process unknown)" : (t.name() == null ? "?" : t.name()) + " (" + t.pid() + ")";
            parent = group(entries, added, List.of(t.trace(), t.tid() == 0 ? "idle" : t.pid() < 0 ? "none" : t.pid()),
                    parent, process, start, end);
            String name = t.placeholder() ? "(unknown thread)" : (t.name() == null ? "?" : t.name()) + " (" + t.tid() + ")";
            long id = idOf.computeIfAbsent(t, k -> (long) idOf.size() + 1);
            entries.add(new TimeGraphEntryModel(id, parent, name, time.toTraceCompass(born), time.toTraceCompass(died), true));
            rows.put(id, row);
        }
        rowOfEntry = rows;
        return new TmfTreeModel<>(List.of("Thread"), entries);
    }

    /** A machine's or a process's entry, added once per tree; its id is the one it had in earlier trees. */
    private long group(List<TimeGraphEntryModel> entries, java.util.Set<Long> added, Object key, long parent,
            String name, long start, long end) {
        long id = idOf.computeIfAbsent(key, k -> (long) idOf.size() + 1);
        if (added.add(id)) {
            entries.add(new TimeGraphEntryModel(id, parent, name, start, end, false));
        }
        return id;
    }

    /** The entries of the threads of that TID (several when the TID was reused), once the tree was fetched. */
    synchronized List<Long> entriesOf(int tid) {
        List<Long> ids = new ArrayList<>();
        Map<Long, Row> rows = rowOfEntry;
        if (rows == null) {
            return ids;
        }
        rows.forEach((id, row) -> {
            if (row.thread().tid() == tid && !row.thread().placeholder()) {
                ids.add(id);
            }
        });
        ids.sort(null);
        return ids;
    }

    @Override
    public TmfModelResponse<TimeGraphModel> fetchRowModel(Map<String, Object> parameters, IProgressMonitor monitor) {
        ITmfStateSystem ss = stateSystem();
        List<Long> times = DataProviderParameterUtils.extractTimeRequested(parameters);
        List<Long> items = DataProviderParameterUtils.extractSelectedItems(parameters);
        PassResults done = module.results();
        if (done != null && done.threadStates() == null) {
            return new TmfModelResponse<>(new TimeGraphModel(List.of()), ITmfResponse.Status.COMPLETED,
                    "no thread states: " + done.whyNotApplicable("process"));
        }
        if (this.rowOfEntry == null) {
            fetchTree(Map.of(), monitor); // rows asked before the tree: by the entries it gives
        }
        // asked before its pass ended, a tree's rows are answered as the state system holds them now
        Map<Long, Row> rowOfEntry = this.rowOfEntry;
        boolean complete = done != null;
        if (ss == null || rowOfEntry == null) {
            return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, CommonStatusMessage.ANALYSIS_INITIALIZATION_FAILED);
        }
        if (times == null || items == null) {
            return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, CommonStatusMessage.INCORRECT_QUERY_PARAMETERS);
        }
        // a lane holds several threads, one after the other
        Map<Integer, List<Long>> entriesOfQuark = new HashMap<>();
        Map<Long, List<ITimeGraphState>> rows = new LinkedHashMap<>();
        for (long item : items) {
            Row row = rowOfEntry.get(item);
            if (row != null) {
                entriesOfQuark.computeIfAbsent(row.quark(), q -> new ArrayList<>()).add(item);
                rows.put(item, new ArrayList<>());
            }
        }
        TreeSet<Long> at = new TreeSet<>();
        for (long t : times) {
            long x = time.toLttbench(t);
            if (x >= ss.getStartTime() && x <= ss.getCurrentEndTime()) {
                at.add(x);
            }
        }
        if (!at.isEmpty() && !entriesOfQuark.isEmpty()) {
            try {
                for (ITmfStateInterval i : ss.query2D(entriesOfQuark.keySet(), at)) {
                    if (monitor != null && monitor.isCanceled()) {
                        return new TmfModelResponse<>(null, ITmfResponse.Status.CANCELLED, CommonStatusMessage.TASK_CANCELLED);
                    }
                    ThreadState state = i.getValue() instanceof Integer v ? ThreadState.ofCode(v) : null;
                    if (state != null && state != ThreadState.NOT_ALIVE) {
                        long s = time.toTraceCompass(i.getStartTime());
                        for (long entry : entriesOfQuark.get(i.getAttribute())) {
                            if (rowOfEntry.get(entry).holds(i.getStartTime())) {
                                rows.get(entry).add(new TimeGraphState(s, time.toTraceCompass(end(ss, i)) - s, null,
                                        new OutputElementStyle(state.name())));
                            }
                        }
                    }
                }
            } catch (StateSystemDisposedException e) {
                return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, CommonStatusMessage.STATE_SYSTEM_FAILED);
            }
        }
        List<ITimeGraphRowModel> models = new ArrayList<>();
        rows.forEach((id, states) -> {
            states.sort(Comparator.comparingLong(ITimeGraphState::getStartTime));
            models.add(new TimeGraphRowModel(id, states));
        });
        return complete ? completed(new TimeGraphModel(models))
                : new TmfModelResponse<>(new TimeGraphModel(models), ITmfResponse.Status.RUNNING, module.progressSaid());
    }

    /**
     * Where an interval's state ends: where the next one starts (a state system interval holds its end time), or the
     * end of the history for the last one, as the reports count a thread's time ({@code end - begin}).
     */
    private static long end(ITmfStateSystem ss, ITmfStateInterval i) {
        return i.getEndTime() >= ss.getCurrentEndTime() ? i.getEndTime() : i.getEndTime() + 1;
    }

    @Override
    public TmfModelResponse<Map<String, String>> fetchTooltip(Map<String, Object> parameters, IProgressMonitor monitor) {
        ITmfStateSystem ss = stateSystem();
        List<Long> times = DataProviderParameterUtils.extractTimeRequested(parameters);
        List<Long> items = DataProviderParameterUtils.extractSelectedItems(parameters);
        if (ss == null || times == null || times.isEmpty() || items == null || items.isEmpty()) {
            return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, CommonStatusMessage.INCORRECT_QUERY_PARAMETERS);
        }
        Map<Long, Row> rows = rowOfEntry;
        Row row = rows == null ? null : rows.get(items.get(0));
        long t = time.toLttbench(times.get(0));
        if (row == null || t < ss.getStartTime() || t > ss.getCurrentEndTime()) {
            return completed(Map.of());
        }
        try {
            ITmfStateInterval i = ss.querySingleState(t, row.quark());
            ThreadRecord thread = row.thread();
            Map<String, String> tip = new LinkedHashMap<>();
            ThreadState state = i.getValue() instanceof Integer v ? ThreadState.ofCode(v) : null;
            if (state != null && STATES.containsKey(state) && row.holds(i.getStartTime())) {
                tip.put("State", STATES.get(state)[0]);
                tip.put("For", String.format(java.util.Locale.ROOT, "%.3f ms", (end(ss, i) - i.getStartTime()) / 1e6));
            }
            tip.put("TID", Integer.toString(thread.tid()));
            tip.put("PID", thread.pid() < 0 ? "unknown" : Integer.toString(thread.pid()));
            return completed(tip);
        } catch (StateSystemDisposedException e) {
            return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, CommonStatusMessage.STATE_SYSTEM_FAILED);
        }
    }

    @Override
    public TmfModelResponse<OutputStyleModel> fetchStyle(Map<String, Object> parameters, IProgressMonitor monitor) {
        Map<String, OutputElementStyle> styles = new LinkedHashMap<>();
        STATES.forEach((state, s) -> styles.put(state.name(), new OutputElementStyle(null, Map.of(
                StyleProperties.STYLE_NAME, s[0], StyleProperties.BACKGROUND_COLOR, s[1],
                StyleProperties.HEIGHT, state == ThreadState.PARKED ? 0.3f : 1.0f, StyleProperties.OPACITY, 1.0f))));
        return completed(new OutputStyleModel(styles));
    }
}
