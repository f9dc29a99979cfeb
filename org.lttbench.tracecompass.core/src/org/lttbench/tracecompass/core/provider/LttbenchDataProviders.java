package org.lttbench.tracecompass.core.provider;

import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;

/** The ids of LTTbench's data providers, and what they share. */
public final class LttbenchDataProviders {
    /** Time graph of thread states. */
    public static final String THREAD_STATES = "org.lttbench.tracecompass.provider.threadstates";
    /** A report table; its secondary id is {@code analysis.grouping.table}, e.g. {@code process.thread.threads}. */
    public static final String TABLE = "org.lttbench.tracecompass.provider.table";
    /** Time graph of one thread's critical path (the thread's TID in {@link #THREAD_PARAMETER}). */
    public static final String CRITICAL_PATH = "org.lttbench.tracecompass.provider.criticalpath";
    /** The fetch parameter naming the thread of a critical path: its TID (an Integer or a Long). */
    public static final String THREAD_PARAMETER = "lttbench.thread";
    /**
     * Time graph of the spans of the threads that have some (one thread's when its TID, or its vtid for a thread no
     * kernel thread was matched to, is in {@link #THREAD_PARAMETER}), with the thread's kernel states beside them.
     */
    public static final String THREAD_SPANS = "org.lttbench.tracecompass.provider.spans";
    /** Discarded events over time, per stream (XY). */
    public static final String DISCARDED_XY = "org.lttbench.tracecompass.provider.discarded.xy";
    /** Disk throughput over time, per device and operation (XY). */
    public static final String DISK_THROUGHPUT_XY = "org.lttbench.tracecompass.provider.disk.xy";

    private LttbenchDataProviders() {
    }

    /** The TID a fetch's parameters name ({@link #THREAD_PARAMETER}), or null. */
    static Integer thread(java.util.Map<String, Object> parameters) {
        return parameters.get(THREAD_PARAMETER) instanceof Number n ? n.intValue() : null;
    }

    /** LTTbench's module on that trace (an experiment's own, for an experiment), or null. */
    static LttbenchAnalysisModule module(ITmfTrace trace) {
        return trace.getAnalysisModule(LttbenchAnalysisModule.ID) instanceof LttbenchAnalysisModule m ? m
                : TmfTraceUtils.getAnalysisModuleOfClass(trace, LttbenchAnalysisModule.class, LttbenchAnalysisModule.ID);
    }

    /**
     * LTTbench's module on that trace, started, or null: a client lists a trace's outputs as it opens it (the trace
     * server's clients do), so its pass runs from then on, and early requests get what it knows so far.
     */
    static LttbenchAnalysisModule listed(ITmfTrace trace) {
        LttbenchAnalysisModule m = module(trace);
        if (m != null) {
            m.schedule();
        }
        return m;
    }

    /** The full id of a table provider. */
    public static String table(String analysis, String grouping, String table) {
        return TABLE + ":" + analysis + "." + grouping + "." + table;
    }
}
