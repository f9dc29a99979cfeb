package org.lttbench.tests.analysis.top;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.analysis.top.TopAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tests.Bt2Counter;
import org.lttbench.tests.TestPaths;

/**
 * The top's intervals over a real kernel trace (read from its files, as a live session's packets would be): their
 * events add up to what babeltrace2 counts, and a window that holds every interval has, per process, the time in each
 * state the process analysis of the same pass counts over the whole trace.
 */
class TopAnalysisTest {
    private static final long INTERVAL_NS = 50_000_000;

    private static List<Report> intervals(Path trace, int windowIntervals, Map<Long, long[]> processTimes)
            throws Exception {
        List<Report> reports = new ArrayList<>();
        try (TraceSet traces = CtfTraceSet.open(List.of(trace))) {
            ProcessAnalysis processes = new ProcessAnalysis(new AnalysisOptions(TimeRange.ALL,
                    AnalysisOptions.GroupBy.PROCESS));
            TopAnalysis top = new TopAnalysis(INTERVAL_NS, windowIntervals, processes, reports::add);
            processes.observe(top);
            Report whole = AnalysisRun.run(traces, List.of(processes, top), ProgressListener.NONE).get(0);
            Table t = whole.table("processes");
            for (int i = 0; i < t.rows().size(); i++) {
                processTimes.put((Long) t.cell(i, "pid"), new long[] { (Long) t.cell(i, "running_ns"),
                        (Long) t.cell(i, "wait_cpu_ns"), (Long) t.cell(i, "wait_blocked_ns") });
            }
        }
        return reports;
    }

    @Test
    void intervalsAddUpToTheTraceAndAWholeWindowToTheProcessAnalysis() throws Exception {
        Path trace = TestPaths.trace("kernel-many-threads");
        Map<Long, long[]> expected = new HashMap<>();
        List<Report> oneEach = intervals(trace, 1, expected);
        long events = 0;
        for (Report r : oneEach) {
            Table interval = r.table("interval");
            long n = (Long) interval.cell(0, "events");
            long rows = 0;
            for (int i = 0; i < r.table("top").rows().size(); i++) {
                rows += (Long) r.table("top").cell(i, "events");
            }
            assertEquals(n, rows, "a window of one interval: its rows have the interval's events");
            assertTrue(r.range().duration() <= INTERVAL_NS, "a window of one interval: " + r.range());
            events += n;
        }
        long bt2 = Bt2Counter.of(List.of(trace)).events();
        System.out.printf("top: kernel-many-threads in %d intervals of 50 ms: %d events (babeltrace2: %d)%n",
                oneEach.size(), events, bt2);
        assertEquals(bt2, events, "the intervals' events add up to the trace's");
        assertTrue(oneEach.size() >= 8, "433 ms in 50 ms intervals: " + oneEach.size());

        List<Report> whole = intervals(trace, 1000, new HashMap<>());
        Table last = whole.get(whole.size() - 1).table("top");
        int compared = 0;
        for (int i = 0; i < last.rows().size(); i++) {
            Long pid = (Long) last.cell(i, "pid");
            long[] times = expected.get(pid);
            if (pid == null || times == null) {
                continue;
            }
            long threads = 1000; // each thread's last state may end 1 ns apart (the trace's end, its last record)
            assertEquals(times[0], (Long) last.cell(i, "running_ns"), threads, "running time of PID " + pid);
            assertEquals(times[1], (Long) last.cell(i, "wait_cpu_ns"), threads, "waiting for a CPU, PID " + pid);
            assertEquals(times[2], (Long) last.cell(i, "wait_blocked_ns"), threads, "blocked, PID " + pid);
            compared++;
        }
        System.out.printf("top: a window of every interval: %d processes' running, Wait CPU and Blocked times as the "
                + "process analysis counts them%n", compared);
        assertTrue(compared >= expected.size() * 9 / 10, compared + " of " + expected.size() + " processes compared");
    }
}
