package org.lttbench.tracecompass.tests.tracetype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.tracecompass.tmf.core.analysis.TmfAnalysisManager;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.junit.jupiter.api.Test;
import org.lttbench.core.ctf.Ctf2Copy;
import org.lttbench.core.report.Report;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.analysis.PassResults;
import org.lttbench.tracecompass.core.tracetype.LttbenchCtfTrace;
import org.lttbench.tracecompass.core.tracetype.LttbenchKernelTrace;
import org.lttbench.tracecompass.core.tracetype.LttbenchUstTrace;
import org.lttbench.tracecompass.tests.TraceCompassTraces;
import org.lttbench.tracecompass.tests.TraceCompassTraces.Cli;

/**
 * LTTbench's module applies to LTTbench's kernel and user-space trace types (and an experiment of them), not to its
 * generic CTF type, and reads the traces' files itself as it does for Trace Compass's types: on a CTF 2 copy of a
 * kernel trace its figures are the command line's on the copy, and on the CTF 1.8 original.
 */
class LttbenchModuleOnTraceTypesTest {

    @Test
    void offeredForTheKernelAndUserSpaceTypesAndAnExperiment() throws Exception {
        assertTrue(TmfAnalysisManager.getAnalysisModules(LttbenchKernelTrace.class).containsKey(LttbenchAnalysisModule.ID));
        assertTrue(TmfAnalysisManager.getAnalysisModules(LttbenchUstTrace.class).containsKey(LttbenchAnalysisModule.ID));
        assertFalse(TmfAnalysisManager.getAnalysisModules(LttbenchCtfTrace.class).containsKey(LttbenchAnalysisModule.ID));
        LttbenchCtfTrace generic = TraceCompassTraces.lttbench(TraceCompassTraces.ctf2("succeed1"));
        try {
            assertNull(generic.getAnalysisModule(LttbenchAnalysisModule.ID));
        } finally {
            TraceCompassTraces.close(generic);
        }
        Path copy = Ctf2Copy.copy(TraceCompassTraces.shared("session-multi-domains/kernel"),
                TraceCompassTraces.work("module-copy-kernel")).get(0);
        LttbenchCtfTrace kernel = TraceCompassTraces.lttbench(copy);
        LttbenchCtfTrace ust = TraceCompassTraces.lttbench(TraceCompassTraces.ctf2("trace-with-index"));
        TmfExperiment both = TraceCompassTraces.experiment("ctf2 kernel+ust", kernel, ust);
        try {
            TraceCompassTraces.module(kernel);
            TraceCompassTraces.module(ust);
            LttbenchAnalysisModule m = TraceCompassTraces.analysed(both);
            assertEquals(2, m.results().traces().traces().size(), "the module reads both traces' files");
        } finally {
            TraceCompassTraces.close(both);
        }
    }

    @Test
    void figuresOnACtf2CopyAreTheCommandLines() throws Exception {
        for (String name : List.of("kernel-scp-src", "kernel-many-threads")) {
            Path original = TraceCompassTraces.shared(name);
            Path copy = Ctf2Copy.copy(original, TraceCompassTraces.work("module-figures-" + name).resolve(name)).get(0);
            LttbenchCtfTrace trace = TraceCompassTraces.lttbench(copy);
            try {
                LttbenchAnalysisModule module = TraceCompassTraces.analysed(trace);
                PassResults results = module.results();
                assertNotNull(results);
                assertFalse(results.kept());
                for (GroupBy by : GroupBy.values()) {
                    Cli cli = TraceCompassTraces.cli("analyze", "--analysis", "process", "--format", "json", "--by",
                            by.name().toLowerCase(), copy.toString());
                    assertEquals(0, cli.code(), cli.err());
                    Report replayed = results.threadStates().report(TimeRange.ALL, by);
                    assertEquals(cli.out(), TraceCompassTraces.json(replayed), name + " by " + by);
                    Cli onOriginal = TraceCompassTraces.cli("analyze", "--analysis", "process", "--format", "json",
                            "--by", by.name().toLowerCase(), original.toString());
                    assertEquals(onOriginal.out().replace(original.toString(), copy.toString()), cli.out(),
                            name + ": the copy's figures are the original's");
                }
            } finally {
                TraceCompassTraces.close(trace);
            }
        }
    }
}
