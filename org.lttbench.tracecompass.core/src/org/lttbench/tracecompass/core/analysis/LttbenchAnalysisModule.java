package org.lttbench.tracecompass.core.analysis;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.eclipse.tracecompass.statesystem.core.StateSystemFactory;
import org.eclipse.tracecompass.statesystem.core.backend.StateHistoryBackendFactory;
import org.eclipse.tracecompass.tmf.core.analysis.TmfAbstractAnalysisModule;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.KeptResults;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.WaitCauses;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.TaskFailure;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.Trace;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tracecompass.core.latency.LatencyStoreModule;
import org.lttbench.tracecompass.core.trace.TmfTraceSet;
import org.lttbench.tracecompass.core.tracetype.LttbenchCtfTrace;

/**
 * LTTbench in Trace Compass: one pass of LTTbench's own reader over the files of an LTTng trace (or of every trace of
 * an experiment) runs every applicable LTTbench analysis, writes the threads' states into a state system kept in the
 * trace's supplementary directory ({@code <id>.ht}, as Trace Compass names its own) and keeps the reports beside it
 * ({@code <id>.reports.json}), with the layout version and a fingerprint of the trace's files: a later session with
 * the same LTTbench and unchanged files shows them without reading an event. Where a trace has no files of its own,
 * Trace Compass reads its events instead ({@link TmfTraceSet}). Progress is in bytes read; a cancel stops the read
 * at the next packet and removes what was half written. A trace that cannot be read fails the module with the
 * reader's message (file, offset, what was expected), which the views show; no error dialog.
 */
public final class LttbenchAnalysisModule extends TmfAbstractAnalysisModule implements ITmfAnalysisModuleWithStateSystems {
    public static final String ID = "org.lttbench.tracecompass.analysis";
    /**
     * Bump when what the state system holds changes (kept results carry it in their fingerprint, with
     * {@link KeptResults#VERSION} for what they hold): results of another version are made again.
     */
    static final int VERSION = 11;
    private static final String REPORTS_SUFFIX = ".reports.json";

    private final CountDownLatch initialized = new CountDownLatch(1);
    private volatile boolean initializedOk;
    private volatile ITmfStateSystemBuilder stateSystem;
    private volatile PassResults results;
    private volatile long totalBytes;
    private volatile long bytesRead;
    /** Results so far that a provider waits for: the pass makes them at its next packet ({@link #resultsSoFar}). */
    private final AtomicReference<CompletableFuture<PassResults>> soFarWanted = new AtomicReference<>();
    private volatile PassResults soFar;
    private volatile long soFarTakenAt;

    /** Only CTF traces (LTTng's), of Trace Compass's CTF types or read by LTTbench's reader. */
    @Override
    public boolean canExecute(ITmfTrace trace) {
        for (ITmfTrace t : TmfTraceManager.getTraceSet(trace)) {
            if (t instanceof CtfTmfTrace || t instanceof LttbenchCtfTrace) {
                return super.canExecute(trace);
            }
        }
        return false;
    }

    private File historyFile(ITmfTrace trace) {
        return new File(TmfTraceManager.getSupplementaryFileDir(trace) + getId() + ".ht");
    }

    private File reportsFile(ITmfTrace trace) {
        return new File(TmfTraceManager.getSupplementaryFileDir(trace) + getId() + REPORTS_SUFFIX);
    }

    @Override
    protected boolean executeAnalysis(IProgressMonitor monitor) {
        failure = null;
        ITmfTrace trace = getTrace();
        if (trace == null) {
            return false;
        }
        File history = historyFile(trace);
        File reports = reportsFile(trace);
        TraceSet traces;
        TraceFiles files;
        try {
            files = TraceFiles.of(trace);
            traces = files.readable() ? CtfTraceSet.open(files.directories()) : TmfTraceSet.of(trace);
        } catch (IOException | RuntimeException e) {
            return failed(e);
        }
        totalBytes = traces.totalBytes();
        PassResults kept = kept(history, reports, files, traces);
        if (kept != null) {
            results = kept;
            bytesRead = totalBytes;
            ready(true);
            return true;
        }
        return build(traces, files, history, reports, monitor);
    }

