package org.lttbench.tracecompass.core.provider;

import org.eclipse.tracecompass.tmf.core.synchronization.ITmfTimestampTransform;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;

/**
 * LTTbench's times (ns since the epoch of the trace's clock) against Trace Compass's, which apply the trace's time
 * transform (a user's offset, an experiment's clock correction: linear). An experiment's first trace gives it; the
 * inverse comes from the transform's values at two times (its own inverse is not API).
 */
record TimeBase(ITmfTimestampTransform transform, double slope, double intercept) {
    private static final long A = 1_000_000_000_000_000_000L;

    static TimeBase of(ITmfTrace trace) {
        ITmfTrace first = TmfTraceManager.getTraceSet(trace).stream().findFirst().orElse(trace);
        ITmfTimestampTransform t = first.getTimestampTransform();
        double slope = (double) (t.transform(A) - t.transform(0)) / A;
        return new TimeBase(t, slope, t.transform(0));
    }

    long toTraceCompass(long lttbench) {
        return transform.transform(lttbench);
    }

    long toLttbench(long traceCompass) {
        if (slope == 1.0) {
            return traceCompass - (long) intercept; // an offset: exact
        }
        return Math.round((traceCompass - intercept) / slope);
    }
}
