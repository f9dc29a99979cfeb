package org.lttbench.core.batch;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.waits.CriticalPathAnalysis;
import org.lttbench.core.analysis.waits.WaitStacks;
import org.lttbench.core.analysis.waits.CriticalPathComparison;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.live.LiveSession;
import org.lttbench.core.live.RelayUrl;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.ReportFiles;
import org.lttbench.core.report.ReportFormat;
import org.lttbench.core.report.TextReportWriter;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.run.ExitCode;
import org.lttbench.core.run.PartialRead;
import org.lttbench.core.run.RunFailure;
import org.lttbench.core.run.RunNotes;
import org.lttbench.core.run.WhatStandsOut;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code lttbench analyze}: opens the traces once, runs every selected analysis in one pass over them, and prints
 * the reports (or writes one file per table). Generic over {@link Analyses#all()}. Exit status: see {@link ExitCode};
 * errors are one line on stderr, never a stack trace.
 */
@Command(name = "analyze", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs analyses over LTTng traces in one pass and prints their tables.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = { "0:done", "1:an analysis does not apply to these traces (the reason is printed)",
                "2:usage error", "3:unreadable or malformed trace", "5:internal error",
                "6:done, but some stream files could not be read (each is a warning line, each report a note)",
                "7:a live session's relay daemon went away or stalled: the report covers what came before" })
public final class AnalyzeCommand extends OneLineFailureCommand {

    @Option(names = "--analysis", split = ",", paramLabel = "NAME", completionCandidates = AnalysisNames.class,
            description = "Analyses to run (default: every one that applies): ${COMPLETION-CANDIDATES}")
    List<String> analysisNames;

    @Mixin
    RangeOptions times;

    @Mixin
    CalibrationOption calibration;

    @Option(names = "--thread", paramLabel = "TID|NAME",
            description = "The thread whose critical path --analysis critical-path follows: a TID, or a command name "
                    + "(of several threads of that name, the one that ran most)")
    String thread;

    @Mixin
    ComparisonOptions against;

    @Mixin
    LimitOption limit;

    @Mixin
    SpanOption spans;

    @Option(names = "--by", paramLabel = "thread|process", defaultValue = "thread",
            description = "Rows per thread or per process (default: ${DEFAULT-VALUE})")
    AnalysisOptions.GroupBy groupBy;

    @Option(names = "--format", paramLabel = "text|csv|json", defaultValue = "text",
            description = "Output format (default: ${DEFAULT-VALUE})")
    ReportFormat format;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Write one file per table, DIR/<table>.<txt|csv|json>, instead of printing the reports.")
    Path out;

    @Option(names = "--rows", paramLabel = "N|all", defaultValue = "25", converter = RowLimit.class,
            description = "Text on the terminal: at most N rows per table, chart data summarized (default: ${DEFAULT-VALUE}; "
                    + "all: every row). CSV, JSON and --out files always hold every row.")
    int rows;

    @Option(names = "--all", description = "Text: every table of every analysis (the default, with no --analysis, is "
            + "what stands out, at most 20 lines ranked across the analyses). CSV, JSON and --out hold every table anyway.")
    boolean all;

    @Option(names = "--wide", description = "Text: every column of every table, as wide as it needs (default: the headline "
            + "columns, in 120 columns). CSV, JSON and --out files always hold every column.")
    boolean wide;

    @Option(names = "--folded", paramLabel = "FILE",
            description = "Also write where the threads' time went as folded stacks for flame graphs: "
                    + "process;thread;state[;cause;waker] and nanoseconds, a line each (the reports print as well)")
    Path folded;

    @Mixin
    ProgressOptions progress;

    @Mixin
    LiveTimeout timeout;

    @Parameters(arity = "1..*", paramLabel = "TRACE", description = "Trace directories (a trace, or a directory of traces), "
            + "or a live session: net://RELAYD[:PORT]/host/HOST/SESSION")
    List<String> traceArgs;

    List<Path> tracePaths;

    @Override
    int run(PrintWriter err) throws Exception {
        List<AnalysisProvider> providers = providers();
        times.parse();
        if (traceArgs.stream().anyMatch(RelayUrl::isUrl)) {
            return live(providers, err);
        }
        tracePaths = traceArgs.stream().map(Path::of).toList();
        if (folded != null && against.asked()) {
            throw RunFailure.usage("--folded is not taken with --against (lttbench diff --folded DIR compares two runs' stacks)");
        }
        if (against.asked()) {
            return compare(providers, err);
        }
        try (TraceSet traces = CtfTraceSet.open(tracePaths)) {
            TimeRange range = times.range(traces);
            AnalysisRun.Plan plan = select(providers, traces, new AnalysisOptions(range, groupBy, calibration.read(),
                    thread, limit.value(), spans.value()));
            if (folded != null) {
                FoldedStacks.check(plan, "--folded");
            }
            List<Report> reports = run(traces, plan.toRun());
            RunNotes.skipped(plan, err); // after a pass that worked: a failure stays one line
            write(reports, traces);
            if (folded != null) {
                FoldedStacks.write("--folded", folded, WaitStacks.ofRun(plan.toRun())::write);
            }
            return PartialRead.warn(traces, err, "lttbench analyze");
        }
    }

    /**
     * A live session, followed until it ends (or Ctrl-C, or its relay daemon goes away or stalls), then reported as a
     * trace directory would be. A failure once the session is followed comes after the report of what came before it.
     */
    private int live(List<AnalysisProvider> providers, PrintWriter err) throws Exception {
        if (traceArgs.size() != 1) {
            throw RunFailure.usage("a live session is analysed alone: give one net:// address, no trace directory");
        }
        if (against.asked() || times.given() || folded != null) {
            throw RunFailure.usage("--begin, --end, --against and --folded are not taken with a live session");
        }
        try (LiveSession live = timeout.attach(traceArgs.get(0))) {
            LiveCommand.StopOnInterrupt stop = new LiveCommand.StopOnInterrupt(live);
            try {
                live.awaitTraces(); // the analyses are planned from the metadata of its first streams
                TraceSet traces = live.traces();
                AnalysisRun.Plan plan = select(providers, traces, new AnalysisOptions(TimeRange.ALL, groupBy,
                        calibration.read(), thread, limit.value(), spans.value()));
                List<Report> reports = run(traces, plan.toRun());
                RunNotes.skipped(plan, err);
                write(reports, traces);
            } finally {
                stop.done();
            }
            if (live.failure() != null) {
                throw live.failure();
            }
            return ExitCode.OK;
        }
    }

    /**
     * Two critical paths side by side: the thread's over these traces and range, and over the other run's (the
     * {@code --against} traces or range). Each is its own pass; only the comparison is written.
     */
    private int compare(List<AnalysisProvider> providers, PrintWriter err) throws Exception {
        if (providers.size() != 1 || !providers.get(0).name().equals("critical-path")) {
            throw RunFailure.usage("--against compares critical paths: give --analysis critical-path --thread TID|NAME");
        }
        against.parse();
        int status = ExitCode.OK;
        Report a;
        Report b;
        int tidA;
        int tidB;
        try (TraceSet traces = CtfTraceSet.open(tracePaths)) {
            CriticalPathAnalysis path = followed(providers, traces, times.range(traces), thread);
            a = run(traces, List.of(path)).get(0);
            tidA = path.followed() == null ? -1 : path.followed().tid();
            status = Math.max(status, PartialRead.warn(traces, err, "lttbench analyze"));
        }
        try (TraceSet traces = CtfTraceSet.open(against.traces(tracePaths))) {
            CriticalPathAnalysis path = followed(providers, traces, against.range(traces), against.thread(thread));
            b = run(traces, List.of(path)).get(0);
            tidB = path.followed() == null ? -1 : path.followed().tid();
            status = Math.max(status, PartialRead.warn(traces, err, "lttbench analyze"));
        }
        String whatA = String.join(" ", tracePaths.stream().map(Path::toString).toList()) + times.described();
        write(List.of(CriticalPathComparison.of(a, tidA, whatA, b, tidB, against.describe(tracePaths))));
        return status;
    }

    private CriticalPathAnalysis followed(List<AnalysisProvider> providers, TraceSet traces, TimeRange range, String who)
            throws RunFailure {
        return (CriticalPathAnalysis) select(providers, traces, new AnalysisOptions(range, groupBy, calibration.read(), who))
                .toRun().get(0);
    }

    /** The analyses asked for, or every one; unknown names are a usage error. */
    List<AnalysisProvider> providers() throws RunFailure {
        return providers(analysisNames);
    }

    /** The analyses of these {@code --analysis} names, or every one when none is given; unknown names are a usage error. */
    static List<AnalysisProvider> providers(List<String> analysisNames) throws RunFailure {
        if (analysisNames == null || analysisNames.isEmpty()) {
            return Analyses.all();
        }
        List<AnalysisProvider> chosen = new ArrayList<>();
        for (String name : new LinkedHashSet<>(analysisNames)) {
            chosen.add(LamiCommand.provider(name.trim().toLowerCase(Locale.ROOT)));
        }
        return chosen;
    }

    /** The plan of this run ({@link AnalysisRun#select}): the analyses asked for must all apply. */
    AnalysisRun.Plan select(List<AnalysisProvider> providers, TraceSet traces, AnalysisOptions options) throws RunFailure {
        return AnalysisRun.select(providers, analysisNames != null && !analysisNames.isEmpty(), traces, options);
    }

    List<Report> run(TraceSet traces, List<Analysis> analyses) throws IOException {
        return run(traces, analyses, progress.bar(spec.commandLine().getErr()), spec.commandLine().getErr(), true);
    }

    /**
     * One pass of the analyses, with the progress bar (or null), then, whatever was asked, one line on {@code err} (so
     * that JSON and CSV stay clean) saying that the traces lost events; {@code staged} as {@link AnalysisRun#pass}.
     */
    static List<Report> run(TraceSet traces, List<? extends Analysis> analyses, ProgressBar bar, PrintWriter err,
            boolean staged) throws IOException {
        AnalysisRun.Outcome outcome;
        try {
            outcome = AnalysisRun.pass(traces, analyses, List.of(), bar == null ? ProgressListener.NONE : bar, staged);
        } finally {
            if (bar != null) {
                bar.finish();
            }
        }
        RunNotes.losses(outcome.lossLine(), err);
        return outcome.reports();
    }

    /**
     * The reports as asked: what stands out ({@link #highlightsOnly}), else every table. {@code traces} names what was
     * read in the highlights' first line.
     */
    void write(List<Report> reports, TraceSet traces) throws IOException, RunFailure {
        if (!highlightsOnly() || reports.isEmpty()) {
            write(reports);
            return;
        }
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(WhatStandsOut.text(traces.traces(), reports));
        stdout.flush();
    }

    /**
     * Whether the text asked for is what stands out only: a terminal's text (no {@code --out}, no other format) of the
     * default analyses, with neither {@code --all} nor a table layout ({@code --rows}, {@code --wide}) asked for.
     */
    boolean highlightsOnly() {
        CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        return format == ReportFormat.TEXT && out == null && !all && (analysisNames == null || analysisNames.isEmpty())
                && !parsed.hasMatchedOption("--rows") && !parsed.hasMatchedOption("--wide");
    }

    void write(List<Report> reports) throws IOException, RunFailure {
        if (out != null || format != ReportFormat.TEXT) {
            RunNotes.tableWarnings(reports, spec.commandLine().getErr());
        }
        if (out != null) {
            try {
                ReportFiles.write(reports, format, out);
            } catch (IOException e) {
                throw RunFailure.usage("--out " + out + ": cannot write the tables there: " + RunFailure.reason(e));
            }
            return;
        }
        PrintWriter stdout = spec.commandLine().getOut();
        if (format == ReportFormat.TEXT) {
            TextReportWriter.write(reports, stdout, TextReportWriter.Layout.terminal(rows, wide));
        } else {
            format.write(reports, stdout);
        }
        stdout.flush();
    }

    /** {@code --rows}: a count, or {@code all}. */
    static final class RowLimit implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            if ("all".equalsIgnoreCase(value)) {
                return TextReportWriter.ALL_ROWS;
            }
            try {
                int n = Integer.parseInt(value);
                if (n > 0) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // said below
            }
            throw new CommandLine.TypeConversionException("'" + value + "' is not a positive number of rows or 'all'");
        }
    }
}
