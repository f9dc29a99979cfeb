package org.lttbench.tests.ctf;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.tests.Comparisons;
import org.lttbench.tests.Comparisons.Reference;

/**
 * Our records are babeltrace2's, record by record and field by field, for every shared trace: events (timestamp,
 * name, CPU, stream, payload, contexts) and loss records (discarded events and packets, count and time range).
 */
class Bt2ConformanceTest {
    // Its cases run two at a time (each waits on babeltrace2 in its own process); the class still runs alone.
    @Execution(ExecutionMode.CONCURRENT)
    @ParameterizedTest(name = "{0}")
    @MethodSource(SharedTraces.EACH)
    void recordsAreBabeltrace2s(Path dir) throws Exception {
        JsonlComparison.Counts c = JsonlComparison.compareAll(dir);
        assertTrue(c.traces() > 0 && c.streams() > 0, dir + ": no trace or stream compared");
        // every shared trace holds events (babeltrace2's counter: 10 in the smallest, ust-sequence-empty-aarch64)
        assertTrue(c.events() > 0, dir + ": no event compared");
        Comparisons.count(Reference.BABELTRACE2, c.events() + c.losses(), "Bt2ConformanceTest: records of " + dir.getFileName());
        System.out.printf("conformance %s: %d traces, %d streams, %d events and %d loss records identical to"
                + " babeltrace2's%n", dir.getFileName(), c.traces(), c.streams(), c.events(), c.losses());
    }
}
