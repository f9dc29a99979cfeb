package org.lttbench.tracecompass.core.tracetype;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.lttbench.core.ctf.RecordCursor;

/**
 * Where the reader is at every {@code interval}-th record of a trace: a cursor placed at the nearest one before a
 * rank reads at most {@code interval - 1} records to get there. Filled by whichever reading passes a multiple of
 * the interval first (Trace Compass's indexing, which reads the whole trace when it is opened, or any other read
 * that gets further); its size grows with the trace, by {@code 56 bytes x streams} per position.
 */
final class RankIndex {
    private final int interval;
    private final List<long[]> positions = new ArrayList<>();

    /**
     * @param streams the trace's streams: a position holds each one's, so traces of many streams keep fewer
     */
    RankIndex(int streams) {
        // at most about 0.22 bytes of positions per record, and at most 256 records per stream to read after one
        this.interval = Math.max(4096, 256 * streams);
    }

    int interval() {
        return interval;
    }

    /** Keeps the cursor's position if it is at the next record to index ({@code rank} is its record's). */
    void offer(long rank, RecordCursor cursor) {
        if (rank % interval != 0) {
            return;
        }
        synchronized (positions) {
            if (rank / interval == positions.size()) {
                positions.add(cursor.position());
            }
        }
    }

    /**
     * Places the cursor at the indexed record nearest before {@code rank}, or at the first record, and returns that
     * record's rank.
     */
    long place(RecordCursor cursor, long rank) throws IOException {
        long[] position = null;
        long at = 0;
        synchronized (positions) {
            int i = (int) Math.min(rank / interval, positions.size() - 1L);
            if (i > 0) {
                position = positions.get(i);
                at = (long) i * interval;
            }
        }
        if (position == null) {
            cursor.start();
        } else {
            cursor.restore(position);
        }
        return at;
    }

    /** Positions kept so far. */
    int size() {
        synchronized (positions) {
            return positions.size();
        }
    }
}
