package org.lttbench.ui.viewer;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.lttbench.core.batch.BatchFailure;
import org.lttbench.core.batch.ExitCode;
import org.lttbench.core.batch.PartialRead;
import org.lttbench.core.batch.RangeOptions;
import org.lttbench.core.batch.SpanOption;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.trace.TimeRange;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code lttbench view TRACE...}: a window with the process time, latency, tracepoint overhead and discarded events
 * views, and the spans view when the traces have spans.
 * Lives in the UI bundle (it needs SWT); the core's command line finds it through
 * {@link org.lttbench.core.batch.SubcommandProvider}.
 */
@Command(name = "view", mixinStandardHelpOptions = true,
        description = "Opens a window with the process time, latency, tracepoint overhead and discarded events views of the "
                + "traces, and the spans view when they have spans.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = { "0:the window was closed", "2:usage error, or no display to open a window on",
                "3:a trace is missing, unreadable or malformed" })
public final class ViewCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    RangeOptions times;

    @Mixin
    SpanOption spans;

    @Parameters(arity = "1..*", paramLabel = "TRACE", description = "Trace directories, or directories holding traces.")
    List<Path> traces;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        // Open once before any window: a wrong path or time is one clear line, not an empty window.
        TimeRange range;
        int partial;
        try {
            times.parse();
            try (CtfTraceSet set = CtfTraceSet.open(traces)) {
                set.streams();
                range = times.range(set);
                partial = PartialRead.warn(set, err, "lttbench view");
            }
        } catch (BatchFailure f) {
            return BatchFailure.tell("lttbench view", f, err);
        } catch (IOException | RuntimeException e) {
            // the reader's message as it is, as an unreadable trace whatever went wrong
            return BatchFailure.tell("lttbench view", BatchFailure.unreadableTrace(String.valueOf(e.getMessage())), err);
        }
        String why = WindowSystem.whyNoDisplay();
        if (why != null) {
            err.println("lttbench view: cannot open a window: " + why);
            err.flush();
            return ExitCode.USAGE;
        }
        WindowSystem.show(title(), () -> CtfTraceSet.open(traces), range, spans.value());
        return partial;
    }

    private String title() {
        StringBuilder b = new StringBuilder();
        for (Path p : traces) {
            b.append(b.length() > 0 ? ", " : "").append(p.toAbsolutePath().normalize().getFileName());
        }
        return b.toString();
    }
}
