package org.lttbench.core.analysis.spans;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.kernel.WaitCauses;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.ColumnRole;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;

/** The spans analysis's tables, declared once, and how a name's tally or a span fills a row. */
final class SpanTables {
    private SpanTables() {
    }

    /** The parts' columns, in {@link Span}'s order of the parts, and the thread state each holds the time of. */
    static final String[] PART_KEYS = { "user_ns", "system_ns", "irq_ns", "user_or_system_ns", "wait_cpu_ns",
            "wait_io_ns", "wait_blocked_ns", "unknown_ns", "unmatched_ns" };
    static final ThreadState[] PART_STATES = { ThreadState.USER, ThreadState.SYSCALL, ThreadState.IRQ,
            ThreadState.USER_OR_SYSTEM, ThreadState.WAIT_CPU, ThreadState.WAIT_IO, ThreadState.WAIT_BLOCKED,
            ThreadState.UNKNOWN, null };

    /** The parts shown in the terminal's text unless --wide. */
    private static final Set<Integer> HEADLINE_PARTS = Set.of(Span.USER, Span.SYSTEM, Span.WAIT_CPU, Span.WAIT_IO,
            Span.BLOCKED);
    private static final double[] QUANTILES = { 0.50, 0.90, 0.99 };

    /** The columns of a span's (or a name's) wall time split: they add up to its wall time. */
    private static List<Column> partColumns(String of) {
        List<Column> c = new ArrayList<>();
        for (int p = 0; p < Span.PARTS; p++) {
            String title;
            String description;
            if (p == Span.UNMATCHED) {
                title = "Unmatched";
                description = "no kernel thread matched the user-space thread (its events carry no vtid, or the "
                        + "kernel trace never showed it)";
            } else if (p == Span.UNKNOWN) {
                title = "Unknown";
                description = "the kernel trace did not tell the thread's state (outside the kernel trace, before it "
                        + "named the thread, on a CPU whose stream it lacks)";
            } else {
                title = PART_STATES[p].title();
                description = PART_STATES[p].legend().toLowerCase(Locale.ROOT);
            }
            Column col = new Column(PART_KEYS[p], title, ColumnKind.DURATION, of + ": " + description
                    + " (the parts add up to the wall time; empty without the session's kernel trace)");
            c.add(HEADLINE_PARTS.contains(p) ? col : col.asDetail());
        }
        return c;
    }

    static final TableSchema PER_NAME = perName();

    private static TableSchema perName() {
        List<Column> c = new ArrayList<>();
        c.add(new Column("span", "Span", ColumnKind.TEXT, "the span's name: a --span definition's, a function's "
                + "address (-finstrument-functions), or a ROS 2 callback's registered symbol (else what it was added "
                + "as, and its address)").as(ColumnRole.SUBJECT));
        c.add(new Column("spans", "Count", ColumnKind.INTEGER, "spans that ended in the range").as(ColumnRole.COUNT));
        c.add(new Column("unfinished", "Unfinished", ColumnKind.INTEGER,
                "spans begun in the range that the trace never closed (it ended, or lost their end)").asDetail());
        c.add(new Column("abandoned", "Abandoned", ColumnKind.INTEGER, "spans left open when an outer one closed (a "
                + "function whose exit the trace lost), or begun again with the same key before their end").asDetail());
        c.add(new Column("wall_ns", "Total", ColumnKind.DURATION, "sum of their wall times (begin to end)")
                .as(ColumnRole.total("spans")));
        c.add(new Column("min_ns", "Min", ColumnKind.DURATION, "shortest wall time").asDetail());
        c.add(new Column("mean_ns", "Mean", ColumnKind.FRACTIONAL_DURATION, "mean wall time").asDetail()
                .as(ColumnRole.MEAN));
        String error = String.format(Locale.ROOT, "(nearest rank, from a log-linear histogram within %.2f%%)", 100
                * org.lttbench.core.analysis.latency.DurationHistogram.RELATIVE_ERROR);
        c.add(new Column("p50_ns", "p50", ColumnKind.DURATION, "median wall time " + error)
                .as(ColumnRole.percentile(QUANTILES[0])));
        c.add(new Column("p90_ns", "p90", ColumnKind.DURATION, "90th percentile of the wall times " + error).asDetail()
                .as(ColumnRole.percentile(QUANTILES[1])));
        c.add(new Column("p99_ns", "p99", ColumnKind.DURATION, "99th percentile of the wall times " + error)
                .as(ColumnRole.percentile(QUANTILES[2])));
        c.add(new Column("max_ns", "Max", ColumnKind.DURATION, "longest wall time"));
        c.add(new Column("self_ns", "Self", ColumnKind.DURATION,
                "sum of their self times: wall time minus that of the spans closed inside them"));
        c.addAll(partColumns("their wall time"));
        return new TableSchema("spans", "Where each span's time went, per span name", c);
    }

