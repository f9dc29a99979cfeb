package org.lttbench.core.diff;

import java.io.IOException;
import java.util.List;

import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.waits.WaitStacks;
import org.lttbench.core.report.Report;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.run.ExitCode;
import org.lttbench.core.run.RunFailure;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;

/**
 * Two runs read at once, each on a thread of its own, each by the run service's pass: what {@code lttbench diff},
 * LAMI's diff, the viewer and Trace Compass compare.
 */
public final class RunPair {
    private RunPair() {
    }

    /** One run's pass: its reports. */
    public interface Pass {
        List<Report> run(TraceSet traces, List<Analysis> analyses) throws IOException;
    }

    /**
     * The two passes at once, each on its own thread (A's on a new one, B's on this one), each run's reports summarised
     * on the two threads ({@link RunSummaries#both}): A's summary, then B's.
     */
    public static List<RunComparison.Summary> passes(TraceSet traceA, List<Analysis> a, TraceSet traceB,
            List<Analysis> b, Pass pass) throws IOException {
        return RunSummaries.both("lttbench diff A", () -> pass.run(traceA, a), () -> pass.run(traceB, b));
    }

    /**
     * What each run's pass makes: every analysis that applies to it, with that run's options.
     *
     * @param rangeB the range asked of B (what the changes cover when B's reports do not say)
     */
    public record Plans(AnalysisRun.Plan a, AnalysisRun.Plan b, TimeRange rangeB) {
        /** The plans of both runs; a failure saying why when no analysis applies to both. */
        public static Plans of(TraceSet traceA, AnalysisOptions optionsA, TraceSet traceB, AnalysisOptions optionsB)
                throws RunFailure {
            AnalysisRun.Plan a = AnalysisRun.plan(Analyses.all(), traceA, optionsA);
            AnalysisRun.Plan b = AnalysisRun.plan(Analyses.all(), traceB, optionsB);
            if (a.analyses().keySet().stream().noneMatch(b.analyses()::containsKey)) {
                throw new RunFailure(ExitCode.NOT_APPLICABLE, "no analysis applies to both traces: " + a.whyNot());
            }
            return new Plans(a, b, optionsB.range());
        }
    }

    /**
     * Two runs compared as a whole, per second of traced time.
     *
     * @param a       A's reports
     * @param b       B's reports
     * @param outcome the comparison, ranked
     * @param rangeB  the range asked of B ({@link Plans#rangeB})
     * @param ranA    the analyses of A's pass, done
     * @param ranB    the same of B's
     */
    public record Compared(List<Report> a, List<Report> b, RunComparison.Outcome outcome, TimeRange rangeB,
            List<Analysis> ranA, List<Analysis> ranB) {

        /** The changes as a report of one table, over B's range: what LAMI writes and the views show. */
        public Report changes() {
            return ChangesTable.of(outcome, b.isEmpty() ? rangeB : b.get(0).range());
        }

        /** Where A's threads' time went, or null when no analysis run follows the threads' states. */
        public WaitStacks stacksA() {
            return WaitStacks.ofRun(ranA);
        }

        /** The same in B. */
        public WaitStacks stacksB() {
            return WaitStacks.ofRun(ranB);
        }
    }

    /** Every analysis of both runs over their ranges, then compared ({@link #compare(TraceSet, TraceSet, Plans, ProgressListener)}). */
    public static Compared compare(TraceSet traceA, TimeRange rangeA, TraceSet traceB, TimeRange rangeB,
            ProgressListener progress) throws Exception {
        return compare(traceA, traceB, Plans.of(traceA, new AnalysisOptions(rangeA, AnalysisOptions.GroupBy.THREAD),
                traceB, new AnalysisOptions(rangeB, AnalysisOptions.GroupBy.THREAD)), progress);
    }

    /**
     * The two runs' passes at once, then compared. Each pass tells {@code progress} its own bytes (A's and B's, as
     * their sum over both traces' sizes).
     */
    public static Compared compare(TraceSet traceA, TraceSet traceB, Plans plans, ProgressListener progress)
            throws Exception {
        long total = traceA.totalBytes() + traceB.totalBytes();
        long[] done = new long[2];
        List<RunComparison.Summary> both = passes(traceA, plans.a().toRun(), traceB, plans.b().toRun(),
                (traces, analyses) -> {
                    int side = traces == traceA ? 0 : 1;
                    return AnalysisRun.run(traces, analyses, (d, t) -> {
                        synchronized (done) {
                            done[side] = d;
                            progress.progress(done[0] + done[1], total);
                        }
                    });
                });
        return new Compared(both.get(0).reports(), both.get(1).reports(), RunComparison.compare(both.get(0),
                both.get(1), RunComparison.Per.SECOND), plans.rangeB(), plans.a().toRun(), plans.b().toRun());
    }
}
