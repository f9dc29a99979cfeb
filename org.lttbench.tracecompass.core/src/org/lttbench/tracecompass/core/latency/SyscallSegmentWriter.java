package org.lttbench.tracecompass.core.latency;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.segmentstore.core.SegmentStoreFactory;
import org.lttbench.core.analysis.process.SyscallNames;
import org.lttbench.core.analysis.process.ThreadRecord;
import org.lttbench.core.analysis.process.ThreadState;
import org.lttbench.core.analysis.process.ThreadStateSink;

/**
 * Every system call of the pass, as the thread state machine tells it at its exit ({@link ThreadStateSink#syscall}),
 * written to Trace Compass's on-disk segment store (a history tree in the trace's supplementary directory) that
 * {@link SyscallLatencyModule} opens: memory stays that of the tree's latest branch, whatever the number of calls.
 * The same calls as LTTbench's syscalls analysis counts (whose entry the trace showed, in process context).
 */
public final class SyscallSegmentWriter implements ThreadStateSink {
    private final ISegmentStore<ISegment> store;
    private final SyscallNames names;
    private String[] nameById = new String[0];
    private long count;

    /** A new store at that file (one left there is removed first: the store would open it instead). */
    public SyscallSegmentWriter(Path file, SyscallNames names) throws IOException {
        Files.deleteIfExists(file);
        this.store = SegmentStoreFactory.createOnDiskSegmentStore(file, SyscallSegment.READER,
                SyscallLatencyModule.VERSION);
        this.names = names;
    }

    @Override
    public void syscall(ThreadRecord thread, int syscall, long entry, long exit, long ret, long blocked, long waitCpu) {
        store.add(new SyscallSegment(entry, exit, name(syscall), thread.tid(),
                java.util.Objects.toString(thread.name(), ""), ret));
        count++;
    }

    /** The call's name, one string per id (the ids are dense). */
    private String name(int id) {
        if (id >= nameById.length) {
            nameById = java.util.Arrays.copyOf(nameById, Math.max(id + 1, nameById.length * 2));
        }
        String n = nameById[id];
        if (n == null) {
            n = names.name(id);
            nameById[id] = n;
        }
        return n;
    }

    @Override
    public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu) {
        // only the calls (followsStates: never called)
    }

    @Override
    public boolean followsStates() {
        return false;
    }

    /** The calls written so far. */
    public long count() {
        return count;
    }

    /** The pass completed: the tree's last branch goes to disk and the file is closed, for the module to open. */
    public void finish() {
        store.close(false);
        store.dispose();
    }

    /** The pass did not complete: the half-written file is removed. */
    public void abandon() {
        store.dispose();  // unfinished: the store deletes its file
    }
}
