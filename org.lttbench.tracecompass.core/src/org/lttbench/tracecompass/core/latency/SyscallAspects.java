package org.lttbench.tracecompass.core.latency;

import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.SegmentComparators;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataType;
import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;

/**
 * What Trace Compass's segment table (and its data provider) shows of a {@link SyscallSegment} beside start, end and
 * duration: the call, the thread (TID and name) and the return value, each sortable.
 */
public final class SyscallAspects {
    private SyscallAspects() {
    }

    /** The columns, in the table's order. */
    public static final List<ISegmentAspect> ALL = List.of(
            new Aspect("System Call", "the system call, as the trace names it", DataType.STRING, SyscallSegment::name),
            new Aspect("TID", "the thread that made the call", DataType.NUMBER, s -> s.tid()),
            new Aspect("Thread", "the thread's command name when the call ended", DataType.STRING,
                    SyscallSegment::thread),
            new Aspect("Return Value", "what the call returned (empty when the exit event has none)", DataType.NUMBER,
                    s -> s.returned() ? (Object) s.ret() : null));

    /** One column: its value per segment, ties broken by Trace Compass's segment order. */
    private record Aspect(String name, String help, DataType type, Function<SyscallSegment, Object> value)
            implements ISegmentAspect {

        @Override
        public String getName() {
            return name;
        }

        @Override
        public String getHelpText() {
            return help;
        }

        @Override
        public DataType getDataType() {
            return type;
        }

        @Override
        public Object resolve(ISegment segment) {
            return segment instanceof SyscallSegment s ? value.apply(s) : null;
        }

        @Override
        public Comparator<ISegment> getComparator() {
            Comparator<ISegment> byValue = (a, b) -> compare(resolve(a), resolve(b));
            return byValue.thenComparing(SegmentComparators.INTERVAL_START_COMPARATOR)
                    .thenComparing(SegmentComparators.INTERVAL_END_COMPARATOR);
        }

        @SuppressWarnings({ "unchecked", "rawtypes" })
        private static int compare(Object a, Object b) {
            if (a == null || b == null) {
                return a == null ? (b == null ? 0 : -1) : 1;
            }
            return ((Comparable) a).compareTo(b);
        }
    }
}