    /** The results an earlier session kept for these same files, or null (then they are made again). */
    private PassResults kept(File history, File reports, TraceFiles files, TraceSet traces) {
        KeptResults kept = files.readable() && history.isFile()
                ? KeptResults.read(reports.toPath(), VERSION + "/" + files.fingerprint()) : null;
        if (kept == null) {
            history.delete();
            reports.delete();
            return null;
        }
        ITmfStateSystemBuilder ss = null;
        try {
            ss = StateSystemFactory.newStateSystem(
                    StateHistoryBackendFactory.createHistoryTreeBackendExistingFile(getId(), history, VERSION), false);
            List<? extends Trace> all = traces.traces();
            Map<String, Report> byName = new LinkedHashMap<>();
            for (Report r : kept.reports()) {
                byName.put(r.analysis(), r);
            }
            Map<Trace, Long> ends = new LinkedHashMap<>();
            kept.ends().forEach((t, time) -> ends.put(all.get(t), time));
            Map<Trace, ProcessAnalysis.TraceFacts> facts = new LinkedHashMap<>();
            kept.facts().forEach((t, f) -> facts.put(all.get(t), f));
            List<ThreadLane> threads = new ArrayList<>();
            for (KeptResults.KeptThread t : kept.threads()) {
                threads.add(new ThreadLane(ThreadRecord.restored(t.index(), t.tid(), all.get(t.trace()), t.idleCpu(),
                        t.tid() < 0, t.pid(), t.name(), t.kernelThread(), t.parent()), t.lane(), t.since(), t.died()));
            }
            stateSystem = ss;
            Report process = byName.get("process");
            ThreadStateHistory threadStates = process == null ? null
                    : new ThreadStateHistory(ss, threads, sorted(facts, all), ends, process,
                            WaitCauses.restored(kept.causeLabels()));
            return new PassResults(traces, byName, kept.notApplicable(), threadStates, true, null);
        } catch (IOException | RuntimeException e) {
            if (ss != null) {
                ss.dispose();
            }
            stateSystem = null;
            history.delete();
            reports.delete();
            return null;
        }
    }

