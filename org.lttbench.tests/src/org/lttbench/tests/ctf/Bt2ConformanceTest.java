package org.lttbench.tests.ctf;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Our records are babeltrace2's, record by record and field by field, for every shared trace: events (timestamp,
 * name, CPU, stream, payload, contexts) and loss records (discarded events and packets, count and time range).
 */
class Bt2ConformanceTest {

    static List<Path> traces() throws IOException {
        return SharedTraces.all();
    }

    // Its cases run two at a time (each waits on babeltrace2 in its own process); the class still runs alone.
    @Execution(ExecutionMode.CONCURRENT)
    @ParameterizedTest(name = "{0}")
    @MethodSource("traces")
    void recordsAreBabeltrace2s(Path dir) throws Exception {
        JsonlComparison.Counts c = JsonlComparison.compareAll(dir);
        System.out.printf("conformance %s: %d traces, %d streams, %d events and %d loss records identical to"
                + " babeltrace2's%n", dir.getFileName(), c.traces(), c.streams(), c.events(), c.losses());
    }
}
