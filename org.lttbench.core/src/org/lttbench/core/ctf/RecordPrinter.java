package org.lttbench.core.ctf;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;

import org.lttbench.core.ctf.DecodeState.DecodeException;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.RecordSink;

/**
 * Prints every record of a {@link CtfTraceSet}, one line each: {@link Format#JSONL} (the form the conformance
 * tests compare with babeltrace2's) or {@link Format#TEXT} (babeltrace2's default text style). Write errors
 * surface as {@link UncheckedIOException}.
 */
public final class RecordPrinter implements RecordSink {

    public enum Format {
        TEXT, JSONL
    }

    private final Writer out;
    private final Format format;
    private final StringBuilder line = new StringBuilder(512);
    private final ZoneId zone = ZoneId.systemDefault();
    private long previousNs = Long.MIN_VALUE;
    private long lines;
    private long clockSecond = Long.MIN_VALUE;
    private String clockText;
    private final java.util.Map<CtfTrace, String> prefixes = new java.util.IdentityHashMap<>();

    public RecordPrinter(Writer out, Format format) {
        this.out = out;
        this.format = format;
    }

    @Override
    public void event(Event event) {
        StreamReader r = (StreamReader) event;
        line.setLength(0);
        try {
            if (format == Format.JSONL) {
                jsonEvent(r);
            } else {
                textEvent(r);
            }
        } catch (DecodeException e) {
            throw new IllegalStateException("a decoded event could not be read back: " + e.getMessage(), e);
        }
        flushLine();
    }

    @Override
    public void loss(Loss loss) {
        line.setLength(0);
        String key = loss.kind() == Loss.Kind.DISCARDED_EVENTS ? "discarded_events" : "discarded_packets";
        if (format == Format.JSONL) {
            line.append("{\"ts\":").append(loss.beginNs()).append(",\"end\":").append(loss.endNs()).append(",\"")
                    .append(key).append("\":").append(loss.count()).append(",\"stream\":");
            JsonValueWriter.appendString(line, loss.stream().name());
            line.append(",\"cpu\":").append(loss.cpu()).append('}');
        } else {
            // babeltrace2 writes this warning to stderr; here it is a record, in its place in time.
            boolean events = loss.kind() == Loss.Kind.DISCARDED_EVENTS;
            line.append("WARNING: Tracer discarded ").append(loss.count()).append(events ? " event" : " packet")
                    .append(loss.count() == 1 ? "" : "s").append(" between [");
            appendTime(loss.beginNs());
            line.append("] and [");
            appendTime(loss.endNs());
            line.append("] in trace \"").append(traceName((CtfTrace) loss.stream().trace())).append("\" within stream \"")
                    .append(loss.stream().name()).append("\" (CPU ").append(loss.cpu()).append(").");
        }
        flushLine();
    }

    @Override
    public void end() {
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void flushLine() {
        line.append('\n');
        try {
            out.append(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // A PrintWriter hides write errors: look now and then, so a closed pipe stops the dump.
        if (++lines % 4096 == 0 && out instanceof java.io.PrintWriter p && p.checkError()) {
            throw new UncheckedIOException(new IOException("the output was closed"));
        }
    }

    private void jsonEvent(StreamReader r) throws DecodeException {
        line.append("{\"ts\":").append(r.timestamp()).append(",\"name\":");
        JsonValueWriter.appendString(line, r.ctfType().name());
        line.append(",\"cpu\":").append(r.cpu()).append(",\"stream\":");
        JsonValueWriter.appendString(line, r.stream.name());
        line.append(",\"fields\":");
        r.writePayload(new JsonValueWriter(line));
        StructDecoder[] contexts = r.contexts();
        if (contexts != null && hasMembers(contexts)) {
            line.append(",\"context\":{");
            JsonValueWriter w = new JsonValueWriter(line);
            for (StructDecoder c : contexts) {
                for (int i = 0; i < c.members.length; i++) {
                    if (c.memberShown(i)) {
                        w.name(c.names[i]);
                        c.members[i].write(w, r.s, 0);
                    }
                }
            }
            line.append('}');
        }
        line.append('}');
    }

    private static boolean hasMembers(StructDecoder[] scopes) {
        for (StructDecoder s : scopes) {
            if (s.anyMemberShown()) {
                return true;
            }
        }
        return false;
    }

    private void textEvent(StreamReader r) throws DecodeException {
        if (r.clocked()) {
            timeAndDelta(r.timestamp());
        }
        String prefix = prefixes.computeIfAbsent((CtfTrace) r.stream.trace(), RecordPrinter::eventPrefix);
        if (!prefix.isEmpty()) {
            line.append(prefix).append(' ');
        }
        line.append(r.ctfType().name()).append(": ");
        r.writeShownScopes(new TextValueWriter(line), line, ", ");
    }

    private void timeAndDelta(long ns) {
        line.append('[');
        appendTime(ns);
        line.append("] (");
        if (previousNs == Long.MIN_VALUE) {
            line.append("+?.?????????");
        } else {
            long d = ns - previousNs;
            line.append(d < 0 ? '-' : '+');
            d = Math.abs(d);
            line.append(d / 1_000_000_000L).append('.');
            pad9(d % 1_000_000_000L);
        }
        line.append(") ");
        previousNs = ns;
    }

    private void appendTime(long ns) {
        long seconds = Math.floorDiv(ns, 1_000_000_000L);
        long nanos = Math.floorMod(ns, 1_000_000_000L);
        if (seconds != clockSecond) {
            // Time zone rules are looked up once per second of trace, not per record.
            LocalTime t = LocalTime.ofInstant(Instant.ofEpochSecond(seconds), zone);
            clockSecond = seconds;
            clockText = String.format("%02d:%02d:%02d.", t.getHour(), t.getMinute(), t.getSecond());
        }
        line.append(clockText);
        pad9(nanos);
    }

    private void pad9(long v) {
        for (long p = 100_000_000L; p > 1 && v < p; p /= 10) {
            line.append('0');
        }
        line.append(v);
    }

    /**
     * What babeltrace2's text shows of the trace before an event's name: the environment's {@code hostname},
     * {@code procname} and {@code vpid} (per-process user-space traces), those it has, joined by colons, the vpid in
     * parentheses; nothing when it has none.
     */
    static String eventPrefix(CtfTrace t) {
        StringBuilder sb = new StringBuilder();
        for (String key : new String[] { "hostname", "procname", "vpid" }) {
            Object v = t.environment().get(key);
            if (v != null) {
                if (sb.length() > 0) {
                    sb.append(':');
                }
                sb.append(key.equals("vpid") ? "(" + v + ")" : v);
            }
        }
        return sb.toString();
    }

    /** The trace a loss line names: babeltrace2's trace prefix, or the directory's name when that is empty. */
    static String traceName(CtfTrace t) {
        String prefix = eventPrefix(t);
        return prefix.isEmpty() ? t.path().getFileName().toString() : prefix;
    }
}
