package org.lttbench.tracecompass.core.tracetype;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.lttng2.ust.core.trace.LttngUstTrace;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceImportException;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceType;
import org.eclipse.tracecompass.tmf.core.project.model.TraceTypeHelper;

/**
 * The trace type Trace Compass gives an LTTng trace directory: its own choice ({@link TmfTraceType#selectTraceType}:
 * the valid types by confidence), of which the first LTTng kernel or user-space type, Trace Compass's or LTTbench's.
 * Where Trace Compass's choice cannot be made because one of its own CTF types throws while it validates the trace
 * (Trace Compass 11.3's CTF 2 parser on LTTng's field locations: {@code IllegalStateException: Not a JSON Object}),
 * the choice is made among LTTbench's types, by their validation, as Trace Compass would have made it.
 */
public final class TraceTypeChoice {
    static final String KERNEL_TYPE = "org.lttbench.tracecompass.tracetype.kernel";
    static final String UST_TYPE = "org.lttbench.tracecompass.tracetype.ust";

    private TraceTypeChoice() {
    }

    /** The LTTng kernel or user-space trace type for the directory, or {@code null} when it is neither. */
    public static TraceTypeHelper lttng(String path) {
        List<TraceTypeHelper> candidates;
        try {
            candidates = TmfTraceType.selectTraceType(path, null);
        } catch (TmfTraceImportException e) {
            return null; // no type at all
        } catch (RuntimeException e) {
            candidates = ours(path);
        }
        for (TraceTypeHelper t : candidates) {
            if (isLttng(t.getTraceClass())) {
                return t;
            }
        }
        return null;
    }

    /** LTTbench's LTTng types that validate the trace, by confidence. */
    private static List<TraceTypeHelper> ours(String path) {
        record Valid(TraceTypeHelper type, int confidence) {
        }
        List<Valid> valid = new ArrayList<>();
        for (String id : List.of(KERNEL_TYPE, UST_TYPE)) {
            TraceTypeHelper t = TmfTraceType.getTraceType(id);
            if (t != null && t.isEnabled()) {
                int confidence = t.validateWithConfidence(path);
                if (confidence > 0) {
                    valid.add(new Valid(t, confidence));
                }
            }
        }
        return valid.stream().sorted(Comparator.comparingInt(Valid::confidence).reversed()).map(Valid::type).toList();
    }

    private static boolean isLttng(Class<?> c) {
        return LttngKernelTrace.class.isAssignableFrom(c) || LttngUstTrace.class.isAssignableFrom(c)
                || LttbenchKernelTrace.class.isAssignableFrom(c) || LttbenchUstTrace.class.isAssignableFrom(c);
    }
}
