package org.lttbench.core.batch;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.ctf.RecordCounter;
import org.lttbench.core.ctf.RecordPrinter;
import org.lttbench.core.run.PartialRead;
import org.lttbench.core.run.RunFailure;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.UnreadFile;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code lttbench dump}: every record of the traces, one per line, in time order; or only how many there are. */
@Command(name = "dump", mixinStandardHelpOptions = true,
        description = "Prints every record (events, discarded events, lost packets) of the traces in time order.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = { "0:success", "2:usage error", "3:a trace is missing, unreadable or malformed",
                "5:internal error", "6:done, but some stream files could not be read (each is a warning line)" })
public final class DumpCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--format", paramLabel = "text|jsonl", defaultValue = "text",
            description = "text: babeltrace2's text style; jsonl: one JSON object per line (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--count", description = "Decode every field of every record but print only how many events and"
            + " loss records there are (the pure reading speed).")
    boolean count;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1", description = "With --count: read the traces N"
            + " times in this JVM and print each pass's time (benchmarks: later passes run warm).")
    int repeat;

    @Parameters(arity = "1..*", paramLabel = "TRACE", description = "Trace directories, or directories holding traces.")
    List<Path> traces;

    private void count(CtfTraceSet set) throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        // Only passes that are printed are timed: the management beans cost a start-up tens of milliseconds.
        ThreadMXBean threads = repeat > 1 ? ManagementFactory.getThreadMXBean() : null;
        List<String> passes = new ArrayList<>();
        RecordCounter counter = null;
        for (int pass = 1; pass <= Math.max(1, repeat); pass++) {
            counter = RecordCounter.decodingEveryPayload();
            if (threads == null) {
                set.read(counter, ProgressListener.NONE);
                continue;
            }
            long wall = System.nanoTime();
            long cpu = threads.getCurrentThreadCpuTime();
            set.read(counter, ProgressListener.NONE);
            wall = System.nanoTime() - wall;
            cpu = threads.getCurrentThreadCpuTime() - cpu;
            passes.add(String.format(Locale.ROOT, "pass %d: %.3f s wall, %.3f s CPU, %.0f events/s (wall), %.0f events/s (CPU)",
                    pass, wall / 1e9, cpu / 1e9, counter.events() / (wall / 1e9), counter.events() / (cpu / 1e9)));
        }
        out.println("events: " + counter.events());
        out.println("loss records: " + counter.losses());
        if (repeat > 1) {
            passes.forEach(out::println);
        }
        out.flush();
    }

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
            // Said before the records, so that a long dump does not bury it; a file found cut short on the way, after.
            PartialRead.warn(set, err, "lttbench dump");
            List<UnreadFile> said = set.unreadFiles();
            if (count) {
                count(set);
            } else {
                Writer out = spec.commandLine().getOut();
                set.read(new RecordPrinter(out, f), ProgressListener.NONE);
                out.flush();
            }
            return PartialRead.warnOfMore(set, said, err, "lttbench dump");
        } catch (UncheckedIOException e) {
            // The reader of our output went away (e.g. "| head"): not an error of the trace.
            return 0;
        } catch (IOException e) {
            // the reader's message as it is (no "cannot read the trace:" before a plain I/O error, as dump always said it)
            return RunFailure.tell("lttbench dump", RunFailure.unreadableTrace(String.valueOf(e.getMessage())), err);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            return RunFailure.tell("lttbench dump", e, err);
        }
    }
}
