package org.lttbench.core.live;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.ctf.FedTraceSet;
import org.lttbench.core.ctf.PacketFeed;
import org.lttbench.core.trace.Trace;
import org.lttbench.core.trace.TraceSet;

/**
 * A live session followed through its relay daemon: every relay session of the host and name (one per domain and
 * bitness: kernel, 32- and 64-bit user space), attached from their beginning, read as one {@link TraceSet} whose packets
 * arrive as the daemon gets them. Its metadata and streams grow as the daemon announces them; a quiet stream's
 * inactivity beacons let the others' records go on. The read ends when every session has ended (destroyed) or
 * {@link #stop()} is called; a daemon that goes away or stalls past the timeout ends it with a {@link LiveException}.
 */
public final class LiveSession implements Closeable {
    /** How long any reply of the relay daemon may take before the session counts as stalled. */
    public static final int DEFAULT_TIMEOUT_MS = 10_000;
    /** Pause before asking again when the daemon has nothing yet (it answers at once, with "retry"). */
    private static final long RETRY_MS = 20;

    /** A session a relay daemon lists. */
    public record Listed(String host, String name, long liveTimerUs, long clients, long streams, boolean ctf2) {
    }

    /** One CTF trace of the session: its metadata stream and what it gave so far. */
    private static final class TraceState {
        final long metadataStream;
        final Path path;
        final ByteArrayOutputStream metadata = new ByteArrayOutputStream();
        Trace trace;
        final List<RelayConnection.StreamInfo> waiting = new ArrayList<>();

        TraceState(long metadataStream, Path path) {
            this.metadataStream = metadataStream;
            this.path = path;
        }
    }

    private final RelayUrl url;
    private final RelayConnection connection;
    private final List<Long> sessions = new ArrayList<>();
    private final Map<Long, TraceState> traces = new LinkedHashMap<>();
    private final Map<Long, RelayConnection.StreamInfo> pendingData = new HashMap<>();
    private final FedTraceSet set;
    private volatile boolean stopped;
    private long packets;
    private LiveException failure;

    private LiveSession(RelayUrl url, RelayConnection connection) {
        this.url = url;
        this.connection = connection;
        this.set = new FedTraceSet(() -> {
            try {
                return awaitStreams();
            } catch (LiveException e) {
                return cut(e);
            }
        });
    }

    /** The sessions the relay daemon lists. */
    public static List<Listed> list(RelayUrl url, int timeoutMs) throws LiveException {
        try (RelayConnection c = RelayConnection.open(url, timeoutMs)) {
            List<Listed> listed = new ArrayList<>();
            for (RelayConnection.Session s : c.listSessions()) {
                listed.add(new Listed(s.host(), s.name(), s.liveTimerUs(), s.clients(), s.streams(), s.ctf2()));
            }
            return listed;
        }
    }

    /**
     * Attaches to every relay session of the URL's host and session name, from their beginning, and gets each trace's
     * metadata so far.
     *
     * @throws LiveException when the daemon cannot be reached, has no such session, or refuses to attach
     */
    public static LiveSession attach(RelayUrl url, int timeoutMs) throws IOException {
        if (!url.namesSession()) {
            throw new IllegalArgumentException("no session in " + url);
        }
        RelayConnection c = RelayConnection.open(url, timeoutMs);
        LiveSession live = new LiveSession(url, c);
        try {
            live.attach();
        } catch (IOException | RuntimeException e) {
            c.close();
            throw e;
        }
        return live;
    }

    private void attach() throws IOException {
        List<RelayConnection.Session> all = connection.listSessions();
        List<RelayConnection.Session> matching = all.stream()
                .filter(s -> s.host().equals(url.host()) && s.name().equals(url.session())).toList();
        if (matching.isEmpty()) {
            List<String> names = all.stream().map(s -> s.host() + "/" + s.name()).distinct().toList();
            throw new LiveException(LiveException.NO_SESSION, "the relay daemon at " + url.relayAddress()
                    + " has no session " + url.session() + " of host " + url.host() + " ("
                    + (names.isEmpty() ? "it has none" : "it has " + String.join(", ", names)) + ")");
        }
        connection.createViewerSession();
        for (RelayConnection.Session s : matching) {
            if (s.liveTimerUs() == 0) {
                throw new LiveException(LiveException.NO_SESSION, "session " + url.session() + " of host " + url.host()
                        + " is not a live session (created without --live)");
            }
            RelayConnection.Streams streams = connection.attach(s.id());
            switch (streams.status()) {
            case 1 -> sessions.add(s.id());
            case 2 -> throw new LiveException(LiveException.NO_SESSION, "another viewer is attached to session "
                    + url.session() + " of host " + url.host() + " (the relay daemon takes one at a time)");
            case 3 -> throw new LiveException(LiveException.NO_SESSION, "session " + url.session() + " of host "
                    + url.host() + " ended before it could be attached");
            case 4 -> throw new LiveException(LiveException.NO_SESSION, "session " + url.session() + " of host "
                    + url.host() + " is not a live session (created without --live)");
            default -> throw new LiveException(LiveException.NO_SESSION, "the relay daemon at " + url.relayAddress()
                    + " refused to attach to session " + url.session() + " (status " + streams.status() + ")");
            }
            take(streams.streams());
        }
    }

