package org.lttbench.tracecompass.core.latency;

import org.lttbench.core.analysis.latency.SchedulingLatencyAnalysis;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadStateSink;

/**
 * Waits for a CPU, from the wakeup (or the fork, or leaving the CPU runnable) to running, named by their kind: the waits
 * LTTbench's sched table counts.
 */
public final class SchedulingLatencyModule extends LatencyStoreModule {
    public static final String ID = "org.lttbench.tracecompass.analysis.sched";

    public SchedulingLatencyModule() {
        super(SchedulingLatencyAnalysis.PROVIDER, LatencyAspects.of("Kind",
                "woken (from its wakeup), new thread (from its first wakeup, else its fork) or preempted (from leaving the "
                        + "CPU runnable)", "the thread that waited", "CPU", "the CPU it then ran on"),
                "LTTbench: scheduling latency, every wait for a CPU LTTbench measures (from the wakeup, the fork, or "
                        + "leaving the CPU runnable, to running), with its kind, the thread and the CPU.");
    }

    @Override
    protected ThreadStateSink sink(LatencySegmentWriter segments, ProcessAnalysis read) {
        return new ThreadStateSink.WithoutStates() {
            @Override
            public void scheduled(ThreadRecord thread, int kind, long runnable, long running, int cpu, int prio,
                    int waker) {
                segments.add(runnable, running, SchedulingLatencyAnalysis.kindName(kind), thread.tid(), thread.name(),
                        cpu);
            }
        };
    }
}
