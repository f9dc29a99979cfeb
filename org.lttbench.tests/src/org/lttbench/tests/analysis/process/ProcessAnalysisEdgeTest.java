package org.lttbench.tests.analysis.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.writer.KernelTraceWriter;
import org.lttbench.tests.writer.KernelTracer;

/** What the trace leaves unsaid: a CPU whose thread is never named, a tid context naming it, lost events. */
class ProcessAnalysisEdgeTest {

    private static final KernelTracer TRACER = KernelTracer.lttng(2, 13, "5.15.0");

    /** CPU 0 runs thread 501; CPU 1 runs a thread no sched_switch names, from its first event at 2000 to 10000. */
    private static void story(KernelTraceWriter w, boolean contexts) throws Exception {
        if (contexts) {
            w.context(0, 0, 0);
        }
        w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "a", 501);
        if (contexts) {
            w.context(0, 501, 501).context(1, 900, 899);
        }
        w.syscallEntry(1_500, 0, "read");
        w.syscallExit(2_000, 1, "read", 1);
        w.irqEntry(5_000, 1, 30, "eth0");
        w.irqExit(5_300, 1, 30);
        w.syscallEntry(8_000, 1, "write");
        w.syscallExit(10_000, 0, "read", 1);
    }

    private static int row(Table t, String name) {
        for (int r = 0; r < t.rows().size(); r++) {
            if (name.equals(t.cell(r, "name"))) {
                return r;
            }
        }
        throw new AssertionError("no row " + name);
    }

    @Test
    void aCpusUnnamedThreadIsAPlaceholder() throws Exception {
        Path dir = TestPaths.workDir("edge-placeholder");
        try (KernelTraceWriter w = new KernelTraceWriter(dir, TRACER, List.of("read", "write"), false)) {
            story(w, false);
        }
        Report report = ProcessRun.run(dir, AnalysisOptions.DEFAULT);
        Table t = report.table("threads");
        int r = row(t, "(unknown thread on CPU 1)");
        assertNull(t.cell(r, "tid"));
        assertNull(t.cell(r, "pid"));
        assertEquals(3_000L + 2_700L, t.cell(r, "user_ns"));
        assertEquals(300L, t.cell(r, "irq_ns"));
        assertEquals(2_000L, t.cell(r, "system_ns"));
        assertEquals(0L, t.cell(r, "unknown_ns"), "it exists from its CPU's first event");
        assertTrue(report.notes().stream().anyMatch(n -> n.contains("never named")), report.notes().toString());
    }

    @Test
    void aTidContextNamesIt() throws Exception {
        Path dir = TestPaths.workDir("edge-tid-context");
        try (KernelTraceWriter w = new KernelTraceWriter(dir, TRACER, List.of("read", "write"), false, List.of("tid", "pid"))) {
            story(w, true);
        }
        Report report = ProcessRun.run(dir, AnalysisOptions.DEFAULT);
        Table t = report.table("threads");
        int r = -1;
        for (int i = 0; i < t.rows().size(); i++) {
            if (Long.valueOf(900).equals(t.cell(i, "tid"))) {
                r = i;
            }
        }
        assertTrue(r >= 0, "thread 900 has a row");
        assertEquals(899L, t.cell(r, "pid"), "from the pid context");
        assertEquals(3_000L + 2_700L, t.cell(r, "user_ns"));
        assertEquals(1_000L, t.cell(r, "unknown_ns"), "from the trace's start to its CPU's first event");
        assertEquals(2, t.rows().size(), "a and thread 900, no placeholder; CPU 0's idle thread never ran, so no row");
    }

    @Test
    void lostEventsAreSaid() throws Exception {
        Path dir = TestPaths.workDir("edge-lost");
        try (KernelTraceWriter w = new KernelTraceWriter(dir, TRACER, List.of("read", "write"), false)) {
            story(w, false);
            w.discard(0, 5);
        }
        Report report = ProcessRun.run(dir, AnalysisOptions.DEFAULT);
        assertTrue(report.notes().stream().anyMatch(n -> n.contains("lost 5 events")), report.notes().toString());
    }
}
