package org.lttbench.tracecompass.core.provider;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
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
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.analysis.waits.CriticalPathAnalysis;
import org.lttbench.core.analysis.waits.CriticalPathAnalysis.PathState;
import org.lttbench.core.analysis.waits.CriticalPathAnalysis.Segment;
import org.lttbench.core.analysis.waits.ThreadHistory;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.analysis.ThreadStateHistory;

/**
 * One thread's critical path (the thread's TID in the fetch parameters, {@link LttbenchDataProviders#THREAD_PARAMETER}):
 * a row for the thread and one for each thread its path runs through, each moment styled by what the progress waited
 * on (running, waiting for a CPU, disk, network, timer, interrupt, blocked, unknown), as LTTbench's critical path
 * analysis walks it. The threads' states come from the module's kept state system, replayed once into a compact
 * history that every thread's path then reads.
 */
final class CriticalPathDataProvider extends TimeGraphProvider {

    private final LttbenchAnalysisModule module;
    private ThreadHistory history;
    /** The thread whose path the entries show, and the path's segments per entry. */
    private Integer shownTid;
    private final Map<Long, List<Segment>> segmentsOfEntry = new LinkedHashMap<>();

    CriticalPathDataProvider(ITmfTrace trace, LttbenchAnalysisModule module) {
        super(trace, LttbenchDataProviders.CRITICAL_PATH);
        this.module = module;
    }

    @Override
    public synchronized TmfModelResponse<TmfTreeModel<TimeGraphEntryModel>> fetchTree(Map<String, Object> parameters,
            IProgressMonitor monitor) {
        module.schedule();
        if (!module.waitForCompletion() || module.results() == null) {
            String why = module.failure() != null ? module.failure().getMessage() : CommonStatusMessage.ANALYSIS_INITIALIZATION_FAILED;
            return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, why);
        }
        ThreadStateHistory states = module.results().threadStates();
        Integer tid = LttbenchDataProviders.thread(parameters);
        if (states == null || tid == null) {
            String why = states == null ? "no thread states: " + module.results().whyNotApplicable("process")
                    : "select a thread (in Control Flow, Thread states or Resources) to see its critical path";
            return new TmfModelResponse<>(new TmfTreeModel<>(List.of("Thread"), List.of()), ITmfResponse.Status.COMPLETED, why);
        }
        if (history == null) {
            history = new ThreadHistory();
            states.replayed(TimeRange.ALL, GroupBy.THREAD, history);
        }
        ThreadHistory.Changes target = null;
        int changes = -1; // of threads with that TID (reused), the busiest
        for (ThreadHistory.Changes c : history.all()) {
            ThreadRecord r = ThreadHistory.thread(c);
            if (r.tid() == tid && !r.placeholder() && c.size() > changes) {
                target = c;
                changes = c.size();
            }
        }
        List<TimeGraphEntryModel> entries = new ArrayList<>();
        segmentsOfEntry.clear();
        shownTid = tid;
        if (target != null) {
            ThreadRecord t = ThreadHistory.thread(target);
            long from = target.first();
            long to = history.died(target);
            List<Segment> path = CriticalPathAnalysis.path(history, target, from, to, states.facts()::get);
            Map<ThreadRecord, Long> entryOf = new LinkedHashMap<>();
            long root = 1;
            entries.add(new TimeGraphEntryModel(root, -1, "Critical path of " + t.tid() + " " + t.name(),
                    time.toTraceCompass(from), time.toTraceCompass(to)));
            for (Segment s : path) {
                long id = entryOf.computeIfAbsent(s.thread(), r -> {
                    long e = entryOf.size() + 2L;
                    entries.add(new TimeGraphEntryModel(e, root, r.tid() + " " + r.name(), time.toTraceCompass(from),
                            time.toTraceCompass(to)));
                    return e;
                });
                segmentsOfEntry.computeIfAbsent(id, k -> new ArrayList<>()).add(s);
                segmentsOfEntry.computeIfAbsent(root, k -> new ArrayList<>()).add(s);
            }
        }
        String message = target == null ? "no thread " + tid + " in the trace's thread states" : CommonStatusMessage.COMPLETED;
        return new TmfModelResponse<>(new TmfTreeModel<>(List.of("Thread"), entries), ITmfResponse.Status.COMPLETED, message);
    }

    @Override
    public synchronized TmfModelResponse<TimeGraphModel> fetchRowModel(Map<String, Object> parameters,
            IProgressMonitor monitor) {
        Integer tid = LttbenchDataProviders.thread(parameters);
        if (tid != null && !tid.equals(shownTid)) {
            fetchTree(parameters, monitor);
        }
        // As a time graph view asks: the rows of the requested entries, each with the states holding one of the
        // requested times (one per pixel), not every state of every row (a long path is megabytes).
        List<Long> selected = DataProviderParameterUtils.extractSelectedItems(parameters);
        Set<Long> items = selected == null ? null : new HashSet<>(selected);
        List<Long> times = DataProviderParameterUtils.extractTimeRequested(parameters);
        TreeSet<Long> at = times == null ? null : new TreeSet<>(times);
        List<ITimeGraphRowModel> rows = new ArrayList<>();
        segmentsOfEntry.forEach((entry, segments) -> {
            if (items != null && !items.contains(entry)) {
                return;
            }
            List<ITimeGraphState> states = new ArrayList<>();
            for (Segment s : segments) {
                long begin = time.toTraceCompass(s.begin());
                long end = time.toTraceCompass(s.end());
                Long sample = at == null ? null : at.ceiling(begin);
                if (at != null && (sample == null || sample > end)) {
                    continue;
                }
                states.add(new TimeGraphState(begin, end - begin,
                        s.detail() == null ? s.state().label() : s.state().label() + ": " + s.detail(),
                        new OutputElementStyle(s.state().name())));
            }
            rows.add(new TimeGraphRowModel(entry, states));
        });
        return completed(new TimeGraphModel(rows));
    }

    @Override
    public TmfModelResponse<Map<String, String>> fetchTooltip(Map<String, Object> parameters, IProgressMonitor monitor) {
        return completed(Map.of());
    }

    @Override
    public TmfModelResponse<OutputStyleModel> fetchStyle(Map<String, Object> parameters, IProgressMonitor monitor) {
        Map<String, OutputElementStyle> styles = new LinkedHashMap<>();
        for (PathState state : PathState.values()) {
            styles.put(state.name(), new OutputElementStyle(null, Map.of(StyleProperties.STYLE_NAME, state.label(),
                    StyleProperties.BACKGROUND_COLOR, String.format("#%06X", state.rgb()), StyleProperties.HEIGHT, 1.0f,
                    StyleProperties.OPACITY, 1.0f)));
        }
        return completed(new OutputStyleModel(styles));
    }
}
