package org.lttbench.core.run;

import java.io.PrintWriter;

import org.lttbench.core.trace.Trace;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.core.trace.UnreadFile;

/**
 * Traces read in part (stream files that could not be read: a FIFO, socket or device in place of a stream file, a file
 * we may not read; or not to their end: a file that ends inside a packet): never silent. Each such file is a warning
 * line on stderr, every report carries a note, and the exit code is {@link ExitCode#READ_IN_PART} (except for LAMI,
 * whose exit code must be 0 for Trace Compass to show the results: there the Notes table says it).
 */
public final class PartialRead {
    private PartialRead() {
    }

    /**
     * Writes a warning line per unread file, and per trace of metadata alone (no stream file beside it, so no event:
     * otherwise its empty reports would look like an idle system); returns the exit code of a run that otherwise
     * succeeded.
     */
    public static int warn(TraceSet traces, PrintWriter err, String command) {
        for (Trace t : traces.traces()) {
            if (t.streams().isEmpty()) {
                err.println(command + ": warning: " + t.path() + ": no stream file beside its metadata, so the trace "
                        + "holds no events");
            }
        }
        err.flush();
        if (traces.unreadFiles().isEmpty()) {
            return ExitCode.OK;
        }
        for (UnreadFile u : traces.unreadFiles()) {
            err.println(command + ": warning: " + u + ": " + u.asRead() + ", so the traces are read in part");
        }
        err.flush();
        return ExitCode.READ_IN_PART;
    }
}
