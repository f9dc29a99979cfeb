package org.lttbench.tests.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.CsvReportWriter;
import org.lttbench.core.report.JsonReportWriter;
import org.lttbench.core.report.LamiReportWriter;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TextReportWriter;
import org.lttbench.core.trace.TimeRange;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * A figure a check found doubtful is said with its table in every writer (text under the table's title, CSV after the
 * table's key line, JSON in {@code warnings}, LAMI in the result's title and its notes), and a table without a
 * warning writes exactly as before.
 */
class TableWarningsTest {
    private static final TimeRange RANGE = new TimeRange(1_700_000_000_000_000_000L, 1_700_000_001_000_000_000L);
    private static final String WHY = "Wait I/O is doubtful: only 5.7% of it lies within block requests in flight";

    private static Report report(boolean warn) {
        Report r = new Report("process", "Time per thread", RANGE);
        Table threads = new Table("threads", "Time per thread",
                List.of(new Column("tid", "TID", ColumnKind.TID, "thread"),
                        new Column("wait_io_ns", "Wait I/O", ColumnKind.DURATION, "I/O wait")));
        threads.addRow(7L, 834_000_000L);
        if (warn) {
            threads.warn("Wait I/O doubtful", WHY);
        }
        Table devices = new Table("io_devices", "I/O wait per block device",
                List.of(new Column("device", "Device", ColumnKind.TEXT, "device")));
        devices.addRow("nvme0n1 (259:0)");
        return r.add(threads).add(devices).note("a note");
    }

    @Test
    void everyWriterSaysTheWarningWithItsTable() throws Exception {
        StringWriter text = new StringWriter();
        TextReportWriter.write(List.of(report(true)), text, TextReportWriter.ALL_ROWS);
        String[] lines = text.toString().split("\n");
        int title = List.of(lines).indexOf("Time per thread");
        assertTrue(title >= 0, text.toString());
        assertTrue(lines[title + 1].startsWith("warning: Wait I/O is doubtful"), "right under the title: " + text);

        StringWriter csv = new StringWriter();
        CsvReportWriter.write(List.of(report(true)), csv);
        assertTrue(csv.toString().startsWith("# threads\n# warning: " + WHY + "\ntid,wait_io_ns\r\n"), csv.toString());

        StringWriter json = new StringWriter();
        JsonReportWriter.write(List.of(report(true)), json);
        JsonObject o = JsonParser.parseString(json.toString()).getAsJsonObject();
        assertEquals(1, o.getAsJsonArray("warnings").size());
        JsonObject w = o.getAsJsonArray("warnings").get(0).getAsJsonObject();
        assertEquals("threads", w.get("table").getAsString());
        assertEquals(WHY, w.get("warning").getAsString());

        Report r = report(true);
        StringWriter lami = new StringWriter();
        LamiReportWriter.writeResults(List.of(r), r.tables(), lami);
        JsonObject result = JsonParser.parseString(lami.toString()).getAsJsonObject().getAsJsonArray("results").get(0)
                .getAsJsonObject();
        assertEquals("Time per thread (Wait I/O doubtful)", result.getAsJsonObject("class").get("title").getAsString());
        assertTrue(lami.toString().contains("\"warning: " + WHY + "\""), "in the notes: " + lami);
    }

    /**
     * A warning said of two tables of one report (a trace's doubtful wakers, under a critical path's two tables): text
     * says it whole under the first and in brief under the second, LAMI's notes once; JSON and CSV, read table by
     * table, keep it whole with each.
     */
    @Test
    void aWarningOfTwoTablesIsSaidWholeOnceInText() throws Exception {
        Report r = report(true);
        r.tables().get(1).warn("Wait I/O doubtful", WHY);
        StringWriter text = new StringWriter();
        TextReportWriter.write(List.of(r), text, TextReportWriter.ALL_ROWS);
        List<String> lines = List.of(text.toString().split("\n"));
        assertTrue(lines.get(lines.indexOf("Time per thread") + 1).startsWith("warning: Wait I/O is doubtful"), text.toString());
        assertEquals("warning: Wait I/O doubtful, as above", lines.get(lines.indexOf("I/O wait per block device") + 1),
                text.toString());
        assertEquals(1, text.toString().split("only 5.7%", -1).length - 1, "said whole once: " + text);

        StringWriter json = new StringWriter();
        JsonReportWriter.write(List.of(r), json);
        assertEquals(2, JsonParser.parseString(json.toString()).getAsJsonObject().getAsJsonArray("warnings").size());
        StringWriter csv = new StringWriter();
        CsvReportWriter.write(List.of(r), csv);
        assertEquals(2, csv.toString().split("# warning: " + WHY, -1).length - 1, csv.toString());
        StringWriter lami = new StringWriter();
        LamiReportWriter.writeResults(List.of(r), r.tables(), lami);
        assertEquals(1, lami.toString().split("\"warning: " + WHY + "\"", -1).length - 1, "one note: " + lami);
    }

    @Test
    void withoutWarningsNothingChanges() throws Exception {
        StringWriter json = new StringWriter();
        JsonReportWriter.write(List.of(report(false)), json);
        assertFalse(json.toString().contains("warnings"), json.toString());
        StringWriter csv = new StringWriter();
        CsvReportWriter.write(List.of(report(false)), csv);
        assertFalse(csv.toString().contains("# warning"), csv.toString());
        StringWriter text = new StringWriter();
        TextReportWriter.write(List.of(report(false)), text, TextReportWriter.ALL_ROWS);
        assertFalse(text.toString().contains("warning"), text.toString());
    }
}
