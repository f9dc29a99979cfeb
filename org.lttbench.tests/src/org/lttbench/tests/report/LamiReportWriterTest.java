package org.lttbench.tests.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.LamiReportWriter;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.TimeRange;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/** LAMI output of hand-built reports: protocol-valid, and each cell holds the value the table held. */
class LamiReportWriterTest {
    private static final TimeRange RANGE = new TimeRange(1_700_000_000_000_000_000L, 1_700_000_002_500_000_000L);

    private static List<Column> threadColumns() {
        return List.of(
                new Column("tid", "TID", ColumnKind.TID, "thread id"),
                new Column("pid", "PID", ColumnKind.PID, "process id"),
                new Column("name", "Command", ColumnKind.PROCESS_NAME, "process name"),
                new Column("cpu", "CPU", ColumnKind.CPU, "last CPU"),
                new Column("user_ns", "User", ColumnKind.DURATION, "user time"),
                new Column("share", "Share", ColumnKind.RATIO, "share of the range"),
                new Column("first_ns", "First seen", ColumnKind.TIMESTAMP, "first event"),
                new Column("alive", "Alive", ColumnKind.TIME_RANGE, "when it lived"),
                new Column("bytes", "Bytes", ColumnKind.SIZE, "bytes written"),
                new Column("rate", "Rate", ColumnKind.BITRATE, "bits per second"),
                new Column("switches", "Switches", ColumnKind.INTEGER, "context switches"),
                new Column("mean", "Mean", ColumnKind.NUMBER, "mean of something"),
                new Column("comment", "Comment", ColumnKind.TEXT, "free text"));
    }

    private static Table threads() {
        return new Table("threads", "Threads", threadColumns())
                .addRow(1234L, 1200L, "gcc, \"the\" compiler", 3L, 5_000_000L, 0.25, RANGE.begin() + 10, new TimeRange(RANGE.begin() + 10, RANGE.end() - 10),
                        4096L, 8_000L, 17L, 2.5, "ok")
                .addRow(7L, null, null, -1L, 0L, Double.NaN, null, null, null, null, null, Double.POSITIVE_INFINITY, null);
    }

    private static String metadata(List<Table> tables) throws IOException {
        StringWriter out = new StringWriter();
        LamiReportWriter.writeMetadata("LTTbench: test", "A test analysis", "0.1.0.202611211723", List.of("lttbench", "test"), tables, out);
        return out.toString();
    }

    private static String results(List<Report> reports, List<Table> declared) throws IOException {
        StringWriter out = new StringWriter();
        LamiReportWriter.writeResults(reports, declared, out);
        return out.toString();
    }

    /**
     * Trace Compass shows two columns of one title as one: a title the table repeats (here "Running", a duration and
     * a ratio, as the process analysis has; and "Thread", which the merged process column takes) is told apart by
     * its class, in the metadata and in results that describe their own class.
     */
    @Test
    void noTwoColumnsOfATableShareATitle() throws IOException {
        List<Column> columns = List.of(new Column("tid", "TID", ColumnKind.TID, "thread id"),
                new Column("thread", "Thread", ColumnKind.TEXT, "a column titled like the process column"),
                new Column("running_ns", "Running", ColumnKind.DURATION, "running time"),
                new Column("running_ratio", "Running", ColumnKind.RATIO, "share of the range"),
                new Column("running_other", "Running", ColumnKind.RATIO, "a third one"));
        Table table = new Table("t", "T", columns).addRow(1L, "x", 5L, 0.5, 0.25);
        JsonObject metadata = LamiProtocol.parseOneLine(metadata(List.of(table)));
        LamiProtocol.checkMetadata(metadata); // fails on a title shown twice
        List<String> titles = new java.util.ArrayList<>();
        for (var c : metadata.getAsJsonObject("table-classes").getAsJsonObject("t").getAsJsonArray("column-descriptions")) {
            titles.add(c.getAsJsonObject().get("title").getAsString());
        }
        assertEquals(List.of("Thread", "Thread (string)", "Running", "Running (ratio)", "Running (ratio 2)"), titles);
        Report report = new Report("test", "Test", RANGE).add(table);
        LamiProtocol.checkResults(LamiProtocol.parseOneLine(results(List.of(report), List.of())), Map.of());
    }

