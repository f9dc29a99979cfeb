package org.lttbench.core.ctf;

import java.io.IOException;
import java.util.List;

import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.RecordSink;

/**
 * The k-way merge of the streams' records into one time-ordered sequence: a binary heap of stream cursors keyed by
 * the time of the record each holds (ties by stream index). A stream whose packets overlap in time still has its
 * records delivered in its own order; the merge never fails on it.
 */
final class RecordMerge {
    private final StreamReader[] heap;
    private int size;
    private long firstRecord = Long.MAX_VALUE;
    private long lastRecord = Long.MIN_VALUE;

    RecordMerge(List<StreamReader> readers) {
        heap = readers.toArray(new StreamReader[0]);
    }

    void run(RecordSink sink) throws IOException {
        for (StreamReader r : heap) {
            r.start();
            if (r.kind != StreamReader.DONE) {
                heap[size++] = r;
            }
        }
        for (int i = size / 2 - 1; i >= 0; i--) {
            siftDown(i);
        }
        while (size > 0) {
            StreamReader r = heap[0];
            switch (r.kind) {
            case StreamReader.EVENT -> {
                long t = r.timestamp();
                firstRecord = Math.min(firstRecord, t);
                lastRecord = Math.max(lastRecord, t);
                sink.event(r);
            }
            case StreamReader.PACKET -> sink.packet(r);
            default -> {
                Loss loss = r.loss();
                if (loss.beginNs() != -1 && loss.endNs() >= loss.beginNs()) {
                    firstRecord = Math.min(firstRecord, loss.beginNs());
                    lastRecord = Math.max(lastRecord, loss.endNs());
                }
                sink.loss(loss);
            }
            }
            r.advance();
            if (r.kind == StreamReader.DONE) {
                heap[0] = heap[--size];
                heap[size] = null;
            }
            if (size > 1) {
                siftDown(0);
            }
        }
    }

    /** The earliest time of an event or a loss's range merged ({@code Long.MAX_VALUE} before any). */
    long firstRecord() {
        return firstRecord;
    }

    /** The latest time of an event or a loss's range merged ({@code Long.MIN_VALUE} before any). */
    long lastRecord() {
        return lastRecord;
    }

    private void siftDown(int i) {
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
        return a.key < b.key || a.key == b.key && a.stream.index() < b.stream.index();
    }
}
