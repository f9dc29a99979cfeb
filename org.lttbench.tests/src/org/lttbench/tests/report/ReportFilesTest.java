package org.lttbench.tests.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.ReportFiles;
import org.lttbench.core.report.ReportFormat;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.TestPaths;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** {@code --out DIR}: one file per table in every format, each holding that table, its range and its report's notes. */
class ReportFilesTest {
    private static final TimeRange RANGE = new TimeRange(1_000_000_000L, 3_000_000_000L);

    private static List<Report> reports() {
        Table threads = new Table("threads", "Threads", List.of(new Column("tid", "TID", ColumnKind.TID, "thread"),
                new Column("user_ns", "User", ColumnKind.DURATION, "user time"))).addRow(1L, 2_000_000L).addRow(2L, 500L);
        Table processes = new Table("processes", "Processes", List.of(new Column("pid", "PID", ColumnKind.PID, "process"))).addRow(1L);
        Table streams = new Table("streams", "Loss per stream", List.of(new Column("stream", "Stream", ColumnKind.TEXT, "stream file"),
                new Column("discarded", "Discarded", ColumnKind.INTEGER, "events"))).addRow("chan_0", 42L);
        return List.of(new Report("process", "Where the time went", RANGE).add(threads).add(processes),
                new Report("discarded", "What the traces lost", RANGE).add(streams).note("chan_0 lost 42 events"));
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void eachTableGetsItsOwnFileInEachFormat() throws IOException {
        Path dir = TestPaths.workDir("report-files");
        for (ReportFormat format : ReportFormat.values()) {
            List<Path> files = ReportFiles.write(reports(), format, dir.resolve(format.name()));
            String ext = format.extension();
            assertEquals(List.of("processes." + ext, "streams." + ext, "threads." + ext), names(dir.resolve(format.name())));
            assertEquals(3, files.size());
        }
        List<String> csv = Files.readAllLines(dir.resolve("CSV/threads.csv"));
        assertEquals(List.of("tid,user_ns", "1,2000000", "2,500"), csv);
        assertEquals(List.of("stream,discarded", "chan_0,42"), Files.readAllLines(dir.resolve("CSV/streams.csv")));

        JsonObject json = JsonParser.parseString(Files.readString(dir.resolve("JSON/streams.json"))).getAsJsonObject();
        assertEquals(42, json.getAsJsonArray("streams").get(0).getAsJsonObject().get("discarded").getAsInt());
        assertEquals("chan_0 lost 42 events", json.getAsJsonArray("notes").get(0).getAsString());
        assertEquals(RANGE.begin(), json.getAsJsonObject("range").get("begin").getAsLong());
        assertTrue(!json.has("threads"), "one table per file: " + json);

        String text = Files.readString(dir.resolve("TEXT/threads.txt"));
        assertTrue(text.startsWith("Where the time went: 2.00 s from "), "the report's title and range first: " + text);
        assertTrue(text.contains("\nThreads\n"), text);
        assertTrue(text.contains("2.00 ms"), "2 ms of user time: " + text);
        assertTrue(text.contains("500 ns"), "and 500 ns: " + text);
        assertTrue(Files.readString(dir.resolve("TEXT/streams.txt")).contains("note: chan_0 lost 42 events"));
    }

    @Test
    void twoTablesOfOneNameAreRefusedBeforeAnythingIsWritten() throws IOException {
        Path dir = TestPaths.workDir("report-files-clash");
        Table a = new Table("threads", "A", List.of(new Column("tid", "TID", ColumnKind.TID, "t")));
        Table b = new Table("threads", "B", List.of(new Column("tid", "TID", ColumnKind.TID, "t")));
        List<Report> clash = List.of(new Report("x", "X", RANGE).add(a), new Report("y", "Y", RANGE).add(b));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReportFiles.write(clash, ReportFormat.CSV, dir));
        assertEquals("two tables named threads would write the same file", e.getMessage());
        assertEquals(List.of(), names(dir));
    }
}