    static final TableSchema BY_CAUSE = new TableSchema("span_blocked_by_cause",
            "Spans' blocked time by cause", List.of(new Column("span", "Span", ColumnKind.TEXT, "the span's name"),
                    new Column("cause", "Cause", ColumnKind.TEXT, "what the thread waited in, as the waits analysis "
                            + "groups it (the system call it slept in, a page fault, ...)"),
                    new Column("blocked_ns", "Blocked", ColumnKind.DURATION,
                            "blocked time within the spans for that cause (the causes add up to the spans' Blocked)")));

    static final TableSchema BY_WAKER = new TableSchema("span_blocked_by_waker",
            "Spans' blocked time by waker", List.of(new Column("span", "Span", ColumnKind.TEXT, "the span's name"),
                    new Column("waker_kind", "Waker kind", ColumnKind.TEXT,
                            "what ended the waits: thread, irq, softirq, timer, unknown, none (the trace ended)"),
                    new Column("waker", "Waker", ColumnKind.TEXT, "the waking thread, IRQ, softirq or timer"),
                    new Column("blocked_ns", "Blocked", ColumnKind.DURATION,
                            "blocked time within the spans that waker ended (the wakers add up to the spans' Blocked)")));

    static final TableSchema SLOWEST = slowestSchema();

    private static TableSchema slowestSchema() {
        List<Column> c = new ArrayList<>();
        c.add(new Column("begin", "Begin", ColumnKind.TIMESTAMP, "when the span began"));
        c.add(new Column("wall_ns", "Wall", ColumnKind.DURATION, "begin to end"));
        c.add(new Column("span", "Span", ColumnKind.TEXT, "the span's name"));
        c.add(new Column("depth", "Depth", ColumnKind.INTEGER, "spans open around it on its thread").asDetail());
        c.add(new Column("vtid", "VTID", ColumnKind.TID, "the thread, as the user-space events name it (its PID "
                + "namespace's)"));
        c.add(new Column("vpid", "VPID", ColumnKind.PID, "its process, as the user-space events name it").asDetail());
        c.add(new Column("procname", "Procname", ColumnKind.PROCESS_NAME, "its command name (procname context)"));
        c.add(new Column("tid", "TID", ColumnKind.TID, "the kernel thread matched to it").asDetail());
        c.add(new Column("pid", "PID", ColumnKind.PID, "the kernel thread's process").asDetail());
        c.add(new Column("self_ns", "Self", ColumnKind.DURATION, "wall time minus that of the spans closed inside")
                .asDetail());
        c.addAll(partColumns("its wall time"));
        c.add(new Column("blocked_in", "Blocked in", ColumnKind.TEXT,
                "where most of its blocked time went: the cause and the waker").asDetail());
        return new TableSchema("spans_slowest", "The slowest spans", c);
    }

    static final AnalysisTables TABLES = AnalysisTables.ungrouped(new AnalysisTables.Grouping(
            "Where each span's time went", List.of(PER_NAME, BY_CAUSE, BY_WAKER, SLOWEST), List.of()));

