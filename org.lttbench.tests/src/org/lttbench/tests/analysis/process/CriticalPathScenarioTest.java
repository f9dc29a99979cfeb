package org.lttbench.tests.analysis.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.analysis.waits.CriticalPathAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.analysis.process.ProcessScenarios.Scenario;
import org.lttbench.tests.analysis.process.ProcessScenarios.Written;
import org.lttbench.tests.writer.KernelTracer;

/**
 * The critical path on every process scenario, for every tracer version: for each of the story's threads, the path's
 * segments cover the thread's life in the trace exactly, in order; and where the scenario means a path (the
 * waits-chain story: a client waiting on a server that waits on the disk), it is that path, segment by segment.
 */
class CriticalPathScenarioTest {
    /** The path's segments, consecutive ones of one state and thread merged: {from, to, state, tid}. */
    static List<List<Object>> path(Report report) {
        Table t = report.table("critical_path_segments");
        List<List<Object>> merged = new ArrayList<>();
        for (int r = 0; r < t.rows().size(); r++) {
            long begin = (Long) t.cell(r, "begin");
            long end = (Long) t.cell(r, "end");
            String state = (String) t.cell(r, "state");
            Long tid = (Long) t.cell(r, "tid");
            if (!merged.isEmpty()) {
                List<Object> last = merged.get(merged.size() - 1);
                assertEquals(last.get(1), begin, "segments follow each other without gap or overlap");
                if (last.get(2).equals(state) && last.get(3).equals(tid)) {
                    merged.set(merged.size() - 1, List.of(last.get(0), end, state, tid));
                    continue;
                }
            }
            merged.add(List.of(begin, end, state, tid));
        }
        return merged;
    }

    static Report criticalPath(Path dir, String thread) throws Exception {
        try (TraceSet traces = CtfTraceSet.open(List.of(dir))) {
            AnalysisOptions options = AnalysisOptions.DEFAULT.withThread(thread);
            List<Report> reports = AnalysisRun.run(traces,
                    List.of(new ProcessAnalysis(options), new CriticalPathAnalysis(options)), ProgressListener.NONE);
            return reports.stream().filter(r -> r.analysis().equals("critical-path")).findFirst().orElseThrow();
        }
    }

    /**
     * On every shared kernel trace, the critical paths of the three threads that ran most cover each thread's life in
     * the trace exactly, segment after segment.
     */
    @ParameterizedTest
    @MethodSource("org.lttbench.tests.analysis.process.RealTraceInvariantsTest#traces")
    void pathsCoverTheirThreadsOnRealTraces(String name) throws Exception {
        Path trace = TestPaths.trace(name);
        Report process = ProcessRun.run(trace, AnalysisOptions.DEFAULT);
        Table threads = process.table("threads");
        int checked = 0;
        for (int r = 0; r < threads.rows().size() && checked < 3; r++) {
            Object tid = threads.cell(r, "tid");
            if (!(tid instanceof Long t) || t == 0) {
                continue;
            }
            long t0 = System.nanoTime();
            Report report = criticalPath(trace, Long.toString(t));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            List<List<Object>> path = path(report);
            assertTrue(!path.isEmpty(), name + ": a path for " + t);
            assertEquals(report.range().begin(), path.get(0).get(0), name + " " + t + ": from its start");
            assertEquals(report.range().end(), path.get(path.size() - 1).get(1), name + " " + t + ": to its end");
            assertSwapperSaid(report, name + " " + t);
            System.out.println(name + ": critical path of " + t + " " + threads.cell(r, "name") + ", " + path.size()
                    + " segments, whole pass and walk " + ms + " ms; " + report.summary());
            checked++;
        }
        assertEquals(3, checked, name + ": three threads");
    }

    /**
     * The summary line's "running" says how much of the path an idle CPU's swapper (TID 0) ran, as the path's table
     * gives it, and says nothing of swapper when none is on the path.
     */
    static void assertSwapperSaid(Report report, String what) {
        Table totals = report.table("critical_path");
        long all = 0;
        long running = 0;
        long idle = 0;
        for (int r = 0; r < totals.rows().size(); r++) {
            long ns = (Long) totals.cell(r, "ns");
            all += ns;
            if ("running".equals(totals.cell(r, "state"))) {
                running += ns;
                idle += Long.valueOf(0).equals(totals.cell(r, "tid")) ? ns : 0;
            }
        }
        String summary = report.summary();
        String said = "running " + CellFormat.percent((double) running / all);
        if (idle == 0) {
            assertFalse(summary.contains("swapper"), what + ": " + summary);
        } else if (summary.contains(said)) { // among the four largest states
            said += " (swapper " + CellFormat.percent((double) idle / all) + ")";
            assertTrue(summary.contains(said), what + ": " + said + " in " + summary);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ProcessScenarioTest.EACH)
    void pathsCoverEachThreadsLife(String label, Scenario scenario, KernelTracer tracer) throws Exception {
        Written w = scenario.writeFor("-path", tracer);
        long offset = w.writer().clockOffset();
        for (String key : w.intended().threads().keySet()) {
            if (key.startsWith("idle/")) {
                continue;
            }
            Report report = criticalPath(w.dir(), key);
            List<List<Object>> path = path(report);
            assertTrue(!path.isEmpty(), label + ": a path for " + key);
            assertEquals(report.range().begin(), path.get(0).get(0), label + " " + key + ": from its start");
            assertEquals(report.range().end(), path.get(path.size() - 1).get(1), label + " " + key + ": to its end");
            if (Integer.toString(w.intended().criticalPathOf()).equals(key)) {
                List<List<Object>> intended = new ArrayList<>();
                for (IntendedTimeline.PathSegment s : w.intended().path()) {
                    intended.add(List.of(offset + s.from(), offset + s.to(), s.state(), (long) s.tid()));
                }
                assertEquals(intended, path, label + ": the critical path of " + key);
            }
        }
    }
}