    @Test
    void metadataDescribesEveryTableWithLamiClassesAndMergesThreadColumnsIntoAProcessObject() throws IOException {
        JsonObject metadata = LamiProtocol.parseOneLine(metadata(List.of(threads())));
        Map<String, List<String>> classes = LamiProtocol.checkMetadata(metadata);
        assertEquals(List.of("process", "cpu", "duration", "ratio", "timestamp", "time-range", "size", "bitrate", "number", "number", "string"),
                classes.get("threads"));
        assertEquals(List.of("string"), classes.get(LamiReportWriter.NOTES));
        assertEquals("LTTbench: test", metadata.get("title").getAsString());
        JsonObject version = metadata.getAsJsonObject("version");
        assertEquals(0, version.get("major").getAsInt());
        assertEquals(1, version.get("minor").getAsInt());
        assertEquals("202611211723", version.get("extra").getAsString());
        JsonArray columns = metadata.getAsJsonObject("table-classes").getAsJsonObject("threads").getAsJsonArray("column-descriptions");
        assertEquals("Thread", columns.get(0).getAsJsonObject().get("title").getAsString());
        assertEquals("User", columns.get(2).getAsJsonObject().get("title").getAsString());
    }

    @Test
    void resultsCarryEachCellAsTheDataObjectOfItsClass() throws IOException {
        Report report = new Report("test", "Test", RANGE).add(threads()).note("The trace lost 42 events in this range.");
        String text = results(List.of(report), List.of(threads()));
        Map<String, List<String>> classes = LamiProtocol.checkMetadata(LamiProtocol.parseOneLine(metadata(List.of(threads()))));
        List<JsonObject> tables = LamiProtocol.checkResults(LamiProtocol.parseOneLine(text), classes);

        assertEquals(2, tables.size());
        JsonObject threads = tables.get(0);
        assertEquals("threads", threads.get("class").getAsString());
        JsonObject range = threads.getAsJsonObject("time-range");
        assertEquals(RANGE.begin(), range.getAsJsonObject("begin").get("value").getAsLong());
        assertEquals(RANGE.end(), range.getAsJsonObject("end").get("value").getAsLong());

        JsonArray first = threads.getAsJsonArray("data").get(0).getAsJsonArray();
        JsonObject process = first.get(0).getAsJsonObject();
        assertEquals("gcc, \"the\" compiler", process.get("name").getAsString());
        assertEquals(1200, process.get("pid").getAsLong());
        assertEquals(1234, process.get("tid").getAsLong());
        assertEquals(3, first.get(1).getAsJsonObject().get("id").getAsInt());
        assertEquals(5_000_000L, first.get(2).getAsJsonObject().get("value").getAsLong());
        assertEquals(0.25, first.get(3).getAsJsonObject().get("value").getAsDouble());
        assertEquals(RANGE.begin() + 10, first.get(4).getAsJsonObject().get("value").getAsLong());
        assertEquals(RANGE.end() - 10, first.get(5).getAsJsonObject().getAsJsonObject("end").get("value").getAsLong());
        assertEquals(4096, first.get(6).getAsJsonObject().get("value").getAsLong());
        assertEquals(8000, first.get(7).getAsJsonObject().get("value").getAsLong());
        assertEquals(17, first.get(8).getAsLong());
        assertEquals(2.5, first.get(9).getAsDouble());
        assertEquals("ok", first.get(10).getAsString());

        // Unknown values: a thread with only its tid, an unknown CPU, no NaN or infinity in JSON.
        JsonArray second = threads.getAsJsonArray("data").get(1).getAsJsonArray();
        assertEquals(Map.of("class", "process", "tid", "7"), flat(second.get(0).getAsJsonObject()));
        assertEquals("unknown", second.get(1).getAsJsonObject().get("class").getAsString());
        assertTrue(second.get(3).isJsonNull());
        assertTrue(second.get(9).isJsonNull());

        JsonObject notes = tables.get(1);
        assertEquals(LamiReportWriter.NOTES, notes.get("class").getAsString());
        assertEquals("The trace lost 42 events in this range.", notes.getAsJsonArray("data").get(0).getAsJsonArray().get(0).getAsString());
    }

