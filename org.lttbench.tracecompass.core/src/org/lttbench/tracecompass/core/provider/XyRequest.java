package org.lttbench.tracecompass.core.provider;

import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;

/**
 * What an XY view asks of LTTbench's XY providers: the sample times, each standing for the interval to the next (the
 * last one's as long as the one before it), and the series selected.
 *
 * @param x     the sample times, at least two
 * @param items the selected series' ids; null: every series
 */
record XyRequest(long[] x, List<Long> items) {

    /** The request a query's parameters make, or null when they give no two sample times. */
    static XyRequest of(Map<String, Object> parameters) {
        List<Long> times = DataProviderParameterUtils.extractTimeRequested(parameters);
        if (times == null || times.size() < 2) {
            return null;
        }
        return new XyRequest(times.stream().mapToLong(Long::longValue).toArray(),
                DataProviderParameterUtils.extractSelectedItems(parameters));
    }

    boolean wants(long series) {
        return items == null || items.contains(series);
    }

    /** The end of sample {@code i}'s interval (excluded). */
    long end(int i) {
        return i + 1 < x.length ? x[i + 1] : x[i] + (x[i] - x[i - 1]);
    }
}
