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
        return new CommandLine(new LttbenchCommand()).execute(args);
    }
}
