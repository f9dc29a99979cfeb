package org.lttbench.core.live;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One viewer connection to an LTTng relay daemon, speaking the live reading protocol (lttng-tools'
 * {@code doc/live-reading-protocol.md}): a command header and payload from us, one reply from it, every integer
 * big-endian. Version negotiation takes the smaller minor of ours and the daemon's (2.4 to 2.13 share every structure;
 * from 2.15 session names have lengths and a trace format). Every wait is bounded by the timeout; what the daemon
 * sends is checked against bounds before anything is allocated for it.
 */
final class RelayConnection implements Closeable {
    static final int MAJOR = 2;
    /** The newest minor we speak: 2.15's session list (lengths, trace format). */
    static final int MINOR = 15;

    static final int CONNECT = 1;
    static final int LIST_SESSIONS = 2;
    static final int ATTACH_SESSION = 3;
    static final int GET_NEXT_INDEX = 4;
    static final int GET_PACKET = 5;
    static final int GET_METADATA = 6;
    static final int GET_NEW_STREAMS = 7;
    static final int CREATE_SESSION = 8;
    static final int DETACH_SESSION = 9;

    static final int FLAG_NEW_METADATA = 1;
    static final int FLAG_NEW_STREAM = 2;

    static final int INDEX_OK = 1;
    static final int INDEX_RETRY = 2;
    static final int INDEX_HUP = 3;
    static final int INDEX_ERR = 4;
    static final int INDEX_INACTIVE = 5;
    static final int INDEX_EOF = 6;

    static final int PACKET_OK = 1;
    static final int PACKET_RETRY = 2;
    static final int PACKET_ERR = 3;
    static final int PACKET_EOF = 4;

    static final int METADATA_OK = 1;
    static final int NO_NEW_METADATA = 2;

    static final int NEW_STREAMS_OK = 1;
    static final int NEW_STREAMS_NO_NEW = 2;
    static final int NEW_STREAMS_HUP = 4;

    private static final int SEEK_BEGINNING = 1;
    private static final int HOST_NAME_MAX = 64;
    private static final int NAME_MAX = 255;
    private static final int PATH_MAX = 4096;
    /** Bounds on what a reply may announce: far above what lttng-relayd sends. */
    private static final int MAX_COUNT = 1 << 16;
    private static final int MAX_METADATA_CHUNK = 64 << 20;

    /** A session the daemon lists. {@code ctf2}: its trace is CTF 2 (told from protocol 2.15 on). */
    record Session(long id, long liveTimerUs, long clients, long streams, String host, String name, boolean ctf2) {
    }

    /** A stream of an attached session: a data stream, or its trace's metadata stream. */
    record StreamInfo(long id, long traceId, boolean metadata, String path, String channel) {
    }

    /** A reply to GET_NEXT_INDEX: where the stream's next packet is, or why there is none yet. */
    record Index(long offset, long packetBits, long contentBits, long beginRaw, long endRaw, long discarded,
            long streamClassId, int status, int flags) {
    }

    /** Streams as attach and GET_NEW_STREAMS give them, with the reply's status. */
    record Streams(int status, List<StreamInfo> streams) {
    }

    /** A GET_PACKET reply: the bytes when {@code status} is OK. */
    record Packet(int status, int flags, byte[] bytes) {
    }

    private final String relay;
    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private int minor;

