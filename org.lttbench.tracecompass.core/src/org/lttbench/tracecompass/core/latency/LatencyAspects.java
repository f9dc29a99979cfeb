package org.lttbench.tracecompass.core.latency;

import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.SegmentComparators;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataType;
import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;

/**
 * What Trace Compass's segment table (and its data provider) shows of a {@link LatencySegment} beside start, end and
 * duration: its name, the thread (TID and name) and its value, each sortable.
 */
final class LatencyAspects {
    private LatencyAspects() {
    }

    /** The columns, in the table's order, with what each store calls them. */
    static List<ISegmentAspect> of(String name, String nameHelp, String tidHelp, String value, String valueHelp) {
        return List.of(new Aspect(name, nameHelp, DataType.STRING, LatencySegment::name),
                new Aspect("TID", tidHelp, DataType.NUMBER, s -> s.tid() < 0 ? null : (Object) s.tid()),
                new Aspect("Thread", "the thread's command name", DataType.STRING,
                        s -> s.thread().isEmpty() ? null : s.thread()),
                new Aspect(value, valueHelp, DataType.NUMBER, s -> s.told() ? (Object) s.value() : null));
    }

    /** One column: its value per segment, ties broken by Trace Compass's segment order. */
    private record Aspect(String name, String help, DataType type, Function<LatencySegment, Object> value)
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
            return segment instanceof LatencySegment s ? value.apply(s) : null;
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
