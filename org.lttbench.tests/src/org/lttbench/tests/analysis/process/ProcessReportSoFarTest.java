package org.lttbench.tests.analysis.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.CsvReportWriter;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tests.TestPaths;

/**
 * What the live viewer shows, and Trace Compass's module answers while its pass runs (a trace server asks before the
 * pass is over): the process report taken between two packets ({@link ProcessAnalysis#reportSoFar}) counts each
 * thread's time as far as the state machine has told it (a report taken so far used to have no thread at all). So each thread's time in each state only grows from one report to the next, never beyond the
 * final report's; and taking them changes nothing of the final reports.
 */
class ProcessReportSoFarTest {

    @ParameterizedTest
    @ValueSource(strings = { "kernel-many-threads", "kernel-scp-src", "kernel-arm-bug446190" })
    void reportsSoFarGrowTowardsTheFinalOneAndLeaveItUnchanged(String name) throws Exception {
        String clean = csv(pass(name, null));
        List<Map<String, long[]>> taken = new ArrayList<>();
        List<Report> finals = pass(name, taken);
        assertEquals(clean, csv(finals), name + ": the final reports are those of a pass where none was taken so far");

        assertTrue(taken.size() >= 3, name + ": reports taken so far: " + taken.size());
        assertTrue(taken.get(taken.size() / 2).size() > 0, name + ": threads halfway through the pass");
        Map<String, long[]> last = times(finals.get(0).table("threads"));
        Map<String, long[]> before = Map.of();
        int grew = 0;
        for (Map<String, long[]> now : taken) {
            for (var e : now.entrySet()) {
                long[] end = last.get(e.getKey());
                long[] was = before.getOrDefault(e.getKey(), new long[e.getValue().length]);
                assertTrue(end != null, name + ": thread " + e.getKey() + " of a report so far is in the final one");
                for (int c = 0; c < end.length; c++) {
                    long v = e.getValue()[c];
                    assertTrue(was[c] <= v && v <= end[c], name + ": thread " + e.getKey() + ", time column " + c + ": "
                            + was[c] + " then " + v + ", finally " + end[c]);
                    grew += v > was[c] ? 1 : 0;
                }
            }
            before = now;
        }
        assertTrue(grew > 0, name + ": the reports so far grew");
    }

    /** The process analysis's reports by thread and by process; {@code taken}: its report so far at every packet. */
    private static List<Report> pass(String name, List<Map<String, long[]>> taken) throws IOException {
        try (TraceSet traces = CtfTraceSet.open(List.of(TestPaths.trace(name)))) {
            ProcessAnalysis process = new ProcessAnalysis(AnalysisOptions.DEFAULT, null);
            Analysis asTheViewerSeesIt = process; // the live viewer and Trace Compass's module ask any analysis
            AnalysisRun.run(traces, List.of(process), (done, total) -> {
                if (taken != null) {
                    taken.add(times(asTheViewerSeesIt.reportSoFar(GroupBy.THREAD).table("threads")));
                }
            });
            return List.of(process.report(GroupBy.THREAD), process.report(GroupBy.PROCESS));
        }
    }

    /** The time columns of each TID (its threads' rows summed: a TID may be reused). */
    private static Map<String, long[]> times(Table threads) {
        List<Integer> at = new ArrayList<>();
        for (int c = 0; c < threads.columns().size(); c++) {
            Column column = threads.columns().get(c);
            if (column.kind() == ColumnKind.DURATION && !column.key().equals("range_ns")) {
                at.add(c);
            }
        }
        int tid = columnOf(threads, "tid");
        Map<String, long[]> out = new HashMap<>();
        for (Object[] row : threads.rows()) {
            long[] sum = out.computeIfAbsent(String.valueOf(row[tid]), k -> new long[at.size()]);
            for (int i = 0; i < at.size(); i++) {
                sum[i] += row[at.get(i)] instanceof Long v ? v : 0;
            }
        }
        return out;
    }

    private static int columnOf(Table t, String key) {
        for (int c = 0; c < t.columns().size(); c++) {
            if (t.columns().get(c).key().equals(key)) {
                return c;
            }
        }
        throw new AssertionError("no column " + key + " in " + t.key());
    }

    private static String csv(List<Report> reports) {
        StringWriter out = new StringWriter();
        try {
            CsvReportWriter.write(reports, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }
}
