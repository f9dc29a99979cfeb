package org.lttbench.tests.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.latency.SchedulingLatencyAnalysis;
import org.lttbench.core.analysis.latency.SyscallLatencyAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.CsvReportWriter;
import org.lttbench.core.report.JsonReportWriter;
import org.lttbench.core.report.LamiReportWriter;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TextReportWriter;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tests.TestPaths;
import org.lttbench.ui.compute.AnalysisRequest;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.compute.TraceReading;

/**
 * Rows counted first and made when read (the per-thread latency tables of tens of thousands of rows, of which terminal
 * text shows 25): the table has them all, in order, whoever reads it; terminal text makes only those it shows; every
 * writer gives what the same rows added one by one give.
 */
class TableRowsWhenReadTest {
    private static final TimeRange RANGE = new TimeRange(1_000_000_000L, 2_000_000_000L);

    private static Table table() {
        return new Table("threads", "Time per thread", List.of(new Column("tid", "TID", ColumnKind.TID, "thread"),
                new Column("total_ns", "Total", ColumnKind.DURATION, "time")));
    }

    /** Rows {@code tid, tid * 1000} for tids from {@code first}, by their number, counting those made. */
    private static final class Maker implements IntFunction<Object[]> {
        final int first;
        int made;

        Maker(int first) {
            this.first = first;
        }

        @Override
        public Object[] apply(int i) {
            made++;
            long tid = first + i;
            return new Object[] { tid, tid * 1000 };
        }
    }

    /**
     * Rows left to a filler (a table a comparison of two runs does not read): the filler runs at the first question
     * about the rows, once, on the thread that asks; a table never asked never runs it; the rows are those it added,
     * and every writer gives what the same rows added at once give.
     */
    @Test
    void rowsLeftToAFillerAreAddedWhenFirstAskedForAndOnce() throws Exception {
        int[] fills = { 0 };
        Table never = table().fillWhenRead(() -> fills[0]++);
        assertEquals("threads", never.key());
        assertEquals(0, fills[0], "a table whose rows are not asked for is not filled");

        Maker maker = new Maker(2);
        Table lazy = table();
        lazy.fillWhenRead(() -> {
            fills[0]++;
            lazy.addRow(1L, 1000L);
            lazy.addRowsMadeAtEachRead(3, maker);
        });
        Table eager = table().addRow(1L, 1000L).addRowsMadeAtEachRead(3, new Maker(2));
        assertEquals(0, fills[0]);
        assertEquals(4, lazy.rows().size());
        assertEquals(1, fills[0], "filled at the first question");
        assertEquals(0, maker.made, "its rows made at each read still");
        StringWriter a = new StringWriter();
        StringWriter b = new StringWriter();
        CsvReportWriter.writeTable(lazy, a);
        CsvReportWriter.writeTable(eager, b);
        assertEquals(b.toString(), a.toString());
        assertEquals(4, lazy.rows().size());
        assertEquals(1, fills[0], "filled once");
        assertThrows(IllegalStateException.class, () -> eager.fillWhenRead(() -> { }), "rows first, then a filler");
    }

    @Test
    void rowsAreMadeWhenReadAndOnlyThose() throws Exception {
        Table later = table();
        later.addRow(1L, 1000L);
        Maker maker = new Maker(2);
        later.addRowsMadeAtEachRead(10_000, maker);
        assertEquals(0, maker.made);
        assertEquals(10_001, later.rows().size());
        assertEquals(0, maker.made);

        Report r = new Report("process", "Time per thread", RANGE);
        r.add(later);
        StringWriter text = new StringWriter();
        TextReportWriter.write(List.of(r), text, 25);
        assertEquals(24, maker.made, "terminal text makes the rows it shows alone");
        assertTrue(text.toString().contains("... and 9,976 more rows"), text.toString());

        // the rest when read, in order, and then the same as a table made row by row
        assertArrayEquals(new Object[] { 5000L, 5_000_000L }, later.rows().get(4999));
        Table eager = table();
        for (long tid = 1; tid <= 10_001; tid++) {
            eager.addRow(tid, tid * 1000);
        }
        assertEquals(csv(eager), csv(later));
    }

