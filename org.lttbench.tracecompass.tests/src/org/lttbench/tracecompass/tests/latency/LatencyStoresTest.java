package org.lttbench.tracecompass.tests.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.tracecompass.analysis.timing.core.segmentstore.ISegmentStoreProvider;
import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.tracecompass.core.analysis.PassResults;
import org.lttbench.tracecompass.core.latency.DiskLatencyModule;
import org.lttbench.tracecompass.core.latency.InterruptLatencyModule;
import org.lttbench.tracecompass.core.latency.LatencyStoreModule;
import org.lttbench.tracecompass.core.latency.SchedulingLatencyModule;
import org.lttbench.tracecompass.core.latency.SyscallLatencyModule;
import org.lttbench.tracecompass.tests.TraceCompassTraces;

/**
 * LTTbench's waits for a CPU, interrupt handlers and disk requests as Trace Compass segment stores: per name, the
 * store's count, total, min and max equal LTTbench's table of the same latencies (the command line's sched, irq and io
 * analyses over the same traces), and Trace Compass's own statistics data provider over the store says the same. The
 * store is written the first time it is asked for, and reopened from disk after.
 */
class LatencyStoresTest {

    /**
     * One read writes every store of the trace: after one view's store, the others are on disk (a view opened next
     * opens its store without reading the trace again), and the module's other whole-trace reports are made.
     */
    @Test
    void oneReadWritesEveryStore() throws Exception {
        LttngKernelTrace trace = TraceCompassTraces.kernel(TraceCompassTraces.shared("kernel-scp-src"));
        try {
            IAnalysisModule module = trace.getAnalysisModule(SchedulingLatencyModule.ID);
            module.schedule();
            assertTrue(module.waitForCompletion(), String.valueOf(module.getFailureCause()));
            Map<String, String> analyses = Map.of(SyscallLatencyModule.ID, "syscalls", SchedulingLatencyModule.ID,
                    "sched", InterruptLatencyModule.ID, "irq", DiskLatencyModule.ID, "io");
            PassResults results = TraceCompassTraces.module(trace).results();
            for (Map.Entry<String, String> e : analyses.entrySet()) {
                assertEquals(results.whyNotApplicable(e.getValue()) == null,
                        Files.isRegularFile(LatencyStoreModule.dataFile(trace, e.getKey())),
                        e.getKey() + ": written by the same read where its analysis applies");
            }
        } finally {
            TraceCompassTraces.close(trace);
        }
    }

    @ParameterizedTest
    @CsvSource({ "kernel-many-threads, sched", "kernel-many-threads, irq", "kernel-scp-src, sched",
            "kernel-scp-src, irq", "kernel-scp-src, io", "kernel-scp-dest, io" })
    void eachStoreHoldsWhatLttbenchsTableCounts(String name, String analysis) throws Exception {
        LttngKernelTrace trace = TraceCompassTraces.kernel(TraceCompassTraces.shared(name));
        try {
            String id = switch (analysis) {
                case "sched" -> SchedulingLatencyModule.ID;
                case "irq" -> InterruptLatencyModule.ID;
                default -> DiskLatencyModule.ID;
            };
            IAnalysisModule module = trace.getAnalysisModule(id);
            assertTrue(module instanceof LatencyStoreModule, "Trace Compass offers LTTbench's " + id);
            assertFalse(Files.exists(LatencyStoreModule.dataFile(trace, id)), "no store before it is asked for");
            module.schedule();
            assertTrue(module.waitForCompletion(), String.valueOf(module.getFailureCause()));
            assertTrue(Files.isRegularFile(LatencyStoreModule.dataFile(trace, id)), "the store on disk");
            ISegmentStore<ISegment> store = ((ISegmentStoreProvider) module).getSegmentStore();
            assertNotNull(store);

            Report report = AnalysisRun.run(TraceCompassTraces.module(trace).results().traces(),
                    List.of(Analyses.byName(analysis).create(AnalysisOptions.DEFAULT)), ProgressListener.NONE).get(0);
            Map<String, List<Long>> table = byName(analysis, report);
            assertFalse(table.isEmpty(), "LTTbench's " + analysis + " table has rows on " + name);
            Map<String, List<Long>> stored = SegmentStatistics.of(store);
            assertEquals(table, stored, analysis + " on " + name + ": per name, count, total, min, max");
            assertEquals(table, SegmentStatistics.ofProvider(trace, id), "Trace Compass's statistics provider");
        } finally {
            TraceCompassTraces.close(trace);
        }
    }

    /** LTTbench's table rows, named as the store names its segments: {count, total, min, max}. */
    private static Map<String, List<Long>> byName(String analysis, Report report) {
        Map<String, long[]> m = new TreeMap<>();
        switch (analysis) {
            case "sched" -> {
                Table t = report.table("sched_latency");
                for (int r = 0; r < t.rows().size(); r++) {
                    put(m, (String) t.cell(r, "kind"), t, r, "waits");
                }
            }
            case "irq" -> {
                Table t = report.table("interrupts");
                for (int r = 0; r < t.rows().size(); r++) {
                    String kind = (String) t.cell(r, "kind");
                    String label = kind + " " + t.cell(r, "number")
                            + (kind.equals("softirq") ? " " + t.cell(r, "name") : "");
                    put(m, label, t, r, "runs");
                }
                Table raised = report.table("softirq_raise_latency");
                for (int r = 0; r < raised.rows().size(); r++) {
                    put(m, "softirq " + raised.cell(r, "number") + " " + raised.cell(r, "name")
                            + InterruptLatencyModule.RAISED, raised, r, "raised");
                }
            }
            default -> {
                Table t = report.table("disk_requests");
                for (int r = 0; r < t.rows().size(); r++) {
                    // the table names a device "name (major:minor)" when the statedump named it; the store by number
                    String device = (String) t.cell(r, "device");
                    int open = device.lastIndexOf('(');
                    String numbers = open < 0 ? device : device.substring(open + 1, device.length() - 1);
                    put(m, numbers + " " + t.cell(r, "op"), t, r, "requests");
                }
            }
        }
        return SegmentStatistics.mapped(m);
    }

    private static void put(Map<String, long[]> m, String name, Table t, int r, String count) {
        long n = ((Number) t.cell(r, count)).longValue();
        if (n > 0) {
            m.put(name, new long[] { n, num(t.cell(r, "total_ns")), num(t.cell(r, "min_ns")), num(t.cell(r, "max_ns")) });
        }
    }

    private static long num(Object o) {
        return ((Number) o).longValue();
    }
}
