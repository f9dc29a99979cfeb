package org.lttbench.core.ctf;

import java.io.IOException;
import java.util.List;

import org.lttbench.core.trace.RecordSink;

/**
 * The k-way merge of the streams' records into one time-ordered sequence: a binary heap of stream cursors keyed by
 * the time of the record each holds, ties in babeltrace2's order ({@link #tieOrder}). A stream whose packets overlap
 * in time still has its records delivered in its own order; the merge never fails on it.
 */
final class RecordMerge {
    private final StreamReader[] heap;
    private int size;
    private final RecordSpan span = new RecordSpan();

    RecordMerge(List<StreamReader> readers) {
        heap = readers.toArray(new StreamReader[0]);
        rankTies(heap);
    }

    /** Fixes each reader's {@code tieRank}: its place among them in {@link #tieOrder}, for any merge of their records. */
    static void rankTies(StreamReader[] readers) {
        StreamReader[] ranked = readers.clone();
        java.util.Arrays.sort(ranked, RecordMerge::tieOrder);
        for (int i = 0; i < ranked.length; i++) {
            ranked[i].tieRank = i;
        }
    }

    /**
     * The order babeltrace2's muxer gives records of one time from different streams (2.0's
     * {@code common_muxing_compare_messages}): by trace UUID (unsigned bytes; traces with one first), stream class ID,
     * then stream ID (the packet header's {@code stream_instance_id}; without one, the order of the streams' first
     * files, which is also our stream index's). Its later criteria (message type, event class) only part records of
     * one stream, which keep their own order here.
     */
    private static int tieOrder(StreamReader a, StreamReader b) {
        byte[] ua = ((CtfTrace) a.stream.trace()).metadata.uuid;
        byte[] ub = ((CtfTrace) b.stream.trace()).metadata.uuid;
        int c = ua == null || ub == null ? Boolean.compare(ua == null, ub == null)
                : java.util.Arrays.compareUnsigned(ua, ub);
        if (c == 0) {
            c = Long.compareUnsigned(a.stream.streamClass.id, b.stream.streamClass.id);
        }
        if (c == 0 && a.stream.instanceId != -1 && b.stream.instanceId != -1) {
            c = Long.compareUnsigned(a.stream.instanceId, b.stream.instanceId);
        }
        return c != 0 ? c : Integer.compare(a.stream.index(), b.stream.index());
    }

    void run(RecordSink sink) throws IOException {
        StreamReader[] readers = heap.clone();
        for (StreamReader r : readers) {
            r.start();
        }
        size = heap(readers, heap);
        while (size > 0) {
            span.handOn(heap[0], sink);
            size = advance(heap, size);
        }
    }

    /** Puts the readers that hold a record into {@code heap}, in merge order: how many. */
    static int heap(StreamReader[] readers, StreamReader[] heap) {
        int size = 0;
        for (StreamReader r : readers) {
            if (r.kind != StreamReader.DONE) {
                heap[size++] = r;
            }
        }
        for (int i = size / 2 - 1; i >= 0; i--) {
            siftDown(heap, size, i);
        }
        return size;
    }

    /** Moves the heap's first reader to its next record and back to its place, or out when it is done: the size. */
    static int advance(StreamReader[] heap, int size) throws IOException {
        StreamReader r = heap[0];
        r.advance();
        if (r.kind == StreamReader.DONE) {
            heap[0] = heap[--size];
            heap[size] = null;
        }
        if (size > 1) {
            siftDown(heap, size, 0);
        }
        return size;
    }

    /** The earliest time of an event or a loss's range merged ({@code Long.MAX_VALUE} before any). */
    long firstRecord() {
        return span.first();
    }

    /** The latest time of an event or a loss's range merged ({@code Long.MIN_VALUE} before any). */
    long lastRecord() {
        return span.last();
    }

    /** Moves {@code heap[i]} down to its place in the first {@code size} readers of a heap in merge order. */
    private static void siftDown(StreamReader[] heap, int size, int i) {
        StreamReader r = heap[i];
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            StreamReader c = heap[child];
            int right = child + 1;
            if (right < size && before(heap[right], c)) {
                child = right;
                c = heap[right];
            }
            if (!before(c, r)) {
                break;
            }
            heap[i] = c;
            i = child;
        }
        heap[i] = r;
    }

    private static boolean before(StreamReader a, StreamReader b) {
        return a.key < b.key || a.key == b.key && a.tieRank < b.tieRank;
    }
}
