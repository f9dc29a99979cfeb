package org.lttbench.tests.analysis.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.discarded.DiscardedAnalysisProvider;
import org.lttbench.core.analysis.overhead.OverheadAnalysisProvider;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.TestPaths;

/**
 * The built-in example the README runs ({@code examples/kernel-demo}, written by {@link ExampleTrace}) says what
 * {@code examples/README.md} says it does: over its 100 cycles, every thread's time is the construction's, to the ns;
 * and the recorded user-space example's cost estimate agrees with the workload's own measurement.
 */
class ExampleTraceTest {
    private static final long MS = 1_000_000;

    @Test
    void everyThreadsTimeIsTheConstructions() throws Exception {
        Path example = TestPaths.repository().resolve("examples/kernel-demo");
        Report whole = ProcessRun.run(example, AnalysisOptions.DEFAULT);
        long offset = whole.range().begin() - 10 * ExampleTrace.US; // the first event is at 10 µs
        TimeRange cycles = new TimeRange(offset + ExampleTrace.FIRST, offset + ExampleTrace.END);
        Report report = ProcessRun.run(example, new AnalysisOptions(cycles, AnalysisOptions.GroupBy.THREAD));
        Table threads = report.table("threads");
        Map<Long, Integer> row = new HashMap<>();
        for (int r = 0; r < threads.rows().size(); r++) {
            row.put((Long) threads.cell(r, "tid"), r);
        }
        // Per cycle: render 8.45 ms user, 0.5 system, 0.05 IRQ, 1 preempted; web 0.6 user, 0.4 system, 0.07
        // runnable, 8.93 blocked; backup 1.05 user, 0.4 system, 4.05 disk, 0.06 runnable, 4.44 asleep.
        expect(threads, row.get((long) ExampleTrace.RENDER), "render", 845 * MS, 50 * MS, 5 * MS, 100 * MS, 0, 0);
        expect(threads, row.get((long) ExampleTrace.WEB), "web", 60 * MS, 40 * MS, 0, 7 * MS, 0, 893 * MS);
        expect(threads, row.get((long) ExampleTrace.BACKUP), "backup", 105 * MS, 40 * MS, 0, 6 * MS, 405 * MS, 444 * MS);
        expect(threads, row.get((long) ExampleTrace.KWORKER), "kworker/0:1", 0, 0, 0, 0, 0, 1000 * MS);
    }

    @Test
    void cpu1LostFiveHundredEvents() throws Exception {
        Path example = TestPaths.repository().resolve("examples/kernel-demo");
        try (CtfTraceSet traces = CtfTraceSet.open(List.of(example))) {
            Report report = AnalysisRun.run(traces, List.of(new DiscardedAnalysisProvider().create(AnalysisOptions.DEFAULT)),
                    ProgressListener.NONE).get(0);
            Table streams = report.table("streams");
            for (int r = 0; r < streams.rows().size(); r++) {
                long cpu = (Long) streams.cell(r, "cpu");
                assertEquals(cpu == 1 ? ExampleTrace.DISCARDED : 0L, streams.cell(r, "discarded_events"), "CPU " + cpu);
            }
            assertEquals(2, streams.rows().size());
            assertTrue(report.table("advice").rows().size() > 0, "advice for the channel that lost events");
        }
    }

    /**
     * The recorded example's per-event cost, estimated from the trace alone, lies within what the calibration workload
     * measured of itself while LTTng recorded it, as examples/README.md records: 107.9 to 123.7 ns per iteration over
     * its repetitions (median CPU time 110.3 ns), less 0.3 ns without a session. The spread of the workload's own
     * repetitions is the tolerance: an estimate outside it contradicts the measurement.
     */
    @Test
    void recordedExampleCostAgreesWithTheWorkloadsOwnMeasurement() throws Exception {
        double fastestNs = 107.9 - 0.3;
        double slowestNs = 123.7 - 0.3;
        Path example = TestPaths.repository().resolve("examples/ust-calibrate");
        try (CtfTraceSet traces = CtfTraceSet.open(List.of(example))) {
            Report report = AnalysisRun.run(traces, List.of(new OverheadAnalysisProvider().create(AnalysisOptions.DEFAULT)),
                    ProgressListener.NONE).get(0);
            Table tracepoints = report.table("tracepoints");
            Double estimate = null;
            for (int r = 0; r < tracepoints.rows().size(); r++) {
                if ("lttbench_calibrate:iteration".equals(tracepoints.cell(r, "name"))) {
                    estimate = (Double) tracepoints.cell(r, "cost_bound_ns");
                }
            }
            assertTrue(estimate != null, "an estimate for lttbench_calibrate:iteration");
            assertTrue(estimate >= fastestNs && estimate <= slowestNs, "estimate " + estimate + " ns, the workload "
                    + fastestNs + " to " + slowestNs + " ns");
        }
    }

    private static void expect(Table t, Integer r, String name, long user, long system, long irq, long waitCpu, long waitIo,
            long blocked) {
        assertTrue(r != null, name + " has a row");
        assertEquals(name, t.cell(r, "name"));
        assertEquals(user, t.cell(r, "user_ns"), name + " user");
        assertEquals(system, t.cell(r, "system_ns"), name + " system");
        assertEquals(irq, t.cell(r, "irq_ns"), name + " irq");
        assertEquals(waitCpu, t.cell(r, "wait_cpu_ns"), name + " wait cpu");
        assertEquals(waitIo, t.cell(r, "wait_io_ns"), name + " wait io");
        assertEquals(blocked, t.cell(r, "wait_blocked_ns"), name + " blocked");
        assertEquals(0L, t.cell(r, "unknown_ns"), name + " unknown");
    }
}
