package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TextReportWriter;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.DeclaredEvents;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.LauncherTest.Result;

/**
 * What a user reads in a terminal: {@code lttbench analyze --all TRACE} (and {@code --by process}) on every shared trace,
 * every line of it 120 columns at most, and every cell of every table in its kind's one text form, read back from
 * the text with patterns of its own (a duration with its unit scaled to 1..999, sizes in B/KiB/MiB, rates per
 * second, counts with thousands separators, every trace by the same short name). The model (an in-process run of the
 * same analyses) only says which column a header is and what kind it has; the cells are checked from the text.
 */
class TextTablesReadableTest {
    private static final int WIDTH = 120;

    private static final String DURATION = "(-|0|-?(\\d{1,3}(\\.\\d{1,3})?) (ns|µs|ms)|-?\\d+(\\.\\d{1,2})? s)";
    private static final String SIZE = "(-?\\d{1,4} B|\\d{1,4}(\\.\\d)? (KiB|MiB|GiB|TiB))";
    private static final Map<ColumnKind, Pattern> CELLS = Map.ofEntries(
            Map.entry(ColumnKind.DURATION, Pattern.compile(DURATION)),
            Map.entry(ColumnKind.FRACTIONAL_DURATION, Pattern.compile(DURATION)),
            Map.entry(ColumnKind.SIZE, Pattern.compile(SIZE)),
            Map.entry(ColumnKind.BYTE_RATE, Pattern.compile(SIZE + "/s")),
            Map.entry(ColumnKind.RATE, Pattern.compile("\\d{1,3}(,\\d{3})*/s|\\d{1,2}\\.\\d/s")),
            Map.entry(ColumnKind.RATIO, Pattern.compile("0%|<0\\.01%|\\d{1,3}(,\\d{3})*\\.\\d{1,2}%")),
            Map.entry(ColumnKind.INTEGER, Pattern.compile("-?\\d{1,3}(,\\d{3})*")),
            Map.entry(ColumnKind.NUMBER, Pattern.compile("0|-?\\d{1,3}(,\\d{3})*|-?\\d{1,3}\\.\\d|-?0\\.\\d{3}|<0\\.001|>-0\\.001")),
            Map.entry(ColumnKind.TIMESTAMP, Pattern.compile("\\d\\d:\\d\\d:\\d\\d\\.\\d{9}")),
            Map.entry(ColumnKind.TIME_RANGE, Pattern.compile("\\d\\d:\\d\\d:\\d\\d\\.\\d{9} \\+" + DURATION)),
            Map.entry(ColumnKind.PID, Pattern.compile("\\d+")),
            Map.entry(ColumnKind.TID, Pattern.compile("\\d+")),
            Map.entry(ColumnKind.CPU, Pattern.compile("\\d+")));
    private static final Pattern BELOW = Pattern.compile("^    ([A-Z][A-Za-z /-]*): (.*)$");
    private static final Pattern CONTINUED = Pattern.compile("^      \\S.*$");

