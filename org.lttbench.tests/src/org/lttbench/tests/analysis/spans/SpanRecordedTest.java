package org.lttbench.tests.analysis.spans;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.tests.Comparisons;
import org.lttbench.tests.Comparisons.Reference;
import org.lttbench.tests.LttngRecording;
import org.lttbench.tests.TestPaths;

/**
 * A real program built with {@code -finstrument-functions}, recorded by LTTng through
 * {@code LD_PRELOAD=liblttng-ust-cyg-profile.so} (the {@code spans} workload): it times every call of its request
 * function itself, around the call; each span's wall time (entry to exit, inside the call) is that time less the
 * cost of the two events and the clock reads, never more.
 */
@ExtendWith(LttngRecording.class)
@Isolated
class SpanRecordedTest {
    /** What tracing the entry and exit and reading the clock twice may cost a call, at most, on a loaded machine. */
    private static final long OVERHEAD_BOUND_NS = 200_000;

    @Test
    void spansWallTimesAreWhatTheProgramMeasured() throws Exception {
        int calls = 30;
        Path out = TestPaths.workDir("spans-recorded");
        SpansWorkload recorded = SpansWorkload.record(out, calls, 0, false);
        String request = recorded.request();
        List<Long> measured = recorded.measured();

        Report r = SpanScenarioTest.run(List.of(out), AnalysisOptions.DEFAULT.withLimit(1_000));
        Table perName = r.table("spans");
        int row = -1;
        for (int i = 0; i < perName.rows().size(); i++) {
            if (request.equals(perName.cell(i, "span"))) {
                row = i;
            }
        }
        assertTrue(row >= 0, request + " among " + perName.rows().size() + " functions: " + r.summary());
        assertEquals((long) calls, perName.cell(row, "spans"));
        assertEquals(0L, perName.cell(row, "unfinished"));

        List<Object[]> spans = new ArrayList<>();
        Table slow = r.table("spans_slowest");
        for (Object[] cells : slow.rows()) {
            if (request.equals(cells[slow.columnIndex("span")])) {
                spans.add(cells);
            }
        }
        spans.sort(Comparator.comparingLong(c -> (Long) c[slow.columnIndex("begin")]));
        assertEquals(calls, spans.size());
        long worst = 0;
        for (int i = 0; i < calls; i++) {
            long wall = (Long) spans.get(i)[slow.columnIndex("wall_ns")];
            long self = (Long) spans.get(i)[slow.columnIndex("self_ns")];
            assertTrue(wall <= measured.get(i), "call " + i + ": span " + wall + " ns within the " + measured.get(i)
                    + " ns the program measured around it");
            assertTrue(measured.get(i) - wall < OVERHEAD_BOUND_NS, "call " + i + ": span " + wall + " ns, measured "
                    + measured.get(i) + " ns");
            assertTrue(self < wall, "call " + i + ": compute() is a span inside it");
            assertTrue(wall >= (i % 3 + 1) * 1_000_000L, "call " + i + " sleeps " + (i % 3 + 1) + " ms");
            worst = Math.max(worst, measured.get(i) - wall);
        }
        Comparisons.count(Reference.RECORDING, calls, "SpanRecordedTest: each span against what the program measured");
        System.out.printf("spans recorded: %d calls, each span within %d ns of what the program measured around it%n",
                calls, worst);
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("needs the kernel trace of the same session")));
    }
}
