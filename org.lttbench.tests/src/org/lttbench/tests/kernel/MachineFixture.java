package org.lttbench.tests.kernel;

import org.lttbench.core.kernel.Comm;
import org.lttbench.core.kernel.ThreadStateMachine;
import org.lttbench.core.kernel.Waker;

/**
 * What the trackers' tests share: a fresh machine per test, on the trace of {@link Kernels#machine}, and what it tells
 * its sink. A test of another trace makes its own machine, telling the same {@code heard}.
 */
abstract class MachineFixture {
    /** No thread name: the idle thread's, or one the event does not give. */
    static final Comm NONE = null;
    /** The {@code dev_t} of 8:0 (sda). */
    static final long DISK = 8L << 20;
    static final int IRQ_16 = Waker.of(Waker.IRQ, 16);

    final Heard heard = new Heard();
    final ThreadStateMachine m = Kernels.machine(heard);
}
