package org.lttbench.tracecompass.core.latency;

import org.eclipse.tracecompass.datastore.core.interval.IHTIntervalReader;
import org.eclipse.tracecompass.datastore.core.serialization.ISafeByteBufferWriter;
import org.eclipse.tracecompass.datastore.core.serialization.SafeByteBufferFactory;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.segment.interfaces.INamedSegment;

/**
 * One latency as LTTbench's thread state machine measured it (a system call from entry to exit, a wait for a CPU, an
 * interrupt handler's run, a disk request from issue to completion): a Trace Compass segment named by what it was (the
 * call, the kind of wait, the handler, the device and operation), so that Trace Compass's generic latency views and
 * data providers (table, scatter, statistics per name, density) show it. Written to and read from an on-disk segment
 * store ({@link #READER}).
 *
 * @param tid    the thread's (the caller, the waiting thread, the request's issuer), -1 when none
 * @param thread that thread's command name, empty when none
 * @param value  what else the store tells of it (a call's return value, the CPU, the request's bytes);
 *               {@link Long#MIN_VALUE} when the trace does not tell
 */
public record LatencySegment(long start, long end, String name, int tid, String thread, long value)
        implements INamedSegment {

    private static final long serialVersionUID = 1L;

    /** Reads what {@link #writeSegment} wrote, in the same order. */
    public static final IHTIntervalReader<ISegment> READER = buffer -> new LatencySegment(buffer.getLong(),
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

    /** Whether the trace told the value. */
    public boolean told() {
        return value != Long.MIN_VALUE;
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
        buffer.putLong(value);
    }

    /** By start, then end (Trace Compass's order), then the rest: two segments of one store are never equal by order only. */
    @Override
    public int compareTo(ISegment o) {
        int c = INamedSegment.super.compareTo(o);
        if (c != 0 || !(o instanceof LatencySegment s)) {
            return c;
        }
        c = Integer.compare(tid, s.tid);
        return c != 0 ? c : name.compareTo(s.name);
    }
}
