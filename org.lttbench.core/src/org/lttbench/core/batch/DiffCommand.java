package org.lttbench.core.batch;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.analysis.waits.WaitStacks;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.diff.ComparisonWriter;
import org.lttbench.core.diff.FigureChange;
import org.lttbench.core.diff.ProcessBreakdown;
import org.lttbench.core.diff.RegressionThreshold;
import org.lttbench.core.diff.RunComparison;
import org.lttbench.core.diff.RunPair;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.ReportFormat;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.run.ExitCode;
import org.lttbench.core.run.PartialRead;
import org.lttbench.core.run.RunFailure;
import org.lttbench.core.run.RunNotes;
import org.lttbench.core.run.TimeBound;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code lttbench diff A B}: the same analyses over two runs, in two passes at once (each the run service's pass that
 * {@code analyze} makes), then every declared figure compared ({@link RunComparison}), ranked, and written.
 */
@Command(name = "diff", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Compares two runs: every analysis's figures in A and B, what changed beyond noise, biggest first.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = { "0:done", "1:an analysis asked for does not apply to A or B (the reason is printed)",
                "2:usage error", "3:unreadable or malformed trace", "5:internal error",
                "6:done, but some stream files could not be read", "8:a significant change passed a --fail-if threshold" })
public final class DiffCommand extends OneLineFailureCommand {

    @Option(names = "--analysis", split = ",", paramLabel = "NAME", completionCandidates = AnalysisNames.class,
            description = "Analyses to compare (default: every one that applies to both): ${COMPLETION-CANDIDATES}")
    List<String> analysisNames;

    @Mixin
    RangeOptions times;

    @Mixin
    SpanOption spans;

    @Option(names = "--b-begin", paramLabel = "TIME", description = "B's own range start (default: --begin)")
    String beginB;

    @Option(names = "--b-end", paramLabel = "TIME", description = "B's own range end (default: --end)")
    String endB;

    @Option(names = "--format", paramLabel = "text|csv|json", defaultValue = "text",
            description = "Output format (default: ${DEFAULT-VALUE})")
    ReportFormat format;

    @Option(names = "--out", paramLabel = "DIR", description = "Write DIR/diff.<txt|csv|json> instead of printing.")
    Path out;

    @Option(names = "--rows", paramLabel = "N|all", defaultValue = "10", converter = AnalyzeCommand.RowLimit.class,
            description = "Text: at most N figures per analysis after the ranked list (default: ${DEFAULT-VALUE})")
    int rows;

    @Option(names = "--folded", paramLabel = "DIR",
            description = "Also write where the threads' time went as folded stacks for flame graphs: DIR/a.folded, "
                    + "DIR/b.folded (nanoseconds) and DIR/diff.folded (each run's nanoseconds per second, two columns)")
    Path folded;

    @Option(names = "--per-request", paramLabel = "SPAN",
            description = "Compare counts and total times per request, each an instance of that span (a --span "
                    + "definition's name, or a function's), instead of per second of traced time")
    String perRequest;

    @Option(names = "--process", paramLabel = "NAME",
            description = "Also break that process's change down (matched by command name in each run): running, "
                    + "waiting for a CPU, I/O wait, blocked by cause and by waker, per second of traced time")
    String process;

    @Option(names = "--fail-if", paramLabel = "ANALYSIS.FIGURE>+N%",
            description = "Exit with status 8 when a significant change passes this threshold, e.g. "
                    + "'syscalls.p99 > +10%' (a rise) or 'overhead.count < -20%' (a fall); repeat for several")
    List<String> failIf;

