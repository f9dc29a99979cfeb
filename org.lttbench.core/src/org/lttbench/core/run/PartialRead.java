package org.lttbench.core.run;

import java.io.PrintWriter;
import java.util.List;

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
        return warnOfMore(traces, List.of(), err, command);
    }

    /**
     * Writes a warning line per unread file not in {@code said} (a file found cut short by a read that came after the
     * warnings of {@link #warn}); returns the exit code of a run that otherwise succeeded, from every unread file.
     */
    public static int warnOfMore(TraceSet traces, List<UnreadFile> said, PrintWriter err, String command) {
        List<UnreadFile> unread = traces.unreadFiles();
        for (UnreadFile u : unread) {
            if (!said.contains(u)) {
                err.println(command + ": warning: " + u + ": " + u.asRead() + ", so the traces are read in part");
            }
        }
        err.flush();
        return unread.isEmpty() ? ExitCode.OK : ExitCode.READ_IN_PART;
    }
}
