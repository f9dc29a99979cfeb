package org.lttbench.tracecompass.core.latency;

import org.lttbench.core.analysis.latency.SyscallLatencyAnalysis;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadStateSink;

/** System calls, entry to exit, named by the call: the calls LTTbench's syscalls table counts. */
public final class SyscallLatencyModule extends LatencyStoreModule {
    public static final String ID = "org.lttbench.tracecompass.analysis.syscalls";

    public SyscallLatencyModule() {
        super(SyscallLatencyAnalysis.PROVIDER, LatencyAspects.of("System Call",
                "the system call, as the trace names it", "the thread that made the call", "Return Value",
                "what the call returned (empty when the exit event has none)"),
                "LTTbench: system call latency, entry to exit, every call LTTbench measures (calls whose entry the trace "
                        + "showed, in process context), with the call, the thread and the return value.");
    }

    @Override
    protected ThreadStateSink sink(LatencySegmentWriter segments, ProcessAnalysis read) {
        return new ThreadStateSink.WithoutStates() {
            @Override
            public void syscall(ThreadRecord thread, int syscall, long entry, long exit, long ret, long blocked,
                    long waitCpu) {
                segments.add(entry, exit, read.syscalls().name(syscall), thread.tid(), thread.name(), ret);
            }
        };
    }
}
