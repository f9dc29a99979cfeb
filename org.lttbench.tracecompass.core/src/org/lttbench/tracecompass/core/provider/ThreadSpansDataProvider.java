package org.lttbench.tracecompass.core.provider;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

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
import org.lttbench.core.analysis.spans.SpansAnalysis;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.Table;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.analysis.PassResults;
import org.lttbench.tracecompass.core.spans.SpanResults;

/**
 * The spans of a thread over time (of every thread with spans when none is asked for, {@link
 * LttbenchDataProviders#THREAD_PARAMETER}): under the thread, a row of spans per nesting depth, each span a state
 * labelled by its name, with a tooltip of its breakdown (self time, user, system, waiting for a CPU, I/O, blocked and
 * where), and beside them the kernel thread's states as the thread states provider draws them. The spans are the spans
 * analysis's ({@link SpanResults}: the report's slowest spans, every one of them).
 */
final class ThreadSpansDataProvider extends TimeGraphProvider {
    /** A span's style: spans have no state of their own, their breakdown is in the tooltip and the row beside. */
    static final String SPAN = "SPAN";
    private static final String SPAN_COLOR = "#5B8DB8";

    private final LttbenchAnalysisModule module;
    private final ThreadStatesDataProvider states;
    private Table every;
    private Integer shownTid;
    /** Per row of spans: its spans (rows of the slowest spans' table), in the order they began. */
    private final Map<Long, List<Object[]>> spansOfEntry = new LinkedHashMap<>();
    /** Per row of kernel states: the thread states provider's entries of that TID. */
    private final Map<Long, List<Long>> statesOfEntry = new LinkedHashMap<>();

    ThreadSpansDataProvider(ITmfTrace trace, LttbenchAnalysisModule module) {
        super(trace, LttbenchDataProviders.THREAD_SPANS);
        this.module = module;
        this.states = new ThreadStatesDataProvider(trace, module);
    }

    private int col(String key) {
        return every.columnIndex(key);
    }

    private static Long number(Object cell) {
        return cell instanceof Number n ? n.longValue() : null;
    }

