package org.lttbench.core.report;

/**
 * What a column is to a comparison of two runs ({@code lttbench diff}): the name rows are matched by, an identifier
 * that differs between runs, a figure compared (and how it is tested), or nothing compared. A column's role is
 * inferred from its kind where the kind says it ({@link #of(ColumnKind)}); figures are always declared. No writer reads
 * it: a role changes no output of a report.
 *
 * @param kind     what the column is to a comparison
 * @param quantile for {@link Kind#PERCENTILE}, which one (0.99); else 0
 * @param count    for {@link Kind#TOTAL}, the key of the {@link Kind#COUNT} column of the row saying how many times
 *                 it sums (calls, waits), or null
 */
public record ColumnRole(Kind kind, double quantile, String count) {

    public enum Kind {
        /** Not compared. */
        NONE,
        /** What rows are matched by across runs: a command name, a system call's, a device's, a span's name. */
        SUBJECT,
        /** Names one row of one run only (a PID, a TID, a trace's path): left out of the match, its rows summed. */
        IDENTITY,
        /** Things counted over the range (calls, events): compared per second, tested as counts. */
        COUNT,
        /**
         * Time summed over the range (ns): compared per second; tested as a sum of that many durations where the row
         * says how many ({@link ColumnRole#count}), else as counts of 1 ms samples.
         */
        TOTAL,
        /** The mean of the row's distribution: tested on the distribution. */
        MEAN,
        /** A percentile of the row's distribution: tested on the distribution. */
        PERCENTILE
    }

    public static final ColumnRole NONE = new ColumnRole(Kind.NONE, 0, null);
    public static final ColumnRole SUBJECT = new ColumnRole(Kind.SUBJECT, 0, null);
    public static final ColumnRole IDENTITY = new ColumnRole(Kind.IDENTITY, 0, null);
    public static final ColumnRole COUNT = new ColumnRole(Kind.COUNT, 0, null);
    /** Time whose row does not say how many durations it sums (running time). */
    public static final ColumnRole TOTAL = new ColumnRole(Kind.TOTAL, 0, null);
    public static final ColumnRole MEAN = new ColumnRole(Kind.MEAN, 0, null);

    /** Time summed over the durations the row's column {@code countKey} counts (a call's, a wait's). */
    public static ColumnRole total(String countKey) {
        return new ColumnRole(Kind.TOTAL, 0, countKey);
    }

    /** A percentile column ({@code 0.99}). */
    public static ColumnRole percentile(double quantile) {
        return new ColumnRole(Kind.PERCENTILE, quantile, null);
    }

    /** The role a column of this kind has unless it says otherwise: names are subjects, IDs and paths identities. */
    public static ColumnRole of(ColumnKind kind) {
        return switch (kind) {
            case PROCESS_NAME, SYSCALL, DISK, NETIF, IRQ, PATH, CPU -> SUBJECT;
            case PID, TID, TRACE -> IDENTITY;
            default -> NONE;
        };
    }

    /** Whether the column is a figure that a comparison tests. */
    public boolean figure() {
        return kind.compareTo(Kind.COUNT) >= 0;
    }
}
