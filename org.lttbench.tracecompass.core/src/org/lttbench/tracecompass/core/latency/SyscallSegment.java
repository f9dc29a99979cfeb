package org.lttbench.tracecompass.core.latency;

import org.eclipse.tracecompass.datastore.core.interval.IHTIntervalReader;
import org.eclipse.tracecompass.datastore.core.serialization.ISafeByteBufferWriter;
import org.eclipse.tracecompass.datastore.core.serialization.SafeByteBufferFactory;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.segment.interfaces.INamedSegment;

/**
 * One system call as LTTbench's thread state machine measured it, entry to exit: a Trace Compass segment named by the
 * call, so that Trace Compass's generic latency views and data providers (table, scatter, statistics per name, density)
 * show it. Written to and read from an on-disk segment store ({@link #READER}).
 *
 * @param ret the call's return value; {@link Long#MIN_VALUE} when the exit event has none
 */
public record SyscallSegment(long start, long end, String name, int tid, String thread, long ret)
        implements INamedSegment {

    private static final long serialVersionUID = 1L;

    /** Reads what {@link #writeSegment} wrote, in the same order. */
    public static final IHTIntervalReader<ISegment> READER = buffer -> new SyscallSegment(buffer.getLong(),
            buffer.getLong(), buffer.getString(), buffer.getInt(), buffer.getString(), buffer.getLong());

    @Override
    public long getStart() {
        return start;
    }

    @Override
    public long getEnd() {
        return end;
    }

    @Override
    public String getName() {
        return name;
    }

    /** Whether the exit event gave a return value. */
    public boolean returned() {
        return ret != Long.MIN_VALUE;
    }

    @Override
    public int getSizeOnDisk() {
        return 3 * Long.BYTES + Integer.BYTES + SafeByteBufferFactory.getStringSizeInBuffer(name)
                + SafeByteBufferFactory.getStringSizeInBuffer(thread);
    }

    @Override
    public void writeSegment(ISafeByteBufferWriter buffer) {
        buffer.putLong(start);
        buffer.putLong(end);
        buffer.putString(name);
        buffer.putInt(tid);
        buffer.putString(thread);
        buffer.putLong(ret);
    }

    /** By start, then end (Trace Compass's order), then the rest: two calls of one store are never equal by order only. */
    @Override
    public int compareTo(ISegment o) {
        int c = INamedSegment.super.compareTo(o);
        if (c != 0 || !(o instanceof SyscallSegment s)) {
            return c;
        }
        c = Integer.compare(tid, s.tid);
        return c != 0 ? c : name.compareTo(s.name);
    }
}
