package org.lttbench.tests.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.CsvReportWriter;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tests.TestPaths;

/**
 * What the live viewer relies on ({@code LiveReading}): an analysis's reports taken in the middle of its pass, between
 * two records, before {@code end()}, neither fail nor change what it reports at the end. On shared traces read from
 * their files (no kernel tracer here to follow live), with every analysis that applies to each, by thread and by
 * process.
 */
class LiveViewReportsSoFarTest {

    @Test
    void reportsTakenDuringThePassLeaveTheFinalReportsUnchanged() throws Exception {
        // Kernel traces (process, waits, the four latencies, overhead, discarded), the kernel and user-space traces of
        // one session, user-space spans (ROS 2 callbacks, -finstrument-functions), a user-space trace that lost events.
        for (String name : List.of("kernel-many-threads", "kernel-scp-src", "session-multi-domains", "ust-ros2",
                "ust-cyg-profile-glxgears", "ust-hello-lost")) {
            Path trace = TestPaths.trace(name);
            List<Report> clean = finalReports(trace, false);
            List<Report> watched = finalReports(trace, true);
            assertEquals(clean.size(), watched.size());
            assertTrue(clean.size() >= 4, name + ": " + clean.size() + " reports");
            System.out.printf("live view: reports so far on %s: %s%n", name,
                    clean.stream().map(Report::analysis).distinct().toList());
            for (int i = 0; i < clean.size(); i++) {
                assertSame(clean.get(i), watched.get(i), name);
            }
        }
    }

    /**
     * A report taken in the middle of the pass (the live viewer shows it on another thread while the pass goes on) says
     * after the pass what it said when taken, once its rows are made then ({@link Report#makeRowsNow}): the per-thread
     * latency tables make their rows when read, from figures the rest of the pass changes. The same report left to
     * make them later says something else.
     */
    @Test
    void aReportTakenDuringThePassKeepsItsFigures() throws Exception {
        try (TraceSet traces = CtfTraceSet.open(List.of(TestPaths.trace("kernel-many-threads")))) {
            AnalysisRun.Plan plan = AnalysisRun.plan(Analyses.all(), traces,
                    new AnalysisOptions(TimeRange.ALL, GroupBy.THREAD));
            List<Analysis> analyses = plan.toRun();
            List<Report> made = new ArrayList<>();
            List<Report> later = new ArrayList<>();
            List<String> then = new ArrayList<>();
            RecordSink sofar = new RecordSink() {
                private int events;

                @Override
                public void event(Event event) {
                    if (++events == 100_000) { // of 240,644
                        for (Analysis a : analyses) {
                            Report r = a.report(GroupBy.THREAD).makeRowsNow();
                            made.add(r);
                            then.add(csv(r));
                            later.add(a.report(GroupBy.THREAD));
                        }
                    }
                }
            };
            AnalysisRun.run(traces, analyses, List.of(sofar), ProgressListener.NONE);
            assertTrue(made.stream().anyMatch(r -> r.analysis().equals("sched")), "the sched analysis reported");
            boolean changed = false;
            for (int i = 0; i < made.size(); i++) {
                assertEquals(then.get(i), csv(made.get(i)), made.get(i).analysis());
                changed |= !then.get(i).equals(csv(later.get(i)));
            }
            assertTrue(changed, "a report whose rows are made after the pass went on says what the pass says then");
        }
    }

    private static String csv(Report r) {
        StringWriter out = new StringWriter();
        try {
            CsvReportWriter.write(List.of(r), out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /**
     * Each analysis that applies, by thread then by process; when {@code watched}, each also reports so far after the
     * 64th, 128th, 256th... event of the pass (early and late in it, as many times on a small trace as on a big one).
     */
    private static List<Report> finalReports(Path trace, boolean watched) throws Exception {
        try (TraceSet traces = CtfTraceSet.open(List.of(trace))) {
            AnalysisRun.Plan plan = AnalysisRun.plan(Analyses.all(), traces,
                    new AnalysisOptions(TimeRange.ALL, GroupBy.THREAD));
            List<Analysis> analyses = plan.toRun();
            long[] taken = { 0 };
            RecordSink sofar = new RecordSink() {
                private int events;

                @Override
                public void event(Event event) {
                    if (watched && ++events >= 64 && (events & (events - 1)) == 0) {
                        for (Analysis a : analyses) {
                            a.report(GroupBy.THREAD);
                            a.report(GroupBy.PROCESS);
                            taken[0]++;
                        }
                    }
                }
            };
            AnalysisRun.run(traces, analyses, List.of(sofar), ProgressListener.NONE);
            assertTrue(!watched || taken[0] > analyses.size(), "reports taken during the pass: " + taken[0]);
            List<Report> reports = new ArrayList<>();
            for (Analysis a : analyses) {
                reports.add(a.report(GroupBy.THREAD));
                reports.add(a.report(GroupBy.PROCESS));
            }
            return reports;
        }
    }

    private static void assertSame(Report expected, Report actual, String trace) {
        String what = trace + " " + expected.analysis();
        assertEquals(expected.summary(), actual.summary(), what);
        assertEquals(expected.notes(), actual.notes(), what);
        assertEquals(expected.tables().size(), actual.tables().size(), what);
        for (int t = 0; t < expected.tables().size(); t++) {
            Table e = expected.tables().get(t);
            Table a = actual.tables().get(t);
            assertEquals(e.key(), a.key(), what);
            assertEquals(e.columns(), a.columns(), what + " " + e.key());
            assertEquals(e.rows().size(), a.rows().size(), what + " " + e.key());
            for (int r = 0; r < e.rows().size(); r++) {
                assertEquals(Arrays.asList(e.rows().get(r)), Arrays.asList(a.rows().get(r)), what + " " + e.key() + " row " + r);
            }
        }
    }
}
