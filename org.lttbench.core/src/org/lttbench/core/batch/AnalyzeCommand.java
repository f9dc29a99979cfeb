package org.lttbench.core.batch;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.ReportFormat;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceFormatException;
import org.lttbench.core.trace.TraceSet;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code lttbench analyze}: opens the traces once, runs every selected analysis in one pass over them, and prints
 * the reports. Generic over {@link Analyses#all()}. Exit status: 0 done, 1 an analysis does not apply to these
 * traces (the reason is printed), 2 usage error, 3 unreadable or malformed trace, 5 internal error. Errors are one
 * line on stderr, never a stack trace.
 */
@Command(name = "analyze", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs analyses over LTTng traces in one pass and prints their tables.%n"
                + "Times are ns since the epoch, as babeltrace2 and 'lttbench dump' print them.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = { "0:done", "1:an analysis does not apply to these traces (the reason is printed)",
                "2:usage error", "3:unreadable or malformed trace", "5:internal error" })
public final class AnalyzeCommand implements Callable<Integer> {
    public static final int NOT_APPLICABLE = 1, USAGE = 2, BAD_TRACE = 3, INTERNAL = 5;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--analysis", split = ",", paramLabel = "NAME",
            description = "Analyses to run (default: every one that applies): ${sys:lttbench.analyses}")
    List<String> analysisNames;

    @Option(names = "--begin", paramLabel = "NS", description = "Start of the time range (ns since the epoch)")
    Long begin;

    @Option(names = "--end", paramLabel = "NS", description = "End of the time range (ns since the epoch)")
    Long end;

    @Option(names = "--by", paramLabel = "thread|process", defaultValue = "thread",
            description = "Rows per thread or per process (default: ${DEFAULT-VALUE})")
    AnalysisOptions.GroupBy groupBy;

    @Option(names = "--format", paramLabel = "text|csv|json", defaultValue = "text",
            description = "Output format (default: ${DEFAULT-VALUE})")
    ReportFormat format;

    @Parameters(arity = "1..*", paramLabel = "TRACE", description = "Trace directories (a trace, or a directory of traces)")
    List<Path> tracePaths;

    /** A failure with its exit status and the one line to print. */
    static final class Failure extends Exception {
        private static final long serialVersionUID = 1L;
        final int status;

        Failure(int status, String message) {
            super(message);
            this.status = status;
        }
    }

    static {
        System.setProperty("lttbench.analyses", names());
    }

    private static String names() {
        List<String> names = new ArrayList<>();
        for (AnalysisProvider p : Analyses.all()) {
            names.add(p.name());
        }
        return String.join(", ", names);
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        try {
            List<AnalysisProvider> providers = providers();
            TimeRange range = range();
            try (TraceSet traces = open()) {
                checkRange(traces, range);
                List<Analysis> analyses = select(providers, traces, new AnalysisOptions(range, groupBy));
                List<Report> reports = run(traces, analyses);
                write(reports);
            }
            return 0;
        } catch (Failure f) {
            err.println("lttbench analyze: " + f.getMessage());
            err.flush();
            return f.status;
        } catch (TraceFormatException e) {
            err.println("lttbench analyze: " + e.getMessage());
            err.flush();
            return BAD_TRACE;
        } catch (IOException | UncheckedIOException e) {
            err.println("lttbench analyze: cannot read the traces: " + e.getMessage());
            err.flush();
            return BAD_TRACE;
        } catch (OutOfMemoryError e) {
            err.println("lttbench analyze: out of memory (raise the heap with LTTBENCH_JAVA_OPTS=-Xmx...)");
            err.flush();
            return INTERNAL;
        } catch (RuntimeException e) {
            err.println("lttbench analyze: internal error: " + e);
            err.flush();
            return INTERNAL;
        }
    }

    /** The analyses asked for, or every one; unknown names are a usage error. */
    List<AnalysisProvider> providers() throws Failure {
        if (analysisNames == null || analysisNames.isEmpty()) {
            return Analyses.all();
        }
        List<AnalysisProvider> chosen = new ArrayList<>();
        for (String name : new LinkedHashSet<>(analysisNames)) {
            AnalysisProvider p = Analyses.byName(name.trim().toLowerCase(Locale.ROOT));
            if (p == null) {
                throw new Failure(USAGE, "unknown analysis '" + name + "' (known: " + names() + ")");
            }
            chosen.add(p);
        }
        return chosen;
    }

    TimeRange range() throws Failure {
        if (begin == null && end == null) {
            return TimeRange.ALL;
        }
        long b = begin == null ? Long.MIN_VALUE : begin;
        long e = end == null ? Long.MAX_VALUE : end;
        if (e < b) {
            throw new Failure(USAGE, "--end (" + e + ") is before --begin (" + b + ")");
        }
        return new TimeRange(b, e);
    }

    TraceSet open() throws IOException, Failure {
        for (Path p : tracePaths) {
            if (!Files.exists(p)) {
                throw new Failure(BAD_TRACE, p + ": no such file or directory");
            }
        }
        return CtfTraceSet.open(tracePaths);
    }

    void checkRange(TraceSet traces, TimeRange range) throws Failure {
        TimeRange span = traces.span();
        if (range != TimeRange.ALL && span != null && range.intersect(span) == null) {
            throw new Failure(USAGE, "the range [" + range.begin() + ", " + range.end() + "] does not meet the traces, "
                    + "which span [" + span.begin() + ", " + span.end() + "]");
        }
    }

    /**
     * Fresh analyses for this run. Asked-for analyses must all apply; by default, those that do not apply are left
     * out, and it is an error only when none applies.
     */
    List<Analysis> select(List<AnalysisProvider> providers, TraceSet traces, AnalysisOptions options) throws Failure {
        boolean explicit = analysisNames != null && !analysisNames.isEmpty();
        List<Analysis> selected = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        for (AnalysisProvider p : providers) {
            Analysis a = p.create(options);
            String why = a.whyNotApplicable(traces);
            if (why == null) {
                selected.add(a);
            } else {
                reasons.add(p.name() + ": " + why);
            }
        }
        if ((explicit && !reasons.isEmpty()) || selected.isEmpty()) {
            throw new Failure(NOT_APPLICABLE, reasons.isEmpty() ? "no analysis to run" : String.join("; ", reasons));
        }
        return selected;
    }

    List<Report> run(TraceSet traces, List<Analysis> analyses) throws IOException {
        return AnalysisRun.run(traces, analyses, ProgressListener.NONE);
    }

    void write(List<Report> reports) throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        format.write(reports, out);
        out.flush();
    }
}
