package org.lttbench.tracecompass.core.batch;

import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceType;
import org.eclipse.tracecompass.tmf.core.project.model.TraceTypeHelper;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.discarded.LossTally;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.ReportFormat;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.run.ExitCode;
import org.lttbench.core.run.PartialRead;
import org.lttbench.core.run.RunNotes;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.analysis.PassResults;
import org.lttbench.tracecompass.core.trace.TmfTraceSet;
import org.lttbench.tracecompass.core.tracetype.TraceTypeChoice;

/**
 * LTTbench's analysis as Trace Compass runs it, without a workbench: {@code -application
 * org.lttbench.tracecompass.core.analyze [--format text|csv|json] TRACE...} in a headless Trace Compass install opens
 * each LTTng trace directory with Trace Compass's own trace type (kernel or user space; several traces make an
 * experiment), lets Trace Compass instantiate LTTbench's analysis module for it, runs it, and prints its reports as
 * {@code lttbench analyze} prints them (same writers: for the whole trace, the same output). Exit status as
 * {@code lttbench analyze}: 0 done, 2 usage, 3 a trace that cannot be read (the message names the file and offset).
 */
public final class AnalyzeApplication implements IApplication {
    private static final String NAME = "lttbench (Trace Compass)";

    @Override
    public Object start(IApplicationContext context) {
        Object args = context.getArguments().get(IApplicationContext.APPLICATION_ARGS);
        context.applicationRunning();
        return run(args instanceof String[] a ? a : new String[0], System.out, System.err);
    }

    /** Runs with these arguments, printing the reports on {@code out}; returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        ReportFormat format = ReportFormat.TEXT;
        List<Path> paths = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--format") && i + 1 < args.length) {
                a = "--format=" + args[++i];
            }
            if (a.startsWith("--format=")) {
                try {
                    format = ReportFormat.valueOf(a.substring("--format=".length()).toUpperCase(Locale.ROOT));
                } catch (IllegalArgumentException e) {
                    return usage(err, "unknown format " + a.substring("--format=".length()));
                }
            } else if (a.startsWith("-")) {
                return usage(err, "unknown option " + a);
            } else {
                paths.add(Path.of(a).toAbsolutePath());
            }
        }
        if (paths.isEmpty()) {
            return usage(err, "no trace given");
        }
        List<ITmfTrace> opened = new ArrayList<>();
        ITmfTrace trace = null;
        try {
            for (Path p : paths) {
                ITmfTrace t = open(p);
                if (t == null) {
                    err.println(NAME + ": " + p + " is neither an LTTng kernel trace nor an LTTng user-space trace");
                    return ExitCode.UNREADABLE_TRACE;
                }
                opened.add(t);
            }
            trace = opened.size() == 1 ? opened.get(0)
                    : new TmfExperiment(ITmfEvent.class, "lttbench", opened.toArray(ITmfTrace[]::new),
                            TmfExperiment.DEFAULT_INDEX_PAGE_SIZE, null);
            // as a workbench does when it opens a trace: Trace Compass instantiates the analysis modules of its type
            TmfSignalManager.dispatchSignal(new TmfTraceOpenedSignal(AnalyzeApplication.class, trace, null));
            if (!(trace.getAnalysisModule(LttbenchAnalysisModule.ID) instanceof LttbenchAnalysisModule module)) {
                err.println(NAME + ": Trace Compass offers no LTTbench analysis for " + trace.getName());
                return ExitCode.INTERNAL_ERROR;
            }
            module.schedule();
            PassResults results = module.waitForCompletion() ? module.results() : null;
            if (results == null) {
                Throwable failure = module.failure();
                err.println(NAME + ": " + (failure == null ? "the analysis did not complete" : failure.getMessage()));
                return ExitCode.UNREADABLE_TRACE;
            }
            // the tables no view of Trace Compass shows, which the module's pass leaves out, from a read of their own
            Map<String, Report> made = new HashMap<>(results.reports());
            AnalysisRun.Plan rest = AnalysisRun.plan(LttbenchAnalysisModule.leftOut(), results.traces(),
                    AnalysisOptions.DEFAULT);
            if (!rest.analyses().isEmpty()) {
                for (Report r : AnalysisRun.run(results.traces(), rest.toRun(), ProgressListener.NONE)) {
                    if (results.traces() instanceof TmfTraceSet) {
                        TmfTraceSet.annotate(r);
                    }
                    made.put(r.analysis(), r);
                }
            }
            // in the command line's order (its analyses' order), whatever order the pass or the kept results gave
            List<Report> reports = new ArrayList<>();
            for (AnalysisProvider provider : Analyses.all()) {
                Report r = made.get(provider.name());
                if (r != null) {
                    reports.add(r);
                }
            }
            if (reports.isEmpty()) {
                err.println(NAME + ": no analysis applies: " + results.notApplicable());
                return ExitCode.NOT_APPLICABLE;
            }
            // stderr as the command line's: that events were lost, the analyses left out, doubtful figures
            PrintWriter errors = new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true);
            Report discarded = results.report("discarded");
            RunNotes.losses(discarded == null ? null : LossTally.summaryLine(discarded), errors);
            RunNotes.skipped(AnalysisRun.plan(Analyses.all(), results.traces(), AnalysisOptions.DEFAULT), errors);
            if (format != ReportFormat.TEXT) {
                RunNotes.tableWarnings(reports, errors);
            }
            Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            format.write(reports, w);
            w.flush();
            return PartialRead.warn(results.traces(), errors, NAME);
        } catch (Exception e) {
            err.println(NAME + ": " + e);
            return ExitCode.INTERNAL_ERROR;
        } finally {
            if (trace != null) {
                TmfSignalManager.dispatchSignal(new TmfTraceClosedSignal(AnalyzeApplication.class, trace));
                trace.dispose();
            } else {
                opened.forEach(ITmfTrace::dispose);
            }
        }
    }

    /**
     * The trace directory as the LTTng kernel or UST trace type Trace Compass gives it (its own CTF types for what
     * its reader reads, LTTbench's for the rest: {@link TraceTypeChoice}), initialised; null when it is neither.
     */
    private static ITmfTrace open(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) {
            return null;
        }
        TraceTypeHelper type = TraceTypeChoice.lttng(dir.toString());
        if (type == null) {
            return null;
        }
        ITmfTrace t = TmfTraceType.instantiateTrace(type.getTraceTypeId());
        ITmfEvent event = TmfTraceType.instantiateEvent(type.getTraceTypeId());
        if (t == null || event == null) {
            return null;
        }
        try {
            t.initTrace(null, dir.toString(), event.getClass());
        } catch (Exception e) {
            t.dispose();
            throw e;
        }
        return t;
    }

    private static int usage(PrintStream err, String why) {
        err.println(NAME + ": " + why);
        err.println("usage: -application org.lttbench.tracecompass.core.analyze [--format text|csv|json] TRACE...");
        return ExitCode.USAGE;
    }

    @Override
    public void stop() {
        // a run ends on its own
    }
}
