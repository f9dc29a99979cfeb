package org.lttbench.core.run;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

import org.lttbench.core.live.LiveException;
import org.lttbench.core.trace.TraceFormatException;

/** Why a batch run stops: one line for the user and the {@link ExitCode} to exit with. */
public final class RunFailure extends Exception {
    private static final long serialVersionUID = 1L;

    private final int exitCode;

    public RunFailure(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }

    public static RunFailure usage(String message) {
        return new RunFailure(ExitCode.USAGE, message);
    }

    public static RunFailure unreadableTrace(String message) {
        return new RunFailure(ExitCode.UNREADABLE_TRACE, message);
    }

    /** What any exception means to the user: trace problems are exit code 3, anything else is our bug. */
    public static RunFailure of(Throwable e) {
        if (e instanceof RunFailure f) {
            return f;
        }
        if (e instanceof UncheckedIOException u && u.getCause() != null) {
            return of(u.getCause());
        }
        if (e instanceof LiveException l) {
            return new RunFailure(l.midSession() ? ExitCode.LIVE_CUT_SHORT : ExitCode.UNREADABLE_TRACE, oneLine(l.getMessage()));
        }
        if (e instanceof TraceFormatException) {
            return unreadableTrace(oneLine(e.getMessage()));
        }
        if (e instanceof NoSuchFileException || e instanceof AccessDeniedException) {
            return unreadableTrace(reason((IOException) e));
        }
        if (e instanceof IOException io) {
            return unreadableTrace("cannot read the trace: " + reason(io));
        }
        if (e instanceof OutOfMemoryError) {
            return new RunFailure(ExitCode.INTERNAL_ERROR,
                    "out of memory (give the JVM more with LTTBENCH_JAVA_OPTS=-Xmx4g, and please report the trace that needed it)");
        }
        return new RunFailure(ExitCode.INTERNAL_ERROR, "internal error: " + oneLine(String.valueOf(e))
                + " (set LTTBENCH_DEBUG=1 for the stack trace, and please report it)");
    }

    /**
     * The one failure path of every command: the failure as one line on {@code err} ({@code command: message}),
     * after its stack trace when the user asked for it ({@link #debug}); returns its exit code.
     */
    public static int tell(String command, Throwable e, PrintWriter err) {
        debug(e, err);
        RunFailure failure = of(e);
        err.println(command + ": " + failure.getMessage());
        err.flush();
        return failure.exitCode();
    }

    /** Whether the user asked for stack traces (and Spark's own log) with {@code LTTBENCH_DEBUG=1}. */
    public static boolean debugging() {
        return System.getenv("LTTBENCH_DEBUG") != null;
    }

    /** The stack trace of anything but a {@link RunFailure} (its message says it all), when {@link #debugging()}. */
    public static void debug(Throwable e, PrintWriter err) {
        if (debugging() && !(e instanceof RunFailure)) {
            e.printStackTrace(err);
            err.flush();
        }
    }

    /** What went wrong with a file, in words: {@code /x: no such file or directory}. */
    public static String reason(IOException e) {
        if (e instanceof FileSystemException f && f.getFile() != null) {
            String why = e instanceof NoSuchFileException ? "no such file or directory"
                    : e instanceof AccessDeniedException ? "permission denied"
                    : e instanceof FileAlreadyExistsException ? "already exists"
                    : e instanceof NotDirectoryException ? "not a directory"
                    : f.getReason() != null ? f.getReason() : e.getClass().getSimpleName();
            return oneLine(f.getFile() + ": " + why);
        }
        return oneLine(String.valueOf(e.getMessage()));
    }

    public static String oneLine(String s) {
        return s.strip().replaceAll("\\s*\\R\\s*", "; ");
    }
}
