package org.lttbench.tracecompass.tests.analysis;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.eclipse.tracecompass.lttng2.ust.core.trace.LttngUstTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.junit.jupiter.api.Test;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.tests.TraceCompassTraces;

/**
 * Cancelling the module in the middle of its pass stops the read within a fraction of a second (the reader checks at
 * every packet) and leaves nothing half written in the supplementary directory. The trace is a real one made long:
 * each stream file of {@code ust-memory-libc} repeated 12 times (about 140 MiB, 4 M events).
 */
class CancelTest {

    @Test
    void cancelMidPassStopsPromptlyAndLeavesNothing() throws Exception {
        Path from = TraceCompassTraces.shared("ust-memory-libc");
        Path trace = TraceCompassTraces.work("cancel").resolve("trace");
        Files.createDirectories(trace);
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                if (f.getFileName().toString().equals("metadata")) {
                    Files.copy(f, trace.resolve("metadata"));
                    continue;
                }
                byte[] bytes = Files.readAllBytes(f);
                try (OutputStream out = Files.newOutputStream(trace.resolve(f.getFileName()))) {
                    for (int i = 0; i < 12; i++) {
                        out.write(bytes);
                    }
                }
            }
        }
        LttngUstTrace opened = TraceCompassTraces.ust(trace);
        try {
            LttbenchAnalysisModule module = TraceCompassTraces.module(opened);
            module.schedule();
            long deadline = System.currentTimeMillis() + 60_000;
            while (module.progress() < 0.05 && System.currentTimeMillis() < deadline) {
                Thread.sleep(5);
            }
            double at = module.progress();
            assertTrue(at >= 0.05 && at < 0.9, "cancelled in the middle of the pass, at " + at);
            long cancelled = System.nanoTime();
            module.cancel();
            assertFalse(module.waitForCompletion(), "a cancelled module did not complete");
            // the read stops at its next packet: progress no longer moves
            double last = module.progress();
            long stopped = System.nanoTime();
            while (System.nanoTime() - stopped < 300_000_000L) {
                Thread.sleep(20);
                if (module.progress() != last) {
                    last = module.progress();
                    stopped = System.nanoTime();
                }
            }
            double seconds = (stopped - cancelled) / 1e9;
            System.err.printf("cancelled at %.1f%% of the bytes; the read stopped at %.1f%%, %.3f s later%n", at * 100,
                    last * 100, seconds);
            // the read stopped (its progress unchanged for 300 ms) before the end; how soon after the cancel is a speed,
            // printed above, not checked here
            assertTrue(last < 1, "the pass did not finish");
            assertNull(module.results());
            File supplementary = new File(TmfTraceManager.getSupplementaryFileDir(opened));
            long wait = System.currentTimeMillis() + 5_000;
            while (new File(supplementary, LttbenchAnalysisModule.ID + ".ht").exists() && System.currentTimeMillis() < wait) {
                Thread.sleep(20);
            }
            assertFalse(new File(supplementary, LttbenchAnalysisModule.ID + ".ht").exists(), "no half-written state system");
            assertFalse(new File(supplementary, LttbenchAnalysisModule.ID + ".reports.json").exists());
        } finally {
            TraceCompassTraces.close(opened);
        }
    }
}
