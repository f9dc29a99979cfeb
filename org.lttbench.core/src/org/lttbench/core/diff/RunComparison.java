package org.lttbench.core.diff;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.ColumnRole;
import org.lttbench.core.report.Distribution;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;

/**
 * Two runs' reports compared, generic over the declared tables: every table whose columns declare a subject and
 * figures ({@link ColumnRole}) is matched by subject (rows of one subject in one run, such as a thread pool's threads,
 * summed as a group), each figure compared (counts and totals per second of traced time, distributions as they are)
 * and tested, and all the changes ranked, the significant and the largest first.
 */
public final class RunComparison {
    /**
     * The chance, when nothing changed, that a comparison calls any change significant: each of its m tests is held
     * to this over m (Bonferroni), under each test's model (Poisson counts, independent durations).
     */
    public static final double FAMILY_RATE = 0.01;
    /** A total time is tested as counts of samples this long, as a sampling profiler would see it. */
    public static final long SAMPLE_NS = 1_000_000;

    /**
     * What a comparison found.
     *
     * @param changes   every figure compared, ranked: significant first, then by the time at stake
     * @param tests     how many tests were made
     * @param threshold the p-value below which a change is significant ({@link #FAMILY_RATE} over {@code tests})
     * @param secondsA  A's traced time, in seconds, per analysis
     * @param secondsB  the same for B
     * @param per       what counts and totals were compared per
     */
    public record Outcome(List<FigureChange> changes, int tests, double threshold, Map<String, Double> secondsA,
            Map<String, Double> secondsB, Per per) {
    }

    /**
     * What counts and total times are compared per: each run's traced time (per second, by default), or each run's
     * number of one span's instances (per request: a workload that served more requests in B does more of everything).
     *
     * @param unit  {@code second} or {@code request}
     * @param a     A's exposure (requests), or 0 per second (each analysis's own traced time)
     */
    public record Per(String unit, String span, long a, long b) {
        public static final Per SECOND = new Per("second", null, 0, 0);

        public static Per request(String span, long a, long b) {
            return new Per("request", span, a, b);
        }

        /** What the output says of the normalisation. */
        public String describe() {
            return span == null ? "counts and total times per second of traced time; means and percentiles as they are"
                    : String.format(java.util.Locale.ROOT, "counts and total times per request (each %s span: %,d in A, "
                            + "%,d in B); means and percentiles as they are", span, a, b);
        }
    }

    private RunComparison() {
    }

    public static Outcome compare(List<Report> a, List<Report> b) {
        return compare(a, b, Per.SECOND);
    }

    /** Both runs summarised at once, A's on another core ({@link RunSummaries#both}), then compared. */
    public static Outcome compare(List<Report> a, List<Report> b, Per per) {
        List<Summary> both;
        try {
            both = RunSummaries.both("lttbench summary A", () -> a, () -> b);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // not thrown: the reports are made
        }
        return compare(both.get(0), both.get(1), per);
    }

    /**
     * One run's reports with the rows of each compared table grouped by subject, each group's values summed: the part
     * of a comparison that needs one run only, made on that run's own thread as soon as its pass ends (a per-thread
     * table's tens of thousands of rows are made as they are read).
     */
    public static final class Summary {
        private final List<Report> reports;
        final Map<Table, Map<String, Group>> groups = new IdentityHashMap<>();

        Summary(List<Report> reports) {
            this.reports = reports;
        }

        /** The run's reports. */
        public List<Report> reports() {
            return reports;
        }
    }

    /** A compared table's rows grouped by subject, each group's distribution summed ({@link Summary}). */
    static Map<String, Group> grouped(Table t) {
        Map<String, Group> g = groups(t, t.columns());
        g.values().forEach(Group::distribution);
        return g;
    }

