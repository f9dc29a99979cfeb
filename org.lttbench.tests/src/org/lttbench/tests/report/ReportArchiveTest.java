package org.lttbench.tests.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.ReportArchive;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TextReportWriter;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.tests.TestPaths;

/**
 * Reports kept on disk come back exactly: every analysis that applies to a real trace, per thread and per process,
 * written and read back, equals the original table by table and cell by cell (types included), and prints the
 * same text; an archive of another version or a damaged one is refused, never half read.
 */
class ReportArchiveTest {

    @ParameterizedTest
    @ValueSource(strings = { "kernel-many-threads", "kernel-scp-src", "session-multi-domains", "ust-hello-lost",
            "kernel-uneven-streams-partial" })
    void reportsComeBackExactly(String name) throws Exception {
        List<Report> reports = new ArrayList<>();
        for (AnalysisOptions.GroupBy by : AnalysisOptions.GroupBy.values()) {
            try (CtfTraceSet set = CtfTraceSet.open(List.of(TestPaths.trace(name)))) {
                AnalysisOptions options = new AnalysisOptions(org.lttbench.core.trace.TimeRange.ALL, by);
                reports.addAll(AnalysisRun.run(set, AnalysisRun.plan(Analyses.all(), set, options).toRun(),
                        ProgressListener.NONE));
            }
        }
        assertTrue(reports.size() >= 2, "analyses ran on " + name);
        Map<String, String> properties = Map.of("trace", name, "lttbench", "test");
        StringWriter out = new StringWriter();
        ReportArchive.write(reports, properties, out);
        ReportArchive.Contents back = ReportArchive.read(new StringReader(out.toString()));
        assertEquals(properties, back.properties());
        assertEquals(reports.size(), back.reports().size());
        for (int i = 0; i < reports.size(); i++) {
            Report a = reports.get(i);
            Report b = back.reports().get(i);
            assertEquals(a.analysis(), b.analysis());
            assertEquals(a.title(), b.title());
            assertEquals(a.range(), b.range());
            assertEquals(a.notes(), b.notes());
            assertEquals(a.summary(), b.summary());
            assertEquals(a.traces(), b.traces());
            for (String n : a.notes()) {
                assertEquals(a.isLossNote(n), b.isLossNote(n), n);
            }
            assertEquals(a.tables().size(), b.tables().size());
            for (int t = 0; t < a.tables().size(); t++) {
                Table x = a.tables().get(t);
                Table y = b.tables().get(t);
                assertEquals(x.key(), y.key());
                assertEquals(x.title(), y.title());
                assertEquals(x.isChartData(), y.isChartData());
                assertEquals(x.columns(), y.columns());
                assertEquals(x.rows().size(), y.rows().size(), x.key());
                for (int r = 0; r < x.rows().size(); r++) {
                    Object[] cells = x.rows().get(r);
                    for (int c = 0; c < cells.length; c++) {
                        if (cells[c] instanceof Number n && !(cells[c] instanceof Double)) {
                            cells = cells.clone();
                            cells[c] = n.longValue(); // an integer of any width comes back a Long
                        }
                    }
                    assertArrayEquals(cells, y.rows().get(r), x.key() + " row " + r);
                }
            }
            assertEquals(text(a), text(b));
        }
    }

    private static String text(Report r) throws Exception {
        StringWriter w = new StringWriter();
        TextReportWriter.write(List.of(r), w, TextReportWriter.ALL_ROWS);
        return w.toString();
    }

    @ParameterizedTest
    @ValueSource(strings = { "{\"format\": \"lttbench-reports\", \"version\": 999, \"properties\": {}, \"reports\": []}",
            "{\"format\": \"something else\"}", "[1, 2]", "{\"format\": \"lttbench-reports\", \"version\": 1, "
                    + "\"properties\": {}, \"reports\": [{\"analysis\": \"process\"}]}", "{\"format\": " })
    void anotherVersionOrDamageIsRefused(String text) {
        assertThrows(java.io.IOException.class, () -> ReportArchive.read(new StringReader(text)));
    }
}
