package org.lttbench.core.batch;

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
}
