package org.lttbench.core.report;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.lttbench.core.trace.TimeRange;

import com.google.gson.stream.JsonWriter;

/**
 * One JSON object: {@code "range"}, then each table as an array of row objects under the table's key, then
 * {@code "warnings"} when a table's figure was found doubtful (objects: {@code table}, {@code warning}), then
 * {@code "notes"}. Raw units: ns, bytes, fractions. Several analyses in one run merge into the same object, so a
 * script reading one analysis's keys keeps working when more analyses are selected.
 */
public final class JsonReportWriter {
    private JsonReportWriter() {
    }

    public static void write(List<Report> reports, Writer out) throws IOException {
        write(reports, out, "  ");
    }

    /** The same object on one line: one document per line, for a stream of reports (a live session's intervals). */
    public static void writeLine(List<Report> reports, Writer out) throws IOException {
        write(reports, out, "");
    }

    private static void write(List<Report> reports, Writer to, String indent) throws IOException {
        Writer out = new BatchedWriter(to);
        JsonWriter json = new JsonWriter(out);
        json.setIndent(indent);
        json.beginObject();
        if (!reports.isEmpty()) {
            json.name("range");
            range(json, reports.get(0).range());
        }
        Set<String> keys = new HashSet<>(Set.of("range", "notes", "analyses", "warnings"));
        List<String> notes = new ArrayList<>();
        List<String[]> warnings = new ArrayList<>();
        json.name("analyses").beginArray();
        for (Report report : reports) {
            json.value(report.analysis());
        }
        json.endArray();
        for (Report report : reports) {
            for (Table table : report.tables()) {
                if (!keys.add(table.key())) {
                    throw new IllegalStateException("two tables named " + table.key() + " in one JSON report");
                }
                json.name(table.key());
                writeRows(table, json);
                table.warnings().forEach(w -> warnings.add(new String[] { table.key(), w.text() }));
            }
            notes.addAll(report.notes());
        }
        if (!warnings.isEmpty()) {
            json.name("warnings").beginArray();
            for (String[] w : warnings) {
                json.beginObject().name("table").value(w[0]).name("warning").value(w[1]).endObject();
            }
            json.endArray();
        }
        json.name("notes").beginArray();
        for (String note : notes) {
            json.value(note);
        }
        json.endArray();
        json.endObject();
        json.flush();
        out.write('\n');
        out.flush();
    }

    public static void writeRows(Table table, JsonWriter json) throws IOException {
        json.beginArray();
        for (Object[] row : table.rowsInOrder()) {
            json.beginObject();
            for (int c = 0; c < row.length; c++) {
                json.name(table.columns().get(c).key());
                value(json, row[c]);
            }
            json.endObject();
        }
        json.endArray();
    }

    private static void value(JsonWriter json, Object v) throws IOException {
        if (v == null) {
            json.nullValue();
        } else if (v instanceof Long l) {
            json.value(l.longValue());
        } else if (v instanceof Double d) {
            if (d.isNaN() || d.isInfinite()) {
                json.nullValue();
            } else {
                json.value(d.doubleValue());
            }
        } else if (v instanceof TimeRange r) {
            range(json, r);
        } else if (v instanceof Boolean b) {
            json.value(b.booleanValue());
        } else {
            json.value(v.toString());
        }
    }

    private static void range(JsonWriter json, TimeRange r) throws IOException {
        json.beginObject().name("begin").value(r.begin()).name("end").value(r.end()).endObject();
    }
}
