package org.lttbench.fleet.result;

import java.io.Serializable;

/**
 * What became of one unit of a fleet job: what was read, how long it took, and whether it failed (with the error
 * the command line would print).
 *
 * @param status  {@link #OK}, {@link #READ_IN_PART}, {@link #FAILED} or {@link #NOT_APPLICABLE}
 * @param error   one line naming what and where (file, byte offset) when it failed; read in part, the note every
 *                report of the unit carries (which stream files were not read, or not to their end); else null
 * @param bytes   bytes of stream data read (the inventory's file sizes when it failed)
 * @param begin   first record, ns since the epoch, or null when it failed
 * @param seconds wall-clock time of the task's pass
 */
public record TraceOutcome(String host, String hostOrigin, String session, String directories, long traces,
        String domains, String analyses, String status, String error, long bytes, Long events, Long discardedEvents,
        Long lostPackets, Long begin, Long end, double seconds) implements Serializable {

    public static final String OK = "ok";
    public static final String FAILED = "failed";
    public static final String NOT_APPLICABLE = "no analysis applies";
    /** Its figures are written, but some stream files could not be read, or not to their end. */
    public static final String READ_IN_PART = "read in part";

    public boolean failed() {
        return FAILED.equals(status);
    }

    public boolean readInPart() {
        return READ_IN_PART.equals(status);
    }
}
