package org.lttbench.tests.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.lttbench.core.diff.FigureChange;
import org.lttbench.core.diff.RunComparison;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.ColumnRole;
import org.lttbench.core.report.Distribution;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.trace.TimeRange;

/**
 * The comparison of two runs on tables drawn at random from known laws: the stated false-positive rate holds when
 * nothing changed, a change of known size is found, and rows are matched by subject, not by identity.
 */
class RunComparisonTest {
    private static final TableSchema CALLS = new TableSchema("calls", "Calls", List.of(
            new Column("tid", "TID", ColumnKind.TID, "a thread"),
            new Column("name", "Name", ColumnKind.TEXT, "what is called").as(ColumnRole.SUBJECT),
            new Column("calls", "Calls", ColumnKind.INTEGER, "how many").as(ColumnRole.COUNT),
            new Column("total_ns", "Total", ColumnKind.DURATION, "their time").as(ColumnRole.total("calls")),
            new Column("mean_ns", "Mean", ColumnKind.FRACTIONAL_DURATION, "their mean").as(ColumnRole.MEAN),
            new Column("p90_ns", "p90", ColumnKind.DURATION, "their p90").as(ColumnRole.percentile(0.9))));
    private static final long SECOND = 1_000_000_000L;

    /** Knuth's Poisson draw (small means). */
    private static long poisson(Random r, double mean) {
        double limit = Math.exp(-mean);
        double p = 1;
        long k = -1;
        do {
            k++;
            p *= r.nextDouble();
        } while (p > limit);
        return k;
    }

    /** A run of {@code subjects} calls, each called at {@code rate} per second for {@code seconds}, exponential durations. */
    private static Report run(Random r, int subjects, double seconds, double rate, double meanNs, int slower) {
        Table t = CALLS.table();
        for (int s = 0; s < subjects; s++) {
            long n = poisson(r, rate * seconds);
            double mean = s == slower ? meanNs * 1.5 : meanNs;
            TreeMap<Long, Long> buckets = new TreeMap<>();
            long total = 0;
            List<Long> values = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                long d = (long) (-Math.log(1 - r.nextDouble()) * mean);
                total += d;
                values.add(d);
                buckets.merge(d / 1000 * 1000, 1L, Long::sum);
            }
            long[] lower = buckets.keySet().stream().mapToLong(Long::longValue).toArray();
            long[] width = new long[lower.length];
            java.util.Arrays.fill(width, 1000);
            long[] counts = buckets.values().stream().mapToLong(Long::longValue).toArray();
            values.sort(null);
            Long p90 = n == 0 ? null : values.get((int) Math.ceil(0.9 * n) - 1);
            t.addSampledRow(new Distribution(lower, width, counts), (long) (1000 + s), "call" + s, n, total,
                    n == 0 ? null : (double) total / n, p90);
        }
        return new Report("test", "Test", new TimeRange(0, (long) (seconds * SECOND))).add(t);
    }

    @Test
    void whenNothingChangedAtMostTheStatedShareOfComparisonsShowAChange() {
        Random r = new Random(42);
        int comparisons = 400;
        int withChange = 0;
        for (int i = 0; i < comparisons; i++) {
            // runs of different lengths: the same rates per second
            RunComparison.Outcome o = RunComparison.compare(List.of(run(r, 10, 2, 40, 50_000, -1)),
                    List.of(run(r, 10, 3, 40, 50_000, -1)));
            assertEquals(40, o.tests());
            if (o.changes().stream().anyMatch(FigureChange::significant)) {
                withChange++;
            }
        }
        // stated: 1%; allow for the draw (a binomial of 400 at 1% exceeds 9 with a chance of about 2%)
        assertTrue(withChange <= 9, withChange + " of " + comparisons + " comparisons of one law showed a change");
    }

    @Test
    void aSlowerCallIsFoundAndRanksFirst() {
        Random r = new Random(7);
        int found = 0;
        for (int i = 0; i < 20; i++) {
            RunComparison.Outcome o = RunComparison.compare(List.of(run(r, 10, 2, 200, 50_000, -1)),
                    List.of(run(r, 10, 2, 200, 50_000, 3)));
            FigureChange first = o.changes().get(0);
            if (first.significant() && first.subject().equals("call3")) {
                found++;
            }
            for (FigureChange c : o.changes()) {
                assertTrue(!c.significant() || c.subject().equals("call3"), c.toString());
            }
        }
        assertTrue(found >= 18, "found in " + found + " of 20");
    }

    @Test
    void rowsAreMatchedByTheirSubjectAndSummedAsAGroup() {
        Table a = CALLS.table();
        a.addRow(1L, "pool", 10L, 1_000L, 100.0, 100L);
        a.addRow(2L, "pool", 10L, 1_000L, 100.0, 100L);
        Table b = CALLS.table();
        b.addRow(7L, "pool", 10L, 1_000L, 100.0, 100L);
        b.addRow(8L, "pool", 10L, 1_000L, 100.0, 100L);
        b.addRow(9L, "pool", 10L, 1_000L, 100.0, 100L);
        RunComparison.Outcome o = RunComparison.compare(
                List.of(new Report("test", "Test", new TimeRange(0, SECOND)).add(a)),
                List.of(new Report("test", "Test", new TimeRange(0, SECOND)).add(b)));
        // rows without their values: only the counts and totals are compared
        assertEquals(List.of("calls", "total_ns"), o.changes().stream().map(c -> c.column().key()).sorted().toList());
        for (FigureChange c : o.changes()) {
            assertEquals("pool", c.subject());
            assertEquals(2, c.rowsA());
            assertEquals(3, c.rowsB());
            assertTrue(c.ambiguous() && c.grouped());
            assertEquals(0.5, c.relative(), 1e-12);
        }
        FigureChange calls = o.changes().stream().filter(c -> c.column().key().equals("calls")).findFirst().get();
        assertEquals(20L, calls.a());
        assertEquals(30L, calls.b());
        assertFalse(calls.significant(), "20 against 30 events is within Poisson noise");
    }
}
