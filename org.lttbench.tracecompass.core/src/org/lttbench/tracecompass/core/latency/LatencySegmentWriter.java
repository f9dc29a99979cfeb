package org.lttbench.tracecompass.core.latency;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.segmentstore.core.SegmentStoreFactory;

/**
 * Latencies as a read tells them, written to Trace Compass's on-disk segment store (a history tree in the trace's
 * supplementary directory) that a {@link LatencyStoreModule} opens: memory stays that of the tree's latest branch,
 * whatever the number of segments.
 */
final class LatencySegmentWriter {
    private final ISegmentStore<ISegment> store;

    /** A new store at that file (one left there is removed first: the store would open it instead). */
    LatencySegmentWriter(Path file) throws IOException {
        Files.deleteIfExists(file);
        this.store = SegmentStoreFactory.createOnDiskSegmentStore(file, LatencySegment.READER, LatencyStoreModule.VERSION);
    }

    void add(long start, long end, String name, int tid, String thread, long value) {
        store.add(new LatencySegment(start, end, name, tid, thread == null ? "" : thread, value));
    }

    /** The read completed: the tree's last branch goes to disk and the file is closed, for the module to open. */
    void finish() {
        store.close(false);
        store.dispose();
    }

    /** The read did not complete: the half-written file is removed. */
    void abandon() {
        store.dispose();  // unfinished: the store deletes its file
    }
}
