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
        return commandLine().execute(args);
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
}