    /**
     * Waits until the session has a trace (its first data stream came: an application registered, a kernel channel
     * started), so that what runs on it can be planned from its metadata. A session attached before any application
     * registered has none yet.
     *
     * @throws LiveException when the session ends (or the read is stopped) before any stream came, or the daemon goes
     *                       away or stalls meanwhile
     */
    public void awaitTraces() throws IOException {
        while (set.traces().isEmpty()) {
            if (stopped || !awaitStreams()) {
                if (failure != null) {
                    throw failure;
                }
                throw new LiveException(LiveException.NO_SESSION, "session " + url.session() + " of host " + url.host()
                        + (stopped ? " had no stream yet when stopped" : " ended before any stream came"));
            }
        }
    }

    /** The session's traces, read as they arrive (once). */
    public FedTraceSet traces() {
        return set;
    }

    /** Data packets received so far. */
    public long packets() {
        return packets;
    }

    /** Ends the read at the next packet (Ctrl-C): what was read so far makes the report. Any thread may call it. */
    public void stop() {
        stopped = true;
    }

    /** Whether {@link #stop()} was called. */
    public boolean stopped() {
        return stopped;
    }

    /**
     * Why the read ended early, when the relay daemon went away or stalled during it (the read then ends as if the
     * session had: the sinks have what came before), or null.
     */
    public LiveException failure() {
        return failure;
    }

    /** Ends the read at once, keeping the first failure. */
    private boolean cut(LiveException e) {
        if (failure == null) {
            failure = e;
        }
        stopped = true;
        return false;
    }

    /** Streams the daemon announced: metadata streams make traces, data streams join their trace's set. */
    private int take(List<RelayConnection.StreamInfo> streams) throws IOException {
        for (RelayConnection.StreamInfo s : streams) {
            if (s.metadata()) {
                traces.computeIfAbsent(s.traceId(), k -> new TraceState(s.id(), Path.of(s.path())));
            }
        }
        int added = 0;
        for (RelayConnection.StreamInfo s : streams) {
            if (!s.metadata()) {
                TraceState t = traces.get(s.traceId());
                if (t == null) {
                    pendingData.put(s.id(), s); // its trace's metadata stream comes later
                } else {
                    t.waiting.add(s);
                }
            }
        }
        for (RelayConnection.StreamInfo s : List.copyOf(pendingData.values())) {
            TraceState t = traces.get(s.traceId());
            if (t != null) {
                pendingData.remove(s.id());
                t.waiting.add(s);
            }
        }
        for (TraceState t : traces.values()) {
            if (t.waiting.isEmpty()) {
                continue;
            }
            if (t.trace == null) {
                readMetadata(t);
                t.trace = set.addTrace(t.path, t.metadata.toByteArray());
            }
            for (RelayConnection.StreamInfo s : t.waiting) {
                set.addStream(t.trace, s.channel(), new Feed(s.id(), t));
                added++;
            }
            t.waiting.clear();
        }
        return added;
    }

    /** The metadata stream's new bytes, until the daemon has no more (and some came). */
    private boolean readMetadata(TraceState t) throws IOException {
        boolean grew = false;
        while (true) {
            byte[] chunk = connection.metadata(t.metadataStream);
            if (chunk.length > 0) {
                t.metadata.write(chunk);
                grew = true;
            } else if (t.metadata.size() > 0 || stopped) {
                return grew;
            } else {
                pause();
            }
        }
    }

    /** What the flags of an index or packet reply ask for: the trace's new metadata, the session's new streams. */
    private void follow(int flags, TraceState t) throws IOException {
        if ((flags & RelayConnection.FLAG_NEW_METADATA) != 0 && readMetadata(t)) {
            set.updateMetadata(t.trace, t.metadata.toByteArray());
        }
        if ((flags & RelayConnection.FLAG_NEW_STREAM) != 0) {
            for (long id : sessions) {
                RelayConnection.Streams s = connection.newStreams(id);
                take(s.streams());
            }
        }
    }

