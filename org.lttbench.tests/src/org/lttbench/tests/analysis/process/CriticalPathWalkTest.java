package org.lttbench.tests.analysis.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.waits.CriticalPathAnalysis;
import org.lttbench.core.analysis.waits.ThreadHistory;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.kernel.Waker;

/**
 * The critical path's walk over histories told by hand (what the state machine would tell a {@link ThreadHistory}),
 * for what no consistent trace gives: the path is known by construction.
 */
class CriticalPathWalkTest {

    private static ThreadRecord thread(int index, int tid, int parent) {
        return ThreadRecord.restored(index, tid, null, -1, false, tid, "t" + tid, false, parent);
    }

    private static long wokenBy(ThreadRecord waker) {
        return ThreadStateSink.why(0, Waker.of(Waker.THREAD, waker.index()));
    }

    private static List<String> path(ThreadHistory history, ThreadRecord target, long from, long to) {
        ThreadHistory.Changes c = null;
        for (ThreadHistory.Changes x : history.all()) {
            if (ThreadHistory.thread(x) == target) {
                c = x;
            }
        }
        return CriticalPathAnalysis.path(history, c, from, to, t -> null).stream()
                .map(s -> s.begin() + "-" + s.end() + " " + s.state() + " " + s.thread().tid()).toList();
    }

    /** Two threads each woken by the other while both wait: a contradiction, which the walk ends instead of looping. */
    @Test
    void wakersWokenByEachOtherEnd() {
        ThreadHistory h = new ThreadHistory();
        ThreadRecord a = thread(0, 100, -1);
        ThreadRecord b = thread(1, 101, -1);
        h.stateChange(a, ThreadState.USER, 0, 0);
        h.stateChange(b, ThreadState.USER, 0, 1);
        h.stateChange(b, ThreadState.WAIT_BLOCKED, 5, -1, wokenBy(a));
        h.stateChange(a, ThreadState.WAIT_BLOCKED, 10, -1, wokenBy(b));
        h.stateChange(b, ThreadState.WAIT_CPU, 50, 1);
        h.stateChange(a, ThreadState.WAIT_CPU, 100, 0);
        h.end(null, 200);
        List<String> p = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> path(h, a, 0, 200));
        // a's wait is b's; b's wait until 50 would be a's own, which the path is already walking
        assertEquals(List.of("0-10 RUNNING 100", "10-50 BLOCKED 101", "50-100 WAIT_CPU 101", "100-200 WAIT_CPU 100"), p);
    }

    /** A waker whose first change comes during the wait: before it, the path is its parent's. */
    @Test
    void beforeItsBirthAWakerIsItsParent() {
        ThreadHistory h = new ThreadHistory();
        ThreadRecord waiter = thread(0, 200, -1);
        ThreadRecord parent = thread(1, 201, -1);
        ThreadRecord child = thread(2, 202, 1);
        ThreadRecord orphan = thread(3, 203, -1);
        h.stateChange(waiter, ThreadState.USER, 0, 0);
        h.stateChange(parent, ThreadState.WAIT_CPU, 0, 1);
        h.stateChange(waiter, ThreadState.WAIT_BLOCKED, 10, -1, wokenBy(child));
        h.stateChange(parent, ThreadState.SYSCALL, 30, 1);
        h.stateChange(child, ThreadState.WAIT_CPU, 60, 1);
        h.stateChange(parent, ThreadState.WAIT_BLOCKED, 70, -1, 0);
        h.stateChange(child, ThreadState.USER, 70, 1);
        h.stateChange(waiter, ThreadState.WAIT_CPU, 100, 0);
        h.stateChange(waiter, ThreadState.USER, 110, 0);
        h.stateChange(waiter, ThreadState.WAIT_BLOCKED, 120, -1, wokenBy(orphan));
        h.stateChange(orphan, ThreadState.USER, 150, 1);
        h.stateChange(waiter, ThreadState.WAIT_CPU, 180, 0);
        h.end(null, 200);
        assertEquals(List.of("0-10 RUNNING 200", "10-30 WAIT_CPU 201", "30-60 RUNNING 201", "60-70 WAIT_CPU 202",
                "70-100 RUNNING 202", "100-110 WAIT_CPU 200", "110-120 RUNNING 200", "120-150 UNKNOWN 203",
                "150-180 RUNNING 203", "180-200 WAIT_CPU 200"), path(h, waiter, 0, 200));
    }
}
