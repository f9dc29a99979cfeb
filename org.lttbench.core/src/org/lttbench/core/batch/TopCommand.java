package org.lttbench.core.batch;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.analysis.top.TopAnalysis;
import org.lttbench.core.live.LiveSession;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.JsonReportWriter;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.ReportFormat;
import org.lttbench.core.report.TextReportWriter;
import org.lttbench.core.run.ExitCode;
import org.lttbench.core.run.RunFailure;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code lttbench top net://RELAYD[:PORT]/host/HOST/SESSION}: follows a live session as {@code analyze net://} does and
 * shows, at the end of each interval of the session's time, what each process did over the window (the last
 * intervals): redrawn in place on a terminal, one report after another otherwise, one JSON document per line with
 * {@code --format json}. Ends with the session, on Ctrl-C, or when its relay daemon goes away or stalls (exit 7).
 */
@Command(name = "top", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Follows an LTTng live session and shows, interval after interval, what each process did over the "
                + "last seconds: CPU, waits and I/O wait (with a kernel trace), events per second, lost events. It "
                + "reads the session from its beginning, as analyze net://... does.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = { "0:the session ended", "2:usage error",
                "3:the relay daemon cannot be reached, has no such session, or the session ended before any stream",
                "5:internal error", "7:the relay daemon went away or stalled: the intervals before it were shown",
                "130:Ctrl-C (143: SIGTERM), after the interval under way was shown" })
public final class TopCommand extends OneLineFailureCommand {
    /** Set by the {@code ./lttbench} launcher from {@code [ -t 1 ]}: the JVM cannot tell whether stdout is a terminal. */
    static final String STDOUT_TTY = "lttbench.stdout.tty";
    /** Clears a terminal and puts the cursor home (ANSI): each report is drawn over the last. */
    private static final String REDRAW = "\033[H\033[2J";
    /** At most this many intervals in a window (its figures are kept per interval). */
    private static final int MAX_WINDOW_INTERVALS = 3600;

    /** The window when none is given (or one interval, when longer). */
    private static final long DEFAULT_WINDOW_NS = 5_000_000_000L;

    @Option(names = "--window", paramLabel = "DURATION", converter = Duration.class,
            description = "What each report covers: the last DURATION of the session (e.g. 5s, 500ms, 1m; rounded up to "
                    + "whole intervals; default: 5s, or one interval when longer)")
    Long windowNs;

    @Option(names = "--interval", paramLabel = "DURATION", defaultValue = "1s", converter = Duration.class,
            description = "A report at the end of each DURATION of the session's time (default: ${DEFAULT-VALUE})")
    long intervalNs;

    @Option(names = "--format", paramLabel = "text|csv|json", defaultValue = "text",
            description = "text: a table per interval, redrawn in place on a terminal; json: one document per line and "
                    + "interval (default: ${DEFAULT-VALUE})")
    ReportFormat format;

    @Option(names = "--rows", paramLabel = "N|all", defaultValue = "25", converter = AnalyzeCommand.RowLimit.class,
            description = "Text: at most N processes, the busiest (default: ${DEFAULT-VALUE}); CSV and JSON have every one")
    int rows;

    @Mixin
    LiveTimeout timeout;

    @Parameters(arity = "1", paramLabel = "URL", description = "The live session: net://RELAYD[:PORT]/host/HOST/SESSION")
    String address;

    @Override
    int run(PrintWriter err) throws Exception {
        if (windowNs == null) {
            windowNs = Math.max(DEFAULT_WINDOW_NS, intervalNs);
        }
        if (windowNs < intervalNs) {
            throw RunFailure.usage("--window " + CellFormat.duration(windowNs) + " is shorter than --interval "
                    + CellFormat.duration(intervalNs));
        }
        long intervals = (windowNs + intervalNs - 1) / intervalNs;
        if (intervals > MAX_WINDOW_INTERVALS) {
            throw RunFailure.usage("--window holds " + intervals + " intervals: at most " + MAX_WINDOW_INTERVALS);
        }
        PrintWriter out = spec.commandLine().getOut();
        boolean redraw = format == ReportFormat.TEXT && Boolean.getBoolean(STDOUT_TTY);
        try (LiveSession live = timeout.attach(address)) {
            LiveCommand.StopOnInterrupt stop = new LiveCommand.StopOnInterrupt(live);
            try {
                live.awaitTraces();
                TraceSet traces = live.traces();
                List<Analysis> analyses = new ArrayList<>();
                ProcessAnalysis processes = null;
                if (!ProcessAnalysis.kernelTraces(traces).isEmpty()) {
                    processes = new ProcessAnalysis(new AnalysisOptions(TimeRange.ALL, AnalysisOptions.GroupBy.PROCESS));
                    analyses.add(processes);
                }
                TopAnalysis top = new TopAnalysis(intervalNs, (int) intervals, processes,
                        report -> show(report, out, redraw, live));
                if (processes != null) {
                    processes.observe(top); // its thread states, as the machine tells them
                }
                analyses.add(top);
                AnalyzeCommand.run(traces, analyses, null, err, false); // shown as it goes: on one thread
            } finally {
                stop.done();
            }
            if (live.failure() != null) {
                throw live.failure();
            }
            return ExitCode.OK;
        }
    }

    /** One interval's report, as the format and the terminal want it; a closed stdout stops the session's read. */
    private void show(Report report, PrintWriter out, boolean redraw, LiveSession live) {
        try {
            switch (format) {
            case TEXT -> {
                out.print(redraw ? REDRAW : "");
                TextReportWriter.write(List.of(report), out, TextReportWriter.Layout.terminal(rows, false));
                if (!redraw) {
                    out.println();
                }
            }
            case JSON -> JsonReportWriter.writeLine(List.of(report), out);
            default -> format.write(List.of(report), out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.flush();
        if (out.checkError()) { // nobody reads any more (the pipe's reader ended)
            live.stop();
        }
    }

    /** {@code --window}, {@code --interval}: a number with a unit (ns, us, ms, s, m; s when none), at least 1 ms. */
    static final class Duration implements CommandLine.ITypeConverter<Long> {
        private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|µs|ms|s|m|min)?");

        @Override
        public Long convert(String value) {
            Matcher m = FORM.matcher(value.trim().toLowerCase(Locale.ROOT));
            if (m.matches()) {
                double n = Double.parseDouble(m.group(1));
                String unit = m.group(2) == null ? "s" : m.group(2);
                double ns = n * switch (unit) {
                case "ns" -> 1;
                case "us", "µs" -> 1e3;
                case "ms" -> 1e6;
                case "m", "min" -> 60e9;
                default -> 1e9;
                };
                if (ns >= 1e6 && ns <= 86_400e9) {
                    return Math.round(ns);
                }
            }
            throw new CommandLine.TypeConversionException("'" + value + "' is not a duration from 1ms to 24h (e.g. 5s, "
                    + "500ms, 1m)");
        }
    }
}
