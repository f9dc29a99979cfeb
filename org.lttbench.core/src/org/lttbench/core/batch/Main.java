package org.lttbench.core.batch;

import java.util.Iterator;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

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
        return commandLine().setCaseInsensitiveEnumValuesAllowed(true).setParameterExceptionHandler(Main::usageError)
                .execute(args);
    }

    /** The command line with every subcommand: the core's own and those other jars on the classpath provide. */
    public static CommandLine commandLine() {
        CommandLine line = new CommandLine(new LttbenchCommand());
        Iterator<SubcommandProvider> providers = ServiceLoader.load(SubcommandProvider.class).iterator();
        while (true) {
            SubcommandProvider provider;
            try {
                if (!providers.hasNext()) {
                    break;
                }
                provider = providers.next();
            } catch (ServiceConfigurationError e) {
                // A provider whose jar is incomplete must not break the other commands.
                continue;
            }
            if (!line.getSubcommands().containsKey(provider.name())) {
                line.addSubcommand(provider.name(), provider.command());
            }
        }
        return line;
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
