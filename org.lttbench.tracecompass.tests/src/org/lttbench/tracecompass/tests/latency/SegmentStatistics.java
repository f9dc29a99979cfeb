package org.lttbench.tracecompass.tests.latency;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.tracecompass.analysis.timing.core.segmentstore.SegmentStoreStatisticsModel;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.segment.interfaces.INamedSegment;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/** Per segment name, {count, total, min, max} of the durations: of a store's segments, or as Trace Compass says. */
final class SegmentStatistics {
    private static final String STATISTICS_PROVIDER =
            "org.eclipse.tracecompass.analysis.timing.core.segmentstore.SegmentStoreStatisticsDataProvider";

    private SegmentStatistics() {
    }

    /** Of these segments, by their names. */
    static Map<String, List<Long>> of(Iterable<ISegment> segments) {
        Map<String, long[]> m = new TreeMap<>();
        for (ISegment s : segments) {
            long d = s.getLength();
            long[] x = m.computeIfAbsent(((INamedSegment) s).getName(),
                    k -> new long[] { 0, 0, Long.MAX_VALUE, Long.MIN_VALUE });
            x[0]++;
            x[1] += d;
            x[2] = Math.min(x[2], d);
            x[3] = Math.max(x[3], d);
        }
        return mapped(m);
    }

    /** Trace Compass's statistics data provider over that segment-store module: per name, under its Total entry. */
    static Map<String, List<Long>> ofProvider(ITmfTrace trace, String moduleId) {
        @SuppressWarnings("unchecked")
        ITmfTreeDataProvider<SegmentStoreStatisticsModel> p = DataProviderManager.getInstance()
                .fetchOrCreateDataProvider(trace, STATISTICS_PROVIDER + ":" + moduleId, ITmfTreeDataProvider.class);
        assertNotNull(p, "Trace Compass's statistics data provider for " + moduleId);
        TmfModelResponse<TmfTreeModel<SegmentStoreStatisticsModel>> r = p.fetchTree(Map.of(), null);
        assertNotNull(r.getModel(), r.getStatusMessage());
        List<SegmentStoreStatisticsModel> entries = r.getModel().getEntries();
        long totalId = entries.stream().filter(e -> e.getName().equals("Total")).findFirst().orElseThrow().getId();
        Map<String, long[]> m = new TreeMap<>();
        for (SegmentStoreStatisticsModel e : entries) {
            if (e.getParentId() == totalId) {
                m.put(e.getName(), new long[] { e.getNbElements(), Math.round(e.getTotal()), e.getMin(), e.getMax() });
            }
        }
        return mapped(m);
    }

    static Map<String, List<Long>> mapped(Map<String, long[]> m) {
        Map<String, List<Long>> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k, java.util.Arrays.stream(v).boxed().toList()));
        return out;
    }
}