    private boolean build(TraceSet traces, TraceFiles files, File history, File reports, IProgressMonitor monitor) {
        SubMonitor progress = SubMonitor.convert(monitor, "LTTbench: reading " + totalBytes / (1 << 20) + " MiB",
                (int) Math.min(Integer.MAX_VALUE, Math.max(1, totalBytes / 1024)));
        ITmfStateSystemBuilder ss;
        try {
            // no queue (0): the writer's own thread inserts into the history tree; a third busy thread (Trace
            // Compass's queue and its history tree thread) only made the pass wait for a CPU
            ss = StateSystemFactory.newStateSystem(StateHistoryBackendFactory.createHistoryTreeBackendNewFile(getId(),
                    history, VERSION, traces.span().begin(), 0));
        } catch (IOException | RuntimeException e) {
            return failed(e);
        }
        ThreadStateWriter writer = new ThreadStateWriter(ss);  // nulled on OutOfMemoryError
        ProcessAnalysis processAnalysis = new ProcessAnalysis(AnalysisOptions.DEFAULT, writer);
        AnalysisRun.Plan plan = plan(traces, processAnalysis);
        Map<String, Analysis> analyses = plan.analyses();
        Map<String, String> notApplicable = plan.reasons();
        long[] reported = { 0 };
        HeapGuard heap = new HeapGuard();
        FutureTask<Void> keeping = null;
        // the state system is there from now on, as Trace Compass's own modules give theirs: views and the trace server
        // show what it holds so far
        stateSystem = ss;
        ready(true);
        try {
            ThreadStateWriter w = writer;
            ProcessAnalysis pa = processAnalysis;
            List<Report> made = AnalysisRun.run(traces, List.copyOf(analyses.values()), (done, total) -> {
                if (monitor.isCanceled()) {
                    throw new OperationCanceledException();
                }
                if (heap.nearlyFull()) {
                    throw new OutOfMemoryError("the heap is nearly full after a collection");
                }
                bytesRead = done;
                CompletableFuture<PassResults> wanted = soFarWanted.getAndSet(null);
                if (wanted != null) {
                    // between two records: the analyses and the machine are whole, as the live viewer takes them
                    wanted.complete(takeSoFar(traces, analyses, notApplicable, ss, w, pa));
                }
                long units = done / 1024;
                if (units > reported[0]) {
                    progress.worked((int) (units - reported[0]));
                    reported[0] = units;
                }
            });
            Map<String, Report> byName = new LinkedHashMap<>();
            for (Report r : made) {
                if (traces instanceof TmfTraceSet) {
                    TmfTraceSet.annotate(r);
                }
                byName.put(r.analysis(), r);
            }
            Report process = byName.get("process");
            if (process != null && writer.outOfOrder() > 0) {
                process.note(writer.outOfOrder() + " thread state change(s) came earlier than the thread's previous "
                        + "one and were moved to it");
            }
            List<ThreadLane> known = writer.lanes();
            Map<Trace, Long> ends = writer.ends();
            Map<Trace, ProcessAnalysis.TraceFacts> facts = processAnalysis.traceFacts();
            WaitCauses causes = processAnalysis.causes();
            if (files.readable()) {
                KeptResults kept = keep(made, VERSION + "/" + files.fingerprint(), notApplicable, known, ends, facts,
                        causes, traces.traces());
                // written while Trace Compass closes its history: each takes about 0.1 s on 2 M events
                keeping = new FutureTask<>(() -> {
                    kept.write(reports.toPath());
                    return null;
                });
                Thread.ofPlatform().daemon().name("LTTbench reports writer").start(keeping);
            }
            writer.finish();
            ss.closeHistory(Math.max(traces.span().end(), ss.getCurrentEndTime()));
            stateSystem = ss;
            ThreadStateHistory threads = process == null ? null
                    : new ThreadStateHistory(ss, known, facts, ends, process, causes);
            if (keeping != null) {
                waitFor(keeping);
            }
            results = new PassResults(traces, byName, notApplicable, threads, false,
                    process == null ? null : processAnalysis);
            bytesRead = totalBytes;
            releaseSoFar();
            return true;
        } catch (OperationCanceledException e) {
            writer.abandon();
            settle(keeping);
            stateSystem = null;
            abandon(ss, reports);
            releaseSoFar();
            return false;
        } catch (IOException | RuntimeException e) {
            writer.abandon();
            settle(keeping);
            stateSystem = null;
            abandon(ss, reports);
            return failed(e);
        } catch (OutOfMemoryError e) {
            // Trace Compass's job catches Exceptions only: an Error would end the job as if it had completed, with no
            // results and no word. The pass's state goes first, so that there is room to abandon the rest.
            analyses.clear();
            processAnalysis = null;
            writer.abandon();
            writer = null;
            stateSystem = null;
            settle(keeping);
            abandon(ss, reports);
            return failed(new IOException("LTTbench ran out of memory analysing " + traces.traces().size()
                    + " trace(s) of " + totalBytes / (1 << 20) + " MiB with a heap of at most "
                    + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB: give Trace Compass more (-Xmx in its .ini file)"));
        }
    }

    /**
     * The analyses this module's pass runs: the process analysis (the threads' states, as Trace Compass's kernel
     * analysis makes its own) and the discarded events (the trace's losses, which the other views say), as the views
     * show them for the whole trace. The others' tables are made when a view first asks ({@code RangeReports}): the
     * waits' from the pass's process analysis, or from the state system, whose blocked waits keep their causes and
     * wakers; the tracepoint overhead's by a read of their own; the spans' too ({@code SpanResults}); the latency
     * tables are the command line's and the headless application's ({@link #leftOut}). Each would cost the pass what
     * keeps the module ten times faster than Trace Compass's own kernel analysis, for views most users never open.
     */
    private static final Set<String> SHOWN = Set.of("process", "discarded");

    /**
     * Every analysis of {@link #shown} that applies, the process analysis being this one; why each analysis that does
     * not apply does not, of all of them.
     */
    private static AnalysisRun.Plan plan(TraceSet traces, ProcessAnalysis processAnalysis) {
        AnalysisRun.Plan plan = AnalysisRun.plan(Analyses.all(), traces,
                p -> p == ProcessAnalysis.PROVIDER ? processAnalysis : p.create(AnalysisOptions.DEFAULT));
        plan.analyses().keySet().retainAll(SHOWN);
        return plan;
    }

    /** The analyses this module's pass runs (those that apply), in the command line's order. */
    public static List<AnalysisProvider> shown() {
        return Analyses.all().stream().filter(p -> SHOWN.contains(p.name())).toList();
    }

    /** The analyses the command line runs by default that this module's pass leaves out, in their order. */
    public static List<AnalysisProvider> leftOut() {
        return Analyses.all().stream().filter(p -> !SHOWN.contains(p.name())).toList();
    }

    /** The reports written, or their writer's failure thrown here. */
    private static void waitFor(FutureTask<Void> keeping) throws IOException {
        try {
            keeping.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while writing the reports", e);
        } catch (ExecutionException e) {
            throw (Error) TaskFailure.rethrow(e);
        }
    }

    /** The pass failed: the reports' writer is let finish (or fail) before its file is removed. */
    private static void settle(FutureTask<Void> keeping) {
        if (keeping != null) {
            try {
                keeping.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException e) {
                // the pass's own failure is what is told
            }
        }
    }

    /** What is kept beside the state system: the reports, and who each thread of the history is. */
    private static KeptResults keep(List<Report> made, String fingerprint, Map<String, String> notApplicable,
            List<ThreadLane> threads, Map<Trace, Long> ends, Map<Trace, ProcessAnalysis.TraceFacts> facts,
            WaitCauses causes, List<? extends Trace> traces) {
        Map<Integer, Long> endsKept = new HashMap<>();
        ends.forEach((t, time) -> endsKept.put(traces.indexOf(t), time));
        Map<Integer, ProcessAnalysis.TraceFacts> factsKept = new HashMap<>();
        facts.forEach((t, f) -> factsKept.put(traces.indexOf(t), f));
        List<KeptResults.KeptThread> kept = new ArrayList<>();
        for (ThreadLane l : threads) {
            ThreadRecord t = l.thread();
            kept.add(new KeptResults.KeptThread(t.index(), t.tid(), traces.indexOf(t.trace()), t.idleCpu(), t.pid(),
                    t.kernelThread(), l.lane(), l.since(), l.died(), t.parent(), t.name()));
        }
        return new KeptResults(fingerprint, made, notApplicable, endsKept, factsKept, causes.labels(), kept);
    }

    /** A half-built state system is closed (Trace Compass's waiters are let go) and removed, with the reports. */
    private static void abandon(ITmfStateSystemBuilder ss, File reports) {
        try {
            ss.closeHistory(Math.max(ss.getStartTime(), ss.getCurrentEndTime()));
        } catch (RuntimeException e) {
            // the files go anyway
        }
        ss.removeFiles();
        ss.dispose();
        reports.delete();
    }

    /** The module failed: its cause is the reader's message, shown by the views (no dialog: the job is not an error). */
    private boolean failed(Throwable e) {
        // the reader's own error, not its unchecked wrapper (the command line says the same: RunFailure)
        while (e instanceof java.io.UncheckedIOException u && u.getCause() != null) {
            e = u.getCause();
        }
        failure = e;
        fail(e);
        ready(false);
        releaseSoFar();
        return false;
    }

    private void ready(boolean ok) {
        initializedOk = ok;
        initialized.countDown();
    }

    @Override
    protected void onFail() {
        if (initialized.getCount() > 0) {
            ready(false);
        }
    }

    @Override
    protected void canceling() {
        // the read checks the monitor at every packet
    }

    private volatile Throwable failure;

    /** Facts in the traces' order (the properties come back in any order). */
    private static Map<Trace, ProcessAnalysis.TraceFacts> sorted(Map<Trace, ProcessAnalysis.TraceFacts> facts,
            List<? extends Trace> traces) {
        Map<Trace, ProcessAnalysis.TraceFacts> out = new LinkedHashMap<>();
        for (Trace t : traces) {
            if (facts.containsKey(t)) {
                out.put(t, facts.get(t));
            }
        }
        return out;
    }

    /**
     * What the pass knows so far, while it runs: the reports of its analyses up to the record it reached (rows made
     * now), and the threads whose states the state system holds so far. Made on the pass's thread between two
     * records, at the next packet, for whoever asks first; later askers within a quarter of a second share it.
     */
    private PassResults takeSoFar(TraceSet traces, Map<String, Analysis> analyses, Map<String, String> notApplicable,
            ITmfStateSystemBuilder ss, ThreadStateWriter writer, ProcessAnalysis processAnalysis) {
        Map<String, Report> reports = new LinkedHashMap<>();
        analyses.forEach((name, a) -> reports.put(name, a.reportSoFar(GroupBy.THREAD)));
        Report process = reports.get("process");
        ThreadStateHistory threads = process == null ? null
                : new ThreadStateHistory(ss, writer.lanes(), processAnalysis.traceFacts(), writer.ends(), process,
                        processAnalysis.causes());
        PassResults now = new PassResults(traces, reports, notApplicable, threads, false, null);
        soFar = now;
        soFarTakenAt = System.nanoTime();
        return now;
    }

    /** How long an asker waits for the pass to take what it knows so far (it does so at its next packet). */
    private static final long SO_FAR_WAIT_MILLIS = 2_000;

    /**
     * The results once the pass is over; while it runs, what it knows so far (the process and discarded reports up to
     * where it read, the threads' states so far), waiting a while for the pass to take them; null when there is
     * nothing yet, or the pass failed.
     */
    public PassResults resultsSoFar() {
        PassResults done = results;
        if (done != null || failure != null || stateSystem == null) {
            return done;
        }
        PassResults recent = soFar;
        if (recent != null && System.nanoTime() - soFarTakenAt < 250_000_000L) {
            return recent;
        }
        CompletableFuture<PassResults> wanted = soFarWanted.updateAndGet(f -> f != null ? f : new CompletableFuture<>());
        try {
            PassResults now = wanted.get(SO_FAR_WAIT_MILLIS, TimeUnit.MILLISECONDS);
            return now != null ? now : results;
        } catch (TimeoutException e) {
            return soFar;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return soFar;
        } catch (ExecutionException e) {
            return null;
        }
    }

    /** The pass is over: whoever waits for results so far is let go (with the final ones, if any). */
    private void releaseSoFar() {
        soFar = null;
        CompletableFuture<PassResults> wanted = soFarWanted.getAndSet(null);
        if (wanted != null) {
            wanted.complete(results);
        }
    }

    /** Said with an answer made while the pass runs: how far it has read. */
    public String progressSaid() {
        return String.format(java.util.Locale.ROOT, "LTTbench: %.0f%% of the trace read", 100 * progress());
    }

    /** Whether the pass runs now: its state system is there, its final results not yet. */
    public boolean running() {
        return results == null && failure == null && stateSystem != null;
    }

    /** The pass's results once the module completed ({@code waitForCompletion}), else {@code null}. */
    public PassResults results() {
        return results;
    }

    /** How far the pass has read, from 0 to 1, in bytes. */
    public double progress() {
        long total = totalBytes;
        return results != null ? 1 : total <= 0 ? 0 : Math.min(1, (double) bytesRead / total);
    }

    /** Why the pass did not complete, when it failed (the reader's message names the file and the offset). */
    public Throwable failure() {
        // kept here: getFailureCause() is Trace Compass 11.2's, and the MANIFEST takes 11.1
        return failure;
    }

    /** Bytes of stream data the pass reads (0 before it starts). */
    public long totalBytes() {
        return totalBytes;
    }

    @Override
    public boolean waitForInitialization() {
        try {
            initialized.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return initializedOk;
    }

    @Override
    public ITmfStateSystem getStateSystem(String id) {
        return getId().equals(id) ? stateSystem : null;
    }

    @Override
    public Iterable<ITmfStateSystem> getStateSystems() {
        ITmfStateSystem ss = stateSystem;
        return ss == null ? List.of() : List.of(ss);
    }

    @Override
    public Map<String, Integer> getProviderVersions() {
        return Map.of(getId(), VERSION);
    }

    @Override
    public void clearPersistentData() {
        super.clearPersistentData();
        ITmfTrace trace = getTrace();
        ITmfStateSystemBuilder ss = stateSystem;
        if (ss != null) {
            ss.removeFiles();
        } else if (trace != null) {
            historyFile(trace).delete();
        }
        if (trace != null) {
            reportsFile(trace).delete();
            LatencyStoreModule.dataFiles(trace).forEach(f -> f.toFile().delete());
        }
        resetAnalysis();
    }

    @Override
    public void dispose() {
        super.dispose();
        ITmfStateSystem ss = stateSystem;
        if (ss != null) {
            ss.dispose();
        }
    }

    @Override
    protected String getFullHelpText() {
        return "LTTbench: where each process's time went (user, system call, IRQ, waiting for a CPU, blocked on disk "
                + "I/O or on anything else), what the tracing cost per tracepoint, and what the trace lost per channel, "
                + "stream and CPU with buffer-size advice. One pass of LTTbench's own reader over the trace's files runs "
                + "every analysis that applies; the results are kept beside the trace. Its views are under this analysis "
                + "and in Window > Show View > LTTbench.";
    }
}
