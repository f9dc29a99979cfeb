package org.lttbench.core.batch;

import java.io.IOException;

import org.lttbench.core.report.LamiReportWriter;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/** Command-line entry point used by the {@code ./lttbench} launcher. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /**
     * Runs the command line and returns its {@link ExitCode}, without exiting (tests and the Eclipse application use
     * it). Errors are one line on stderr, never a stack trace.
     */
    public static int run(String... args) {
        // What needs no command line is answered before picocli starts (a third of a start-up's CPU time).
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            try {
                System.out.println("lttbench " + LttbenchCommand.bundleVersion());
            } catch (IOException e) {
                return failure(e);
            }
            System.out.flush();
            return ExitCode.OK;
        }
        if (args.length == 1 && args[0].equals("--mi-version")) {
            System.out.println(LamiReportWriter.MI_VERSION);
            System.out.flush();
            return ExitCode.OK;
        }
        CommandLine commandLine = LttbenchCommand.commandLine(args)
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setParameterExceptionHandler(Main::usageError)
                .setExecutionExceptionHandler(Main::failure);
        try {
            return commandLine.execute(args);
        } catch (OutOfMemoryError | StackOverflowError e) {
            // picocli passes errors through; they are still one line (the reader bounds what input can cause them)
            return failure(e);
        }
    }

    private static int usageError(ParameterException e, String[] args) {
        String command = e.getCommandLine().getCommandSpec().qualifiedName();
        System.err.println(command + ": " + BatchFailure.oneLine(String.valueOf(e.getMessage())) + " (see " + command + " --help)");
        return ExitCode.USAGE;
    }

    private static int failure(Exception e, CommandLine commandLine, ParseResult parsed) {
        return failure(e);
    }

    private static int failure(Throwable e) {
        debug(e);
        BatchFailure failure = BatchFailure.of(e);
        System.err.println("lttbench: " + failure.getMessage());
        return failure.exitCode();
    }

    /** The stack trace, only when the user asked for it with {@code LTTBENCH_DEBUG=1}. */
    static void debug(Throwable e) {
        if (System.getenv("LTTBENCH_DEBUG") != null && !(e instanceof BatchFailure)) {
            e.printStackTrace();
        }
    }
}
