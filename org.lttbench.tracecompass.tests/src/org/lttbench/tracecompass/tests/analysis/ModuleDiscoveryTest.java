package org.lttbench.tracecompass.tests.analysis;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.lttng2.ust.core.trace.LttngUstTrace;
import org.eclipse.tracecompass.tmf.core.analysis.TmfAnalysisManager;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.junit.jupiter.api.Test;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.tests.TraceCompassTraces;

/**
 * Trace Compass finds LTTbench through its analysis extension point, as it does any analysis: for LTTng kernel and
 * user-space traces and for an experiment of both (instantiated by Trace Compass when the trace opens, never
 * constructed here), and not for a trace type LTTbench does not read (Trace Compass's generic CTF trace).
 */
class ModuleDiscoveryTest {

    @Test
    void offeredForKernelUstAndAnExperimentOfBoth() throws Exception {
        assertTrue(TmfAnalysisManager.getAnalysisModules(LttngKernelTrace.class).containsKey(LttbenchAnalysisModule.ID));
        assertTrue(TmfAnalysisManager.getAnalysisModules(LttngUstTrace.class).containsKey(LttbenchAnalysisModule.ID));
        LttngKernelTrace kernel = TraceCompassTraces.kernel(TraceCompassTraces.shared("kernel-many-threads"));
        LttngUstTrace ust = TraceCompassTraces.ust(TraceCompassTraces.shared("ust-trace-with-index"));
        TraceCompassTraces.module(kernel);
        TraceCompassTraces.module(ust);
        // closing the experiment closes its traces
        TmfExperiment both = TraceCompassTraces.experiment("kernel+ust", kernel, ust);
        try {
            TraceCompassTraces.module(both);
        } finally {
            TraceCompassTraces.close(both);
        }
    }

    @Test
    void notOfferedForATraceTypeItDoesNotRead() throws Exception {
        ITmfTrace generic = TraceCompassTraces.genericCtf(TraceCompassTraces.shared("ust-trace-with-index"));
        try {
            assertNull(generic.getAnalysisModule(LttbenchAnalysisModule.ID), "no LTTbench for a generic CTF trace");
            assertTrue(!TmfAnalysisManager.getAnalysisModules(generic.getClass()).containsKey(LttbenchAnalysisModule.ID));
        } finally {
            TraceCompassTraces.close(generic);
        }
    }
}