    /** Every known stream ended: waits for new ones while a session is still open. */
    private boolean awaitStreams() throws IOException {
        while (!stopped) {
            boolean open = false;
            int added = 0;
            for (long id : sessions) {
                RelayConnection.Streams s = connection.newStreams(id);
                if (s.status() == RelayConnection.NEW_STREAMS_OK || s.status() == RelayConnection.NEW_STREAMS_NO_NEW) {
                    open = true;
                }
                added += take(s.streams());
            }
            if (added > 0) {
                return true;
            }
            if (!open) {
                return false;
            }
            pause();
        }
        return false;
    }

    private void pause() throws IOException {
        try {
            Thread.sleep(RETRY_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopped = true;
        }
    }

    /** One data stream's packets, as the daemon's indexes say where they are. */
    private final class Feed implements PacketFeed {
        private final long id;
        private final TraceState trace;
        private long lastBeacon = -1;

        Feed(long id, TraceState trace) {
            this.id = id;
            this.trace = trace;
        }

        @Override
        public Next next() throws IOException {
            try {
                return fetch();
            } catch (LiveException e) {
                cut(e);
                return Next.END;
            }
        }

        private Next fetch() throws IOException {
            while (!stopped) {
                RelayConnection.Index index = connection.nextIndex(id);
                follow(index.flags(), trace);
                switch (index.status()) {
                case RelayConnection.INDEX_OK -> {
                    Next packet = packet(index);
                    if (packet != null) {
                        return packet;
                    }
                }
                case RelayConnection.INDEX_RETRY -> pause();
                case RelayConnection.INDEX_INACTIVE -> {
                    if (index.endRaw() == lastBeacon) {
                        pause(); // the same beacon again: the stream is at the front of the merge, waiting
                    }
                    lastBeacon = index.endRaw();
                    return Next.quiet(index.endRaw(), index.streamClassId());
                }
                case RelayConnection.INDEX_HUP, RelayConnection.INDEX_EOF -> {
                    return Next.END;
                }
                default -> throw new LiveException(LiveException.LOST, "the relay daemon at " + connection.relay()
                        + " failed to give the next index of stream " + id + " (" + trace.path + ", status "
                        + index.status() + ")");
                }
            }
            return Next.END;
        }

        /** The packet an index names (its content only: the padding after it is never sent), or null at the end. */
        private Next packet(RelayConnection.Index index) throws IOException {
            long packetBytes = index.packetBits() >>> 3;
            long contentBytes = (index.contentBits() + 7) >>> 3;
            if (Long.compareUnsigned(index.contentBits(), index.packetBits()) > 0 || packetBytes > Integer.MAX_VALUE - 8) {
                throw new LiveException(LiveException.LOST, "the relay daemon at " + connection.relay()
                        + " gives an index of stream " + id + " (" + trace.path + ") with content of "
                        + Long.toUnsignedString(index.contentBits()) + " bits in a packet of "
                        + Long.toUnsignedString(index.packetBits()) + " bits");
            }
            while (!stopped) {
                RelayConnection.Packet p = connection.packet(id, index.offset(), (int) contentBytes);
                follow(p.flags(), trace);
                switch (p.status()) {
                case RelayConnection.PACKET_OK -> {
                    packets++;
                    return Next.packet(ByteBuffer.wrap(p.bytes()), packetBytes, index.offset(), index.streamClassId());
                }
                case RelayConnection.PACKET_RETRY -> pause();
                case RelayConnection.PACKET_EOF -> {
                    return Next.END;
                }
                default -> {
                    if ((p.flags() & RelayConnection.FLAG_NEW_METADATA) == 0) {
                        throw new LiveException(LiveException.LOST, "the relay daemon at " + connection.relay()
                                + " failed to give a packet of stream " + id + " (" + trace.path + ", offset "
                                + index.offset() + ")");
                    }
                    // the metadata the packet needs came with follow(): ask again
                }
                }
            }
            return Next.END;
        }
    }

    /** Detaches from the sessions (when the daemon still answers) and closes the connection. */
    @Override
    public void close() {
        try {
            for (long id : failure == null ? sessions : List.<Long>of()) { // a daemon that failed is not asked again
                connection.detach(id);
            }
        } catch (LiveException e) {
            // the daemon is gone: closing is all that is left
        } finally {
            connection.close();
        }
    }

    @Override
    public String toString() {
        return url.toString();
    }
}
