package org.lttbench.core.batch;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.ctf.RecordCounter;
import org.lttbench.core.ctf.RecordPrinter;
import org.lttbench.core.trace.ProgressListener;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code lttbench dump}: every record of the traces, one per line, in time order; or only how many there are. */
@Command(name = "dump", mixinStandardHelpOptions = true,
        description = "Prints every record (events, discarded events, lost packets) of the traces in time order.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = { "0:success", "2:usage error", "3:a trace is missing, unreadable or malformed" })
public final class DumpCommand implements Callable<Integer> {
    static final int EXIT_TRACE = 3;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--format", paramLabel = "text|jsonl", defaultValue = "text",
            description = "text: babeltrace2's text style; jsonl: one JSON object per line (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--count", description = "Decode every field of every record but print only how many events and"
            + " loss records there are (the pure reading speed).")
    boolean count;

    @Parameters(arity = "1..*", paramLabel = "TRACE", description = "Trace directories, or directories holding traces.")
    List<Path> traces;

    @Override
    public Integer call() {
        RecordPrinter.Format f = switch (format) {
        case "text" -> RecordPrinter.Format.TEXT;
        case "jsonl" -> RecordPrinter.Format.JSONL;
        default -> throw new CommandLine.ParameterException(spec.commandLine(),
                "--format must be text or jsonl, not '" + format + "'");
        };
        PrintWriter err = spec.commandLine().getErr();
        try (CtfTraceSet set = CtfTraceSet.open(traces)) {
            if (count) {
                RecordCounter counter = new RecordCounter();
                set.read(counter, ProgressListener.NONE);
                PrintWriter out = spec.commandLine().getOut();
                out.println("events: " + counter.events());
                out.println("loss records: " + counter.losses());
                out.flush();
            } else {
                Writer out = spec.commandLine().getOut();
                set.read(new RecordPrinter(out, f), ProgressListener.NONE);
                out.flush();
            }
            return 0;
        } catch (UncheckedIOException e) {
            // The reader of our output went away (e.g. "| head"): not an error of the trace.
            return 0;
        } catch (IOException e) {
            err.println("lttbench dump: " + e.getMessage());
            err.flush();
            return EXIT_TRACE;
        }
    }
}
