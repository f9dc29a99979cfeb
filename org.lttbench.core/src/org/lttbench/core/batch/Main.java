package org.lttbench.core.batch;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

import org.lttbench.core.report.LamiReportWriter;
import org.lttbench.core.run.ExitCode;
import org.lttbench.core.run.RunFailure;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** Command-line entry point used by the {@code ./lttbench} launcher. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(writer(System.out), writer(System.err), args));
    }

    /**
     * A standard stream as the commands write to it: UTF-8 whatever the platform's encoding (LAMI requires it; it is
     * picocli's own choice on JDK 18 and newer), flushed at each line as picocli's own writers are.
     */
    public static PrintWriter writer(OutputStream stream) {
        return new PrintWriter(new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8)), true);
    }

    /**
     * Runs the command line, every command writing its output to {@code out} and its errors to {@code err}, and returns
     * its {@link ExitCode}, without exiting (tests and the Eclipse application use it). Errors are one line on
     * {@code err} ({@link RunFailure#tell}), never a stack trace.
     */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        try {
            // What needs no command line is answered before picocli starts (a third of a start-up's CPU time).
            if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
                try {
                    out.println("lttbench " + LttbenchCommand.bundleVersion());
                } catch (IOException e) {
                    return RunFailure.tell("lttbench", e, err);
                }
                return ExitCode.OK;
            }
            if (args.length == 1 && args[0].equals("--mi-version")) {
                out.println(LamiReportWriter.MI_VERSION);
                return ExitCode.OK;
            }
            CommandLine commandLine = LttbenchCommand.commandLine(args)
                    .setOut(out)
                    .setErr(err)
                    .setCaseInsensitiveEnumValuesAllowed(true)
                    .setParameterExceptionHandler(Main::usageError)
                    .setExecutionExceptionHandler((e, line, parsed) -> RunFailure.tell("lttbench", e, err));
            try {
                return commandLine.execute(args);
            } catch (OutOfMemoryError | StackOverflowError e) {
                // picocli passes errors through; they are still one line (the reader bounds what input can cause them)
                return RunFailure.tell("lttbench", e, err);
            }
        } finally {
            out.flush();
            err.flush();
        }
    }

    private static int usageError(ParameterException e, String[] args) {
        String command = e.getCommandLine().getCommandSpec().qualifiedName();
        PrintWriter err = e.getCommandLine().getErr();
        err.println(command + ": " + RunFailure.oneLine(String.valueOf(e.getMessage())) + " (see " + command + " --help)");
        err.flush();
        return ExitCode.USAGE;
    }
}
