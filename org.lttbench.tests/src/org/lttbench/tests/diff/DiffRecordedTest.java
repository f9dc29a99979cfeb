package org.lttbench.tests.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.lttbench.tests.Comparisons;
import org.lttbench.tests.Comparisons.Reference;
import org.lttbench.tests.LttngRecording;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.analysis.spans.SpansWorkload;

import com.google.gson.JsonObject;

/**
 * {@code lttbench diff} on two real LTTng recordings of one program with a known change: the {@code spans} workload,
 * whose requests sleep 10 ms more in B (more than a loaded machine delays a 1 to 3 ms sleep). The change is found, ranks first, and is the size the program measured itself
 * (the difference of its own mean request times), within what tracing a call may cost. A third recording without
 * the change differs from the first in nothing significant (the comparison's stated false-change rate is 1%), or, where
 * the machine's noise shifted a span between them, a further pair recorded back to back does.
 */
@ExtendWith(LttngRecording.class)
@Isolated
class DiffRecordedTest {
    private static final int CALLS = 40;
    private static final long EXTRA_US = 10_000;
    /** What tracing a call's entry and exit and reading the clock twice may cost it, at most, on a loaded machine. */
    private static final double OVERHEAD_BOUND_NS = 200_000;
    /** Pairs of recordings without a change, at most, of which one must differ in nothing significant. */
    private static final int PAIRS = 3;

    @Test
    void aLongerSleepPerRequestIsFoundFirstAndIsTheSizeTheProgramMeasured() throws Exception {
        Path a = TestPaths.workDir("diff-recorded-a");
        Path b = TestPaths.workDir("diff-recorded-b");
        // the same addresses in both runs: spans are named by their function's address
        SpansWorkload before = SpansWorkload.record(a, CALLS, 0, true);
        SpansWorkload after = SpansWorkload.record(b, CALLS, EXTRA_US, true);
        assertEquals(before.request(), after.request(), "one program, at fixed addresses");

        JsonObject d = DiffCommandTest.json(DiffCommandTest.diff("--format", "json", "--analysis", "spans", a.toString(), b.toString()));
        List<JsonObject> significant = DiffCommandTest.significant(d);
        assertFalse(significant.isEmpty(), d.toString());
        assertEquals(before.request(), significant.get(0).get("subject").getAsString(), "the request's change first: " + significant.get(0));
        JsonObject mean = significant.stream().filter(c -> c.get("subject").getAsString().equals(before.request())
                && c.get("figure").getAsString().equals("mean_ns")).findFirst().orElseThrow(() -> new AssertionError(significant.toString()));
        double traced = mean.get("b").getAsDouble() - mean.get("a").getAsDouble();
        double measured = after.measuredMean() - before.measuredMean();
        System.out.printf("diff recorded: the request's mean +%.0f µs in the traces, +%.0f µs as the program measured (%d calls each, +%d µs of sleep)%n",
                traced / 1e3, measured / 1e3, CALLS, EXTRA_US);
        assertEquals(measured, traced, OVERHEAD_BOUND_NS, "the change is the size the program measured");

        // Without a change. The machine's own noise (a shared VM's other work, its CPUs' speed) can shift the CPU-bound
        // compute() span between two recordings, seen here 3.7 times slower in one of them: a real change, which the
        // comparison rightly reports. A comparison that flagged noise would flag it in every pair, so nothing
        // significant is asked of one of up to PAIRS pairs, each recorded back to back.
        int recordings = 2;
        List<JsonObject> flagged = null;
        for (int pair = 0; pair < PAIRS && (flagged == null || !flagged.isEmpty()); pair++) {
            Path first = a;
            if (pair > 0) {
                first = TestPaths.workDir("diff-recorded-a" + pair);
                SpansWorkload.record(first, CALLS, 0, true);
                recordings++;
            }
            Path again = TestPaths.workDir("diff-recorded-c" + pair);
            SpansWorkload.record(again, CALLS, 0, true);
            recordings++;
            flagged = DiffCommandTest.significant(DiffCommandTest.json(DiffCommandTest.diff("--format", "json",
                    "--analysis", "spans", first.toString(), again.toString())));
            if (!flagged.isEmpty()) {
                System.out.printf("diff recorded: pair %d without a change differs in %s%n", pair + 1, flagged);
            }
        }
        assertEquals(List.of(), flagged, "two recordings without a change, in " + PAIRS + " pairs");
        Comparisons.count(Reference.RECORDING, recordings * CALLS,
                "DiffRecordedTest: a known change between two recordings, none between two others");
    }
}
