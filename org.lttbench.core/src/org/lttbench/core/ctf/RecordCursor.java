package org.lttbench.core.ctf;

import java.io.IOException;
import java.util.List;

import org.lttbench.core.ctf.DecodeState.DecodeException;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.ProgressListener;

/**
 * The records of a {@link CtfTraceSet} in the order {@link CtfTraceSet#read} gives them (at each step the record of
 * smallest time, ties in babeltrace2's order as the read breaks them), one at a time, for a reader that moves at its own pace and comes
 * back: {@link #position()} taken at any record brings any cursor of the same set back to that record
 * ({@link #restore}), whatever was read in between. Events and losses are records here; packets are stepped over.
 * <p>
 * A position holds where each stream's reader is (file, packet, bit, clock), so restoring one reads one packet
 * header and one record per stream: it costs the same anywhere in the trace. A cursor is used by one thread at a
 * time; cursors of one set may be used at once.
 */
public final class RecordCursor {
    /** What the cursor holds: an event, a loss, or nothing (every stream is read). */
    public enum Kind {
        EVENT, LOSS, END
    }

    private final StreamReader[] readers;
    private final StreamReader[] heap;
    private int size;

    /** A cursor over the set's records, before the first: {@link #start()} or {@link #restore} places it. */
    public RecordCursor(CtfTraceSet set) {
        ReadProgress progress = new ReadProgress(ProgressListener.NONE, set.totalBytes());
        List<CtfStream> streams = set.ctfStreams();
        readers = new StreamReader[streams.size()];
        for (int i = 0; i < readers.length; i++) {
            readers[i] = new StreamReader(streams.get(i), ((CtfTrace) streams.get(i).trace()).metadata.uuid, progress);
        }
        heap = new StreamReader[readers.length];
        RecordMerge.rankTies(readers);
    }

    /** To the first record. */
    public void start() throws IOException {
        for (StreamReader r : readers) {
            r.start();
        }
        rebuild();
    }

    /** Longs a position holds. */
    public int positionLongs() {
        return readers.length * StreamReader.SNAPSHOT_LONGS;
    }

    /** Where the cursor is, to come back to this record later ({@link #restore}). */
    public long[] position() {
        long[] p = new long[positionLongs()];
        for (int i = 0; i < readers.length; i++) {
            readers[i].snapshot(p, i * StreamReader.SNAPSHOT_LONGS);
        }
        return p;
    }

    /** Back to the record where {@link #position()} was taken, on this cursor or another of the same set. */
    public void restore(long[] position) throws IOException {
        if (position.length != positionLongs()) {
            throw new IllegalArgumentException("a position of another trace set (" + position.length + " longs, not "
                    + positionLongs() + ")");
        }
        for (int i = 0; i < readers.length; i++) {
            readers[i].restore(position, i * StreamReader.SNAPSHOT_LONGS);
        }
        rebuild();
    }

    public Kind kind() {
        if (size == 0) {
            return Kind.END;
        }
        return heap[0].kind == StreamReader.EVENT ? Kind.EVENT : Kind.LOSS;
    }

    /** The time the record is merged by: an event's time; a loss's beginning, or its packet's time if earlier or unknown. */
    public long time() {
        return heap[0].key;
    }

    /** The event the cursor holds (the object is the cursor's: valid until it moves). */
    public Event event() {
        StreamReader r = heap[0];
        if (size == 0 || r.kind != StreamReader.EVENT) {
            throw new IllegalStateException("the cursor holds no event");
        }
        return r;
    }

    /** The loss the cursor holds. */
    public Loss loss() {
        StreamReader r = heap[0];
        if (size == 0 || r.kind == StreamReader.EVENT) {
            throw new IllegalStateException("the cursor holds no loss");
        }
        return r.loss();
    }

    /** The event's payload, a structure (empty when the event class has none). */
    public void writePayload(ValueWriter w) throws IOException {
        try {
            ((StreamReader) event()).writePayload(w);
        } catch (DecodeException e) {
            throw new IOException("a decoded event could not be read back: " + e.getMessage(), e);
        }
    }

    /**
     * The event's contexts as the members of one structure: the stream's event context, then the event class's own;
     * an empty structure when it has neither.
     */
    public void writeContext(ValueWriter w) throws IOException {
        StreamReader r = (StreamReader) event();
        w.beginStruct();
        StructDecoder[] contexts = r.contexts();
        if (contexts != null) {
            try {
                for (StructDecoder c : contexts) {
                    for (int i = 0; i < c.members.length; i++) {
                        w.name(c.names[i]);
                        c.members[i].write(w, r.s, 0);
                    }
                }
            } catch (DecodeException e) {
                throw new IOException("a decoded event could not be read back: " + e.getMessage(), e);
            }
        }
        w.endStruct();
    }

    /**
     * The context of the event's packet as the members of one structure, but for those that frame the packet (its
     * beginning and end times, its sizes, its discarded-events counter): its CPU, its sequence number and any other
     * member; an empty structure when the stream class has no packet context.
     */
    public void writePacketContext(ValueWriter w) throws IOException {
        StreamReader r = (StreamReader) event();
        StreamClassDecoder sc = r.stream.streamClass;
        w.beginStruct();
        StructDecoder c = sc.packetContext;
        if (c != null) {
            try {
                for (int i = 0; i < c.members.length; i++) {
                    int slot = c.members[i] instanceof IntDecoder d ? d.slot : -1;
                    if (slot >= 0 && (slot == sc.beginSlot || slot == sc.endSlot || slot == sc.packetSizeSlot
                            || slot == sc.contentSizeSlot || slot == sc.discardedSlot)) {
                        continue;
                    }
                    w.name(c.names[i]);
                    c.members[i].write(w, r.s, 0);
                }
            } catch (DecodeException e) {
                throw new IOException("a decoded packet context could not be read back: " + e.getMessage(), e);
            }
        }
        w.endStruct();
    }

    /** To the next record (packets are stepped over). */
    public void advance() throws IOException {
        if (size == 0) {
            throw new IllegalStateException("the cursor is past the last record");
        }
        size = RecordMerge.advance(heap, size);
        skipPackets();
    }

    /** Lets go of the stream files' mappings (the cursor may still be restored). */
    public void release() {
        for (StreamReader r : readers) {
            r.release();
        }
    }

    private void rebuild() throws IOException {
        size = RecordMerge.heap(readers, heap);
        skipPackets();
    }

    private void skipPackets() throws IOException {
        while (size > 0 && heap[0].kind == StreamReader.PACKET) {
            size = RecordMerge.advance(heap, size);
        }
    }
}
