package org.lttbench.tracecompass.core.latency;

import org.lttbench.core.analysis.latency.InterruptLatencyAnalysis;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.kernel.Waker;
import org.lttbench.core.trace.Trace;

/**
 * Interrupt handlers' runs, entry to exit, named by the handler ({@code hard IRQ 42}, {@code x86 vector 236},
 * {@code softirq 3 NET_RX}), and softirqs' waits from their raise to their entry ({@code softirq 3 NET_RX raised}): the
 * runs and waits LTTbench's irq tables count. Named by number, not by the IRQ's device: the trace may name it only
 * after its first runs.
 */
public final class InterruptLatencyModule extends LatencyStoreModule {
    public static final String ID = "org.lttbench.tracecompass.analysis.irq";
    /** What a softirq's raise-to-entry segment's name adds to its handler's. */
    public static final String RAISED = " raised";

    public InterruptLatencyModule() {
        super(InterruptLatencyAnalysis.PROVIDER, LatencyAspects.of("Handler",
                "the handler (hard IRQ or x86 vector and its number, softirq and its vector); \"raised\": a softirq's wait "
                        + "from its raise to its entry", "none: handlers run in no thread of their own", "CPU",
                "the CPU it ran on"),
                "LTTbench: interrupt latency, every hard IRQ, x86 vector and softirq handler run LTTbench measures (entry "
                        + "to exit) and every softirq's wait from its raise to its entry, with the handler and the CPU.");
    }

    /** A handler's segments' name. */
    public static String name(int handler) {
        String n = InterruptLatencyAnalysis.kind(handler) + " " + InterruptLatencyAnalysis.number(handler);
        return Waker.kind(handler) == Waker.SOFTIRQ ? n + " " + Waker.softirqName(Waker.id(handler)) : n;
    }

    @Override
    protected ThreadStateSink sink(LatencySegmentWriter segments, ProcessAnalysis read) {
        return new ThreadStateSink.WithoutStates() {
            private final java.util.Map<Integer, String> names = new java.util.HashMap<>();

            @Override
            public void interrupt(Trace trace, int cpu, int handler, long raised, long entry, long exit) {
                String name = names.computeIfAbsent(handler, InterruptLatencyModule::name);
                segments.add(entry, exit, name, -1, null, cpu);
                if (raised != Long.MIN_VALUE) {
                    segments.add(raised, entry, name + RAISED, -1, null, cpu);
                }
            }
        };
    }
}
