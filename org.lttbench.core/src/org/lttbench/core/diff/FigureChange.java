package org.lttbench.core.diff;

import org.lttbench.core.report.Column;

/**
 * One figure of one subject, in run A and run B: the unit of {@code lttbench diff}'s ranked list.
 *
 * @param analysis     the analysis ({@code syscalls})
 * @param table        its table ({@code syscalls})
 * @param subject      what the row is about, by what stays the same between runs ({@code epoll_wait}, {@code web})
 * @param column       the figure's column in that table
 * @param a            the figure in A as the table has it (summed over a group's rows), or null where A has none
 * @param b            the same in B
 * @param comparedA    what is compared for A: per second of traced time for counts and totals, else the figure
 * @param comparedB    the same for B
 * @param p            the test's two-sided p-value (1 where nothing was tested)
 * @param significant  whether p is below the run's threshold (the family-wise rate over the number of tests)
 * @param test         the test made ({@code poisson-rates}, {@code mann-whitney})
 * @param rowsA        how many rows of A the subject matched (several: a group, such as a thread pool)
 * @param rowsB        the same in B
 * @param stake        how much of the traced system's time the change is about, in ns per second (per request), for
 *                     ranking (or its relative size where it is about no time)
 * @param per          what counts and totals are compared per: {@code second} of traced time, or {@code request}
 */
public record FigureChange(String analysis, String table, String subject, Column column, Number a, Number b,
        Double comparedA, Double comparedB, double p, boolean significant, String test, int rowsA, int rowsB,
        double stake, String per) {

    /** B's compared value less A's, or null where one is missing. */
    public Double change() {
        return comparedA == null || comparedB == null ? null : comparedB - comparedA;
    }

    /** The change over A's compared value, or null where A's is 0 or missing. */
    public Double relative() {
        Double change = change();
        return change == null || comparedA == 0 ? null : change / comparedA;
    }

    /** Whether the subject matched several rows in a run, or a different number in each (what the output says). */
    public boolean grouped() {
        return rowsA > 1 || rowsB > 1;
    }

    /** Whether the match is ambiguous: a different number of rows in each run, neither of them none. */
    public boolean ambiguous() {
        return rowsA != rowsB && rowsA > 0 && rowsB > 0;
    }

    /** How a normalised figure's unit ends ({@code /s}, {@code /request}), or an empty string for one as it is. */
    public String unit() {
        return !perSecond() ? "" : per.equals("second") ? "/s" : "/" + per;
    }

    /** Whether the figure is normalised: per second of traced time, or per request ({@link #per}). */
    public boolean perSecond() {
        return switch (column.role().kind()) {
            case COUNT, TOTAL -> true;
            default -> false;
        };
    }

    FigureChange withSignificance(boolean isSignificant) {
        return new FigureChange(analysis, table, subject, column, a, b, comparedA, comparedB, p, isSignificant, test,
                rowsA, rowsB, stake, per);
    }
}
