package org.lttbench.core.analysis.spans;

import java.util.ArrayList;
import java.util.List;

import org.lttbench.core.kernel.ThreadRecord;

/**
 * A thread as the user-space trace names it ({@code vtid}, {@code vpid}, {@code procname}: IDs in its PID namespace),
 * its open spans innermost last, and the kernel thread it was matched to.
 */
final class UstThread {
    /**
     * How it was matched to a kernel thread: by its vtid, by its procname on its CPU (a PID namespace), or, its events
     * carrying no vtid, as the thread on its event's CPU at its time.
     */
    static final int UNMATCHED = 0, BY_VTID = 1, BY_CPU = 2, BY_CPU_TIME = 3;

    /** The user-space trace it belongs to (its index among the run's). */
    final int trace;
    /** -1 when the events carry no such context. */
    final long vtid;
    long vpid = -1;
    String procname;
    ThreadRecord kernel;
    int match = UNMATCHED;
    final List<Span> stack = new ArrayList<>();

    UstThread(int trace, long vtid) {
        this.trace = trace;
        this.vtid = vtid;
    }
}
