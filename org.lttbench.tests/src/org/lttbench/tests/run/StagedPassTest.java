package org.lttbench.tests.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.CsvReportWriter;
import org.lttbench.core.report.Report;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tests.TestPaths;

/**
 * The staged pass ({@link AnalysisRun#runStaged}: the state machines' sinks on a thread of their own, and the
 * analyses that hear copies of the records on another) against the pass on one thread: every analysis that applies, by thread and by process, says the same, on every shared kernel trace.
 */
@Isolated // whether a pass staged is seen by its sinks' thread's name, and the settings are system properties: alone
class StagedPassTest {
    /** The shared kernel traces with context switches (session-multi-domains has none: no process analysis). */
    private static final List<String> KERNEL_TRACES = List.of("kernel-arm-bug446190", "kernel-bigendian",
            "kernel-many-threads", "kernel-scp-dest", "kernel-scp-src", "kernel-tracefile-rotation",
            "kernel-uneven-streams-partial");
    /** The calls per batch of a staged pass (HandOff), and the threads of a pass (HandOff.secondCore). */
    private static final String BATCH = "lttbench.pass.batch", THREADS = "lttbench.pass.threads";

    @Test
    void aStagedPassReportsWhatOneThreadDoes() throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() > 1, "a pass is staged on more than one CPU only");
        for (String name : KERNEL_TRACES) {
            boolean[] staged = new boolean[2];
            String one = reports(name, false, staged);
            assertTrue(!staged[0] && !staged[1], name + ": AnalysisRun.run stays on one thread");
            String two = reports(name, true, staged);
            assertTrue(staged[0], name + ": the sinks' thread ran during the pass");
            assertTrue(staged[1], name + ": the records' thread (overhead, discarded) ran during the pass");
            assertEquals(one, two, name);
            // batches of a few calls: calls of every kind fall at a batch's end, where one is handed over
            assertEquals(one, reports(name, staged, BATCH, "3"), name + ", batches of 3 calls");
            System.out.printf("staged pass: %s: %,d characters of CSV, the same on one thread and two (batches of 4,096"
                    + " calls and of 3)%n", name, one.length());
        }
    }

    /** {@code -Dlttbench.pass.threads=1} (through LTTBENCH_JAVA_OPTS) keeps a run that would stage on one thread. */
    @Test
    void oneThreadWhenAsked() throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() > 1, "a pass is staged on more than one CPU only");
        boolean[] staged = new boolean[2];
        String two = reports("kernel-scp-src", true, staged);
        assertTrue(staged[0] && staged[1], "staged without the setting");
        String one = reports("kernel-scp-src", staged, THREADS, "1");
        assertTrue(!staged[0] && !staged[1], "no sinks' or records' thread with lttbench.pass.threads=1");
        assertEquals(two, one);
    }

    @Test
    void aReportDuringAStagedPassIsRefused() throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() > 1, "a pass is staged on more than one CPU only");
        try (TraceSet traces = CtfTraceSet.open(List.of(TestPaths.trace("kernel-many-threads")))) {
            ProcessAnalysis process = new ProcessAnalysis(AnalysisOptions.DEFAULT);
            List<RuntimeException> refused = new ArrayList<>();
            AnalysisRun.runStaged(traces, List.of(process), (done, total) -> {
                if (refused.isEmpty() && done > total / 2) {
                    refused.add(assertThrows(IllegalStateException.class, () -> process.reportSoFar(GroupBy.THREAD)));
                }
            });
            assertEquals(1, refused.size(), "a report was asked for during the pass");
            assertTrue(!process.report().tables().isEmpty(), "the report once the pass is over");
        }
    }

    /** The same, staged, with a system property set for the run. */
    private static String reports(String name, boolean[] staged, String property, String value) throws IOException {
        System.setProperty(property, value);
        try {
            return reports(name, true, staged);
        } finally {
            System.clearProperty(property);
        }
    }

    /**
     * Every report of every analysis that applies, as CSV; {@code staged}: whether the sinks' thread ran, and the
     * records' thread.
     */
    private static String reports(String name, boolean staging, boolean[] staged) throws IOException {
        staged[0] = false;
        staged[1] = false;
        try (TraceSet traces = CtfTraceSet.open(List.of(TestPaths.trace(name)))) {
            List<Analysis> analyses = AnalysisRun.plan(Analyses.all(), traces,
                    new AnalysisOptions(TimeRange.ALL, GroupBy.THREAD)).toRun();
            org.lttbench.core.trace.ProgressListener watch = (done, total) -> {
                java.util.Set<Thread> threads = Thread.getAllStackTraces().keySet();
                staged[0] |= threads.stream().anyMatch(t -> t.getName().equals("lttbench-sinks"));
                staged[1] |= threads.stream().anyMatch(t -> t.getName().equals("lttbench-records"));
            };
            if (staging) {
                AnalysisRun.runStaged(traces, analyses, watch);
            } else {
                AnalysisRun.run(traces, analyses, watch);
            }
            List<Report> reports = new ArrayList<>();
            for (Analysis a : analyses) {
                reports.add(a.report(GroupBy.THREAD));
                reports.add(a.report(GroupBy.PROCESS));
            }
            StringWriter out = new StringWriter();
            CsvReportWriter.write(reports, out);
            return out.toString();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
