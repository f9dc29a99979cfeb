package org.lttbench.core.ctf;

import java.nio.file.Path;

import org.lttbench.core.trace.TraceFormatException;

/** What the fuzzers accept of bad input: an error that says, first, which file it is about. */
final class Expected {
    private Expected() {
    }

    static void namesTheFile(TraceFormatException e, Path file) {
        if (!file.equals(e.file()) || !e.getMessage().startsWith(file.toString())) {
            throw new AssertionError("an error that does not name " + file + " first: " + e.getMessage(), e);
        }
        if (e.getMessage().contains("\n")) {
            throw new AssertionError("an error of more than one line: " + e.getMessage(), e);
        }
    }
}