    @Test
    void aTableThatDiffersFromItsDeclaredClassDescribesItself() throws IOException {
        Table declared = threads();
        Table retitled = new Table("threads", "Threads of pid 1200", threadColumns());
        Table moreColumns = new Table("threads", "Threads", List.of(threadColumns().get(0), threadColumns().get(4),
                new Column("cycles", "Cycles", ColumnKind.INTEGER, "PMU cycles")));
        moreColumns.addRow(1L, 2L, 3L);
        Map<String, List<String>> classes = LamiProtocol.checkMetadata(LamiProtocol.parseOneLine(metadata(List.of(declared))));

        JsonObject inherit = LamiProtocol.checkResults(LamiProtocol.parseOneLine(
                results(List.of(new Report("t", "T", RANGE).add(retitled)), List.of(declared))), classes).get(0);
        assertEquals("threads", inherit.getAsJsonObject("class").get("inherit").getAsString());
        assertEquals("Threads of pid 1200", inherit.getAsJsonObject("class").get("title").getAsString());

        JsonObject own = LamiProtocol.checkResults(LamiProtocol.parseOneLine(
                results(List.of(new Report("t", "T", RANGE).add(moreColumns)), List.of(declared))), classes).get(0);
        assertEquals(3, own.getAsJsonObject("class").getAsJsonArray("column-descriptions").size());
        assertEquals("process", own.getAsJsonObject("class").getAsJsonArray("column-descriptions").get(0).getAsJsonObject().get("class").getAsString());
    }

    @Test
    void aProcessTableGivesProcessObjectsWithoutTidAndANameAloneStaysAString() throws IOException {
        Table processes = new Table("processes", "Processes", List.of(
                new Column("pid", "PID", ColumnKind.PID, "process id"),
                new Column("name", "Command", ColumnKind.PROCESS_NAME, "name"),
                new Column("ppid", "Parent", ColumnKind.PID, "parent's pid")))
                .addRow(10L, "init", 0L);
        Table names = new Table("names", "Names", List.of(new Column("name", "Command", ColumnKind.PROCESS_NAME, "name"))).addRow("bash");
        List<Table> declared = List.of(processes, names);
        Map<String, List<String>> classes = LamiProtocol.checkMetadata(LamiProtocol.parseOneLine(metadata(declared)));
        assertEquals(List.of("process", "number"), classes.get("processes"));
        assertEquals(List.of("string"), classes.get("names"));

        List<JsonObject> tables = LamiProtocol.checkResults(LamiProtocol.parseOneLine(
                results(List.of(new Report("t", "T", RANGE).add(processes).add(names)), declared)), classes);
        JsonArray row = tables.get(0).getAsJsonArray("data").get(0).getAsJsonArray();
        assertEquals(Map.of("class", "process", "pid", "10", "name", "init"), flat(row.get(0).getAsJsonObject()));
        assertEquals(0, row.get(1).getAsLong());
        assertEquals("bash", tables.get(1).getAsJsonArray("data").get(0).getAsJsonArray().get(0).getAsString());
        assertFalse(tables.stream().anyMatch(t -> t.get("class").getAsString().equals(LamiReportWriter.NOTES)), "notes without notes");
    }

    @Test
    void anErrorIsOneObjectWithItsMessage() throws IOException {
        StringWriter out = new StringWriter();
        LamiReportWriter.writeError("no sched_switch event: \"kernel\" trace needed", out);
        JsonObject error = LamiProtocol.parseOneLine(out.toString());
        assertEquals("no sched_switch event: \"kernel\" trace needed", error.get("error-message").getAsString());
    }

    private static Map<String, String> flat(JsonObject o) {
        Map<String, String> m = new java.util.HashMap<>();
        o.entrySet().forEach(e -> m.put(e.getKey(), e.getValue().getAsString()));
        return m;
    }
}
