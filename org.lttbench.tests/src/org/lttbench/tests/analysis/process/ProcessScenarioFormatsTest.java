package org.lttbench.tests.analysis.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.report.JsonReportWriter;
import org.lttbench.core.report.Report;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.analysis.process.ProcessScenarios.Scenario;
import org.lttbench.tests.analysis.process.ProcessScenarios.Written;
import org.lttbench.tests.writer.CtfTraceWriter;
import org.lttbench.tests.writer.KernelTracer;

/**
 * Every process scenario, for every tracer version, written with CTF 2 metadata (as LTTng 2.15 records by default)
 * gives the figures it gives in CTF 1.8, table for table and cell for cell (whole trace and a time range), and those
 * are the times the scenario meant. The CTF 2 trace's data streams are the CTF 1.8 one's (only the trace UUID differs).
 */
class ProcessScenarioFormatsTest {
    @ParameterizedTest(name = "{0}")
    @MethodSource(ProcessScenarioTest.EACH)
    void ctf2GivesTheCtf18Figures(String label, Scenario scenario, KernelTracer tracer) throws Exception {
        String name = ProcessScenarioTest.dirName(scenario, tracer);
        Path dir18 = TestPaths.workDir(name + "-ctf1.8");
        Path dir2 = TestPaths.workDir(name + "-ctf2");
        Written w18 = scenario.write(dir18, tracer, CtfTraceWriter.Format.CTF_1_8);
        Written w2 = scenario.write(dir2, tracer, CtfTraceWriter.Format.CTF_2);
        assertEquals(0x1E, Files.readAllBytes(dir2.resolve("metadata"))[0], "CTF 2 metadata");
        for (Path stream : w18.writer().ctf().streams().stream().map(s -> s.file()).toList()) {
            // The same packets (only the trace UUID in their headers differs: the writer takes it from the directory).
            assertEquals(Files.size(stream), Files.size(dir2.resolve(stream.getFileName())), "same data stream");
        }
        long offset = w2.writer().clockOffset();
        long end = w2.intended().end();
        for (TimeRange range : new TimeRange[] { null, new TimeRange(offset + end / 5, offset + end * 3 / 5) }) {
            AnalysisOptions options = range == null ? AnalysisOptions.DEFAULT
                    : new AnalysisOptions(range, AnalysisOptions.GroupBy.THREAD);
            Report r18 = ProcessRun.run(List.of(dir18), options, null, null).report();
            Report r2 = ProcessRun.run(List.of(dir2), options, null, null).report();
            assertEquals(json(r18), json(r2), label + (range == null ? "" : " in " + range));
            long from = range == null ? Long.MIN_VALUE : range.begin() - offset;
            long to = range == null ? Long.MAX_VALUE : range.end() - offset;
            ProcessAnalysisScenarioTest.assertRows(w2.intended(), r2.table("threads"), from, to, r2.range().duration(),
                    ProcessAnalysisScenarioTest.ioKnown(tracer));
        }
    }

    private static String json(Report r) throws Exception {
        StringWriter out = new StringWriter();
        JsonReportWriter.write(List.of(r), out);
        return out.toString();
    }
}
