package org.lttbench.tracecompass.tests.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.provider.RangeReports;
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
                // as the views get it: the pass's report, or one made when first asked
                assertEquals(cli.out(), TraceCompassTraces.json(
                        RangeReports.of(module).report(analysis, GroupBy.THREAD, TimeRange.ALL)), analysis);
            }
        } finally {
            TraceCompassTraces.close(both);
        }
    }
}
