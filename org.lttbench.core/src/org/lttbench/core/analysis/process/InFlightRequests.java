package org.lttbench.core.analysis.process;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Block requests in flight on one machine, from {@code block_rq_issue} to {@code block_rq_complete}, kept as the
 * running total of time during which at least one was in flight ("busy"). That total at two times gives the busy
 * part of any interval between them, so checking an I/O wait against it needs two numbers, never a history.
 *
 * <p>A completion whose issue the trace did not record (issued before the trace began, or lost) counts as in flight
 * from the trace's start. A partial completion (fewer sectors than the request) leaves the rest in flight.
 * Memory: the requests in flight, bounded by the devices' queue depths.
 */
final class InFlightRequests {
    /** Per device: first sector of each request in flight, to its end sector. */
    private final Map<Long, TreeMap<Long, Long>> devices = new HashMap<>();
    private int inFlight;
    private long busySince;
    /** Busy ns before {@code busySince} (or in all, while nothing is in flight). */
    private long busyClosed;
    /** The latest completion with no issue seen, and the busy total then. */
    private long unmatchedAt = Long.MIN_VALUE;
    private long busyAtUnmatched;
    private long issued;
    private long completed;
    private long unmatched;

    void issue(long t, long device, long sector, long sectors) {
        TreeMap<Long, Long> requests = devices.computeIfAbsent(device, d -> new TreeMap<>());
        if (requests.containsKey(sector)) {
            return; // issued again (requeued): still the same request in flight
        }
        if (inFlight == 0) {
            busySince = t;
        }
        requests.put(sector, sector + Math.max(1, sectors));
        inFlight++;
        issued++;
    }

    /**
     * @return whether the request's issue was not seen: it was in flight from the trace's start until now, so every
     *         interval that ended by now lay within intervals when requests were in flight
     */
    boolean complete(long t, long device, long sector, long sectors) {
        completed++;
        TreeMap<Long, Long> requests = devices.get(device);
        Map.Entry<Long, Long> request = requests == null ? null : requests.floorEntry(sector);
        if (request == null || sector >= request.getValue()) {
            unmatched++;
            unmatchedAt = t;
            busyAtUnmatched = busy(t);
            return true;
        }
        requests.remove(request.getKey());
        long end = sector + Math.max(1, sectors);
        if (end < request.getValue()) {
            requests.put(end, request.getValue()); // partial completion: the rest is still in flight
            return false;
        }
        if (--inFlight == 0) {
            busyClosed += t - busySince;
        }
        return false;
    }

    /** Busy ns from the trace's start to {@code t} (t no earlier than the last issue or completion: the machine's current time). */
    long busy(long t) {
        return inFlight > 0 ? busyClosed + Math.max(0, t - busySince) : busyClosed;
    }

    /**
     * The busy ns of [from, to], given {@link #busy(long)} at {@code from}: requests issued and completed within it,
     * and those that completed in it without an issue seen (in flight since before {@code from}).
     */
    long busyWithin(long from, long busyAtFrom, long to) {
        long within = busy(to) - busyAtFrom;
        if (unmatchedAt > from && unmatchedAt <= to) {
            within += Math.max(0, unmatchedAt - from - (busyAtUnmatched - busyAtFrom));
        }
        return Math.min(within, to - from);
    }

    long issued() {
        return issued;
    }

    long completed() {
        return completed;
    }

    long unmatched() {
        return unmatched;
    }
}
