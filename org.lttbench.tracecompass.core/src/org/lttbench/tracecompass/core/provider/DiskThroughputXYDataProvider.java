package org.lttbench.tracecompass.core.provider;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.tmf.core.model.CommonStatusMessage;
import org.eclipse.tracecompass.tmf.core.model.TmfCommonXAxisModel;
import org.eclipse.tracecompass.tmf.core.model.YModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfTreeXYDataProvider;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfXyModel;
import org.eclipse.tracecompass.tmf.core.model.xy.IYModel;
import org.eclipse.tracecompass.tmf.core.model.xy.TmfXyTreeDataModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.lttbench.tracecompass.core.latency.DiskLatencyModule;
import org.lttbench.tracecompass.core.latency.LatencySegment;

/**
 * Disk throughput over time, one series per device and operation that moved bytes ({@code 8:0 read}): at each
 * requested time, the bytes of the requests completed between it and the next, per second. From the disk requests'
 * segment store ({@link DiskLatencyModule}), so it is exact at any zoom: what the io analysis counts, request by
 * request.
 */
final class DiskThroughputXYDataProvider extends LttbenchDataProvider
        implements ITmfTreeXYDataProvider<TmfXyTreeDataModel> {
    private final DiskLatencyModule requests;
    /** Per series id: its requests' name. */
    private final Map<Long, String> series = new LinkedHashMap<>();

    DiskThroughputXYDataProvider(ITmfTrace trace, DiskLatencyModule requests) {
        super(trace, LttbenchDataProviders.DISK_THROUGHPUT_XY);
        this.requests = requests;
    }

    /** The requests, once the module has written or opened them; null when it failed (its cause then says why). */
    private ISegmentStore<ISegment> store(IProgressMonitor monitor) {
        requests.schedule();
        return requests.waitForCompletion() ? requests.getSegmentStore() : null;
    }

    private TmfModelResponse<TmfTreeModel<TmfXyTreeDataModel>> failedTree() {
        Throwable why = requests.getFailureCause();
        return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED,
                why == null ? "LTTbench's disk requests did not complete" : String.valueOf(why.getMessage()));
    }

    @Override
    public synchronized TmfModelResponse<TmfTreeModel<TmfXyTreeDataModel>> fetchTree(Map<String, Object> parameters,
            IProgressMonitor monitor) {
        ISegmentStore<ISegment> store = store(monitor);
        if (store == null) {
            return failedTree();
        }
        TreeMap<String, Boolean> names = new TreeMap<>();
        for (ISegment s : store) {
            if (s instanceof LatencySegment r && r.told() && r.value() > 0) {
                names.put(r.name(), true);
            }
        }
        series.clear();
        List<TmfXyTreeDataModel> entries = new ArrayList<>();
        long root = 0;
        entries.add(new TmfXyTreeDataModel(root, -1, List.of(getTrace().getName()), false, null, false));
        long id = 1;
        for (String name : names.keySet()) {
            series.put(id, name);
            entries.add(new TmfXyTreeDataModel(id++, root, List.of(name), true, null, true));
        }
        return completed(new TmfTreeModel<>(List.of("Device and operation"), entries));
    }

    @Override
    public synchronized TmfModelResponse<ITmfXyModel> fetchXY(Map<String, Object> parameters, IProgressMonitor monitor) {
        XyRequest q = XyRequest.of(parameters);
        if (q == null) {
            return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, CommonStatusMessage.INCORRECT_QUERY_PARAMETERS);
        }
        if (series.isEmpty()) {
            TmfModelResponse<TmfTreeModel<TmfXyTreeDataModel>> tree = fetchTree(Map.of(), monitor);
            if (tree.getModel() == null) {
                return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, tree.getStatusMessage());
            }
        }
        ISegmentStore<ISegment> store = store(monitor);
        if (store == null) {
            return new TmfModelResponse<>(null, ITmfResponse.Status.FAILED, failedTree().getStatusMessage());
        }
        long[] x = q.x();
        long end = q.end(x.length - 1);
        Map<String, double[]> bytes = new LinkedHashMap<>();
        for (var s : series.entrySet()) {
            if (q.wants(s.getKey())) {
                bytes.put(s.getValue(), new double[x.length]);
            }
        }
        for (ISegment s : store.getIntersectingElements(x[0], end)) {
            if (s instanceof LatencySegment r && r.told() && bytes.get(r.name()) instanceof double[] y) {
                int i = interval(x, r.getEnd());
                if (i >= 0 && r.getEnd() < end) {
                    y[i] += r.value();
                }
            }
        }
        List<IYModel> ys = new ArrayList<>();
        for (var s : series.entrySet()) {
            double[] y = bytes.get(s.getValue());
            if (y == null) {
                continue;
            }
            for (int i = 0; i < x.length; i++) {
                y[i] = y[i] * 1e9 / Math.max(1, q.end(i) - x[i]);  // bytes per second
            }
            ys.add(new YModel(s.getKey(), s.getValue(), y));
        }
        return completed(new TmfCommonXAxisModel("Disk throughput (bytes/s)", x, ys));
    }

    /** The interval [x[i], x[i + 1]) holding t (the last one open-ended), or -1 before the first. */
    private static int interval(long[] x, long t) {
        int i = java.util.Arrays.binarySearch(x, t);
        return i >= 0 ? i : -i - 2;
    }
}
