package org.lttbench.core.batch;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

import org.lttbench.core.run.RunFailure;

import picocli.CommandLine;

/**
 * A subcommand whose every failure, out of memory and stack overflow too, ends as one line on stderr and its exit code
 * ({@link RunFailure#tell}), never a stack trace: picocli passes errors through.
 */
abstract class OneLineFailureCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public final Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        try {
            return run(err);
        } catch (Exception | OutOfMemoryError | StackOverflowError e) {
            return RunFailure.tell(spec.qualifiedName(), e, err); // lttbench analyze: ...
        }
    }

    /** The command's work, its warnings and notes on {@code err}; returns its {@link org.lttbench.core.run.ExitCode}. */
    abstract int run(PrintWriter err) throws Exception;
}
