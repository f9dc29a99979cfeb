package org.lttbench.core.analysis.waits;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.SummaryLine;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;

/**
 * Two critical paths side by side (two runs of one program: two traces, or two ranges of one): the time on each path
 * per state, and per state and thread. Threads are matched by command name, since their IDs differ from run to run;
 * the followed thread is matched with the other path's followed thread whatever its name.
 */
public final class CriticalPathComparison {
    /** How the rows name the followed thread (its own TID and name differ from run to run). */
    static final String ITSELF = "(the thread itself)";

    private static final List<Column> SIDES = List.of(
            new Column("ns_a", "Time A", ColumnKind.DURATION, "time on the first path (A)"),
            new Column("share_a", "Share A", ColumnKind.RATIO, "of the first path's whole time"),
            new Column("ns_b", "Time B", ColumnKind.DURATION, "time on the second path (B)"),
            new Column("share_b", "Share B", ColumnKind.RATIO, "of the second path's whole time"),
            new Column("change_ns", "B - A", ColumnKind.DURATION, "how much more time B spent there than A (less when negative)"));
    private static final TableSchema STATES = new TableSchema("critical_path_comparison_states",
            "Critical paths compared: time per state", concat(List.of(CriticalPathAnalysis.stateColumn()), SIDES));
    private static final TableSchema THREADS = new TableSchema("critical_path_comparison",
            "Critical paths compared: time per state and thread", concat(List.of(
                    CriticalPathAnalysis.stateColumn(),
                    new Column("thread", "Thread", ColumnKind.PROCESS_NAME,
                            "the thread on the path, by command name; " + ITSELF + " for the thread followed")), SIDES));

    private CriticalPathComparison() {
    }

    private static List<Column> concat(List<Column> a, List<Column> b) {
        List<Column> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /**
     * @param a,b   the two critical path reports ({@link CriticalPathAnalysis#report()})
     * @param tidA,tidB the thread each followed (its rows become {@link #ITSELF})
     * @param whatA,whatB what each side is, for the notes ("kernel-scp-src", "the range 1.2 s to 3.4 s")
     */
    public static Report of(Report a, int tidA, String whatA, Report b, int tidB, String whatB) {
        Map<String, long[]> byState = new LinkedHashMap<>();
        Map<List<String>, long[]> byThread = new LinkedHashMap<>();
        long[] whole = new long[2];
        add(a.table("critical_path"), tidA, 0, byState, byThread, whole);
        add(b.table("critical_path"), tidB, 1, byState, byThread, whole);
        Table states = STATES.table();
        sorted(byState).forEach(e -> states.addRow(row(List.of(e.getKey()), e.getValue(), whole)));
        Table threads = THREADS.table();
        sorted(byThread).forEach(e -> threads.addRow(row(e.getKey(), e.getValue(), whole)));
        Report r = new Report("critical-path-comparison", "Critical paths compared: " + a.title().replace("Critical path of ", "")
                + " (A) and " + b.title().replace("Critical path of ", "") + " (B)", a.range());
        List<String> traces = new ArrayList<>(a.traces());
        b.traces().stream().filter(t -> !traces.contains(t)).forEach(traces::add);
        r.traces(traces);
        r.add(states).add(threads);
        r.note("A: " + a.title() + ", " + whatA + ", " + CellFormat.duration(whole[0]) + " on the path");
        r.note("B: " + b.title() + ", " + whatB + ", " + CellFormat.duration(whole[1]) + " on the path");
        r.note("threads on the paths are matched by command name, the followed threads with each other");
        a.notes().stream().filter(n -> !n.startsWith("the path follows") && !a.isLossNote(n)).forEach(n -> r.note("A: " + n));
        b.notes().stream().filter(n -> !n.startsWith("the path follows") && !b.isLossNote(n)).forEach(n -> r.note("B: " + n));
        a.notes().stream().filter(a::isLossNote).forEach(n -> r.lossNote("A: " + n));
        b.notes().stream().filter(b::isLossNote).forEach(n -> r.lossNote("B: " + n));
        SummaryLine line = SummaryLine.of(r.title()).add("A " + CellFormat.duration(whole[0])).add("B "
                + CellFormat.duration(whole[1]));
        sorted(byState).stream().limit(2).forEach(e -> line.add(e.getKey() + " " + signed(e.getValue()[1] - e.getValue()[0])));
        r.summary(line.toString());
        return r;
    }

    private static String signed(long ns) {
        return (ns > 0 ? "+" : "") + CellFormat.duration(ns);
    }

    private static void add(Table totals, int tid, int side, Map<String, long[]> byState, Map<List<String>, long[]> byThread,
            long[] whole) {
        if (totals == null) {
            return;
        }
        int state = totals.columnIndex("state");
        int tidAt = totals.columnIndex("tid");
        int name = totals.columnIndex("name");
        int ns = totals.columnIndex("ns");
        for (Object[] row : totals.rows()) {
            long t = (Long) row[ns];
            String who = row[tidAt] != null && ((Long) row[tidAt]).intValue() == tid ? ITSELF : String.valueOf(row[name]);
            byState.computeIfAbsent((String) row[state], k -> new long[2])[side] += t;
            byThread.computeIfAbsent(List.of((String) row[state], who), k -> new long[2])[side] += t;
            whole[side] += t;
        }
    }

    /** The largest changes first, then the longest. */
    private static <K> List<Map.Entry<K, long[]>> sorted(Map<K, long[]> sums) {
        List<Map.Entry<K, long[]>> rows = new ArrayList<>(sums.entrySet());
        rows.sort((x, y) -> {
            int c = Long.compare(Math.abs(y.getValue()[1] - y.getValue()[0]), Math.abs(x.getValue()[1] - x.getValue()[0]));
            return c != 0 ? c : Long.compare(y.getValue()[0] + y.getValue()[1], x.getValue()[0] + x.getValue()[1]);
        });
        return rows;
    }

    private static Object[] row(List<String> key, long[] ns, long[] whole) {
        List<Object> cells = new ArrayList<>(key);
        cells.add(ns[0]);
        cells.add(whole[0] == 0 ? null : (double) ns[0] / whole[0]);
        cells.add(ns[1]);
        cells.add(whole[1] == 0 ? null : (double) ns[1] / whole[1]);
        cells.add(ns[1] - ns[0]);
        return cells.toArray();
    }
}
