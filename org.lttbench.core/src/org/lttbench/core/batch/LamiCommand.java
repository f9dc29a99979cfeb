package org.lttbench.core.batch;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.dropin.DropIns;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.diff.ChangesTable;
import org.lttbench.core.diff.RunPair;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.LamiReportWriter;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.run.ExitCode;
import org.lttbench.core.run.PartialRead;
import org.lttbench.core.run.RunFailure;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code lttbench lami ANALYSIS ...}: one analysis speaking LAMI 1.0, so Trace Compass runs it as an External
 * Analysis. Stdout carries only the protocol (version, metadata, progress lines, results or an error object); errors
 * also go to stderr as one line, which Trace Compass shows when the exit code is not 0.
 */
@Command(name = "lami", mixinStandardHelpOptions = true, sortOptions = false, description = {
        "Runs one analysis as a LAMI 1.0 program (LTTng Analyses Machine Interface), for Trace Compass's External Analyses.",
        "Exit codes: 0 ok (also when some stream files could not be read: the Notes table says so), 1 analysis not"
                + " applicable to the traces, 2 usage error, 3 unreadable or malformed trace." })
public final class LamiCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "ANALYSIS", description = "The analysis: ${COMPLETION-CANDIDATES}; "
            + "or one of lttng-analyses' commands, from LTTbench's analyses: ${sys:lttbench.dropins}; or diff (two traces, A then B)",
            completionCandidates = AnalysisNames.class)
    String analysis;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "TRACE", description = "Trace directories, or directories holding traces.")
    List<Path> traces = new ArrayList<>();

    @Option(names = "--mi-version", description = "Print the LAMI version (1.0) and exit.")
    boolean miVersion;

    @Option(names = "--metadata", description = "Print the analysis's LAMI metadata (title, table classes, columns) and exit.")
    boolean metadata;

    @Option(names = "--test-compatibility", description = "Print nothing and exit 0 when the analysis applies to the traces; "
            + "else print a LAMI error saying why and exit 1.")
    boolean testCompatibility;

    @Option(names = "--output-progress", description = "Print LAMI progress lines before the results.")
    boolean outputProgress;

    @Mixin
    RangeOptions times;

    @Mixin
    CalibrationOption calibration;

    @Option(names = "--by", paramLabel = "thread|process", description = "Rows per thread (default) or per process, where the analysis has both.")
    AnalysisOptions.GroupBy groupBy = AnalysisOptions.GroupBy.THREAD;

    @Option(names = "--thread", paramLabel = "TID|NAME",
            description = "The thread whose critical path the critical-path analysis follows: a TID, or a command name.")
    String thread;

    @Mixin
    LimitOption limit;

    @Mixin
    SpanOption spans;

    @Option(names = { "--total", "--per-tid", "--per-prio" }, hidden = true,
            description = "lttng-analyses' schedstats groupings: accepted, the drop-in gives all three tables")
    boolean schedGroupings;

    static {
        System.setProperty("lttbench.dropins", String.join(", ", DropIns.all().stream().map(AnalysisProvider::name).toList()));
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (miVersion) {
            out.println(LamiReportWriter.MI_VERSION);
            return ExitCode.OK;
        }
        try {
            run(out, err);
            return ExitCode.OK;
        } catch (Exception | OutOfMemoryError | StackOverflowError e) {
            RunFailure failure = RunFailure.of(e);
            LamiReportWriter.writeError(failure.getMessage(), out);
            if (testCompatibility) {
                // Trace Compass reads stdout and stderr together here, as one JSON object: stderr stays silent.
                RunFailure.debug(e, err);
                return failure.exitCode();
            }
            return RunFailure.tell("lttbench lami", e, err);
        }
    }

    private void run(PrintWriter out, PrintWriter err) throws Exception {
        if (DIFF.equals(analysis)) {
            diff(out, err);
            return;
        }
        AnalysisProvider provider = lamiProvider(analysis);
        if (metadata) {
            LamiReportWriter.writeMetadata("LTTbench: " + provider.tables().title(), provider.description(),
                    LttbenchCommand.bundleVersion(), provider.tags(), declared(provider), out);
            return;
        }
        if (traces.isEmpty()) {
            throw RunFailure.usage("no TRACE given (lttbench lami " + provider.name() + " [options] TRACE...)");
        }
        times.parse();
        try (TraceSet set = CtfTraceSet.open(traces)) {
            TimeRange range = times.range(set);
            AnalysisOptions options = new AnalysisOptions(range, groupBy, calibration.read(), thread, limit.value(),
                    spans.value());
            AnalysisRun.Plan plan = AnalysisRun.plan(List.of(provider), set, options);
            if (!plan.notApplicable().isEmpty()) {
                throw new RunFailure(ExitCode.NOT_APPLICABLE, plan.whyNot());
            }
            if (testCompatibility) {
                return;
            }
            LamiProgress progress = outputProgress ? new LamiProgress(out) : null;
            if (progress != null) {
                progress.start("Reading " + set.traces().size() + " trace(s), " + set.streams().size() + " streams, "
                        + CellFormat.bytes(set.totalBytes()));
            }
            List<Report> reports = AnalysisRun.runStaged(set, plan.toRun(),
                    progress == null ? ProgressListener.NONE : progress);
            if (progress != null) {
                progress.finish();
            }
            LamiReportWriter.writeResults(reports, declared(provider), out);
            // Exit code 0 all the same: Trace Compass drops the results of any other; the Notes table says it.
            PartialRead.warn(set, err, "lttbench lami");
        }
    }

    /**
     * {@code lttbench lami diff A B}: what {@code lttbench diff A B} finds, as LAMI. Trace Compass gives the path of the
     * trace it shows last, after the run's parameters: run on B, with A's directory as the parameter.
     */
    static final String DIFF = "diff";

    private void diff(PrintWriter out, PrintWriter err) throws Exception {
        List<Table> declared = List.of(ChangesTable.SCHEMA.table());
        if (metadata) {
            LamiReportWriter.writeMetadata("LTTbench: what changed between two runs", "Every analysis's figures in A "
                    + "and B, what changed beyond noise, biggest first. Run it on B, the trace to examine, with the "
                    + "directory of A, the baseline, as its parameter", LttbenchCommand.bundleVersion(), List.of("lttbench", DIFF),
                    declared, out);
            return;
        }
        times.parse();
        if (testCompatibility && traces.size() == 1) {
            // Trace Compass asks of the trace it shows alone (B): the baseline (A) comes with the run's parameters
            try (TraceSet b = CtfTraceSet.open(traces)) {
                AnalysisRun.Plan plan = AnalysisRun.plan(Analyses.all(), b, AnalysisOptions.DEFAULT);
                if (plan.analyses().isEmpty()) {
                    throw new RunFailure(ExitCode.NOT_APPLICABLE, plan.whyNot());
                }
                return;
            }
        }
        if (traces.size() != 2) {
            throw RunFailure.usage("lttbench lami diff compares two traces, A then B (in Trace Compass: run it on B "
                    + "with A's directory as its parameter); " + traces.size() + " given");
        }
        try (TraceSet a = CtfTraceSet.open(List.of(traces.get(0))); TraceSet b = CtfTraceSet.open(List.of(traces.get(1)))) {
            // a range is B's (the trace Trace Compass shows, where it was selected): A is read whole
            RunPair.Plans plans = RunPair.Plans.of(a, new AnalysisOptions(TimeRange.ALL, groupBy, calibration.read(),
                    thread, limit.value(), spans.value()), b, new AnalysisOptions(times.range(b), groupBy,
                    calibration.read(), thread, limit.value(), spans.value()));
            if (testCompatibility) {
                return;
            }
            LamiProgress progress = outputProgress ? new LamiProgress(out) : null;
            if (progress != null) {
                progress.start("Reading two traces at once, " + CellFormat.bytes(a.totalBytes() + b.totalBytes()));
            }
            RunPair.Compared compared = RunPair.compare(a, b, plans, ProgressListener.NONE);
            if (progress != null) {
                progress.finish();
            }
            // the results' range is B's, the trace Trace Compass shows
            LamiReportWriter.writeResults(List.of(compared.changes()), declared, out);
            PartialRead.warn(a, err, "lttbench lami");
            PartialRead.warn(b, err, "lttbench lami");
        }
    }

    /**
     * The analysis's tables, without rows: those of its reports per thread and per process (each key once), so that
     * {@code --by process} results have a declared class too.
     */
    private static List<Table> declared(AnalysisProvider provider) {
        return provider.tables().tables().stream().map(TableSchema::table).toList();
    }

    /** The provider of that name, an analysis or an lttng-analyses drop-in; a usage error naming them otherwise. */
    static AnalysisProvider lamiProvider(String name) throws RunFailure {
        AnalysisProvider dropIn = name == null ? null : DropIns.byName(name);
        if (dropIn != null) {
            return dropIn;
        }
        try {
            return provider(name);
        } catch (RunFailure e) {
            throw name == null ? e : RunFailure.usage("unknown analysis '" + name + "': the analyses are "
                    + AnalysisNames.list() + ", and lttng-analyses' commands " + System.getProperty("lttbench.dropins"));
        }
    }

    /** The provider of that name; a usage error naming the known ones otherwise. */
    static AnalysisProvider provider(String name) throws RunFailure {
        if (name != null && DropIns.byName(name) != null) {
            throw RunFailure.usage("'" + name + "' is lttng-analyses' command, which lttbench lami " + name
                    + " gives as LAMI; here, the analyses are " + AnalysisNames.list());
        }
        if (name == null) {
            throw RunFailure.usage("no ANALYSIS given: one of " + AnalysisNames.list());
        }
        AnalysisProvider provider = Analyses.byName(name);
        if (provider == null) {
            throw RunFailure.usage("unknown analysis '" + name + "': the analyses are " + AnalysisNames.list());
        }
        return provider;
    }
}
