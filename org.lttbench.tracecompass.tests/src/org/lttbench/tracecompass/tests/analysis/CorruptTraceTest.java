package org.lttbench.tracecompass.tests.analysis;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.RandomAccessFile;
import java.nio.file.Path;

import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.junit.jupiter.api.Test;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.tests.TraceCompassTraces;

/**
 * A trace LTTbench's reader cannot read (bytes overwritten among a packet's events) fails the module
 * with the reader's message, naming the file and the offset, as the views show it; nothing is left in the
 * supplementary directory, and the module's job ends without an error status (no error dialog in a workbench).
 */
class CorruptTraceTest {

    @Test
    void aCorruptPacketFailsTheModuleWithFileAndOffset() throws Exception {
        Path trace = TraceCompassTraces.work("corrupt").resolve("trace");
        TraceCompassTraces.copy(TraceCompassTraces.shared("kernel-tracefile-rotation"), trace);
        // bytes overwritten inside a packet's events: Trace Compass opens the trace (its packet headers are fine)
        Path stream = trace.resolve("mychan_0_0");
        try (RandomAccessFile f = new RandomAccessFile(stream.toFile(), "rw")) {
            f.seek(32_768);
            f.write(new byte[64]);
            f.seek(32_768);
            for (int i = 0; i < 64; i++) {
                f.write(0xFF);
            }
        }
        // what the command line says of it: the module must say the same
        TraceCompassTraces.Cli cli = TraceCompassTraces.cli("dump", "--count", trace.toString());
        assertTrue(cli.code() == 3, cli.err());
        String expected = cli.err().strip().substring("lttbench dump: ".length());
        LttngKernelTrace opened = TraceCompassTraces.kernel(trace);
        try {
            LttbenchAnalysisModule module = TraceCompassTraces.module(opened);
            module.schedule();
            assertFalse(module.waitForCompletion(), "the module fails");
            Throwable failure = module.failure();
            assertNotNull(failure);
            String message = failure.getMessage();
            assertTrue(message.startsWith(stream + " at byte "), message);
            assertTrue(message.equals(expected), message + " against the command line's " + expected);
            assertNull(module.results());
            File supplementary = new File(TmfTraceManager.getSupplementaryFileDir(opened));
            assertFalse(new File(supplementary, LttbenchAnalysisModule.ID + ".ht").exists(), "no half-written state system");
            assertFalse(new File(supplementary, LttbenchAnalysisModule.ID + ".reports.json").exists());
        } finally {
            TraceCompassTraces.close(opened);
        }
    }
}
