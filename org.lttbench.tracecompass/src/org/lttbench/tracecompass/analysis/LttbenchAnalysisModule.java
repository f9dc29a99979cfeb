package org.lttbench.tracecompass.analysis;

import java.io.File;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfStateProvider;
import org.eclipse.tracecompass.tmf.core.statesystem.TmfStateSystemAnalysisModule;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceFormatException;
import org.lttbench.tracecompass.trace.TmfTraceSet;

/**
 * LTTbench in Trace Compass: one pass over an LTTng trace (or an experiment of them) runs every applicable LTTbench
 * analysis and builds a state system of the threads' states; the views ask it for reports ({@link #results()}).
 * Registered in plugin.xml for LTTng kernel and user-space traces and experiments of them.
 */
public final class LttbenchAnalysisModule extends TmfStateSystemAnalysisModule {
    public static final String ID = "org.lttbench.tracecompass.analysis";

    private volatile TmfTraceSet traces;
    private volatile long totalBytes;
    private volatile LttbenchStateProvider provider;
    private volatile PassResults results;
    private volatile Throwable failure;

    /** Only traces Trace Compass reads as CTF: the adapter takes CTF events. */
    @Override
    public boolean canExecute(ITmfTrace trace) {
        for (ITmfTrace t : TmfTraceManager.getTraceSet(trace)) {
            if (t instanceof CtfTmfTrace) {
                return super.canExecute(trace);
            }
        }
        return false;
    }

    @Override
    protected boolean executeAnalysis(IProgressMonitor monitor) {
        ITmfTrace trace = getTrace();
        if (trace == null) {
            return false;
        }
        try {
            traces = TmfTraceSet.of(trace);
            totalBytes = traces.totalBytes();
        } catch (TraceFormatException e) {
            failure = e;
            fail(e);
            return false;
        }
        // The reports and thread records live in memory: a history file left by an earlier session has neither,
        // so the pass runs again rather than opening it.
        File history = getSsFile();
        if (history != null && history.exists() && !history.delete()) {
            failure = new IllegalStateException("cannot replace the state history file " + history);
            fail(failure);
            return false;
        }
        boolean completed = super.executeAnalysis(monitor);
        LttbenchStateProvider p = provider;
        results = p == null ? null : p.results();
        if (results == null && p != null) {
            failure = p.getFailureCause();
        }
        return completed && results != null;
    }

    @Override
    protected ITmfStateProvider createStateProvider() {
        LttbenchStateProvider p = new LttbenchStateProvider(getTrace(), traces);
        provider = p;
        return p;
    }

    /** The pass's results once the module completed ({@code waitForCompletion}), else {@code null}. */
    public PassResults results() {
        return results;
    }

    /** How far the pass has read, from 0 to 1 (by time: Trace Compass gives no byte offsets). */
    public double progress() {
        LttbenchStateProvider p = provider;
        ITmfTrace trace = getTrace();
        if (results != null) {
            return 1;
        }
        if (p == null || trace == null || p.lastTime() == Long.MIN_VALUE) {
            return 0;
        }
        TimeRange span = traces.span();
        return span.duration() <= 0 ? 0 : Math.min(1, (double) (p.lastTime() - span.begin()) / span.duration());
    }

    /**
     * Why the pass did not complete, when known (IAnalysisModule.getFailureCause() exists only from Trace Compass
     * 11.1).
     */
    public Throwable failure() {
        return failure;
    }

    /** Bytes of stream data the pass reads (0 before it starts). */
    public long totalBytes() {
        return totalBytes;
    }

    @Override
    protected String getFullHelpText() {
        return "LTTbench: where each process's time went (user, system call, IRQ, waiting for a CPU, blocked on disk "
                + "I/O or on anything else), what the tracing cost per tracepoint, and what the trace lost per channel, "
                + "stream and CPU with buffer-size advice. One pass over the trace runs every analysis that applies; "
                + "its views are under this analysis and in Window > Show View > LTTbench.";
    }
}