    /**
     * Rows made at each read (the waits tables of a busy machine, which highlights sum and writers stream): made again
     * at each read and not kept, equal each time and to rows added one by one; kept once made now (a report taken during
     * the pass) or once a row is added after them.
     */
    @Test
    void rowsMadeAtEachReadAreNotKept() throws Exception {
        int[] made = { 0 };
        Table t = table();
        t.addRow(1L, 1000L);
        t.addRowsMadeAtEachRead(1_000, i -> {
            made[0]++;
            long tid = i + 2;
            return new Object[] { tid, tid * 1000 };
        });
        assertEquals(1_001, t.rows().size());
        assertEquals(0, made[0]);
        Table eager = table();
        for (long tid = 1; tid <= 1_001; tid++) {
            eager.addRow(tid, tid * 1000);
        }
        assertEquals(csv(eager), csv(t));
        assertEquals(csv(eager), csv(t), "the same at a second read");
        assertEquals(2_000, made[0], "made at each read");
        assertEquals(1, t.rowsMade(), "and not kept");
        assertArrayEquals(new Object[] { 500L, 500_000L }, t.rows().get(499));

        t.addRow(5000L, 5_000_000L);
        assertEquals(1_002, t.rowsMade(), "a row added after them keeps them, in order");
        assertArrayEquals(new Object[] { 1001L, 1_001_000L }, t.rows().get(1000));
        assertArrayEquals(new Object[] { 5000L, 5_000_000L }, t.rows().get(1001));
        Table now = table().addRowsMadeAtEachRead(3, i -> new Object[] { (long) i, 0L }).makeRowsNow();
        assertEquals(3, now.rowsMade(), "made now: kept");
    }

    /**
     * A writer's read of every row in order: a table of many rows made at each read has them made on another thread,
     * batches ahead; the same rows, in the same order, as reading them one by one gives, and each made once.
     */
    @Test
    void rowsReadInOrderAreMadeAheadAndAreTheSame() {
        for (int count : new int[] { 10, 4_095, 4_096, 4_097, 20_000 }) {
            Table t = table();
            t.addRow(1L, 5L);
            Maker maker = new Maker(2);
            t.addRowsMadeAtEachRead(count, maker);
            List<Object[]> read = new ArrayList<>();
            for (Object[] row : t.rowsInOrder()) {
                read.add(row);
            }
            assertEquals(count + 1, read.size(), count + " rows made at each read");
            assertEquals(count, maker.made, "each made once, " + count + " rows");
            for (int i = 0; i < read.size(); i++) {
                assertArrayEquals(t.rows().get(i), read.get(i), "row " + i + " of " + count);
            }
        }
    }