    /** A name's tally as a row of the per name table. */
    static void addName(Table perName, SpanTally t, boolean kernel) {
        List<Object> cells = new ArrayList<>();
        cells.add(t.name);
        cells.add(t.wall.count());
        cells.add(t.unfinished);
        cells.add(t.abandoned);
        cells.add(t.wall.total());
        cells.add(t.wall.min());
        cells.add(t.wall.mean());
        Long[] p = t.wall.percentiles(QUANTILES);
        cells.add(p[0]);
        cells.add(p[1]);
        cells.add(p[2]);
        cells.add(t.wall.max());
        cells.add(t.self);
        addParts(cells, t.parts, kernel);
        perName.addSampledRow(t.wall.distribution(), cells.toArray());
    }

    /** A span as a row of the slowest spans' table. */
    static Object[] row(Span s, WaitCauses causes, SpansAnalysis spans) {
        boolean kernel = spans.kernel();
        List<Object> cells = new ArrayList<>();
        cells.add(s.begin);
        cells.add(s.wall());
        cells.add(spans.tallies().of(s.name).name);
        cells.add((long) s.depth);
        cells.add(s.thread.vtid < 0 ? null : (Object) s.thread.vtid);
        cells.add(s.thread.vpid < 0 ? null : (Object) s.thread.vpid);
        cells.add(s.thread.procname);
        cells.add(s.kernel == null ? null : (Object) (long) s.kernel.tid());
        cells.add(s.kernel == null || s.kernel.pid() < 0 ? null : (Object) (long) s.kernel.pid());
        cells.add(s.self());
        addParts(cells, s.parts, kernel);
        cells.add(kernel ? blockedIn(s, causes, spans) : null);
        return cells.toArray();
    }

    private static void addParts(List<Object> cells, long[] parts, boolean kernel) {
        for (int p = 0; p < Span.PARTS; p++) {
            cells.add(kernel ? (Object) parts[p] : null);
        }
    }

    /** A name's blocked time by cause and by waker, as rows of those tables. */
    static void blockedRows(SpanTally t, WaitCauses causes, Table byCause, Table byWaker, SpansAnalysis spans) {
        Map<Integer, Long> perCause = new HashMap<>();
        Map<Integer, Long> perWaker = new HashMap<>();
        t.blocked.forEach((why, ns) -> {
            perCause.merge(ThreadStateSink.cause(why), ns, Long::sum);
            perWaker.merge(ThreadStateSink.waker(why), ns, Long::sum);
        });
        perCause.entrySet().stream()
                .sorted(Map.Entry.<Integer, Long>comparingByValue().reversed()
                        .thenComparing(e -> causes.label(e.getKey())))
                .forEach(e -> byCause.addRow(t.name, causes.label(e.getKey()), e.getValue()));
        List<Object[]> wakers = new ArrayList<>();
        perWaker.forEach((w, ns) -> {
            List<String> kindAndName = spans.waker(w);
            wakers.add(new Object[] { t.name, kindAndName.get(0), kindAndName.get(1), ns });
        });
        wakers.sort(Comparator.comparingLong((Object[] row) -> -(Long) row[3]).thenComparing(row -> (String) row[2]));
        wakers.forEach(byWaker::addRow);
    }

    /** The reason that took most of a span's blocked time: {@code reading a pipe, woken by thread 702 writer}. */
    private static String blockedIn(Span s, WaitCauses causes, SpansAnalysis spans) {
        long most = 0;
        long why = 0;
        for (int i = 0; i < s.blockedSize; i++) {
            if (s.blocked[2 * i + 1] > most) {
                most = s.blocked[2 * i + 1];
                why = s.blocked[2 * i];
            }
        }
        if (most == 0) {
            return null;
        }
        List<String> w = spans.waker(ThreadStateSink.waker(why));
        return causes.label(ThreadStateSink.cause(why)) + ", woken by " + w.get(0) + " " + w.get(1);
    }
}
