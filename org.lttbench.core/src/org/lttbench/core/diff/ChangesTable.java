package org.lttbench.core.diff;

import java.util.List;

import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.trace.TimeRange;

/**
 * A comparison as a report of one table, a row per figure compared, ranked: what a table writer (LAMI for Trace
 * Compass's External Analyses) writes as it writes any analysis's tables.
 */
public final class ChangesTable {
    public static final TableSchema SCHEMA = new TableSchema("changes", "What changed from A to B, biggest first", List.of(
            new Column("rank", "Rank", ColumnKind.INTEGER, "significant changes first, then by the time at stake"),
            new Column("analysis", "Analysis", ColumnKind.TEXT, "the analysis whose table holds the figure"),
            new Column("subject", "Subject", ColumnKind.TEXT, "what the row is about, by what stays the same between runs "
                    + "(a command name, a system call's, a span's...)"),
            new Column("figure", "Figure", ColumnKind.TEXT, "the figure's column key in that analysis's table"),
            new Column("a", "A", ColumnKind.NUMBER, "the figure in A as compared: per second (per request) for counts and "
                    + "totals, as it is for means and percentiles"),
            new Column("b", "B", ColumnKind.NUMBER, "the same in B"),
            new Column("change", "Change", ColumnKind.NUMBER, "B less A"),
            new Column("relative", "Relative", ColumnKind.RATIO, "the change over A"),
            new Column("p", "p", ColumnKind.NUMBER, "the test's two-sided p-value"),
            new Column("significant", "Significant", ColumnKind.BOOLEAN, "whether p is below the comparison's threshold "
                    + "(a 1% chance of any false change in the comparison)"),
            new Column("line", "Change", ColumnKind.TEXT, "the change in words")));

    private ChangesTable() {
    }

    /** The comparison's report: its table, its normalisation and tests in notes. */
    public static Report of(RunComparison.Outcome outcome, TimeRange range) {
        Table t = SCHEMA.table();
        int rank = 1;
        for (FigureChange c : outcome.changes()) {
            t.addRow((long) rank++, c.analysis(), c.subject(), c.column().key(), c.comparedA(), c.comparedB(), c.change(),
                    c.relative(), c.p(), c.significant(), ComparisonWriter.line(c));
        }
        Report r = new Report("diff", "What changed from A to B", range).add(t);
        r.note("compared: " + outcome.per().describe());
        r.note(String.format(java.util.Locale.ROOT, "tests: %s; %,d tests, significant below %.2g", ComparisonWriter.TESTS,
                outcome.tests(), outcome.threshold()));
        return r;
    }
}
