package org.lttbench.tracecompass.core.latency;

import java.io.IOException;
import java.nio.file.Files;
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
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.tracecompass.core.analysis.DeferredPass;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.analysis.PassResults;

/**
 * One kind of LTTbench's latencies as a Trace Compass segment-store analysis: every one, as LTTbench's process
 * analysis tells it (what its latency table counts), in an on-disk segment store, so that Trace Compass's generic
 * latency views (table, scatter, statistics, with the module's id as their secondary id) and its segment-store data
 * providers show them. It waits for the LTTbench module (for its traces); the module's deferred read ({@link
 * DeferredPass}, the first time a view asks for any of what the module's pass leaves out) writes the store ({@link
 * #sink}: what it writes of the machine's calls) with the other stores of the trace, and it opens it, or one an earlier
 * session kept. LTTbench's module's pass does not write it: most users never open these views, and every latency on
 * disk would cost its pass what no other view needs.
 */
public abstract class LatencyStoreModule extends AbstractSegmentStoreAnalysisModule implements DeferredPass.Part {
    /** Bump when {@link LatencySegment}'s form on disk changes. */
    public static final int VERSION = 2;
    /** Every store's module, for their files. */
    private static final List<String> IDS = List.of(SyscallLatencyModule.ID, SchedulingLatencyModule.ID,
            InterruptLatencyModule.ID, DiskLatencyModule.ID);

    /** Where the module of that id writes its store for this trace (what it opens). */
    public static Path dataFile(ITmfTrace trace, String id) {
        return Path.of(TmfTraceManager.getSupplementaryFileDir(trace), id + ".ss");
    }

    /** The stores of every latency module for this trace, written or not. */
    public static List<Path> dataFiles(ITmfTrace trace) {
        return IDS.stream().map(id -> dataFile(trace, id)).toList();
    }

    /** LTTbench's analysis whose table these latencies are: there is a store where it applies. */
    private final AnalysisProvider latencies;
    private final List<ISegmentAspect> aspects;
    private final String help;
    /** The store being written by the deferred read, or null. */
    private LatencySegmentWriter writing;

    /**
     * @param aspects what Trace Compass's segment table shows of each segment ({@link LatencyAspects#of})
     * @param help    what the module measures, for its help text in Trace Compass (which adds the views that show it)
     */
    protected LatencyStoreModule(AnalysisProvider latencies, List<ISegmentAspect> aspects, String help) {
        this.latencies = latencies;
        this.aspects = aspects;
        this.help = help;
    }

    /** What writes the machine's calls of this kind to the store, in a read whose process analysis is {@code read}. */
    protected abstract ThreadStateSink sink(LatencySegmentWriter segments, ProcessAnalysis read);

    /** Whether there is a store to write: where the latency analysis applies, as the module's pass found. */
    private boolean written(PassResults results) {
        return results.whyNotApplicable(latencies.name()) == null;
    }

    @Override
    public final Iterable<ISegmentAspect> getSegmentAspects() {
        return aspects;
    }

    @Override
    protected final String getFullHelpText() {
        return help + " Trace Compass's latency table, scatter and statistics views show it.";
    }

    @Override
    protected Path getDataFilePath() {
        ITmfTrace trace = getTrace();
        return trace == null ? null : dataFile(trace, getId());
    }

    @Override
    protected String getDataFileName() {
        return getId() + ".ss";
    }

    @Override
    protected SegmentStoreType getSegmentStoreType() {
        return SegmentStoreType.OnDisk;
    }

    @Override
    protected IHTIntervalReader<ISegment> getSegmentReader() {
        return LatencySegment.READER;
    }

    @Override
    protected int getVersion() {
        return VERSION;
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
     * Trace Compass runs a module before it waits for the modules it depends on: the store is written once LTTbench's
     * pass has read the traces, then opened.
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
        if (results != null) {
            try {
                DeferredPass.write(pass, results, this, monitor); // with the others the trace has, if not on disk
            } catch (IOException e) {
                throw new TmfAnalysisException(e.getMessage(), e);
            }
        }
        return super.executeAnalysis(monitor);
    }

    @Override
    public boolean toWrite(PassResults results) {
        Path store = getDataFilePath();
        return store != null && !Files.isRegularFile(store) && written(results);
    }

    /** Its store, written by the module's deferred read. */
    @Override
    public ThreadStateSink open(ProcessAnalysis read) throws IOException {
        Path store = getDataFilePath();
        try {
            writing = new LatencySegmentWriter(store);
        } catch (IOException | RuntimeException e) {
            throw new IOException("cannot write LTTbench's latencies to " + store + ": " + e, e);
        }
        return sink(writing, read);
    }

    @Override
    public void close(boolean complete) throws IOException {
        LatencySegmentWriter written = writing;
        writing = null;
        if (complete) {
            written.finish();
        } else {
            written.abandon();
        }
    }

    /**
     * Called only when there is no store on disk: none was written, because the trace lacks the events; the store
     * stays empty.
     */
    @Override
    protected boolean buildAnalysisSegments(ISegmentStore<ISegment> segmentStore, IProgressMonitor monitor)
            throws TmfAnalysisException {
        LttbenchAnalysisModule pass = pass();
        PassResults results = pass == null ? null : pass.results();
        if (results != null && written(results)) {
            segmentStore.dispose();
            throw new TmfAnalysisException("LTTbench wrote no latencies for this trace: delete the trace's "
                    + "supplementary files to analyse it again");
        }
        segmentStore.close(false);
        return true;
    }

    @Override
    protected void canceling() {
        // nothing of its own to stop: the read checks its monitor
    }
}