    static List<Path> traces() throws IOException {
        try (Stream<Path> list = Files.list(TestPaths.traces())) {
            return list.filter(Files::isDirectory).sorted().toList();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("traces")
    void everyDefaultTableFits120ColumnsWithOneUnitPerKind(Path trace) throws Exception {
        check(trace, GroupBy.THREAD);
        // per process where the process analysis applies, as the trace's declared events (babeltrace2) say
        boolean applies = DeclaredEvents.of(trace).applies("process");
        assertEquals(applies, InProcessCli.run("lami", "process", "--test-compatibility", trace.toString()).code() == 0,
                trace + ": the process analysis applies as the declared events say");
        if (applies) {
            check(trace, GroupBy.PROCESS);
        }
    }

    /**
     * Several traces at once add a host column to the tables that are widest already (the disk requests per thread
     * on the two scp traces): still 120 columns, the last figures left to {@code --wide}, which says so.
     */
    @Test
    void severalTracesFit120Columns() {
        for (List<String> set : List.of(List.of("kernel-scp-src", "kernel-scp-dest"),
                List.of("kernel-many-threads", "kernel-scp-src", "kernel-arm-bug446190", "ust-ros2"))) {
            List<String> args = new ArrayList<>(List.of("analyze", "--all"));
            set.forEach(name -> args.add(TestPaths.trace(name).toString()));
            for (String by : List.of("thread", "process")) {
                args.add("--by=" + by);
                Result run = InProcessCli.run(args.toArray(String[]::new));
                args.remove(args.size() - 1);
                assertEquals(0, run.code(), set + ": " + run.err());
                for (String line : run.out().lines().toList()) {
                    assertTrue(line.codePointCount(0, line.length()) <= WIDTH, set + " --by " + by + ": a line of "
                            + line.codePointCount(0, line.length()) + " columns: " + line);
                }
            }
        }
    }

    /** {@code --wide} shows every column, and the default says which it left out. */
    @Test
    void wideShowsEveryColumn() {
        String trace = TestPaths.trace("ust-hello-lost").toString();
        Result narrow = InProcessCli.run("analyze", "--analysis", "overhead", trace);
        Result wide = InProcessCli.run("analyze", "--analysis", "overhead", "--wide", trace);
        assertEquals(0, wide.code(), wide.err());
        assertTrue(narrow.out().contains("(--wide adds 11 columns: Gaps, Gap p10, Gap p90,"), narrow.out());
        String header = wide.out().lines().dropWhile(l -> !l.startsWith("Tracepoints:")).skip(1).findFirst().orElseThrow();
        for (String title : List.of("Gaps", "Gap p10", "Gap p90", "Back-to-back", "In cluster", "Why no cost")) {
            assertTrue(header.contains(title), header);
        }
        assertTrue(header.length() > WIDTH, "as wide as it needs: " + header.length());
        assertFalse(wide.out().contains("--wide adds"), wide.out());
    }

    private static void check(Path trace, GroupBy groupBy) throws IOException {
        List<Report> model = model(trace, groupBy);
        Result run = groupBy == GroupBy.PROCESS ? InProcessCli.run("analyze", "--all", "--by", "process", trace.toString())
                : InProcessCli.run("analyze", "--all", trace.toString());
        String what = trace.getFileName() + (groupBy == GroupBy.PROCESS ? " --by process" : "");
        assertEquals(0, run.code(), what + ": " + run.err());
        List<String> lines = run.out().lines().toList();
        for (String line : lines) {
            assertTrue(line.codePointCount(0, line.length()) <= WIDTH, what + ": a line of "
                    + line.codePointCount(0, line.length()) + " columns: " + line);
        }
        Set<String> traceNames = new HashSet<>();
        int tables = 0;
        for (Report report : model) {
            assertTrue(lines.stream().anyMatch(l -> l.startsWith(report.summary().substring(0, 20))),
                    what + ": the " + report.analysis() + " summary line");
            for (Table table : report.tables()) {
                tables += checkTable(table, lines, traceNames, what);
            }
        }
        assertTrue(tables > 0, what + ": no table with rows was checked");
        assertTrue(traceNames.size() <= model.get(0).traces().size(), what + ": one name per trace in every table, not "
                + traceNames);
    }

    /** Checks one table's text; returns 1 when it has rows shown as a table, else 0. */
    /**
     * The line after a table's warnings, which follow its title line at {@code title}: each warning said whole, wrapped
     * under its "warning: ", or in brief when it was said whole above.
     */
    static int afterWarnings(Table table, List<String> lines, int title, String where) {
        int head = title + 1;
        for (Table.Warning w : table.warnings()) {
            if (lines.get(head).trim().equals("warning: " + TextReportWriter.repeated(w))) {
                String whole = "warning: " + w.text();
                assertTrue(lines.subList(0, title).stream().anyMatch(l -> l.startsWith("warning: ") && whole.startsWith(l.trim())),
                        where + ": its warning, said whole above");
                head++;
                continue;
            }
            StringBuilder said = new StringBuilder(lines.get(head++).trim());
            while (said.length() < ("warning: " + w.text()).length()) {
                said.append(' ').append(lines.get(head++).trim());
            }
            assertEquals("warning: " + w.text(), said.toString(), where + ": its warning");
        }
        return head;
    }

    private static int checkTable(Table table, List<String> lines, Set<String> traceNames, String what) {
        String where = what + ", table " + table.key();
        int title = lines.indexOf(table.title());
        if (table.rows().isEmpty()) {
            assertTrue(lines.contains(table.title() + ": none"), where + ": an empty table says so in one line");
            return 0;
        }
        assertTrue(title >= 0, where + ": its title line");
        if (table.isChartData()) {
            assertTrue(lines.get(title + 1).startsWith("(chart data, "), where);
            return 0;
        }
        int head = afterWarnings(table, lines, title, where);
        List<String> header = List.of(lines.get(head).trim().split(" {2,}"));
        Map<String, Column> byTitle = new HashMap<>();
        for (Column c : table.columns()) {
            assertTrue(byTitle.put(c.title(), c) == null, where + ": two columns titled " + c.title());
        }
        List<Column> columns = new ArrayList<>();
        for (String h : header) {
            Column c = byTitle.get(h);
            assertTrue(c != null, where + ": header '" + h + "' names no column of " + table.columns());
            assertFalse(c.detail(), where + ": detail column " + h + " in the default text");
            columns.add(c);
        }
        int rows = 0;
        boolean underRow = false;
        for (int i = head + 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isEmpty() || line.startsWith("... and ") || line.startsWith("(--wide adds")) {
                break;
            }
            var below = BELOW.matcher(line);
            if (below.matches()) {
                Column c = byTitle.get(below.group(1));
                assertTrue(c != null && c.kind() == ColumnKind.TEXT, where + ": a text column under its row: " + line);
                underRow = true;
                continue;
            }
            // a text under its row too long for one line goes on, two spaces further in
            if (underRow && CONTINUED.matcher(line).matches() && line.trim().split(" {2,}").length != columns.size()) {
                continue;
            }
            underRow = false;
            rows++;
            List<String> cells = List.of(line.trim().split(" {2,}"));
            assertEquals(columns.size(), cells.size(), where + ": cells of " + line);
            for (int c = 0; c < cells.size(); c++) {
                checkCell(columns.get(c), cells.get(c), where + " " + columns.get(c).key(), traceNames);
            }
        }
        assertEquals(Math.min(25, table.rows().size()), rows, where + ": rows shown");
        return 1;
    }

    private static void checkCell(Column column, String cell, String where, Set<String> traceNames) {
        if (cell.equals("-")) {
            return;
        }
        Pattern p = CELLS.get(column.kind());
        if (p != null) {
            assertTrue(p.matcher(cell).matches(), where + ": '" + cell + "' is not how a " + column.kind() + " reads");
        } else if (column.kind() == ColumnKind.TRACE) {
            assertFalse(cell.startsWith("/"), where + ": a trace by its name, not its path: " + cell);
            traceNames.add(cell);
        }
    }

    /** The default run's reports (every analysis that applies), straight from the core. */
    private static List<Report> model(Path trace, GroupBy groupBy) throws IOException {
        try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
            return AnalysisRun.run(set, AnalysisRun.plan(Analyses.all(), set, new AnalysisOptions(TimeRange.ALL, groupBy))
                    .toRun(), ProgressListener.NONE);
        }
    }
}
