package org.lttbench.tests.analysis.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.process.ThreadLedger;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;

/**
 * {@link ThreadLedger} fed typed changes of thousands of threads (its book holds them in pages, and a copy holds its
 * own): each thread's times, birth and end are those of its changes, by construction.
 */
class ThreadLedgerTest {

    private static final int THREADS = 5_000;

    /** Thread i runs in user space from i, blocks from i + 10 + i % 7, and (even i) ends at i + 100. */
    @Test
    void everyThreadKeepsItsOwnTimesAndACopyItsOwnEnd() {
        ThreadLedger ledger = new ThreadLedger(List.of(new TimeRange(0, 1_000_000)));
        ThreadRecord[] threads = new ThreadRecord[THREADS];
        for (int i = 0; i < THREADS; i++) {
            threads[i] = ThreadRecord.restored(i, 1000 + i, null, -1, false, 1000 + i, "t" + i, false, -1);
        }
        for (int i = 0; i < THREADS; i++) {
            ledger.stateChange(threads[i], ThreadState.USER, i, 0);
        }
        for (int i = THREADS - 1; i >= 0; i--) {
            ledger.stateChange(threads[i], ThreadState.WAIT_BLOCKED, i + 10 + i % 7, -1);
        }
        for (int i = 0; i < THREADS; i += 2) {
            ledger.stateChange(threads[i], ThreadState.NOT_ALIVE, i + 100, -1);
        }
        Map<Trace, Long> ends = new HashMap<>();
        ends.put(null, 20_000L); // the threads' trace: none here
        ThreadLedger ended = ledger.endedCopy(ends);
        for (int i = 0; i < THREADS; i++) {
            ThreadRecord t = threads[i];
            boolean dies = i % 2 == 0;
            assertEquals(10 + i % 7, ledger.time(t, ThreadState.USER, 0), "user time of thread " + i);
            assertEquals(dies ? 90 - i % 7 : 0, ledger.time(t, ThreadState.WAIT_BLOCKED, 0), "blocked, thread " + i);
            assertEquals(i, ledger.born(t));
            assertEquals(dies ? i + 100 : Long.MIN_VALUE, ledger.died(t), "end of thread " + i);
            assertEquals(dies ? 90 - i % 7 : 20_000 - (i + 10 + i % 7), ended.time(t, ThreadState.WAIT_BLOCKED, 0),
                    "blocked in the ended copy, thread " + i);
            assertEquals(dies ? i + 100 : 20_000, ended.died(t), "end in the ended copy, thread " + i);
        }
        assertEquals(THREADS, ledger.threads().size());
    }
}
