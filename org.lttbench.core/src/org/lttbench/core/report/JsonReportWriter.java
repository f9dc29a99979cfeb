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
    /** A time range's keys: {@code {"begin": ns, "end": ns}}, as the document's range and as a cell. */
    private static final String BEGIN = "begin";
    private static final String END = "end";

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
        Table.fillAhead(reports);
        try (Writer out = WritesBehind.batchedTo(to)) {
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
                    writeRows(table, json, indent);
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
    }

    /**
     * A table's rows, each object made as text and handed to gson as a raw value: gson still places the rows (commas,
     * new lines, indents) and quotes every string, but a column's name is quoted once per table, not once per cell
     * (writing every row of a large report as gson objects was a sixth of the default 10 M-event run). The bytes are
     * gson's own ({@code JsonReportWriterTest} writes tables both ways). {@code indent}: the document's; the rows are
     * at depth 2 (an array, in the document's object). A table whose rows are made ahead on a thread of their own has
     * their text made there too.
     */
    private static void writeRows(Table table, JsonWriter json, String indent) throws IOException {
        json.beginArray();
        RowText text = new RowText(table, indent);
        for (String row : table.rowsInOrder(text::of)) {
            json.jsonValue(row);
        }
        json.endArray();
    }

    /** One row object's text at depth 2, in the document's format. */
    private static final class RowText {
        private final StringBuilder text = new StringBuilder(256);
        /** gson, lenient (values one after another, with nothing between them), quoting strings into {@code text}. */
        private final JsonWriter strings;
        /** Per column: what comes before its value (a comma, a new line and indent, the quoted name, the colon). */
        private final String[] before;
        private final String end;
        private final String rangeBegin;
        private final String rangeEnd;
        private final String rangeClose;

        RowText(Table table, String indent) throws IOException {
            strings = new JsonWriter(new Writer() {
                @Override
                public void write(char[] chars, int off, int len) {
                    text.append(chars, off, len);
                }

                @Override
                public void write(String s, int off, int len) {
                    text.append(s, off, off + len);
                }

                @Override
                public void write(int c) {
                    text.append((char) c);
                }

                @Override
                public void flush() {
                }

                @Override
                public void close() {
                }
            });
            strings.setLenient(true); // not setStrictness: Trace Compass may give gson 2.10 to this bundle
            boolean pretty = !indent.isEmpty();
            String colon = pretty ? ": " : ":";
            String members = pretty ? "\n" + indent.repeat(3) : "";
            List<Column> columns = table.columns();
            before = new String[columns.size()];
            for (int c = 0; c < before.length; c++) {
                before[c] = (c == 0 ? "" : ",") + members + quoted(columns.get(c).key()) + colon;
            }
            end = columns.isEmpty() ? "}" : (pretty ? "\n" + indent.repeat(2) : "") + "}";
            String rangeMembers = pretty ? "\n" + indent.repeat(4) : "";
            rangeBegin = "{" + rangeMembers + quoted(BEGIN) + colon;
            rangeEnd = "," + rangeMembers + quoted(END) + colon;
            rangeClose = members + "}";
        }

        private String quoted(String s) throws IOException {
            text.setLength(0);
            strings.value(s);
            return text.toString();
        }

        String of(Object[] row) {
            try {
                return make(row);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e); // not thrown: gson quotes into a StringBuilder
            }
        }

        private String make(Object[] row) throws IOException {
            text.setLength(0);
            text.append('{');
            for (int c = 0; c < row.length; c++) {
                text.append(before[c]);
                Object v = row[c];
                if (v == null) {
                    text.append("null");
                } else if (v instanceof Long l) {
                    text.append(l.longValue());
                } else if (v instanceof Double d) {
                    if (d.isNaN() || d.isInfinite()) {
                        text.append("null");
                    } else {
                        text.append(Double.toString(d));
                    }
                } else if (v instanceof TimeRange r) {
                    text.append(rangeBegin).append(r.begin()).append(rangeEnd).append(r.end()).append(rangeClose);
                } else if (v instanceof Boolean b) {
                    text.append(b.booleanValue());
                } else {
                    strings.value(v.toString());
                }
            }
            return text.append(end).toString();
        }
    }

    private static void range(JsonWriter json, TimeRange r) throws IOException {
        json.beginObject().name(BEGIN).value(r.begin()).name(END).value(r.end()).endObject();
    }
}