    /** A row that cannot be made fails the writer that reads it ahead, with the maker's own failure. */
    /**
     * A writer that reads every table (JSON, CSV, LAMI) has the tables left to a filler filled on another thread while it
     * writes those before them: the same bytes as the same rows added at once; a filler that fails there fails the write
     * with its own exception, and every later read of the table too.
     */
    @Test
    void tablesFilledAheadOfAWriterAreTheSameAndTheirFailureFailsTheWrite() throws Exception {
        List<Writing> writers = List.of(JsonReportWriter::write, CsvReportWriter::write,
                (reports, out) -> LamiReportWriter.writeResults(reports, List.of(), out));
        for (Writing w : writers) {
            assertEquals(written(w, report(false)), written(w, report(true)));
            Table failing = table().fillWhenRead(() -> {
                throw new IllegalStateException("the wakers cannot be ordered");
            });
            Report r = report(false).add(failing);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> written(w, r));
            assertEquals("the wakers cannot be ordered", e.getMessage());
            e = assertThrows(IllegalStateException.class, () -> failing.rows().size());
            assertEquals("the wakers cannot be ordered", e.getMessage());
        }
    }

    private interface Writing {
        void write(List<Report> reports, java.io.Writer out) throws java.io.IOException;
    }

    private static String written(Writing w, Report r) throws java.io.IOException {
        StringWriter out = new StringWriter();
        w.write(List.of(r), out);
        return out.toString();
    }

    /** A table of 20,000 rows made when read, then one of 5,000 left to a filler ({@code lazy}) or added at once. */
    private static Report report(boolean lazy) {
        Report r = new Report("threads", "Threads", new TimeRange(0, 1_000_000));
        Table first = new Table("first", "Made when read", table().columns());
        first.addRowsMadeAtEachRead(20_000, new Maker(1));
        Table second = new Table("second", "Filled", table().columns());
        Runnable rows = () -> second.addRow(7L, 7000L).addRowsMadeAtEachRead(5_000, new Maker(100));
        if (lazy) {
            second.fillWhenRead(rows);
        } else {
            rows.run();
        }
        return r.add(first).add(second);
    }

    @Test
    void aRowThatFailsAheadFailsItsReader() {
        Table t = table();
        t.addRowsMadeAtEachRead(10_000, i -> {
            if (i == 7_000) {
                throw new IllegalStateException("row 7000 cannot be made");
            }
            return new Object[] { (long) i, 1L };
        });
        List<Object[]> read = new ArrayList<>();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> {
            for (Object[] row : t.rowsInOrder()) {
                read.add(row);
            }
        });
        assertEquals("row 7000 cannot be made", e.getMessage());
        assertTrue(read.size() <= 7_000, "no row after the failed one: " + read.size());
    }

    @Test
    void aRowAddedAfterComesAfter() {
        Table t = table();
        t.addRowsMadeAtEachRead(3, new Maker(1));
        t.addRow(9L, 9000L);
        List<Long> tids = new ArrayList<>();
        for (Object[] row : t.rows()) {
            tids.add((Long) row[0]);
        }
        assertEquals(List.of(1L, 2L, 3L, 9L), tids);
    }

    @Test
    void aMakerThatMakesWrongRowsIsCaught() {
        Table wrong = table();
        wrong.addRowsMadeAtEachRead(1, i -> new Object[] { "seven", 1L });
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> wrong.rows().get(0));
        assertTrue(bad.getMessage().contains("column tid"), bad.getMessage());
        Table narrow = table();
        narrow.addRowsMadeAtEachRead(1, i -> new Object[] { 1L });
        IllegalArgumentException cells = assertThrows(IllegalArgumentException.class, () -> narrow.rows().get(0));
        assertTrue(cells.getMessage().contains("row has 1"), cells.getMessage());
    }

    /**
     * The viewer's reports come with every row made, on the reading thread: its UI thread shows them, and must neither
     * make tens of thousands of rows nor (live) read figures the pass still changes. The same analyses run alone make
     * their per-thread latency rows at each read and keep none: read in any order, they are the rows the viewer keeps.
     */
    /**
     * What a comparison of two runs reads of a row made at each read comes from the table's compared maker, which makes
     * less than the row (a per-thread latency row without its percentiles); of a kept row, or once the rows are made
     * now, it is the row itself.
     */
    @Test
    void aComparisonReadsCellsFromTheirOwnMaker() {
        Maker whole = new Maker(2);
        Table t = table().addRow(1L, 1000L).addRowsMadeAtEachRead(3, whole, null, i -> new Object[] { i + 2L, null });
        assertArrayEquals(new Object[] { 1L, 1000L }, t.comparedCells(0), "a kept row");
        assertArrayEquals(new Object[] { 3L, null }, t.comparedCells(2), "a row made at each read");
        assertEquals(0, whole.made, "the whole row not made");
        t.makeRowsNow();
        assertArrayEquals(new Object[] { 3L, 3000L }, t.comparedCells(2), "a row made now");
    }

    /**
     * On a real trace, the per-thread latency tables' rows as a comparison reads them hold the very subjects, counts and
     * totals of the whole rows (and so group and sum as they would), row by row, for a table read in order.
     */
    @Test
    void thePerThreadLatencyRowsAComparisonReadsAreTheirSubjectsCountsAndTotals() throws Exception {
        try (TraceSet set = CtfTraceSet.open(List.of(TestPaths.trace("kernel-many-threads")))) {
            List<Report> run = AnalysisRun.run(set, List.of(SyscallLatencyAnalysis.PROVIDER.create(AnalysisOptions.DEFAULT),
                    SchedulingLatencyAnalysis.PROVIDER.create(AnalysisOptions.DEFAULT)), ProgressListener.NONE);
            for (Table t : List.of(run.get(0).table("syscalls_per_thread"), run.get(1).table("sched_latency_per_thread"))) {
                assertTrue(t.rows().size() > 100, t.key() + ": " + t.rows().size() + " rows");
                int compared = 0;
                for (int r = 0; r < t.rows().size(); r++) {
                    Object[] cells = t.comparedCells(r);
                    Object[] row = t.rows().get(r);
                    for (int i = 0; i < row.length; i++) {
                        org.lttbench.core.report.ColumnRole.Kind kind = t.columns().get(i).role().kind();
                        if (kind == org.lttbench.core.report.ColumnRole.Kind.SUBJECT
                                || kind == org.lttbench.core.report.ColumnRole.Kind.COUNT
                                || kind == org.lttbench.core.report.ColumnRole.Kind.TOTAL) {
                            assertEquals(row[i], cells[i], t.key() + " row " + r + ", " + t.columns().get(i).key());
                            compared++;
                        }
                    }
                }
                assertTrue(compared >= 3 * t.rows().size(), t.key() + ": " + compared + " cells compared");
            }
        }
    }

    @Test
    void theViewersReportsHaveTheirRowsMadeOnTheReadingThread() throws Exception {
        Path trace = TestPaths.trace("kernel-many-threads");
        List<AnalysisRequest> wanted = List.of(AnalysisRequest.of("syscalls"), AnalysisRequest.of("sched"));
        ReportSet shown = new TraceReading(() -> CtfTraceSet.open(List.of(trace))).reports(TimeRange.ALL, wanted, null,
                ProgressListener.NONE);
        assertEquals(2, shown.reports().size());
        for (Report r : shown.reports()) {
            for (Table t : r.tables()) {
                assertEquals(t.rows().size(), t.rowsMade(), r.analysis() + " " + t.key());
            }
        }
        Table alone = shown.reports().get(1).table("sched_latency_per_thread");
        Table calls = shown.reports().get(0).table("syscalls_per_thread");
        try (TraceSet set = CtfTraceSet.open(List.of(trace))) {
            List<Report> run = AnalysisRun.run(set, List.of(SyscallLatencyAnalysis.PROVIDER.create(AnalysisOptions.DEFAULT),
                    SchedulingLatencyAnalysis.PROVIDER.create(AnalysisOptions.DEFAULT)), ProgressListener.NONE);
            Table later = run.get(1).table("sched_latency_per_thread");
            assertTrue(later.rows().size() > 100, later.rows().size() + " rows");
            assertEquals(0, later.rowsMade());
            assertSameRowsBackwards(alone, later);
            assertSameRowsBackwards(calls, run.get(0).table("syscalls_per_thread"));
        }
    }

    /** {@code later}'s rows, read from the last to the first (each one's owner made again), are {@code kept}'s. */
    private static void assertSameRowsBackwards(Table kept, Table later) {
        assertEquals(kept.rows().size(), later.rows().size(), later.key());
        for (int i = later.rows().size() - 1; i >= 0; i--) {
            assertArrayEquals(kept.rows().get(i), later.rows().get(i), later.key() + " row " + i);
        }
        assertEquals(csvOf(kept), csvOf(later), later.key() + " in order");
        assertEquals(0, later.rowsMade(), later.key() + ": none kept");
    }

    private static String csvOf(Table t) {
        try {
            return csv(t);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static String csv(Table t) throws Exception {
        Report r = new Report("process", "Time per thread", RANGE);
        r.add(t);
        StringWriter out = new StringWriter();
        CsvReportWriter.write(List.of(r), out);
        return out.toString();
    }
}