    @Parameters(index = "0", paramLabel = "A", description = "The first run: a trace directory, or a directory of traces")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "The second run, the same way")
    Path b;

    @Override
    int run(PrintWriter err) throws Exception {
        List<AnalysisProvider> providers = AnalyzeCommand.providers(analysisNames);
        times.parse();
        TimeBound bBegin = beginB == null ? null : TimeBound.parse("--b-begin", beginB);
        TimeBound bEnd = endB == null ? null : TimeBound.parse("--b-end", endB);
        List<RegressionThreshold> thresholds = thresholds(providers);
        boolean asked = analysisNames != null && !analysisNames.isEmpty();
        try (TraceSet traceA = CtfTraceSet.open(List.of(a)); TraceSet traceB = CtfTraceSet.open(List.of(b))) {
            TimeRange rangeA = times.range(traceA);
            TimeRange rangeB = times.range(bBegin, bEnd, traceB);
            AnalysisRun.Plan planA = AnalysisRun.select(providers, asked, traceA, new AnalysisOptions(rangeA,
                    AnalysisOptions.GroupBy.THREAD, null, null, AnalysisOptions.DEFAULT_LIMIT, spans.value()));
            AnalysisRun.Plan planB = AnalysisRun.select(providers, asked, traceB, new AnalysisOptions(rangeB,
                    AnalysisOptions.GroupBy.THREAD, null, null, AnalysisOptions.DEFAULT_LIMIT, spans.value()));
            if (perRequest != null) { // it counts a span's instances
                AnalysisNeeds.require(planA, p -> p.analyses().containsKey("spans"), "--per-request", "spans", " to A",
                        ": add spans to --analysis");
                AnalysisNeeds.require(planB, p -> p.analyses().containsKey("spans"), "--per-request", "spans", " to B",
                        ": add spans to --analysis");
            }
            if (folded != null || process != null) {
                FoldedStacks.check(planA, folded != null ? "--folded" : "--process");
                FoldedStacks.check(planB, folded != null ? "--folded" : "--process");
            }
            List<RunComparison.Summary> both = RunPair.passes(traceA, planA.toRun(), traceB, planB.toRun(),
                    (traces, analyses) -> AnalyzeCommand.run(traces, analyses, null, err, false));
            List<Report> reportsA = both.get(0).reports();
            List<Report> reportsB = both.get(1).reports();
            RunNotes.skipped(planA, err);
            if (!planB.reasons().equals(planA.reasons())) {
                RunNotes.skipped(planB, err);
            }
            List<String> alone = new ArrayList<>();
            planA.analyses().keySet().stream().filter(n -> !planB.analyses().containsKey(n))
                    .forEach(n -> alone.add(n + " (A only)"));
            planB.analyses().keySet().stream().filter(n -> !planA.analyses().containsKey(n))
                    .forEach(n -> alone.add(n + " (B only)"));
            if (!alone.isEmpty()) {
                err.println("note: not compared, since they ran on one run only: " + String.join(", ", alone));
                err.flush();
            }
            WaitStacks stacksA = folded != null || process != null ? WaitStacks.ofRun(planA.toRun()) : null;
            WaitStacks stacksB = folded != null || process != null ? WaitStacks.ofRun(planB.toRun()) : null;
            ProcessBreakdown breakdown = process == null ? null : ProcessBreakdown.of(process, stacksA, stacksB);
            if (process != null && breakdown == null) {
                throw RunFailure.usage("--process " + process + ": no process of that command name in A or B");
            }
            if (folded != null) {
                FoldedStacks.write("--folded", folded.resolve("a.folded"), stacksA::write);
                FoldedStacks.write("--folded", folded.resolve("b.folded"), stacksB::write);
                FoldedStacks.write("--folded", folded.resolve("diff.folded"), w -> WaitStacks.writeDifference(stacksA, stacksB, w));
            }
            RunComparison.Per per = perRequest == null ? RunComparison.Per.SECOND
                    : RunComparison.Per.request(perRequest, requests(reportsA, "A"), requests(reportsB, "B"));
            RunComparison.Outcome outcome = RunComparison.compare(both.get(0), both.get(1), per);
            Map<RegressionThreshold, FigureChange> failed = new LinkedHashMap<>();
            for (RegressionThreshold t : thresholds) {
                outcome.changes().stream().filter(t::passedBy).findFirst().ifPresent(c -> failed.put(t, c));
            }
            write(new ComparisonWriter.Run(describe(a, times.begin, times.end),
                    describe(b, beginB != null || endB != null ? beginB : times.begin,
                            beginB != null || endB != null ? endB : times.end), outcome, failed, breakdown));
            int status = Math.max(PartialRead.warn(traceA, err, "lttbench diff"),
                    PartialRead.warn(traceB, err, "lttbench diff"));
            if (!failed.isEmpty()) {
                for (var f : failed.entrySet()) {
                    err.println("lttbench diff: --fail-if '" + f.getKey().text() + "' failed: "
                            + ComparisonWriter.line(f.getValue()));
                }
                err.flush();
                return ExitCode.REGRESSION;
            }
            return status;
        }
    }

    /** How many spans of the {@code --per-request} name the run's spans table counts, at least one. */
    private long requests(List<Report> reports, String run) throws RunFailure {
        List<String> names = new ArrayList<>();
        for (Report r : reports) {
            Table t = r.analysis().equals("spans") ? r.table("spans") : null;
            for (int i = 0; t != null && i < t.rows().size(); i++) {
                String name = String.valueOf(t.cell(i, "span"));
                if (name.equals(perRequest) && t.cell(i, "spans") instanceof Long n && n > 0) {
                    return n;
                }
                names.add(name);
            }
        }
        throw RunFailure.usage("--per-request " + perRequest + ": no such span ended in " + run + (names.isEmpty() ? ""
                : " (its spans: " + String.join(", ", names.subList(0, Math.min(10, names.size())))
                        + (names.size() > 10 ? "..." : "") + ")"));
    }

    private static String describe(Path trace, String begin, String end) {
        return trace + RangeOptions.described(begin, end);
    }

    /** The thresholds, each naming a figure some compared table of those analyses declares. */
    private List<RegressionThreshold> thresholds(List<AnalysisProvider> providers) throws RunFailure {
        List<RegressionThreshold> parsed = new ArrayList<>();
        for (String text : failIf == null ? List.<String>of() : failIf) {
            RegressionThreshold t;
            try {
                t = RegressionThreshold.parse(text);
            } catch (IllegalArgumentException e) {
                throw RunFailure.usage(e.getMessage());
            }
            List<String> figures = new ArrayList<>();
            boolean known = false;
            for (AnalysisProvider p : providers) {
                if (!p.name().equals(t.analysis())) {
                    continue;
                }
                AnalysisTables tables = p.tables();
                for (TableSchema s : tables.grouping(AnalysisOptions.GroupBy.THREAD).tables()) {
                    for (Column c : s.columns()) {
                        if (c.role().figure()) {
                            figures.add(c.key());
                            known |= t.names(new FigureChange(p.name(), s.key(), "", c, null, null, null, null, 1,
                                    false, null, 0, 0, 0, "second"));
                        }
                    }
                }
            }
            if (!known) {
                throw RunFailure.usage("--fail-if '" + text + "': " + (figures.isEmpty() ? "no analysis '"
                        + t.analysis() + "' with figures compared among those run"
                        : "no figure '" + t.figure() + "' in " + t.analysis() + ": "
                                + String.join(", ", figures.stream().distinct().toList())));
            }
            parsed.add(t);
        }
        return parsed;
    }

    private void write(ComparisonWriter.Run run) throws IOException, RunFailure {
        StringWriter text = new StringWriter();
        PrintWriter to = out == null ? spec.commandLine().getOut() : new PrintWriter(text);
        switch (format) {
        case CSV -> ComparisonWriter.csv(run, to);
        case JSON -> ComparisonWriter.json(run, to);
        default -> ComparisonWriter.text(run, to, rows);
        }
        to.flush();
        if (out != null) {
            String ext = switch (format) {
            case CSV -> "csv";
            case JSON -> "json";
            default -> "txt";
            };
            try {
                Files.createDirectories(out);
                Files.writeString(out.resolve("diff." + ext), text.toString());
            } catch (IOException e) {
                throw RunFailure.usage("--out " + out + ": cannot write there: " + RunFailure.reason(e));
            }
        }
    }
}
