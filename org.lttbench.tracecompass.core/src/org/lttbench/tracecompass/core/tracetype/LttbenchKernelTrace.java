package org.lttbench.tracecompass.core.tracetype;

import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IResource;
import org.eclipse.tracecompass.analysis.os.linux.core.kernel.KernelUtils;
import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelAnalysisEventLayout;
import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelTrace;
import org.eclipse.tracecompass.internal.lttng2.kernel.core.trace.layout.Lttng26EventLayout;
import org.eclipse.tracecompass.internal.lttng2.kernel.core.trace.layout.Lttng27EventLayout;
import org.eclipse.tracecompass.internal.lttng2.kernel.core.trace.layout.Lttng28EventLayout;
import org.eclipse.tracecompass.internal.lttng2.kernel.core.trace.layout.Lttng29EventLayout;
import org.eclipse.tracecompass.internal.lttng2.kernel.core.trace.layout.LttngEventLayout;
import org.eclipse.tracecompass.internal.lttng2.kernel.core.trace.layout.PerfEventLayout;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.aspect.ITmfEventAspect;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;

/**
 * An LTTng kernel trace (environment {@code domain = kernel}) read by LTTbench's reader, as a Trace Compass kernel
 * trace: Trace Compass's kernel analyses and views (Control Flow, Resources, CPU usage, system call latency, the
 * critical path...) take it as they take its own LTTng kernel trace type, with the same event layout for the same
 * tracer (Trace Compass's own layouts, chosen by the tracer's name and version as its type chooses them).
 */
public class LttbenchKernelTrace extends LttbenchCtfTrace implements IKernelTrace {
    private IKernelAnalysisEventLayout layout;

    @Override
    protected String accepts(Map<String, Object> environment) {
        return "kernel".equals(String.valueOf(environment.get("domain"))) ? null
                : "not an LTTng kernel trace (its environment's domain is " + environment.get("domain") + ")";
    }

    @Override
    public void initTrace(IResource resource, String path, Class<? extends ITmfEvent> eventType)
            throws TmfTraceException {
        super.initTrace(resource, path, eventType);
        layout = layout(getEnvironment());
    }

    @Override
    protected List<ITmfEventAspect<?>> aspects() {
        List<ITmfEventAspect<?>> list = super.aspects();
        list.addAll(KernelUtils.getKernelAspects());
        if (hasField(CONTEXT_PREFIX + "tid")) {
            list.add(Aspects.tid(CONTEXT_PREFIX + "tid"));
        }
        if (hasField(CONTEXT_PREFIX + "pid")) {
            list.add(Aspects.pid(CONTEXT_PREFIX + "pid"));
        }
        return list;
    }

    @Override
    public IKernelAnalysisEventLayout getKernelEventLayout() {
        IKernelAnalysisEventLayout l = layout;
        if (l == null) {
            throw new IllegalStateException("the trace " + getName() + " is not initialised: it has no event layout yet");
        }
        return l;
    }

    /**
     * Trace Compass's layout for the tracer that wrote the trace: perf's, LTTng's per version of lttng-modules (its
     * event and field names changed in 2.6, 2.7, 2.8 and 2.9), LTTng's first one otherwise.
     */
    static IKernelAnalysisEventLayout layout(Map<String, Object> environment) {
        String tracer = String.valueOf(environment.get("tracer_name"));
        long major = number(environment.get("tracer_major"));
        long minor = number(environment.get("tracer_minor"));
        if ("perf".equals(tracer)) {
            return PerfEventLayout.getInstance();
        }
        if ("lttng-modules".equals(tracer) && major >= 2) {
            if (minor >= 9) {
                return Lttng29EventLayout.getInstance();
            }
            if (minor >= 8) {
                return Lttng28EventLayout.getInstance();
            }
            if (minor >= 7) {
                return Lttng27EventLayout.getInstance();
            }
            if (minor >= 6) {
                return Lttng26EventLayout.getInstance();
            }
        }
        return LttngEventLayout.getInstance();
    }

    private static long number(Object value) {
        if (value instanceof Number n) {
            return n.longValue();
        }
        try {
            return value == null ? -1 : Long.parseLong(value.toString().trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
