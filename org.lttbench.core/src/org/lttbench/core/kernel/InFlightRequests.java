package org.lttbench.core.kernel;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Block requests in flight on one machine, from {@code block_rq_issue} to {@code block_rq_complete}, kept as the
 * running total of time during which at least one was in flight ("busy"). That total at two times gives the busy
 * part of any interval between them, so checking an I/O wait against it needs two numbers, never a history.
 *
 * <p>A completion whose issue the trace did not record (issued before the trace began, or lost) counts as in flight
 * from the trace's start. A partial completion (fewer sectors than the request) leaves the rest in flight. A request
 * with no completion {@value #TIMEOUT_S} s after its issue (Linux's default block request timeout: the kernel would
 * have failed or retried it by then, so its completion was lost) counts as in flight until then and is forgotten.
 * Memory: the requests in flight, bounded by the devices' queue depths, and by the timeout when completions are lost.
 *
 * <p>Each request that completes in full is told to a {@link Done} listener with its operation, issuer and times; a
 * request inserted into an I/O scheduler's queue ({@code block_rq_insert}) before its issue has its queue time too.
 */
final class InFlightRequests {
    /** Hears each request that completed in full. */
    @FunctionalInterface
    interface Done {
        void completed(long device, BlockOperation op, long sectors, long inserted, long issued, long completed,
                ThreadRecord issuer);
    }

    /** Requests inserted but not issued, per device, at most this many (their issue lost, or a hostile trace). */
    private static final int QUEUED_LIMIT = 1 << 12;

    static final long TIMEOUT_S = 30;
    private static final long TIMEOUT_NS = TIMEOUT_S * 1_000_000_000L;

    /** A request in flight: its device, sectors [start, end), and when it was issued. */
    private static final class Request {
        final long device;
        long start;
        final long end;
        final long issued;
        final long order;
        final long sectors;
        final long inserted;
        final BlockOperation op;
        final ThreadRecord issuer;

        Request(long device, long start, long end, long issued, long order, long sectors, long inserted,
                BlockOperation op, ThreadRecord issuer) {
            this.device = device;
            this.start = start;
            this.end = end;
            this.issued = issued;
            this.order = order;
            this.sectors = sectors;
            this.inserted = inserted;
            this.op = op;
            this.issuer = issuer;
        }
    }

    private final Done done;
    /** Per device: when each request not yet issued was inserted into the queue, by its first sector. */
    private final Map<Long, Map<Long, Long>> queued = new HashMap<>();

    InFlightRequests() {
        this((device, op, sectors, inserted, issued, completed, issuer) -> {
        });
    }

    InFlightRequests(Done done) {
        this.done = done;
    }

    /** Per device: each request in flight by its first sector. */
    private final Map<Long, TreeMap<Long, Request>> devices = new HashMap<>();
    /** The same requests, oldest issue first: the next to time out. */
    private final TreeSet<Request> byIssue = new TreeSet<>(
            Comparator.comparingLong((Request r) -> r.issued).thenComparingLong(r -> r.order));
    private int inFlight;
    private long busySince;
    /** Busy ns before {@code busySince} (or in all, while nothing is in flight). */
    private long busyClosed;
    /** The latest completion with no issue seen, and the busy total then. */
    private long unmatchedAt = Long.MIN_VALUE;
    private long busyAtUnmatched;
    private long issued;
    private long timedOut;

    void issue(long t, long device, long sector, long sectors) {
        issue(t, device, sector, sectors, BlockOperation.OTHER, null);
    }

    /** A request inserted into the device's I/O scheduler queue at {@code t}: its issue ends its queue time. */
    void insert(long t, long device, long sector) {
        Map<Long, Long> q = queued.computeIfAbsent(device, d -> new HashMap<>());
        if (q.size() >= QUEUED_LIMIT) {
            q.clear(); // their issues were lost: forget them rather than grow
        }
        q.put(sector, t);
    }

    /** A request issued to the device at {@code t}, by {@code issuer} (null when unknown). */
    void issue(long t, long device, long sector, long sectors, BlockOperation op, ThreadRecord issuer) {
        timeOut(t);
        TreeMap<Long, Request> requests = devices.computeIfAbsent(device, d -> new TreeMap<>());
        Map<Long, Long> q = queued.get(device);
        Long inserted = q == null ? null : q.remove(sector);
        if (requests.containsKey(sector)) {
            return; // issued again (requeued): still the same request in flight
        }
        if (inFlight == 0) {
            busySince = t;
        }
        Request r = new Request(device, sector, sector + Math.max(1, sectors), t, issued, sectors,
                inserted == null ? Long.MIN_VALUE : inserted, op, issuer);
        requests.put(sector, r);
        byIssue.add(r);
        inFlight++;
        issued++;
    }

    /**
     * @return whether the request's issue was not seen: it was in flight from the trace's start until now, so every
     *         interval that ended by now lay within intervals when requests were in flight
     */
    boolean complete(long t, long device, long sector, long sectors) {
        timeOut(t);
        TreeMap<Long, Request> requests = devices.get(device);
        Map.Entry<Long, Request> entry = requests == null ? null : requests.floorEntry(sector);
        if (entry == null || sector >= entry.getValue().end) {
            unmatchedAt = t;
            busyAtUnmatched = busy(t);
            return true;
        }
        Request r = entry.getValue();
        requests.remove(entry.getKey());
        long end = sector + Math.max(1, sectors);
        if (end < r.end) {
            r.start = end; // partial completion: the rest is still in flight
            requests.put(end, r);
            return false;
        }
        byIssue.remove(r);
        ended(t);
        done.completed(r.device, r.op, r.sectors, r.inserted, r.issued, t, r.issuer);
        return false;
    }

    /** Requests issued {@value #TIMEOUT_S} s or more before {@code t}: no longer in flight since their timeout. */
    private void timeOut(long t) {
        while (!byIssue.isEmpty() && t - byIssue.first().issued >= TIMEOUT_NS) {
            Request r = byIssue.pollFirst();
            devices.get(r.device).remove(r.start);
            timedOut++;
            ended(r.issued + TIMEOUT_NS);
        }
    }

    private void ended(long t) {
        if (--inFlight == 0) {
            busyClosed += t - busySince;
        }
    }

    /** Busy ns from the trace's start to {@code t} (t no earlier than the last issue or completion: the machine's current time). */
    long busy(long t) {
        timeOut(t);
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

    /** Requests forgotten at their timeout, their completion never seen. */
    long timedOut() {
        return timedOut;
    }
}
