package org.lttbench.core.batch;

import picocli.CommandLine;

/** Command-line entry point used by the {@code ./lttbench} launcher. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns its exit code, without exiting (tests and the Eclipse application use it). */
    public static int run(String... args) {
        return SubcommandProvider.addInstalled(new CommandLine(new LttbenchCommand())).setCaseInsensitiveEnumValuesAllowed(true)
                .setParameterExceptionHandler(Main::usageError).execute(args);
    }

    /** A usage error is one line on stderr (and a pointer to the help), exit status 2. */
    private static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        cmd.getErr().println(cmd.getCommandSpec().qualifiedName() + ": " + e.getMessage() + " (see "
                + cmd.getCommandSpec().qualifiedName() + " --help)");
        cmd.getErr().flush();
        return cmd.getCommandSpec().exitCodeOnInvalidInput();
    }
}
