package org.lttbench.tests.analysis.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.process.ThreadState;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.analysis.process.ProcessScenarios.Scenario;
import org.lttbench.tests.analysis.process.ProcessScenarios.Written;
import org.lttbench.tests.writer.CtfTraceWriter.WrittenEvent;
import org.lttbench.tests.writer.KernelTracer;

import org.junit.jupiter.params.provider.Arguments;

/**
 * The process analysis, over scenario traces read by our CTF reader, gives each thread exactly the times the
 * scenario meant, to the ns, for every tracer version; for the whole trace and for time ranges (whose answers
 * follow from the intended timeline clipped to the range: a second, independent computation).
 */
class ProcessAnalysisScenarioTest {

    static Stream<Arguments> scenarios() {
        return ProcessScenarioTest.scenarios();
    }

    static final String[] KEYS = { "user_ns", "system_ns", "irq_ns", "wait_cpu_ns", "wait_io_ns", "wait_blocked_ns",
            "unknown_ns" };
    static final ThreadState[] STATES = { ThreadState.USER, ThreadState.SYSCALL, ThreadState.IRQ, ThreadState.WAIT_CPU,
            ThreadState.WAIT_IO, ThreadState.WAIT_BLOCKED, ThreadState.UNKNOWN };

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void wholeTrace(String label, Scenario scenario, KernelTracer tracer) throws Exception {
        Path dir = TestPaths.workDir(ProcessScenarioTest.dirName(scenario, tracer) + "-analysis");
        Written w = scenario.write(dir, tracer);
        long offset = w.writer().clockOffset();
        long first = Long.MAX_VALUE;
        for (WrittenEvent e : w.writer().ctf().writtenEvents()) {
            first = Math.min(first, e.timestamp());
        }
        Report report = ProcessRun.run(dir, AnalysisOptions.DEFAULT);
        assertEquals(new TimeRange(first, offset + w.intended().end()), report.range(), "the range the report covers");
        assertRows(w.intended(), report.table("threads"), Long.MIN_VALUE, Long.MAX_VALUE, report.range().duration());
        for (String note : report.notes()) {
            assertFalse(note.contains("contradicted") || note.contains("never named") || note.contains("to tell user from system")
                    || note.contains("before their wakeup"), "no guess or inconsistency in a consistent scenario: " + note);
        }
    }

    /** Ranges cut across states at arbitrary points: the analysis equals the intended timeline clipped to them. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void timeRanges(String label, Scenario scenario, KernelTracer tracer) throws Exception {
        Path dir = TestPaths.workDir(ProcessScenarioTest.dirName(scenario, tracer) + "-ranges");
        Written w = scenario.write(dir, tracer);
        long offset = w.writer().clockOffset();
        long start = 1_000;
        long end = w.intended().end();
        long[][] cuts = { { start, end }, { start + 1, end - 1 }, { start + (end - start) / 7, start + (end - start) * 3 / 7 },
                { start + (end - start) * 3 / 7, end }, { start + 333, start + (end - start) / 2 + 17 } };
        for (long[] cut : cuts) {
            TimeRange range = new TimeRange(offset + cut[0], offset + cut[1]);
            Report report = ProcessRun.run(dir, new AnalysisOptions(range, AnalysisOptions.GroupBy.THREAD));
            assertEquals(range, report.range(), "covered range");
            assertRows(w.intended(), report.table("threads"), cut[0], cut[1], range.duration());
        }
    }

    /** Every row is an intended thread with its intended times within [from, to] (clock values). */
    static void assertRows(IntendedTimeline x, Table table, long from, long to, long rangeNs) {
        Map<String, Integer> rowOf = new HashMap<>();
        for (int r = 0; r < table.rows().size(); r++) {
            Long tid = (Long) table.cell(r, "tid");
            assertNotNull(tid, "no placeholder row: every CPU's thread is named");
            String key = tid == 0 ? "idle/" + ((String) table.cell(r, "name")).substring("swapper/".length()) : tid.toString();
            assertNull(rowOf.put(key, r), "one row per thread: " + key);
        }
        List<String> expectedKeys = new ArrayList<>();
        for (IntendedTimeline.Thread t : x.threads().values()) {
            Map<ThreadState, Long> totals = t.totals(x.end(), from, to);
            long alive = 0;
            for (ThreadState s : STATES) {
                alive += totals.get(s);
            }
            Integer r = rowOf.get(t.key);
            if (alive == 0) {
                continue; // not alive in the range
            }
            expectedKeys.add(t.key);
            if (r == null) {
                fail("no row for thread " + t.key + " (" + t.name + ")");
            }
            assertEquals(t.name, table.cell(r, "name"), "name of " + t.key);
            assertEquals(t.pid < 0 ? null : (Long) (long) t.pid, table.cell(r, "pid"), "pid of " + t.key);
            for (int i = 0; i < KEYS.length; i++) {
                assertEquals(totals.get(STATES[i]), table.cell(r, KEYS[i]), KEYS[i] + " of thread " + t.key);
            }
            long running = totals.get(ThreadState.USER) + totals.get(ThreadState.SYSCALL) + totals.get(ThreadState.IRQ);
            assertEquals(running, table.cell(r, "running_ns"), "running_ns of thread " + t.key);
            assertEquals((double) running / rangeNs, (Double) table.cell(r, "running_ratio"), 1e-12, "ratio of " + t.key);
        }
        assertEquals(expectedKeys.size(), table.rows().size(), "rows: expected " + expectedKeys + ", got " + rowOf.keySet());
        // Sorted by running time, the CPUs' idle threads (PID 0) after every other thread.
        List<Long> running = new ArrayList<>();
        List<Boolean> idle = new ArrayList<>();
        for (int r = 0; r < table.rows().size(); r++) {
            running.add((Long) table.cell(r, "running_ns"));
            idle.add(Long.valueOf(0).equals(table.cell(r, "pid")));
        }
        for (int r = 1; r < running.size(); r++) {
            assertTrue(!idle.get(r - 1) || idle.get(r), "idle threads last");
            assertTrue(idle.get(r - 1) != idle.get(r) || running.get(r - 1) >= running.get(r), "rows sorted by running time");
        }
    }
}
