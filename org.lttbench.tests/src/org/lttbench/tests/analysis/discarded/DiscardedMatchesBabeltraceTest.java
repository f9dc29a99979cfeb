package org.lttbench.tests.analysis.discarded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.report.Report;
import org.lttbench.tests.TestPaths;

/**
 * Per stream, our totals equal babeltrace2's discarded-events and discarded-packets messages, on every shared real
 * trace (babeltrace2 drains each stream on its own, so it also counts the traces whose packets overlap).
 */
class DiscardedMatchesBabeltraceTest {

    static List<Path> sharedTraces() throws IOException {
        try (Stream<Path> walk = Files.walk(TestPaths.traces())) {
            return walk.filter(p -> p.getFileName().toString().equals("metadata")).map(Path::getParent).sorted().toList();
        }
    }

    // Its cases run two at a time (each waits on babeltrace2 in its own process); the class still runs alone.
    @Execution(ExecutionMode.CONCURRENT)
    @ParameterizedTest
    @MethodSource("sharedTraces")
    void totalsPerStreamEqualBabeltrace(Path trace) throws Exception {
        assertMatchesBabeltrace(trace, DiscardedRun.analyze(trace));
    }

    /** Every stream bt2 reports has our row with the same events, discarded events, lost packets and loss places. */
    static void assertMatchesBabeltrace(Path trace, Report report) throws Exception {
        Bt2Losses reference = Bt2Losses.of(trace);
        Map<String, Map<String, Object>> ours = DiscardedRun.rowsBy(report.table("streams"), "stream");
        assertFalse(reference.streams().isEmpty(), "babeltrace2 saw no stream in " + trace);
        for (var e : reference.streams().entrySet()) {
            String where = trace.getFileName() + "/" + e.getKey();
            Map<String, Object> row = ours.get(e.getKey());
            assertNotNull(row, where + ": no row in our streams table " + ours.keySet());
            Bt2Losses.Counts bt2 = e.getValue();
            assertEquals(bt2.events(), row.get("events"), where + ": events");
            assertEquals(trace.toString(), row.get("trace"), where + ": trace");
            assertEquals(bt2.discardedEvents(), orZero(row, "discarded_events"), where + ": discarded events");
            assertEquals(bt2.discardedPackets(), orZero(row, "discarded_packets"), where + ": discarded packets");
            assertEquals(bt2.discardedEventsRecords() + bt2.discardedPacketsRecords(), row.get("loss_records"),
                    where + ": places with loss");
        }
    }

    /** An empty count (cannot be known) compares as 0: babeltrace2 cannot see that kind of loss there either. */
    private static long orZero(Map<String, Object> row, String column) {
        Object v = row.get(column);
        return v == null ? 0 : (Long) v;
    }
}
