package org.lttbench.tests.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.diff.RunComparison;
import org.lttbench.core.diff.RunPair;
import org.lttbench.core.diff.RunSummaries;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tests.TestPaths;

/**
 * The two runs of a comparison summarised together, each thread grouping either run's tables: the same comparison as
 * each run summarised alone on one thread, and a run whose pass fails never leaves the other thread waiting for its
 * tables.
 */
class RunSummariesTest {

    @Test
    void summariesMadeTogetherGiveTheComparisonOfEachRunSummarisedAlone() throws Exception {
        try (TraceSet a = CtfTraceSet.open(List.of(TestPaths.trace("kernel-scp-src")));
                TraceSet b = CtfTraceSet.open(List.of(TestPaths.trace("kernel-scp-dest")))) {
            RunPair.Compared together = RunPair.compare(a, TimeRange.ALL, b, TimeRange.ALL, (done, total) -> {
            });
            RunComparison.Outcome alone = RunComparison.compare(new RunSummaries(1).summarise(together.a()),
                    new RunSummaries(1).summarise(together.b()), RunComparison.Per.SECOND);
            assertFalse(alone.changes().isEmpty(), "figures compared");
            assertEquals(alone, together.outcome());
        }
    }

    @Test
    void aRunWhosePassFailsLeavesTheOtherToFinish() throws Exception {
        for (String failing : List.of("A", "B")) {
            try (TraceSet a = CtfTraceSet.open(List.of(TestPaths.trace("kernel-scp-src")));
                    TraceSet b = CtfTraceSet.open(List.of(TestPaths.trace("kernel-scp-dest")))) {
                AnalysisOptions options = new AnalysisOptions(TimeRange.ALL, AnalysisOptions.GroupBy.THREAD);
                RunPair.Plans plans = RunPair.Plans.of(a, options, b, options);
                TraceSet broken = failing.equals("A") ? a : b;
                IOException e = assertTimeoutPreemptively(Duration.ofMinutes(2),
                        () -> assertThrows(IOException.class, () -> RunPair.passes(a, plans.a().toRun(), b,
                                plans.b().toRun(), (traces, analyses) -> {
                                    if (traces == broken) {
                                        throw new IOException(failing + "'s pass failed");
                                    }
                                    return AnalysisRun.run(traces, analyses, (done, total) -> {
                                    });
                                })));
                assertEquals(failing + "'s pass failed", e.getMessage());
            }
        }
    }
}
