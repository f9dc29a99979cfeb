package org.lttbench.core.trace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A stage of a staged pass for the sinks that {@link RecordSink#mayHearCopies()}: each record copied on the reading
 * thread into batches, and told to those sinks on a thread of their own, in the same order ({@link HandOff}). What they
 * do with an event (the overhead analysis's gaps, the discarded analysis's bins) then leaves the reading thread, which
 * bounds the pass. A copy of an event holds its class, time, CPU, stream and size, and the integer fields the sinks
 * read of its class ({@link RecordSink#fieldsRead}), read as the event is.
 */
public final class RecordHandOff extends HandOff implements RecordSink {
    private static final int EVENT = 0, PACKET = 1, LOSS = 2, QUIET = 3;
    /** An event's numbers before its fields' values: its time, and its CPU and size as one. */
    private static final int EVENT_LONGS = 2;
    /** Numbers per call on average (an event's two and a field or two), and the most objects of one. */
    private static final int LONGS = 4, MOST_OBJECTS = 3;

    private final RecordSink[] later;
    /** Per event class (by index; the set does not grow), as the reading thread copies them: the fields read. */
    private FieldHandle[][] copied;
    /** The event told on the other thread: one object, reused, set from each copy. */
    private final CopiedEvent told = new CopiedEvent();

    private RecordHandOff(List<RecordSink> later) {
        super("lttbench-records", LONGS, MOST_OBJECTS);
        this.later = later.toArray(new RecordSink[0]);
    }

    /**
     * In a staged pass, the sinks of {@code sinks} that may hear copies are taken out and this stage, which tells them,
     * put in the first one's place: the stage, or null when there is none (no such sink, one core, or a set that
     * {@link TraceSet#grows()}).
     */
    public static RecordHandOff takeFrom(List<RecordSink> sinks, TraceSet traces) {
        if (!secondCore() || traces.grows()) {
            return null;
        }
        List<RecordSink> later = new ArrayList<>();
        int at = -1;
        for (int i = 0; i < sinks.size(); i++) {
            if (sinks.get(i).mayHearCopies()) {
                later.add(sinks.get(i));
                at = at < 0 ? i : at;
            }
        }
        if (later.isEmpty()) {
            return null;
        }
        RecordHandOff stage = new RecordHandOff(later);
        sinks.removeIf(s -> later.stream().anyMatch(l -> l == s));
        sinks.add(at, stage);
        return stage;
    }

    // ---- the reading thread

    @Override
    public void start(TraceSet traces) {
        copied = new FieldHandle[traces.eventTypes().size()][];
        for (RecordSink s : later) {
            s.start(traces);
        }
    }

    @Override
    public void event(Event event) {
        EventType type = event.type();
        FieldHandle[] fields = fields(type);
        Batch x = room(EVENT_LONGS + fields.length, MOST_OBJECTS);
        x.calls[x.n++] = EVENT;
        Object[] r = x.objects;
        r[x.o++] = type;
        r[x.o++] = event.stream();
        r[x.o++] = fields;
        long[] v = x.longs;
        int l = x.l;
        v[l] = event.timestamp();
        v[l + 1] = (long) event.cpu() << 32 | (event.sizeBytes() & 0xFFFFFFFFL);
        for (int i = 0; i < fields.length; i++) {
            v[l + EVENT_LONGS + i] = event.longValue(fields[i]);
        }
        x.l = l + EVENT_LONGS + fields.length;
    }

    /** The fields the sinks read of this class's events, each once: asked of them at its first event. */
    private FieldHandle[] fields(EventType type) {
        int t = type.index();
        FieldHandle[] f = copied[t];
        if (f == null) {
            List<FieldHandle> all = new ArrayList<>();
            for (RecordSink s : later) {
                for (FieldHandle h : s.fieldsRead(type)) {
                    if (all.stream().noneMatch(a -> a == h)) { // looked up by identity in the copy
                        all.add(h);
                    }
                }
            }
            f = all.toArray(new FieldHandle[0]);
            copied[t] = f;
        }
        return f;
    }

    @Override
    public void packet(Packet packet) {
        Batch x = room(0, 1);
        x.calls[x.n++] = PACKET;
        x.objects[x.o++] = CopiedPacket.of(packet);
    }

    @Override
    public void loss(Loss loss) {
        Batch x = room(0, 1);
        x.calls[x.n++] = LOSS;
        x.objects[x.o++] = loss;
    }

    @Override
    public void quiet(long time) {
        Batch x = room(1, 0);
        x.calls[x.n++] = QUIET;
        x.longs[x.l++] = time;
    }

    /** Waits until the sinks have heard every record, then ends them. */
    @Override
    public void end() {
        finish();
        for (RecordSink s : later) {
            s.end();
        }
    }

    // ---- the other thread

    @Override
    protected void make(Batch x) {
        long[] v = x.longs;
        Object[] r = x.objects;
        int l = 0;
        int o = 0;
        for (int i = 0; i < x.n; i++) {
            switch (x.calls[i]) {
            case EVENT -> {
                CopiedEvent e = told;
                e.type = (EventType) r[o];
                e.stream = (Stream) r[o + 1];
                e.fields = (FieldHandle[]) r[o + 2];
                o += 3;
                e.timestamp = v[l];
                e.cpu = (int) (v[l + 1] >> 32);
                e.sizeBytes = (int) v[l + 1];
                e.values = v;
                e.at = l + EVENT_LONGS;
                l = e.at + e.fields.length;
                for (RecordSink s : later) {
                    s.event(e);
                }
            }
            case PACKET -> {
                Packet p = (Packet) r[o++];
                for (RecordSink s : later) {
                    s.packet(p);
                }
            }
            case LOSS -> {
                Loss loss = (Loss) r[o++];
                for (RecordSink s : later) {
                    s.loss(loss);
                }
            }
            case QUIET -> {
                long time = v[l++];
                for (RecordSink s : later) {
                    s.quiet(time);
                }
            }
            default -> throw new IllegalStateException("no such call: " + x.calls[i]);
            }
        }
    }

    /** An event as copied: its integer fields' values are in a batch's numbers from {@code at}. */
    private static final class CopiedEvent implements Event {
        EventType type;
        Stream stream;
        long timestamp;
        int cpu;
        int sizeBytes;
        FieldHandle[] fields;
        long[] values;
        int at;

        @Override
        public EventType type() {
            return type;
        }

        @Override
        public long timestamp() {
            return timestamp;
        }

        @Override
        public int cpu() {
            return cpu;
        }

        @Override
        public Stream stream() {
            return stream;
        }

        @Override
        public int sizeBytes() {
            return sizeBytes;
        }

        @Override
        public long longValue(FieldHandle field) {
            FieldHandle[] f = fields;
            for (int i = 0; i < f.length; i++) {
                if (f[i] == field) {
                    return values[at + i];
                }
            }
            throw notCopied(field);
        }

        @Override
        public double doubleValue(FieldHandle field) {
            throw notCopied(field);
        }

        @Override
        public String stringValue(FieldHandle field) {
            throw notCopied(field);
        }

        private IllegalStateException notCopied(FieldHandle field) {
            return new IllegalStateException("field " + field.name() + " of " + type.name() + " is not in the copy of"
                    + " the event: a sink that hears copies reads only the integer fields it names (fieldsRead)");
        }
    }

    /** A packet's context as read: the reader reuses its own object. */
    private record CopiedPacket(Stream stream, long beginNs, long endNs, long sizeBits, long contentBits,
            long sequenceNumber, long discardedEventsCounter, int cpu, long fileOffset, Path file) implements Packet {
        static CopiedPacket of(Packet p) {
            return new CopiedPacket(p.stream(), p.beginNs(), p.endNs(), p.sizeBits(), p.contentBits(),
                    p.sequenceNumber(), p.discardedEventsCounter(), p.cpu(), p.fileOffset(), p.file());
        }
    }
}
