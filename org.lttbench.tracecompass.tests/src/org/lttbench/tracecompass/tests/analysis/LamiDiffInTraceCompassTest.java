package org.lttbench.tracecompass.tests.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.internal.provisional.analysis.lami.core.module.LamiAnalysis;
import org.eclipse.tracecompass.internal.provisional.analysis.lami.core.module.LamiResultTable;
import org.eclipse.tracecompass.internal.provisional.analysis.lami.core.module.LamiTableEntry;
import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.junit.jupiter.api.Test;
import org.lttbench.tracecompass.tests.TraceCompassTraces;
import org.lttbench.tracecompass.tests.TraceCompassTraces.Cli;

import com.google.gson.JsonArray;
import com.google.gson.JsonParser;

/**
 * Trace Compass's own External Analysis runs {@code lttbench lami diff} as a user registers it (the launcher, then
 * {@code lami diff}) on the trace it shows (B), with the baseline's directory (A) as the run's parameter: it asks the
 * version, the metadata and the compatibility, then reads one table whose rows are {@code lttbench diff A B}'s changes.
 */
class LamiDiffInTraceCompassTest {

    @Test
    void traceCompassRunsTheComparisonAsAnExternalAnalysis() throws Exception {
        Path a = TraceCompassTraces.shared("kernel-scp-src");
        Path b = TraceCompassTraces.shared("kernel-scp-dest");
        String launcher = Path.of(System.getProperty("lttbench.repo")).resolve("lttbench").toString();
        LttngKernelTrace trace = TraceCompassTraces.kernel(b);
        try {
            LamiAnalysis lami = new LamiAnalysis("LTTbench diff", true, t -> true, List.of(launcher, "lami", "diff"));
            assertTrue(lami.canExecute(trace), lami.getHelpText(trace));
            assertEquals("LTTbench: what changed between two runs", lami.getAnalysisTitle());
            List<LamiResultTable> tables = lami.execute(trace, null, a.toString(), new NullProgressMonitor());
            LamiResultTable changes = tables.stream().filter(t -> t.getTableClass().getTableClassName().equals("changes"))
                    .findFirst().orElseThrow(() -> new AssertionError(tables.toString()));
            Cli cli = TraceCompassTraces.cli("diff", "--format", "json", a.toString(), b.toString());
            assertEquals(0, cli.code(), cli.err());
            JsonArray expected = JsonParser.parseString(cli.out()).getAsJsonObject().getAsJsonArray("changes");
            List<LamiTableEntry> rows = changes.getEntries();
            assertEquals(expected.size(), rows.size());
            for (int i = 0; i < rows.size(); i++) {
                // the change in words, the table's last column
                assertEquals(expected.get(i).getAsJsonObject().get("line").getAsString(), String.valueOf(rows.get(i).getValue(10)),
                        "row " + i);
            }
            System.out.printf("lami diff in Trace Compass: %d changes read, the first %s%n", rows.size(), rows.get(0).getValue(10));
        } finally {
            TraceCompassTraces.close(trace);
        }
    }
}
