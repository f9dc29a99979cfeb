package org.lttbench.tracecompass.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.statesystem.AbstractTmfStateProvider;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfStateProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.batch.AnalysisRun;
import org.lttbench.core.report.Report;
import org.lttbench.core.trace.RecordFanOut;
import org.lttbench.tracecompass.trace.RecordAdapter;
import org.lttbench.tracecompass.trace.TmfTraceSet;

/**
 * The module's one pass: every event Trace Compass reads for the state system is adapted once and handed to every
 * applicable LTTbench analysis (DESIGN.md: one pass, many sinks); the process analysis's thread state machine also
 * writes its state changes into the state system through a {@link ThreadStateWriter}.
 */
final class LttbenchStateProvider extends AbstractTmfStateProvider {
    /** Bump when what is written to the state system changes. */
    static final int VERSION = 1;

    private final TmfTraceSet traces;
    private final List<Analysis> analyses = new ArrayList<>();
    private final Map<String, String> notApplicable = new LinkedHashMap<>();
    private ThreadStateWriter writer;
    private RecordFanOut fanOut;
    private RecordAdapter records;
    private volatile long lastTime = Long.MIN_VALUE;
    private volatile PassResults results;

    LttbenchStateProvider(ITmfTrace trace, TmfTraceSet traces) {
        super(trace, LttbenchAnalysisModule.ID);
        this.traces = traces;
    }

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public ITmfStateProvider getNewInstance() {
        return new LttbenchStateProvider(getTrace(), traces);
    }

    /** Sets the analyses up before Trace Compass starts the thread that hands events to {@link #eventHandle}. */
    @Override
    public void assignTargetStateSystem(ITmfStateSystemBuilder ssb) {
        writer = new ThreadStateWriter(ssb);
        for (AnalysisProvider provider : Analyses.all()) {
            Analysis analysis = provider == ProcessAnalysis.PROVIDER
                    ? new ProcessAnalysis(AnalysisOptions.DEFAULT, writer)
                    : provider.create(AnalysisOptions.DEFAULT);
            String why = analysis.whyNotApplicable(traces);
            if (why == null) {
                analyses.add(analysis);
            } else {
                notApplicable.put(provider.name(), why);
            }
        }
        AnalysisRun.introduce(analyses);
        fanOut = new RecordFanOut(analyses);
        records = traces.records(fanOut);
        fanOut.start(traces);
        super.assignTargetStateSystem(ssb);
    }

    @Override
    protected void eventHandle(ITmfEvent event) {
        records.accept(event);
        lastTime = event.getTimestamp().toNanos();
    }

    /** After the last event, before Trace Compass closes the state system. */
    @Override
    public void done() {
        fanOut.end();
        Map<String, Report> reports = new LinkedHashMap<>();
        for (Analysis a : analyses) {
            Report r = a.report();
            TmfTraceSet.annotate(r);
            reports.put(r.analysis(), r);
        }
        Report process = reports.get("process");
        results = new PassResults(traces, reports, notApplicable,
                process == null ? null : writer.history(process.notes()));
    }

    /**
     * Nothing is final before the pass ends: a thread's past state can still change (a blocked wait becomes I/O or
     * not at its wakeup), so no partial state may be queried.
     */
    @Override
    public long getLatestSafeTime() {
        return results == null ? getStartTime() - 1 : super.getLatestSafeTime();
    }

    /** Time of the last event handled (progress). */
    long lastTime() {
        return lastTime;
    }

    /** The pass's results, once {@link #done()} ran; {@code null} before. */
    PassResults results() {
        return results;
    }
}
