package org.lttbench.core.ctf;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one trace's metadata declares, CTF 1.8 TSDL or CTF 2 JSON alike: the trace, its clocks, stream classes and
 * event classes.
 */
final class Metadata {

    /**
     * Where a CTF 2 class comes from, for error messages: the fragment's index (the preamble is 0) and its byte
     * offset in the metadata file.
     */
    record Origin(int fragment, long offset, String what) {
        @Override
        public String toString() {
            return "fragment " + fragment + " (" + what + ")";
        }
    }

    /**
     * A clock: the raw cycles of mapped integers become ns since the epoch through it. {@code uuid} (canonical form,
     * or null) names the clock source: LTTng gives every trace of one machine's boot the same one.
     */
    record Clock(String name, long frequency, long offsetSeconds, long offsetCycles, String uuid) {

        Clock(String name, long frequency, long offsetSeconds, long offsetCycles) {
            this(name, frequency, offsetSeconds, offsetCycles, null);
        }

        /** babeltrace2's rule: whole seconds of {@code offset} move into {@code offset_s}. */
        Clock calibrated() {
            if (frequency > 0 && Long.compareUnsigned(offsetCycles, frequency) >= 0) {
                long seconds = Long.divideUnsigned(offsetCycles, frequency);
                return new Clock(name, frequency, offsetSeconds + seconds, offsetCycles - seconds * frequency, uuid);
            }
            return this;
        }
    }

    static final class StreamDecl {
        long id = -1;
        /** CTF 2: the id of the default clock class, or null. */
        String defaultClock;
        /** CTF 2: its fragment, or null (CTF 1.8). */
        Origin origin;
        TypeDecl.Struct packetContext;
        TypeDecl.Struct eventHeader;
        TypeDecl.Struct eventContext;
    }

    static final class EventDecl {
        String name;
        long id = -1;
        long streamId = -1;
        /** CTF 2: its fragment, or null (CTF 1.8). */
        Origin origin;
        TypeDecl.Struct context;
        TypeDecl.Struct fields;
    }

    /** Field decoders compiled from this metadata so far, over all its stream and event classes (a bounded budget). */
    int compiledFields;

    final Path file;
    /** CTF 2 metadata (JSON): roles, not reserved names, say what fields mean; names are kept as written. */
    boolean ctf2;
    /** CTF 2: the trace class fragment (where the packet header is declared), or null. */
    Origin traceOrigin;
    TypeDecl.Order byteOrder;
    byte[] uuid;
    long major = -1;
    long minor = -1;
    TypeDecl.Struct packetHeader;
    final Map<String, Object> environment = new LinkedHashMap<>();
    final Map<String, Clock> clocks = new LinkedHashMap<>();
    final Map<Long, StreamDecl> streams = new LinkedHashMap<>();
    final List<EventDecl> events = new ArrayList<>();

    Metadata(Path file) {
        this.file = file;
    }

    String uuidString() {
        return uuidString(uuid);
    }

    /** A UUID's 16 bytes in canonical form ({@code 8-4-4-4-12} lower-case hex digits), or null for null. */
    static String uuidString(byte[] uuid) {
        if (uuid == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < uuid.length; i++) {
            if (i == 4 || i == 6 || i == 8 || i == 10) {
                sb.append('-');
            }
            sb.append(String.format("%02x", uuid[i] & 0xff));
        }
        return sb.toString();
    }

    /** Stream and event classes together: babeltrace2 keeps the widest metadata when it merges traces. */
    int classCount() {
        return streams.size() + events.size();
    }
}
