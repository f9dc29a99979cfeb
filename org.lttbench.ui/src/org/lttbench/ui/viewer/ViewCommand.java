package org.lttbench.ui.viewer;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.lttbench.core.batch.LiveTimeout;
import org.lttbench.core.batch.RangeOptions;
import org.lttbench.core.batch.SpanOption;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.live.LiveSession;
import org.lttbench.core.live.RelayUrl;
import org.lttbench.core.run.ExitCode;
import org.lttbench.core.run.PartialRead;
import org.lttbench.core.run.RunFailure;
import org.lttbench.core.run.TimeBound;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.ui.compute.LiveReading;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code lttbench view TRACE...}: a window with the process time, latency, tracepoint overhead and discarded events
 * views, and the spans view when the traces have spans. {@code lttbench view net://RELAYD[:PORT]/host/HOST/SESSION}:
 * the same window on a live session, its figures so far refreshed every second until the session ends.
 * Lives in the UI bundle (it needs SWT); the core's command line finds it through
 * {@link org.lttbench.core.batch.SubcommandProvider}.
 */
@Command(name = "view", mixinStandardHelpOptions = true,
        description = "Opens a window with the process time, latency, tracepoint overhead and discarded events views of the "
                + "traces, and the spans view when they have spans. Given a live session "
                + "(net://RELAYD[:PORT]/host/HOST/SESSION), it follows it from its beginning and shows the figures so "
                + "far, refreshed every second, until the session ends or its relay daemon goes away.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = { "0:the window was closed", "2:usage error, or no display to open a window on",
                "3:a trace is missing, unreadable or malformed; the relay daemon cannot be reached or has no such "
                        + "session" })
public final class ViewCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    RangeOptions times;

    @Mixin
    SpanOption spans;

    @Mixin
    LiveTimeout timeout;

    @CommandLine.Option(names = "--against", paramLabel = "A", description = "Compare the traces with run A (a trace "
            + "directory, or a directory of traces), as lttbench diff A TRACE does: the changes of every analysis, "
            + "biggest first, and a flame graph of where the threads' time went, coloured by its change.")
    Path against;

    @CommandLine.Option(names = "--against-begin", paramLabel = "TIME",
            description = "A's own range start (default: --begin): two ranges of one trace, given as A and as TRACE")
    String againstBegin;

    @CommandLine.Option(names = "--against-end", paramLabel = "TIME", description = "A's own range end (default: --end)")
    String againstEnd;

    @Parameters(arity = "1..*", paramLabel = "TRACE", description = "Trace directories, or directories holding traces; "
            + "or one live session, net://RELAYD[:PORT]/host/HOST/SESSION.")
    List<String> arguments;

    private List<Path> traces;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (arguments.stream().anyMatch(RelayUrl::isUrl)) {
            return live(err);
        }
        traces = arguments.stream().map(Path::of).toList();
        // Open once before any window: a wrong path or time is one clear line, not an empty window.
        TimeRange range;
        TimeRange rangeA = null;
        int partial;
        try {
            times.parse();
            try (CtfTraceSet set = CtfTraceSet.open(traces)) {
                set.streams();
                range = times.range(set);
                partial = PartialRead.warn(set, err, "lttbench view");
            }
            if (against == null && (againstBegin != null || againstEnd != null)) {
                throw RunFailure.usage("--against-begin and --against-end give A's range: give A with --against");
            }
            if (against != null) {
                TimeBound begin = againstBegin == null ? null : TimeBound.parse("--against-begin", againstBegin);
                TimeBound end = againstEnd == null ? null : TimeBound.parse("--against-end", againstEnd);
                try (CtfTraceSet set = CtfTraceSet.open(List.of(against))) {
                    set.streams();
                    rangeA = times.range(begin, end, set);
                    partial = Math.max(partial, PartialRead.warn(set, err, "lttbench view"));
                }
            }
        } catch (RunFailure f) {
            return RunFailure.tell("lttbench view", f, err);
        } catch (IOException | RuntimeException e) {
            // the reader's message as it is, as an unreadable trace whatever went wrong
            return RunFailure.tell("lttbench view", RunFailure.unreadableTrace(String.valueOf(e.getMessage())), err);
        }
        String why = WindowSystem.whyNoDisplay();
        if (why != null) {
            err.println("lttbench view: cannot open a window: " + why);
            err.flush();
            return ExitCode.USAGE;
        }
        if (against != null) {
            WindowSystem.compare(name(against), () -> CtfTraceSet.open(List.of(against)), rangeA, title(),
                    () -> CtfTraceSet.open(traces), range);
            return partial;
        }
        WindowSystem.show(title(), () -> CtfTraceSet.open(traces), range, spans.value());
        return partial;
    }

    /**
     * A live session: attached before any window (the daemon unreachable, no such session: one line, exit 3), then
     * followed by the window from its beginning.
     */
    private int live(PrintWriter err) {
        LiveSession live;
        try {
            if (arguments.size() > 1) {
                throw RunFailure.usage("a live session is viewed alone: give one net://... address and no trace");
            }
            if (times.given()) {
                throw RunFailure.usage("--begin and --end are for traces: a live session is shown from its beginning");
            }
            live = timeout.attach(arguments.get(0));
        } catch (Exception e) {
            return RunFailure.tell("lttbench view", e, err);
        }
        String why = WindowSystem.whyNoDisplay();
        if (why != null) {
            live.close();
            err.println("lttbench view: cannot open a window: " + why);
            err.flush();
            return ExitCode.USAGE;
        }
        WindowSystem.show(live.toString(), new LiveReading(live, spans.value()), TimeRange.ALL);
        return ExitCode.OK;
    }

    private String title() {
        StringBuilder b = new StringBuilder();
        for (Path p : traces) {
            b.append(b.length() > 0 ? ", " : "").append(name(p));
        }
        return b.toString();
    }

    private static String name(Path trace) {
        return String.valueOf(trace.toAbsolutePath().normalize().getFileName());
    }
}
