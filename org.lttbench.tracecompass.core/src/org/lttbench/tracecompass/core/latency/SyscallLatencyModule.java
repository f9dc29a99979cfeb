package org.lttbench.tracecompass.core.latency;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.tracecompass.analysis.timing.core.segmentstore.AbstractSegmentStoreAnalysisModule;
import org.eclipse.tracecompass.datastore.core.interval.IHTIntervalReader;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.segmentstore.core.SegmentStoreFactory.SegmentStoreType;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfAnalysisException;
import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisRun;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.analysis.latency.SyscallLatencyAnalysis;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.analysis.PassResults;

/**
 * LTTbench's system call latencies as a Trace Compass segment-store analysis: every call, as LTTbench's process
 * analysis tells it (the calls its syscalls table counts), in an on-disk segment store, so that Trace Compass's generic
 * latency views (table, scatter, statistics, with this module's id as their secondary id) and its segment-store data
 * providers show them. It waits for the LTTbench module (for its traces and their reading), then writes the store with
 * a read of its own ({@link SyscallSegmentWriter}) the first time a view asks, and opens it, or one an earlier session
 * kept.
 */
public final class SyscallLatencyModule extends AbstractSegmentStoreAnalysisModule {
    public static final String ID = "org.lttbench.tracecompass.analysis.syscalls";
    /** Bump when {@link SyscallSegment}'s form on disk changes. */
    public static final int VERSION = 1;

    /** Where the LTTbench module writes the calls for this trace (what this module opens). */
    public static Path dataFile(ITmfTrace trace) {
        return Path.of(TmfTraceManager.getSupplementaryFileDir(trace), ID + ".ss");
    }

    /**
     * Whether there is a store to write for these traces: where LTTbench's syscalls analysis applies (the trace has
     * system call events).
     */
    public static boolean writtenFor(TraceSet traces) {
        return SyscallLatencyAnalysis.PROVIDER.create(AnalysisOptions.DEFAULT).whyNotApplicable(traces) == null;
    }

    @Override
    protected Path getDataFilePath() {
        ITmfTrace trace = getTrace();
        return trace == null ? null : dataFile(trace);
    }

    @Override
    protected String getDataFileName() {
        return ID + ".ss";
    }

    @Override
    protected SegmentStoreType getSegmentStoreType() {
        return SegmentStoreType.OnDisk;
    }

    @Override
    protected IHTIntervalReader<ISegment> getSegmentReader() {
        return SyscallSegment.READER;
    }

    @Override
    protected int getVersion() {
        return VERSION;
    }

    @Override
    public Iterable<ISegmentAspect> getSegmentAspects() {
        return SyscallAspects.ALL;
    }

    private LttbenchAnalysisModule pass() {
        ITmfTrace trace = getTrace();
        IAnalysisModule m = trace == null ? null : trace.getAnalysisModule(LttbenchAnalysisModule.ID);
        return m instanceof LttbenchAnalysisModule l ? l : null;
    }

    @Override
    protected Iterable<IAnalysisModule> getDependentAnalyses() {
        LttbenchAnalysisModule pass = pass();
        return pass == null ? List.of() : List.of(pass);
    }

    /**
     * Trace Compass runs a module before it waits for the modules it depends on: the store is opened once LTTbench's
     * pass has written it.
     */
    @Override
    protected boolean executeAnalysis(IProgressMonitor monitor) throws TmfAnalysisException {
        LttbenchAnalysisModule pass = pass();
        if (pass == null) {
            throw new TmfAnalysisException("LTTbench's analysis does not apply to this trace");
        }
        pass.schedule();
        if (!pass.waitForCompletion(monitor)) {
            Throwable why = pass.failure();
            if (why != null) {
                throw new TmfAnalysisException(String.valueOf(why.getMessage()), why);
            }
            return false;
        }
        PassResults results = pass.results();
        Path store = getDataFilePath();
        if (results != null && store != null && !Files.isRegularFile(store) && writtenFor(results.traces())) {
            write(results.traces(), store, monitor);
        }
        return super.executeAnalysis(monitor);
    }

    /**
     * Writes the store with a read of its own, when a view first asks for it: LTTbench's module does not, as most
     * users never open these views and the calls would cost its pass (every call on disk) what no other view needs.
     */
    private static void write(TraceSet traces, Path store, IProgressMonitor monitor) throws TmfAnalysisException {
        ProcessAnalysis calls = new ProcessAnalysis(AnalysisOptions.DEFAULT);
        SyscallSegmentWriter segments;
        try {
            segments = new SyscallSegmentWriter(store, calls.syscalls());
        } catch (IOException | RuntimeException e) {
            throw new TmfAnalysisException("cannot write LTTbench's system call segments to " + store + ": " + e, e);
        }
        calls.observe(segments);
        SubMonitor progress = SubMonitor.convert(monitor, "LTTbench: system calls", 1000);
        int[] shown = { 0 };
        try {
            AnalysisRun.run(traces, List.of(calls), (done, total) -> {
                if (progress.isCanceled()) {
                    throw new OperationCanceledException();
                }
                int now = total <= 0 ? 0 : (int) (1000 * done / total);
                if (now > shown[0]) {
                    progress.worked(now - shown[0]);
                    shown[0] = now;
                }
            });
            segments.finish();
        } catch (OperationCanceledException e) {
            segments.abandon();
            throw e;
        } catch (IOException | RuntimeException e) {
            segments.abandon();
            throw new TmfAnalysisException("LTTbench could not read the system calls: " + e.getMessage(), e);
        }
    }

    /**
     * Called only when there is no store on disk: none was written, because the trace has no system call events; the
     * store stays empty.
     */
    @Override
    protected boolean buildAnalysisSegments(ISegmentStore<ISegment> segmentStore, IProgressMonitor monitor)
            throws TmfAnalysisException {
        LttbenchAnalysisModule pass = pass();
        PassResults results = pass == null ? null : pass.results();
        if (results != null && writtenFor(results.traces())) {
            segmentStore.dispose();
            throw new TmfAnalysisException("LTTbench wrote no system call segments for this trace: delete the "
                    + "trace's supplementary files to analyse it again");
        }
        segmentStore.close(false);
        return true;
    }

    @Override
    protected void canceling() {
        // nothing of its own to stop: the LTTbench module's pass checks its own monitor
    }

    @Override
    protected String getFullHelpText() {
        return "LTTbench: system call latency, entry to exit, every call of LTTbench's one pass over the trace (calls "
                + "whose entry the trace showed, in process context), with the call, the thread and the return value. "
                + "Trace Compass's latency table, scatter and statistics views show it.";
    }
}
