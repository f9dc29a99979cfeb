package org.lttbench.tracecompass.tests.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;


import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.report.Report;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.analysis.PassResults;
import org.lttbench.tracecompass.tests.TraceCompassTraces;
import org.lttbench.tracecompass.tests.TraceCompassTraces.Cli;

/**
 * Scheduled the way Trace Compass schedules it (the module Trace Compass instantiated for the opened trace,
 * {@code schedule()}, {@code waitForCompletion()}), LTTbench's module gives per thread and per process exactly what
 * {@code ./lttbench analyze --analysis process --format json} gives on the same trace: from the pass itself, and
 * again from the state system it kept (a replay, no read). Every kernel trace of the shared traces; where the analysis
 * does not apply (no scheduler events), the module says why as the command line does.
 */
class FiguresAgainstCliTest {

    @ParameterizedTest
    @ValueSource(strings = { "kernel-many-threads", "kernel-tracefile-rotation", "kernel-uneven-streams-partial",
            "kernel-scp-src", "kernel-scp-dest", "kernel-arm-bug446190", "kernel-bigendian",
            "session-multi-domains/kernel" })
    void sameFiguresAsTheCommandLine(String name) throws Exception {
        LttngKernelTrace trace = TraceCompassTraces.kernel(TraceCompassTraces.shared(name));
        try {
            LttbenchAnalysisModule module = TraceCompassTraces.analysed(trace);
            PassResults results = module.results();
            assertNotNull(results);
            assertFalse(results.kept(), "a fresh supplementary directory: the pass ran");
            String path = TraceCompassTraces.shared(name).toString();
            for (GroupBy by : GroupBy.values()) {
                Cli cli = TraceCompassTraces.cli("analyze", "--analysis", "process", "--format", "json", "--by",
                        by.name().toLowerCase(), path);
                if (results.threadStates() == null) {
                    // a kernel trace the process analysis cannot read: the same reason, said the same way
                    assertEquals(1, cli.code(), cli.err());
                    String why = results.whyNotApplicable("process");
                    assertNotNull(why);
                    assertEquals("lttbench analyze: process: " + why, cli.err().strip());
                    continue;
                }
                assertEquals(0, cli.code(), cli.err());
                Report replayed = results.threadStates().report(TimeRange.ALL, by);
                assertEquals(cli.out(), TraceCompassTraces.json(replayed), name + " by " + by + ": from the state system");
                if (by == GroupBy.THREAD) {
                    assertEquals(cli.out(), TraceCompassTraces.json(results.report("process")), name + ": from the pass");
                }
            }
        } finally {
            TraceCompassTraces.close(trace);
        }
    }
}
