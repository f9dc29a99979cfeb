package org.lttbench.tests.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.JsonReportWriter;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.TimeRange;

import com.google.gson.stream.JsonWriter;

/**
 * The JSON report's rows, written as text handed to gson, are byte for byte what gson writes of the same rows as
 * objects, cell by cell: strings with every kind of character JSON escapes, longs and doubles at their edges (NaN and
 * the infinities as null), ranges, booleans, nulls, an empty table, and a table of thousands of rows made as they are
 * read; pretty and on one line.
 */
class JsonReportWriterTest {
    private static final List<Column> COLUMNS = List.of(new Column("name", "Name", ColumnKind.TEXT, "a string"),
            new Column("tid", "TID", ColumnKind.TID, "a long"),
            new Column("ratio", "Ratio", ColumnKind.RATIO, "a double"),
            new Column("when", "When", ColumnKind.TIME_RANGE, "a range"),
            new Column("odd \"key\"\t\\", "Odd", ColumnKind.BOOLEAN, "a key to quote"));
    private static final long[] LONGS = { 0, -1, 1, Long.MIN_VALUE, Long.MAX_VALUE, 1_700_000_000_123_456_789L };
    private static final double[] DOUBLES = { 0.0, -0.0, 0.1, 1.0 / 3, 1e-300, 1e300, 123456789.0, 1e7, 1e-3, 9.99e-4,
            Double.MIN_VALUE, Double.MAX_VALUE, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY };

    @Test
    void rowsAreWhatGsonWrites() throws IOException {
        List<Report> reports = reports(new Random(11));
        for (String indent : new String[] { "  ", "" }) {
            StringWriter ours = new StringWriter();
            if (indent.isEmpty()) {
                JsonReportWriter.writeLine(reports, ours);
            } else {
                JsonReportWriter.write(reports, ours);
            }
            assertEquals(gsons(reports, indent), ours.toString(), "indent '" + indent + "'");
        }
    }

    /**
     * An output that fails part-way (a full disk) fails the write with its own message, neither hangs nor leaves the
     * thread that writes behind the rows running.
     */
    @Test
    void aFailingOutputFailsTheWriteAndEndsItsThread() {
        List<Report> reports = reports(new Random(12));
        Writer full = new Writer() {
            private long written;

            @Override
            public void write(char[] chars, int off, int len) throws IOException {
                written += len;
                if (written > 100_000) {
                    throw new IOException("no space left on device");
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        IOException e = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> assertThrows(IOException.class, () -> JsonReportWriter.write(reports, full)));
        assertTrue(e.getMessage().contains("no space left on device"), e.getMessage());
        // ours among them, if other tests write at the same time: each must end
        List<Thread> writing = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("lttbench output")).toList();
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (Thread t : writing) {
                t.join();
            }
        });
    }

    private static List<Report> reports(Random random) {
        TimeRange range = new TimeRange(1_700_000_000_000_000_000L, 1_700_000_001_000_000_000L);
        Report a = new Report("first", "First", range);
        Table cells = new Table("cells", "Cells", COLUMNS);
        for (int i = 0; i < 400; i++) {
            cells.addRow(cell(random, text(random)), cell(random, LONGS[random.nextInt(LONGS.length)]),
                    cell(random, DOUBLES[random.nextInt(DOUBLES.length)] * (random.nextBoolean() ? 1 : random.nextDouble())),
                    cell(random, range(random)), cell(random, random.nextBoolean()));
        }
        a.add(cells).add(new Table("none", "No rows", COLUMNS));
        Report b = new Report("second", "Second", range);
        Table many = new Table("many", "Made when read", COLUMNS.subList(0, 3));
        many.addRowsMadeAtEachRead(20_000, i -> new Object[] { "thread " + i, (long) i * 7919, i / 7.0 });
        b.add(many).note("a note with \"quotes\" and a\nnew line");
        return List.of(a, b);
    }

    private static TimeRange range(Random random) {
        long a = random.nextLong();
        long b = random.nextLong();
        return new TimeRange(Math.min(a, b), Math.max(a, b));
    }

    private static Object cell(Random random, Object v) {
        return random.nextInt(8) == 0 ? null : v;
    }

    private static String text(Random random) {
        StringBuilder s = new StringBuilder();
        int n = random.nextInt(12);
        for (int i = 0; i < n; i++) {
            s.append(switch (random.nextInt(6)) {
                case 0 -> (char) random.nextInt(0x20); // control characters
                case 1 -> "\"\\/<>&='".charAt(random.nextInt(8));
                case 2 -> random.nextBoolean() ? '\u2028' : '\u2029';
                case 3 -> random.nextBoolean() ? "\uD83D\uDE00" : "é";
                case 4 -> (char) (0x7F + random.nextInt(0x30));
                default -> (char) ('a' + random.nextInt(26));
            });
        }
        return s.toString();
    }

    /** The same document, every row written by gson as an object. */
    private static String gsons(List<Report> reports, String indent) throws IOException {
        StringWriter out = new StringWriter();
        JsonWriter json = new JsonWriter(out);
        json.setIndent(indent);
        json.beginObject().name("range");
        range(json, reports.get(0).range());
        json.name("analyses").beginArray();
        for (Report r : reports) {
            json.value(r.analysis());
        }
        json.endArray();
        List<String> notes = new ArrayList<>();
        for (Report r : reports) {
            for (Table t : r.tables()) {
                json.name(t.key()).beginArray();
                for (Object[] row : t.rows()) {
                    json.beginObject();
                    for (int c = 0; c < row.length; c++) {
                        json.name(t.columns().get(c).key());
                        Object v = row[c];
                        if (v == null || v instanceof Double d && (d.isNaN() || d.isInfinite())) {
                            json.nullValue();
                        } else if (v instanceof Long l) {
                            json.value(l.longValue());
                        } else if (v instanceof Double d) {
                            json.value(d.doubleValue());
                        } else if (v instanceof TimeRange range) {
                            range(json, range);
                        } else if (v instanceof Boolean bool) {
                            json.value(bool.booleanValue());
                        } else {
                            json.value(v.toString());
                        }
                    }
                    json.endObject();
                }
                json.endArray();
            }
            notes.addAll(r.notes());
        }
        json.name("notes").beginArray();
        for (String n : notes) {
            json.value(n);
        }
        json.endArray().endObject().flush();
        return out + "\n";
    }

    private static void range(JsonWriter json, TimeRange r) throws IOException {
        json.beginObject().name("begin").value(r.begin()).name("end").value(r.end()).endObject();
    }
}
