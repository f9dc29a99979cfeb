package org.lttbench.tracecompass.tests.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.tests.TraceCompassTraces;

/**
 * Kept results: the state system and the reports stay in the trace's supplementary directory, and reopening the
 * trace shows them without reading an event (the results say they were kept; the reports and every range's process
 * time are those of the pass); a trace whose files changed, or files of another version, are analysed again.
 */
class KeptResultsTest {

    @Test
    void reopeningShowsTheKeptResultsWithoutARead() throws Exception {
        Path dir = TraceCompassTraces.shared("kernel-many-threads");
        LttngKernelTrace first = TraceCompassTraces.kernel(dir);
        String pass;
        String range;
        File supplementary;
        TimeRange middle;
        try {
            LttbenchAnalysisModule module = TraceCompassTraces.analysed(first);
            assertFalse(module.results().kept());
            pass = TraceCompassTraces.json(module.results().report("process"));
            TimeRange span = module.results().traces().span();
            middle = new TimeRange(span.begin() + span.duration() / 4, span.end() - span.duration() / 3);
            range = TraceCompassTraces.json(module.results().threadStates().report(middle, GroupBy.PROCESS));
            supplementary = new File(TmfTraceManager.getSupplementaryFileDir(first));
        } finally {
            TraceCompassTraces.close(first);
        }
        assertTrue(new File(supplementary, LttbenchAnalysisModule.ID + ".ht").isFile(), "the state system is kept");
        assertTrue(new File(supplementary, LttbenchAnalysisModule.ID + ".reports.json").isFile(), "the reports are kept");

        // reopened as Trace Compass does when a user opens it again: the supplementary files are there
        LttngKernelTrace again = new LttngKernelTrace();
        again.initTrace(null, dir.toString(), CtfTmfEvent.class);
        TmfSignalManager.dispatchSignal(new TmfTraceOpenedSignal(this, again, null));
        try {
            LttbenchAnalysisModule module = TraceCompassTraces.module(again);
            long start = System.nanoTime();
            module.schedule();
            assertTrue(module.waitForCompletion(), String.valueOf(module.failure()));
            long ms = (System.nanoTime() - start) / 1_000_000;
            System.err.println("kernel-many-threads reopened: results shown after " + ms + " ms");
            assertTrue(module.results().kept(), "no read: the kept results");
            assertEquals(pass, TraceCompassTraces.json(module.results().report("process")));
            assertEquals(range, TraceCompassTraces.json(module.results().threadStates().report(middle, GroupBy.PROCESS)));
        } finally {
            TraceCompassTraces.close(again);
        }
    }

    @Test
    void changedFilesAreAnalysedAgain() throws Exception {
        Path copy = TraceCompassTraces.work("kept-changed").resolve("trace");
        Path from = TraceCompassTraces.shared("kernel-tracefile-rotation");
        TraceCompassTraces.copy(from, copy);
        LttngKernelTrace first = TraceCompassTraces.kernel(copy);
        try {
            LttbenchAnalysisModule module = TraceCompassTraces.analysed(first);
        } finally {
            TraceCompassTraces.close(first);
        }
        // the trace grows: a file appears beside the streams (an index rewritten, say)
        Files.writeString(copy.resolve("index").resolve("extra"), "x");
        LttngKernelTrace again = new LttngKernelTrace();
        again.initTrace(null, copy.toString(), CtfTmfEvent.class);
        TmfSignalManager.dispatchSignal(new TmfTraceOpenedSignal(this, again, null));
        try {
            LttbenchAnalysisModule module = TraceCompassTraces.analysed(again);
            assertFalse(module.results().kept(), "other files: a new pass");
        } finally {
            TraceCompassTraces.close(again);
        }
    }
}
