package org.lttbench.tests.kernel;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.lttbench.core.kernel.ThreadStateMachine;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.FieldHandle;
import org.lttbench.core.trace.KernelLayout;
import org.lttbench.core.trace.Stream;
import org.lttbench.core.trace.Trace;

/**
 * Kernel traces without files, for the trackers' direct tests: a trace's metadata (its tracer, its kernel, the events
 * it declares, one stream per CPU) is all a machine reads of it; the events themselves are the tests' typed calls.
 */
final class Kernels {
    /** The events lttng-modules 2.13 records, as a trace's metadata declares them. */
    static final List<String> EVENTS = List.of("sched_switch", "sched_waking", "sched_wakeup", "sched_wakeup_new",
            "sched_process_fork", "sched_process_exit", "syscall_entry_read", "syscall_exit_read", "irq_handler_entry",
            "irq_handler_exit", "block_rq_issue", "block_rq_complete");

    private Kernels() {
    }

    /** {@link #EVENTS} but {@code sched_wakeup_new}: forked threads are born at their fork. */
    static List<String> withoutWakeupNew() {
        return EVENTS.stream().filter(e -> !e.equals("sched_wakeup_new")).toList();
    }

    /** A kernel trace of {@code cpus} CPUs (a stream each) from lttng-modules 2.{@code tracerMinor} on that kernel. */
    record KernelTrace(Map<String, Object> environment, List<String> events, int cpus) implements Trace {
        KernelTrace(String tracerMinor, String kernel, List<String> events, int cpus) {
            this(Map.of("domain", "kernel", "tracer_name", "lttng-modules", "tracer_major", "2", "tracer_minor",
                    tracerMinor, "tracer_patchlevel", "0", "kernel_release", kernel), events, cpus);
        }

        @Override
        public Path path() {
            return Path.of("kernel-" + cpus + "-cpus");
        }

        @Override
        public List<? extends EventType> eventTypes() {
            return IntStream.range(0, events.size()).mapToObj(i -> new Type(events.get(i), i, this)).toList();
        }

        @Override
        public List<? extends Stream> streams() {
            return IntStream.range(0, cpus).mapToObj(cpu -> new CpuStream(cpu, this)).toList();
        }
    }

    /** An event type as the metadata declares it, numbered in order; the tests give no event fields. */
    private record Type(String name, int index, Trace trace) implements EventType {
        @Override
        public long id() {
            return index;
        }

        @Override
        public FieldHandle payloadField(String field) {
            return null;
        }

        @Override
        public FieldHandle contextField(String field) {
            return null;
        }
    }

    /** A CPU's stream of channel0, with the counters of lttng-modules' packets. */
    private record CpuStream(int cpu, Trace trace) implements Stream {
        @Override
        public String name() {
            return "channel0_" + cpu;
        }

        @Override
        public String channel() {
            return "channel0";
        }

        @Override
        public int index() {
            return cpu;
        }

        @Override
        public boolean hasDiscardedEventsCounter() {
            return true;
        }

        @Override
        public boolean hasPacketSequenceNumber() {
            return true;
        }
    }

    /** The machine of a two-CPU trace from lttng-modules 2.13 on Linux 5.15, declaring {@link #EVENTS}. */
    static ThreadStateMachine machine(ThreadStateSink sink) {
        return machine(sink, EVENTS);
    }

    /** The same, declaring those events. */
    static ThreadStateMachine machine(ThreadStateSink sink, List<String> events) {
        return machine("13", "5.15.0", sink, events, 2);
    }

    static ThreadStateMachine machine(String tracerMinor, String kernel, ThreadStateSink sink, List<String> events,
            int cpus) {
        Trace trace = new KernelTrace(tracerMinor, kernel, events, cpus);
        int[] next = { 0 };
        return new ThreadStateMachine(trace, KernelLayout.of(trace), sink, () -> next[0]++);
    }
}
