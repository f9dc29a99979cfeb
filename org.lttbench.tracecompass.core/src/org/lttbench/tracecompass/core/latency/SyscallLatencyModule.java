package org.lttbench.tracecompass.core.latency;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
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
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.analysis.PassResults;

/**
 * LTTbench's system call latencies as a Trace Compass segment-store analysis: every call of LTTbench's one pass
 * ({@link LttbenchAnalysisModule}, which writes them with {@link SyscallSegmentWriter} while it reads the trace) in
 * an on-disk segment store, so that Trace Compass's generic latency views (table, scatter, statistics, with this
 * module's id as their secondary id) and its segment-store data providers show them. It reads no event itself: it
 * waits for the LTTbench module and opens the store that module wrote (or kept from an earlier session).
 */
public final class SyscallLatencyModule extends AbstractSegmentStoreAnalysisModule {
    public static final String ID = "org.lttbench.tracecompass.analysis.syscalls";
    /** Bump when {@link SyscallSegment}'s form on disk changes. */
    public static final int VERSION = 1;
    /** The analysis of LTTbench's report this store goes with. */
    private static final String ANALYSIS = "syscalls";

    /** Where the LTTbench module writes the calls for this trace (what this module opens). */
    public static Path dataFile(ITmfTrace trace) {
        return Path.of(TmfTraceManager.getSupplementaryFileDir(trace), ID + ".ss");
    }

    /** Whether the pass of these results writes (or kept) the store: when LTTbench's syscalls analysis ran. */
    public static boolean written(PassResults results) {
        return results.report(ANALYSIS) != null;
    }

    /** Whether a pass whose analyses are these writes the store. */
    public static boolean writtenBy(java.util.Collection<String> analyses) {
        return analyses.contains(ANALYSIS);
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
        return super.executeAnalysis(monitor);
    }

    /**
     * Called only when there is no store on disk: LTTbench's pass wrote none, because its syscalls analysis does not
     * apply to the trace (no system call events); the store stays empty and says so.
     */
    @Override
    protected boolean buildAnalysisSegments(ISegmentStore<ISegment> segmentStore, IProgressMonitor monitor)
            throws TmfAnalysisException {
        LttbenchAnalysisModule pass = pass();
        PassResults results = pass == null ? null : pass.results();
        if (results != null && written(results)) {
            segmentStore.dispose();
            throw new TmfAnalysisException("LTTbench's pass kept no system call segments for this trace: delete the "
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
