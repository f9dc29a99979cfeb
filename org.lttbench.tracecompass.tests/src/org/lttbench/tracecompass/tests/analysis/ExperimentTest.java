package org.lttbench.tracecompass.tests.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.junit.jupiter.api.Test;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.tests.TraceCompassTraces;
import org.lttbench.tracecompass.tests.TraceCompassTraces.Cli;

/**
 * An experiment of a kernel trace and a user-space trace: LTTbench's module on the experiment reads both with one
 * pass and gives, per analysis, what {@code ./lttbench analyze --format json KERNEL UST} gives for the two traces.
 */
class ExperimentTest {

    @Test
    void kernelAndUstExperimentGivesTheCommandLinesFigures() throws Exception {
        String k = TraceCompassTraces.session().get(0);
        String u = TraceCompassTraces.session().get(1);
        TmfExperiment both = TraceCompassTraces.sessionExperiment("kernel+ust");
        try {
            LttbenchAnalysisModule module = TraceCompassTraces.analysed(both);
            for (String analysis : new String[] { "overhead", "discarded" }) {
                Cli cli = TraceCompassTraces.cli("analyze", "--analysis", analysis, "--format", "json", k, u);
                assertEquals(0, cli.code(), cli.err());
                assertEquals(cli.out(), TraceCompassTraces.json(module.results().report(analysis)), analysis);
            }
        } finally {
            TraceCompassTraces.close(both);
        }
    }
}