    @Override
    public synchronized TmfModelResponse<TmfTreeModel<TimeGraphEntryModel>> fetchTree(Map<String, Object> parameters,
            IProgressMonitor monitor) {
        module.schedule();
        PassResults results = module.waitForCompletion() ? module.results() : null;
        if (results == null) {
            String why = module.failure() != null ? module.failure().getMessage() : CommonStatusMessage.ANALYSIS_INITIALIZATION_FAILED;
            return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, why);
        }
        SpanResults spans;
        try {
            spans = SpanResults.of(module, results);
        } catch (IOException e) {
            return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, String.valueOf(e.getMessage()));
        }
        Integer tid = LttbenchDataProviders.thread(parameters);
        List<TimeGraphEntryModel> entries = new ArrayList<>();
        every = spans.every();
        spansOfEntry.clear();
        statesOfEntry.clear();
        shownTid = tid;
        if (spans.report() == null) {
            // not a failure (a kernel trace alone has no spans): no rows, and why
            return new TmfModelResponse<>(new TmfTreeModel<>(List.of("Thread"), entries), ITmfResponse.Status.COMPLETED,
                    "no spans: " + spans.whyNotApplicable());
        }
        if (results.threadStates() != null) {
            states.fetchTree(Map.of(), monitor);
        }
        // a user-space thread is its vtid and vpid (its kernel thread, when matched, is the same all along)
        Map<List<Long>, List<Object[]>> byThread = new LinkedHashMap<>();
        for (Object[] row : every.rows()) {
            Long kernelTid = number(row[col("tid")]);
            Long vtid = number(row[col("vtid")]);
            if (tid == null || (kernelTid != null ? kernelTid == tid.longValue() : Objects.equals(vtid, tid.longValue()))) {
                byThread.computeIfAbsent(java.util.Arrays.asList(vtid, number(row[col("vpid")])), k -> new ArrayList<>())
                        .add(row);
            }
        }
        long[] next = { 1 };
        byThread.values().forEach(rows -> addThread(entries, next, rows, results));
        String message = entries.isEmpty() && tid != null ? "no spans on thread " + tid : CommonStatusMessage.COMPLETED;
        return new TmfModelResponse<>(new TmfTreeModel<>(List.of("Thread"), entries), ITmfResponse.Status.COMPLETED, message);
    }

    /** A thread's entry, a row of spans per depth under it, and its kernel states' row when it was matched. */
    private void addThread(List<TimeGraphEntryModel> entries, long[] next, List<Object[]> rows, PassResults results) {
        Object[] first = rows.get(0);
        Long kernelTid = rows.stream().map(r -> number(r[col("tid")])).filter(Objects::nonNull).findFirst().orElse(null);
        long begin = rows.stream().mapToLong(r -> (Long) r[col("begin")]).min().orElseThrow();
        long end = rows.stream().mapToLong(r -> (Long) r[col("begin")] + (Long) r[col("wall_ns")]).max().orElseThrow();
        long from = time.toTraceCompass(begin);
        long to = time.toTraceCompass(end);
        String procname = first[col("procname")] == null ? "?" : (String) first[col("procname")];
        Long vtid = number(first[col("vtid")]);
        String name = procname + " (" + (kernelTid != null ? "TID " + kernelTid
                : vtid != null ? "vtid " + vtid : "no thread context") + ")";
        long thread = next[0]++;
        entries.add(new TimeGraphEntryModel(thread, -1, name, from, to, false));
        Map<Long, List<Object[]>> byDepth = new java.util.TreeMap<>();
        for (Object[] r : rows) {
            byDepth.computeIfAbsent((Long) r[col("depth")], d -> new ArrayList<>()).add(r);
        }
        byDepth.forEach((depth, spans) -> {
            long id = next[0]++;
            entries.add(new TimeGraphEntryModel(id, thread, depth == 0 ? "Spans" : "Spans, depth " + depth, from, to, true));
            spansOfEntry.put(id, spans);
        });
        if (kernelTid != null && results.threadStates() != null) {
            List<Long> kernel = states.entriesOf(kernelTid.intValue());
            if (!kernel.isEmpty()) {
                long id = next[0]++;
                entries.add(new TimeGraphEntryModel(id, thread, "Thread states", from, to, true));
                statesOfEntry.put(id, kernel);
            }
        }
    }

    @Override
    public synchronized TmfModelResponse<TimeGraphModel> fetchRowModel(Map<String, Object> parameters,
            IProgressMonitor monitor) {
        Integer tid = LttbenchDataProviders.thread(parameters);
        if (every == null || !Objects.equals(tid, shownTid)) {
            fetchTree(parameters, monitor);
        }
        List<Long> times = DataProviderParameterUtils.extractTimeRequested(parameters);
        List<Long> items = DataProviderParameterUtils.extractSelectedItems(parameters);
        if (times == null || times.isEmpty() || items == null) {
            return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, CommonStatusMessage.INCORRECT_QUERY_PARAMETERS);
        }
        long from = times.stream().min(Long::compare).orElseThrow();
        long to = times.stream().max(Long::compare).orElseThrow();
        List<ITimeGraphRowModel> rows = new ArrayList<>();
        for (long item : items) {
            List<Object[]> spans = spansOfEntry.get(item);
            if (spans != null) {
                List<ITimeGraphState> drawn = new ArrayList<>();
                for (Object[] s : spans) {
                    long begin = time.toTraceCompass((Long) s[col("begin")]);
                    long end = time.toTraceCompass((Long) s[col("begin")] + (Long) s[col("wall_ns")]);
                    if (end >= from && begin <= to) {
                        drawn.add(new TimeGraphState(begin, end - begin, (String) s[col("span")], new OutputElementStyle(SPAN)));
                    }
                }
                rows.add(new TimeGraphRowModel(item, drawn));
            }
            List<Long> kernel = statesOfEntry.get(item);
            if (kernel != null) {
                Map<String, Object> asked = new HashMap<>(parameters);
                asked.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, kernel);
                TimeGraphModel model = states.fetchRowModel(asked, monitor).getModel();
                List<ITimeGraphState> drawn = new ArrayList<>();
                if (model != null) {
                    model.getRows().forEach(r -> drawn.addAll(r.getStates()));
                }
                drawn.sort(Comparator.comparingLong(ITimeGraphState::getStartTime));
                rows.add(new TimeGraphRowModel(item, drawn));
            }
        }
        return completed(new TimeGraphModel(rows));
    }

    /** A span's name and breakdown; on the kernel row, the thread states provider's tooltip. */
    @Override
    public synchronized TmfModelResponse<Map<String, String>> fetchTooltip(Map<String, Object> parameters,
            IProgressMonitor monitor) {
        List<Long> times = DataProviderParameterUtils.extractTimeRequested(parameters);
        List<Long> items = DataProviderParameterUtils.extractSelectedItems(parameters);
        if (times == null || times.isEmpty() || items == null || items.isEmpty()) {
            return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, CommonStatusMessage.INCORRECT_QUERY_PARAMETERS);
        }
        long at = times.get(0);
        List<Long> kernel = statesOfEntry.get(items.get(0));
        if (kernel != null) {
            for (long entry : kernel) {
                Map<String, Object> asked = new HashMap<>(parameters);
                asked.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, List.of(entry));
                TmfModelResponse<Map<String, String>> tip = states.fetchTooltip(asked, monitor);
                if (tip.getModel() != null && tip.getModel().containsKey("State")) {
                    return tip;
                }
            }
        }
        Map<String, String> tip = new LinkedHashMap<>();
        for (Object[] s : spansOfEntry.getOrDefault(items.get(0), List.of())) {
            long begin = time.toTraceCompass((Long) s[col("begin")]);
            if (begin <= at && at <= time.toTraceCompass((Long) s[col("begin")] + (Long) s[col("wall_ns")])) {
                tip.put("Span", (String) s[col("span")]);
                for (String key : List.of("wall_ns", "self_ns")) {
                    tip.put(every.columns().get(col(key)).title(), CellFormat.duration((Long) s[col(key)]));
                }
                for (String part : SpansAnalysis.PARTS) {
                    if (s[col(part)] instanceof Long ns && ns > 0) {
                        tip.put(every.columns().get(col(part)).title(), CellFormat.duration(ns));
                    }
                }
                Column blocked = every.columns().get(col("blocked_in"));
                if (s[col("blocked_in")] != null) {
                    tip.put(blocked.title(), (String) s[col("blocked_in")]);
                }
            }
        }
        return completed(tip);
    }

    /** The thread states' legend, and the spans'. */
    @Override
    public TmfModelResponse<OutputStyleModel> fetchStyle(Map<String, Object> parameters, IProgressMonitor monitor) {
        Map<String, OutputElementStyle> styles = new LinkedHashMap<>();
        styles.put(SPAN, new OutputElementStyle(null, Map.of(StyleProperties.STYLE_NAME, "Span",
                StyleProperties.BACKGROUND_COLOR, SPAN_COLOR, StyleProperties.HEIGHT, 1.0f, StyleProperties.OPACITY, 1.0f)));
        OutputStyleModel threadStates = states.fetchStyle(parameters, monitor).getModel();
        if (threadStates != null) {
            styles.putAll(threadStates.getStyles());
        }
        return completed(new OutputStyleModel(styles));
    }
}
