package org.lttbench.core.analysis.spans;

import java.util.IdentityHashMap;
import java.util.Map;

import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadStateMachine;

/**
 * The thread of a user-space event that names none (no {@code vtid} context): the one its kernel ran on the event's
 * CPU at that moment, since a user-space tracepoint runs in its thread on its CPU. Exact but at the very instant of a
 * context switch on that CPU (the two events' order at one ns is the merge's, not the machine's): such events are
 * counted as ambiguous, whether the switch came before the event in the merge or after it.
 */
final class ThreadOnCpu {
    /** Per kernel machine and CPU: the time of the last event matched there, and the CPU's switch count then. */
    private final Map<ThreadStateMachine, long[][]> lastMatched = new IdentityHashMap<>();
    /** Events matched whose CPU may still switch at their very ns. */
    private int pending;
    private long matched;
    private long ambiguous;

    /** The thread running on {@code cpu} at {@code ts}, or null when the kernel has not said yet (or it is idle). */
    ThreadRecord thread(ThreadStateMachine m, int cpu, long ts) {
        ThreadRecord running = cpu < 0 ? null : m.onCpu(cpu);
        if (running == null || running.tid() <= 0) {
            return null;
        }
        long[] last = last(m, cpu);
        matched++;
        if (last[0] != Long.MIN_VALUE && ts > last[0]) {
            last[0] = Long.MIN_VALUE; // no switch at its ns can come after this later event
            pending--;
        }
        if (m.lastSwitch(cpu) == ts) {
            ambiguous++; // the switch came first at this ns
        } else if (last[0] == Long.MIN_VALUE) {
            last[0] = ts;
            last[1] = m.switches(cpu);
            pending++;
        }
        return running;
    }

    /** Whether a kernel event may still make an event matched earlier ambiguous ({@link #kernelEvent}). */
    boolean waiting() {
        return pending > 0;
    }

    /**
     * After the kernel machine handled an event of that CPU at {@code ts}: an event matched at the ns of a switch
     * that came after it is ambiguous; once the CPU's events are past its ns, it is not.
     */
    void kernelEvent(ThreadStateMachine m, int cpu, long ts) {
        long[][] perCpu = lastMatched.get(m);
        long[] last = perCpu == null || cpu < 0 || cpu >= perCpu.length ? null : perCpu[cpu];
        if (last == null || last[0] == Long.MIN_VALUE) {
            return;
        }
        if (m.switches(cpu) > last[1]) {
            if (m.lastSwitch(cpu) == last[0]) {
                ambiguous++;
            }
        } else if (ts <= last[0]) {
            return;
        }
        last[0] = Long.MIN_VALUE;
        pending--;
    }

    private long[] last(ThreadStateMachine m, int cpu) {
        long[][] perCpu = lastMatched.computeIfAbsent(m, k -> new long[0][]);
        if (cpu >= perCpu.length) {
            perCpu = java.util.Arrays.copyOf(perCpu, cpu + 1);
            lastMatched.put(m, perCpu);
        }
        if (perCpu[cpu] == null) {
            perCpu[cpu] = new long[] { Long.MIN_VALUE, 0 };
        }
        return perCpu[cpu];
    }

    /** User-space events matched to a thread this way. */
    long matched() {
        return matched;
    }

    /** Of those, the ones at the very instant of a context switch on their CPU. */
    long ambiguous() {
        return ambiguous;
    }
}