    private RelayConnection(String relay, Socket socket) throws IOException {
        this.relay = relay;
        this.socket = socket;
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 1 << 16));
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), 1 << 12));
    }

    /**
     * Connects and negotiates the protocol version; {@code timeoutMs} bounds the connection and every reply.
     *
     * @throws LiveException when the daemon cannot be reached or does not speak the protocol
     */
    static RelayConnection open(RelayUrl url, int timeoutMs) throws LiveException {
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(url.relay(), url.port()), timeoutMs);
            socket.setSoTimeout(timeoutMs);
            socket.setTcpNoDelay(true);
        } catch (UnknownHostException e) {
            closeQuietly(socket);
            throw unreachable(url, "unknown host " + url.relay());
        } catch (SocketTimeoutException e) {
            closeQuietly(socket);
            throw unreachable(url, "no answer within " + timeoutMs + " ms");
        } catch (ConnectException e) {
            closeQuietly(socket);
            String why = e.getMessage() == null ? "connection refused" : e.getMessage().toLowerCase(java.util.Locale.ROOT);
            throw unreachable(url, why + " (is lttng-relayd running with its live port there?)");
        } catch (IOException e) {
            closeQuietly(socket);
            throw unreachable(url, e.getMessage());
        }
        RelayConnection c;
        try {
            c = new RelayConnection(url.relayAddress(), socket);
        } catch (IOException e) {
            closeQuietly(socket);
            throw unreachable(url, e.getMessage());
        }
        try {
            c.handshake();
        } catch (LiveException e) {
            c.close();
            throw e;
        }
        return c;
    }

    private static LiveException unreachable(RelayUrl url, String why) {
        return new LiveException(LiveException.UNREACHABLE,
                "cannot reach the relay daemon at " + url.relayAddress() + ": " + why);
    }

    private void handshake() throws LiveException {
        try {
            command(CONNECT, 20);
            out.writeLong(0);
            out.writeInt(MAJOR);
            out.writeInt(MINOR);
            out.writeInt(1); // a command connection
            out.flush();
            in.readLong(); // the viewer session id
            int major = in.readInt();
            int theirs = in.readInt();
            in.readInt();
            if (major != MAJOR) {
                throw new LiveException(LiveException.UNREACHABLE, "the relay daemon at " + relay
                        + " speaks live protocol " + major + "." + theirs + ", not " + MAJOR + ".x");
            }
            minor = Math.min(MINOR, theirs);
        } catch (IOException e) {
            throw lost(e, "version negotiation");
        }
    }

    /** The protocol minor version in use (the smaller of ours and the daemon's). */
    int minor() {
        return minor;
    }

    /** The relay daemon's address, for messages. */
    String relay() {
        return relay;
    }

    List<Session> listSessions() throws LiveException {
        try {
            command(LIST_SESSIONS, 0);
            out.flush();
            int count = count(in.readInt(), "sessions");
            List<Session> sessions = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                long id = in.readLong();
                long timer = Integer.toUnsignedLong(in.readInt());
                long clients = Integer.toUnsignedLong(in.readInt());
                long streams = Integer.toUnsignedLong(in.readInt());
                String host;
                String name;
                boolean ctf2 = false;
                if (minor >= 15) {
                    int hostLength = length(in.readInt(), HOST_NAME_MAX * 16, "host name");
                    int nameLength = length(in.readInt(), NAME_MAX * 16, "session name");
                    ctf2 = in.readInt() == 1;
                    host = text(hostLength);
                    name = text(nameLength);
                } else {
                    host = fixedText(HOST_NAME_MAX);
                    name = fixedText(NAME_MAX);
                }
                sessions.add(new Session(id, timer, clients, streams, host, name, ctf2));
            }
            return sessions;
        } catch (IOException e) {
            throw lost(e, "listing the sessions");
        }
    }

    void createViewerSession() throws LiveException {
        try {
            command(CREATE_SESSION, 0);
            out.flush();
            int status = in.readInt();
            if (status != 1) {
                throw new LiveException(LiveException.LOST, "the relay daemon at " + relay
                        + " refused to create a viewer session (status " + status + ")");
            }
        } catch (IOException e) {
            throw lost(e, "creating a viewer session");
        }
    }

    /** Attaches to a session from its beginning; the status is 1 (OK) or why not (2 already attached, 3 unknown, 4 not live). */
    Streams attach(long sessionId) throws LiveException {
        try {
            command(ATTACH_SESSION, 20);
            out.writeLong(sessionId);
            out.writeLong(0);
            out.writeInt(SEEK_BEGINNING);
            out.flush();
            int status = in.readInt();
            int count = count(in.readInt(), "streams");
            return new Streams(status, status == 1 ? streams(count) : List.of());
        } catch (IOException e) {
            throw lost(e, "attaching to session " + sessionId);
        }
    }

    Streams newStreams(long sessionId) throws LiveException {
        try {
            commandFor(GET_NEW_STREAMS, sessionId);
            int status = in.readInt();
            int count = count(in.readInt(), "streams");
            return new Streams(status, status == NEW_STREAMS_OK ? streams(count) : List.of());
        } catch (IOException e) {
            throw lost(e, "asking for new streams");
        }
    }

    private List<StreamInfo> streams(int count) throws IOException {
        List<StreamInfo> streams = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            long id = in.readLong();
            long trace = in.readLong();
            boolean metadata = in.readInt() == 1;
            String path = fixedText(PATH_MAX);
            String channel = fixedText(NAME_MAX);
            streams.add(new StreamInfo(id, trace, metadata, path, channel));
        }
        return streams;
    }

    Index nextIndex(long streamId) throws LiveException {
        try {
            commandFor(GET_NEXT_INDEX, streamId);
            return new Index(in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(),
                    in.readLong(), in.readInt(), in.readInt());
        } catch (IOException e) {
            throw lost(e, "asking for the next index of stream " + streamId);
        }
    }

    Packet packet(long streamId, long offset, int length) throws LiveException {
        try {
            command(GET_PACKET, 20);
            out.writeLong(streamId);
            out.writeLong(offset);
            out.writeInt(length);
            out.flush();
            int status = in.readInt();
            int got = in.readInt();
            int flags = in.readInt();
            if (status != PACKET_OK) {
                return new Packet(status, flags, null);
            }
            if (got != length) {
                throw new LiveException(LiveException.LOST, "the relay daemon at " + relay + " sent " + Integer.toUnsignedString(got)
                        + " bytes of a packet of stream " + streamId + " where " + length + " were asked for");
            }
            byte[] bytes = new byte[length];
            in.readFully(bytes);
            return new Packet(status, flags, bytes);
        } catch (IOException e) {
            throw lost(e, "reading a packet of stream " + streamId);
        }
    }

    /** The metadata stream's next bytes: empty when there is nothing new. */
    byte[] metadata(long streamId) throws LiveException {
        try {
            commandFor(GET_METADATA, streamId);
            long length = in.readLong();
            int status = in.readInt();
            if (status == NO_NEW_METADATA) {
                return new byte[0];
            }
            if (status != METADATA_OK) {
                throw new LiveException(LiveException.LOST, "the relay daemon at " + relay
                        + " could not give the metadata of stream " + streamId + " (status " + status + ")");
            }
            if (length < 0 || length > MAX_METADATA_CHUNK) {
                throw new LiveException(LiveException.LOST, "the relay daemon at " + relay + " announces "
                        + Long.toUnsignedString(length) + " bytes of metadata at once (at most " + MAX_METADATA_CHUNK
                        + " are taken)");
            }
            byte[] bytes = new byte[(int) length];
            in.readFully(bytes);
            return bytes;
        } catch (IOException e) {
            throw lost(e, "reading the metadata of stream " + streamId);
        }
    }

    void detach(long sessionId) throws LiveException {
        try {
            commandFor(DETACH_SESSION, sessionId);
            in.readInt();
        } catch (IOException e) {
            throw lost(e, "detaching from session " + sessionId);
        }
    }

    private void command(int cmd, long payloadBytes) throws IOException {
        out.writeLong(payloadBytes);
        out.writeInt(cmd);
        out.writeInt(0);
    }

    /** Sends a command whose payload is the id of the session or stream it is about. */
    private void commandFor(int cmd, long id) throws IOException {
        command(cmd, 8);
        out.writeLong(id);
        out.flush();
    }

    private int count(int n, String what) throws LiveException {
        if (n < 0 || n > MAX_COUNT) {
            throw new LiveException(LiveException.LOST, "the relay daemon at " + relay + " announces "
                    + Integer.toUnsignedString(n) + " " + what + " (at most " + MAX_COUNT + " are taken)");
        }
        return n;
    }

    private int length(int n, int max, String what) throws LiveException {
        if (n < 0 || n > max) {
            throw new LiveException(LiveException.LOST, "the relay daemon at " + relay + " announces a " + what
                    + " of " + Integer.toUnsignedString(n) + " bytes");
        }
        return n;
    }

    private String text(int length) throws IOException {
        byte[] b = new byte[length];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    /** A NUL-terminated string in a fixed-size field. */
    private String fixedText(int size) throws IOException {
        byte[] b = new byte[size];
        in.readFully(b);
        int n = 0;
        while (n < size && b[n] != 0) {
            n++;
        }
        return new String(b, 0, n, StandardCharsets.UTF_8);
    }

    /** An I/O failure as what it means here: the daemon went away, or did not answer in time. */
    private LiveException lost(IOException e, String doing) {
        if (e instanceof LiveException l) {
            return l;
        }
        if (e instanceof SocketTimeoutException) {
            return new LiveException(LiveException.STALLED, "the relay daemon at " + relay + " did not answer within "
                    + timeoutMs() + " ms (" + doing + "): the network or the daemon stalled");
        }
        String why = e instanceof EOFException ? "it closed the connection" : e.getMessage();
        return new LiveException(LiveException.LOST, "lost the relay daemon at " + relay + " (" + doing + "): " + why);
    }

    private int timeoutMs() {
        try {
            return socket.getSoTimeout();
        } catch (IOException e) {
            return -1;
        }
    }

    @Override
    public void close() {
        closeQuietly(socket);
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closing what failed: nothing more to say
        }
    }
}
