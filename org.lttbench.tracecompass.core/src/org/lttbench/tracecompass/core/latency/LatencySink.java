package org.lttbench.tracecompass.core.latency;

import org.lttbench.core.analysis.process.ThreadRecord;
import org.lttbench.core.analysis.process.ThreadState;
import org.lttbench.core.analysis.process.ThreadStateSink;

/** A sink of the machine's latency calls only: not called for its most frequent call, the state changes. */
abstract class LatencySink implements ThreadStateSink {
    @Override
    public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu) {
        // followsStates: never called
    }

    @Override
    public boolean followsStates() {
        return false;
    }
}