    /** Two runs summarised ({@link RunSummaries}), compared. */
    public static Outcome compare(Summary a, Summary b, Per per) {
        List<FigureChange> all = new ArrayList<>();
        Map<String, Double> secondsA = new LinkedHashMap<>();
        Map<String, Double> secondsB = new LinkedHashMap<>();
        for (Report ra : a.reports) {
            Report rb = b.reports.stream().filter(r -> r.analysis().equals(ra.analysis())).findFirst().orElse(null);
            if (rb == null) {
                continue;
            }
            double sa = ra.range().duration() / 1e9;
            double sb = rb.range().duration() / 1e9;
            secondsA.put(ra.analysis(), sa);
            secondsB.put(ra.analysis(), sb);
            if (per.span() != null) {
                sa = per.a();
                sb = per.b();
            }
            for (Table ta : ra.tables()) {
                Table tb = rb.tables().stream().filter(t -> t.key().equals(ta.key())).findFirst().orElse(null);
                if (tb != null && a.groups.containsKey(ta) && b.groups.containsKey(tb)) {
                    all.addAll(compareTables(ra.analysis(), ta, a.groups.get(ta), sa, tb, b.groups.get(tb), sb,
                            per.unit()));
                }
            }
        }
        int tests = (int) all.stream().filter(c -> c.test() != null).count();
        double threshold = FAMILY_RATE / Math.max(1, tests);
        List<FigureChange> judged = new ArrayList<>();
        for (FigureChange c : all) {
            Double change = c.change();
            judged.add(c.withSignificance(c.test() != null && c.p() < threshold && change != null && change != 0));
        }
        judged.sort(Comparator.comparing(FigureChange::significant).reversed()
                .thenComparing(Comparator.comparingDouble(FigureChange::stake).reversed()));
        return new Outcome(List.copyOf(judged), tests, threshold, secondsA, secondsB, per);
    }

    /** Whether a table declares what a comparison needs: a subject and a figure. */
    static boolean compared(Table t) {
        return t.columns().stream().anyMatch(c -> c.role().kind() == ColumnRole.Kind.SUBJECT)
                && t.columns().stream().anyMatch(c -> c.role().figure());
    }

    /** The rows of one subject in one run, summed. */
    static final class Group {
        private final Table table;
        int rows;
        final double[] sums;
        final boolean[] known;
        final Distribution.Sum values = new Distribution.Sum();
        boolean allSampled = true;
        /** The number of the group's first row. */
        private int first;
        /** The cells of the group's one row, whole ({@link #keepOnly}); null for a group of several. */
        Object[] only;

        Group(Table table) {
            this.table = table;
            sums = new double[table.columns().size()];
            known = new boolean[sums.length];
        }

        /** A row's cells that a comparison reads ({@link Table#comparedCells}), its number, and its values. */
        void add(Object[] row, int number, Distribution d) {
            rows++;
            if (rows == 1) {
                first = number;
            }
            for (int i = 0; i < row.length; i++) {
                if (row[i] instanceof Number n) {
                    sums[i] += n.doubleValue();
                    known[i] = true;
                }
            }
            if (d == null) {
                allSampled = false;
            } else if (allSampled) {
                values.add(d);
            }
        }

        Distribution distribution() {
            return allSampled ? values.total() : null;
        }

        /** Reads the group's one row whole, when it has one: its mean and percentiles are the row's own. */
        void keepOnly() {
            only = rows == 1 ? table.rows().get(first) : null;
        }
    }

    private static Map<String, Group> groups(Table t, List<Column> columns) {
        Map<String, Group> groups = new LinkedHashMap<>();
        int[] subject = java.util.stream.IntStream.range(0, columns.size())
                .filter(i -> columns.get(i).role().kind() == ColumnRole.Kind.SUBJECT).toArray();
        // each subject's group by its cells (one cell, or their list), so that its text is made once, not at each row
        // of a per-thread table's tens of thousands
        Map<Object, Group> bySubject = new java.util.HashMap<>();
        int rows = t.rows().size();
        for (int r = 0; r < rows; r++) {
            Object[] row = t.comparedCells(r);
            Object cells;
            if (subject.length == 1) {
                cells = row[subject[0]];
            } else {
                Object[] each = new Object[subject.length];
                boolean any = false;
                for (int k = 0; k < subject.length; k++) {
                    each[k] = row[subject[k]];
                    any |= each[k] != null;
                }
                cells = any ? new SubjectCells(each) : null;
            }
            if (cells == null) {
                continue;
            }
            Group g = bySubject.get(cells);
            if (g == null) {
                g = groups.computeIfAbsent(subjectText(row, subject, columns), k -> new Group(t));
                bySubject.put(cells, g);
            }
            g.add(row, r, t.distribution(r));
        }
        groups.values().forEach(Group::keepOnly);
        return groups;
    }

