package org.lttbench.core.batch;

import java.io.PrintWriter;

import picocli.CommandLine.Option;

/** The {@code --quiet} option of commands that read traces, and the progress bar it turns off. */
public final class ProgressOptions {
    /** Set by the {@code ./lttbench} launcher from {@code [ -t 2 ]}: the JVM cannot tell whether stderr is a terminal. */
    static final String STDERR_TTY = "lttbench.stderr.tty";

    @Option(names = { "-q", "--quiet" }, description = "No progress bar on stderr (there is none anyway when stderr is not a terminal).")
    boolean quiet;

    /** A progress bar on stderr ({@code err}), or {@code null} when quiet or when stderr is not known to be a terminal. */
    ProgressBar bar(PrintWriter err) {
        return quiet || !Boolean.getBoolean(STDERR_TTY) ? null : new ProgressBar(err, System::nanoTime);
    }
}
