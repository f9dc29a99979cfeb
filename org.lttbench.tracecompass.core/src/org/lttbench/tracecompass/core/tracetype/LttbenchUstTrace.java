package org.lttbench.tracecompass.core.tracetype;

import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.tmf.core.event.aspect.ITmfEventAspect;

/**
 * An LTTng user-space trace (environment {@code domain = ust}) read by LTTbench's reader: Trace Compass's events
 * table, statistics, histogram and LTTbench's analysis take it; with a {@code vtid} or {@code vpid} context, events
 * name their thread and process. Trace Compass's own user-space analyses (call stack, memory, debug info) are declared
 * for its own UST trace class only, and do not apply.
 */
public class LttbenchUstTrace extends LttbenchCtfTrace {

    @Override
    protected String accepts(Map<String, Object> environment) {
        return "ust".equals(String.valueOf(environment.get("domain"))) ? null
                : "not an LTTng user-space trace (its environment's domain is " + environment.get("domain") + ")";
    }

    @Override
    protected List<ITmfEventAspect<?>> aspects() {
        List<ITmfEventAspect<?>> list = super.aspects();
        if (hasField(CONTEXT_PREFIX + "vtid")) {
            list.add(Aspects.tid(CONTEXT_PREFIX + "vtid"));
        }
        if (hasField(CONTEXT_PREFIX + "vpid")) {
            list.add(Aspects.pid(CONTEXT_PREFIX + "vpid"));
        }
        return list;
    }
}