    /** A row's subject cells, of several columns: equal when each cell is. */
    private static final class SubjectCells {
        private final Object[] cells;
        private final int hash;

        SubjectCells(Object[] cells) {
            this.cells = cells;
            this.hash = java.util.Arrays.hashCode(cells);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof SubjectCells s && s.hash == hash && java.util.Arrays.equals(s.cells, cells);
        }
    }

    /** A row's subject as text: its cells joined by ", " (each CPU's as "CPU n"), those empty left out. */
    private static String subjectText(Object[] row, int[] subject, List<Column> columns) {
        StringBuilder key = new StringBuilder();
        boolean named = false;
        for (int i : subject) {
            if (row[i] != null) {
                Column c = columns.get(i);
                key.append(named ? ", " : "").append(c.kind() == ColumnKind.CPU ? "CPU " : "")
                        .append(CellFormat.text(c, row[i]));
                named = true;
            }
        }
        return key.toString();
    }

    private static List<FigureChange> compareTables(String analysis, Table ta, Map<String, Group> ga, double sa,
            Table tb, Map<String, Group> gb, double sb, String per) {
        List<Column> columns = ta.columns();
        if (!columns.equals(tb.columns())) {
            return List.of(); // several machines in one run and not the other: not the same table
        }
        Map<String, Group> subjects = new LinkedHashMap<>(ga);
        gb.forEach(subjects::putIfAbsent);
        int total = -1;
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).role().kind() == ColumnRole.Kind.TOTAL && total < 0) {
                total = i;
            }
        }
        List<String> keys = columns.stream().map(Column::key).toList();
        List<FigureChange> out = new ArrayList<>();
        for (String subject : subjects.keySet()) {
            Group x = ga.get(subject);
            Group y = gb.get(subject);
            Distribution dx = x == null ? null : x.distribution();
            Distribution dy = y == null ? null : y.distribution();
            Double rankP = null;
            Distribution pooled = null; // both runs' values, for the percentiles' tests
            for (int i = 0; i < columns.size(); i++) {
                Column c = columns.get(i);
                ColumnRole role = c.role();
                if (!role.figure()) {
                    continue;
                }
                FigureChange f;
                if (role.kind() == ColumnRole.Kind.COUNT || role.kind() == ColumnRole.Kind.TOTAL) {
                    f = rate(analysis, ta.key(), subject, keys, c, x, y, i, sa, sb, total, per);
                } else {
                    if ((x != null && dx == null) || (y != null && dy == null) || (dx == null && dy == null)) {
                        continue; // a table whose rows do not carry their values: its distributions are not compared
                    }
                    double p;
                    if (dx == null || dy == null) {
                        p = 1;
                    } else if (role.kind() == ColumnRole.Kind.PERCENTILE) {
                        if (pooled == null) {
                            pooled = dx.plus(dy);
                        }
                        p = SignificanceTests.quantile(dx, dy, pooled, role.quantile());
                    } else {
                        if (rankP == null) {
                            rankP = SignificanceTests.rankSum(dx, dy);
                        }
                        p = rankP;
                    }
                    f = distribution(analysis, ta.key(), subject, c, x, dx, y, dy, i, sa, sb, p, per);
                }
                if (f != null) {
                    out.add(f);
                }
            }
        }
        return out;
    }

    private static FigureChange rate(String analysis, String table, String subject, List<String> columns, Column c,
            Group x, Group y, int i, double sa, double sb, int total, String per) {
        boolean inA = x != null && x.known[i];
        boolean inB = y != null && y.known[i];
        if (!inA && !inB) {
            return null;
        }
        double va = inA ? x.sums[i] : 0;
        double vb = inB ? y.sums[i] : 0;
        if (va == 0 && vb == 0) {
            return null;
        }
        double ra = sa > 0 ? va / sa : 0;
        double rb = sb > 0 ? vb / sb : 0;
        boolean time = c.role().kind() == ColumnRole.Kind.TOTAL;
        int count = time && c.role().count() != null ? columns.indexOf(c.role().count()) : -1;
        double p;
        String test;
        if (count >= 0) {
            Distribution dx = x == null ? null : x.distribution();
            Distribution dy = y == null ? null : y.distribution();
            p = SignificanceTests.compoundRates(va, x == null ? 0 : (long) x.sums[count], dx == null ? null
                    : dx.meanSquare(), sa, vb, y == null ? 0 : (long) y.sums[count], dy == null ? null : dy.meanSquare(), sb);
            test = "compound-poisson-rates";
        } else if (time) {
            p = SignificanceTests.poissonRates(Math.round(va / SAMPLE_NS), sa, Math.round(vb / SAMPLE_NS), sb);
            test = "poisson-rates(1 ms samples)";
        } else {
            p = SignificanceTests.poissonRates((long) va, sa, (long) vb, sb);
            test = "poisson-rates";
        }
        double stake;
        if (time) {
            stake = Math.abs(rb - ra);
        } else if (total >= 0 && va + vb > 0) {
            double ta = x != null && x.known[total] ? x.sums[total] : 0;
            double tb = y != null && y.known[total] ? y.sums[total] : 0;
            stake = Math.abs(rb - ra) * (ta + tb) / (va + vb);
        } else {
            stake = relativeStake(ra, rb);
        }
        return new FigureChange(analysis, table, subject, c, inA ? number(c, va) : null, inB ? number(c, vb) : null, ra, rb,
                p, false, test, x == null ? 0 : x.rows,
                y == null ? 0 : y.rows, stake, per);
    }

    private static FigureChange distribution(String analysis, String table, String subject, Column c, Group x,
            Distribution dx, Group y, Distribution dy, int i, double sa, double sb, double p, String per) {
        Double va = value(c, x, dx, i);
        Double vb = value(c, y, dy, i);
        if (va == null && vb == null) {
            return null;
        }
        double rate = ((dx == null ? 0 : dx.count() / Math.max(sa, 1e-9)) + (dy == null ? 0 : dy.count() / Math.max(sb,
                1e-9))) / 2;
        // the time the change adds or saves per second: the mean's over every value, a percentile's over the values
        // beyond it (at least)
        double share = c.role().kind() == ColumnRole.Kind.PERCENTILE ? 1 - c.role().quantile() : 1;
        double stake = va == null || vb == null ? 0 : Math.abs(vb - va) * rate * share;
        boolean tested = dx != null && dy != null;
        return new FigureChange(analysis, table, subject, c, va == null ? null : number(c, va),
                vb == null ? null : number(c, vb), va, vb, tested ? p : 1, false, !tested ? null
                        : c.role().kind() == ColumnRole.Kind.PERCENTILE ? "quantile" : "mann-whitney",
                x == null ? 0 : x.rows, y == null ? 0 : y.rows, stake, per);
    }

    /** A group's mean or percentile: its one row's cell, else from the group's values together. */
    private static Double value(Column c, Group g, Distribution d, int i) {
        if (g == null || d == null || d.count() == 0) {
            return null;
        }
        if (g.only != null && g.only[i] instanceof Number n) {
            return n.doubleValue();
        }
        if (c.role().kind() == ColumnRole.Kind.MEAN) {
            return d.mean();
        }
        Long q = d.quantile(c.role().quantile());
        return q == null ? null : q.doubleValue();
    }

    /** A sum as its column's cells are: a whole number for integer kinds. */
    private static Number number(Column c, double v) {
        return c.kind().cellType() == Long.class ? (Number) Math.round(v) : (Number) v;
    }

    /** How large a change is that is about no time, for ranking: after most changes of time. */
    private static double relativeStake(double a, double b) {
        double base = Math.max(Math.abs(a), Math.abs(b));
        return base == 0 ? 0 : Math.abs(b - a) / base * 1e3;
    }
}
