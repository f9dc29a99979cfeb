package org.lttbench.core.run;

/** The exit codes of every batch run (command line, LAMI, Eclipse application). */
public final class ExitCode {
    public static final int OK = 0;
    /** The analysis cannot run on these traces; the message says why. */
    public static final int NOT_APPLICABLE = 1;
    /** Bad command line: unknown option or analysis, malformed time, missing trace argument. */
    public static final int USAGE = 2;
    /** A trace that is missing, not a trace, unreadable or malformed. */
    public static final int UNREADABLE_TRACE = 3;
    /** A bug of ours: still one line, never a stack trace (set LTTBENCH_DEBUG=1 to get it). */
    public static final int INTERNAL_ERROR = 5;
    /**
     * Done, but the traces were read in part: some stream files could not be read (a FIFO, socket or device in place
     * of a stream file, a file we may not read). The output covers the rest; a warning line on stderr names each
     * file, and every report says it in a note.
     */
    public static final int READ_IN_PART = 6;
    /**
     * A live session's relay daemon went away or stalled (no answer within the timeout) while it was followed: the
     * report of what came before is printed, then the error line.
     */
    public static final int LIVE_CUT_SHORT = 7;
    /**
     * {@code lttbench diff --fail-if}: done, and a significant change passed a threshold (the output says which, and
     * the change).
     */
    public static final int REGRESSION = 8;

    private ExitCode() {
    }
}
