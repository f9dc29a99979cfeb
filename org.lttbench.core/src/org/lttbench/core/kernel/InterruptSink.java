package org.lttbench.core.kernel;

import org.lttbench.core.trace.Trace;

/** Hears the interrupt handlers' runs. */
public interface InterruptSink {

    /**
     * A hard IRQ or softirq handler of that trace ran on {@code cpu} from {@code entry} to {@code exit}:
     * {@code handler} is {@code Waker.of(Waker.IRQ, irq)} (x86 vectors without an IRQ: the IRQ id's vector bit) or
     * {@code Waker.of(Waker.SOFTIRQ, vector)}; {@code raised}, for a softirq, when it was first raised on that CPU
     * since its last run ({@link Long#MIN_VALUE} when the trace showed no raise).
     */
    default void interrupt(Trace trace, int cpu, int handler, long raised, long entry, long exit) {
    }
}
