package org.lttbench.core.batch;

import java.util.Iterator;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

import picocli.CommandLine;

/**
 * A subcommand that lives outside the core bundle, found with {@link java.util.ServiceLoader} (a
 * {@code META-INF/services/org.lttbench.core.batch.SubcommandProvider} file in its jar). The {@code view} command is
 * one: it needs SWT, which the core must not depend on; the launcher's classpath holds the UI jar, so it appears there.
 */
public interface SubcommandProvider {

    /** The subcommand's name on the command line, e.g. {@code view}. */
    String name();

    /** A fresh picocli command object (annotated with {@code @Command}) for one command line. */
    Object command();

    /** Adds every subcommand the jars on the classpath provide (and the core lacks) to the command line. */
    static CommandLine addInstalled(CommandLine line) {
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
