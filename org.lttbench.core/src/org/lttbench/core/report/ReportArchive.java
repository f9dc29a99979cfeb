package org.lttbench.core.report;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.trace.TimeRange;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import com.google.gson.stream.JsonWriter;

/**
 * Reports kept on disk and read back exactly as they were: every table with its columns (kinds and descriptions), its
 * warnings, its cells with their types ({@link Long}, {@link Double}, {@link String}, {@link TimeRange}, null), the notes and the
 * range, with the caller's properties beside them (what the reports were made from, by which version). Results kept
 * this way are shown again without reading the trace.
 */
public final class ReportArchive {
    /** Bump when the layout below changes: an archive of another version is not read. */
    public static final int FORMAT_VERSION = 4; // 4: columns keep the role their kind does not say
    private static final String FORMAT = "lttbench-reports";

    /** What was read: the reports, and the properties written with them. */
    public record Contents(List<Report> reports, Map<String, String> properties) {
    }

    private ReportArchive() {
    }

    public static void write(List<Report> reports, Map<String, String> properties, Writer out) throws IOException {
        JsonWriter json = new JsonWriter(out);
        json.beginObject();
        json.name("format").value(FORMAT);
        json.name("version").value(FORMAT_VERSION);
        json.name("properties").beginObject();
        for (var p : properties.entrySet()) {
            json.name(p.getKey()).value(p.getValue());
        }
        json.endObject();
        json.name("reports").beginArray();
        for (Report r : reports) {
            json.beginObject();
            json.name("analysis").value(r.analysis());
            json.name("title").value(r.title());
            json.name("range").beginArray().value(r.range().begin()).value(r.range().end()).endArray();
            json.name("summary").value(r.summary());
            json.name("traces").beginArray();
            for (String path : r.traces()) {
                json.value(path);
            }
            json.endArray();
            // each note with whether it is a loss note
            json.name("notes").beginArray();
            for (String n : r.notes()) {
                json.beginArray().value(n).value(r.isLossNote(n)).endArray();
            }
            json.endArray();
            json.name("tables").beginArray();
            for (Table t : r.tables()) {
                table(json, t);
            }
            json.endArray();
            json.endObject();
        }
        json.endArray();
        json.endObject();
        json.flush();
    }

    private static void table(JsonWriter json, Table t) throws IOException {
        json.beginObject();
        json.name("key").value(t.key());
        json.name("title").value(t.title());
        json.name("chart_data").value(t.isChartData());
        json.name("warnings").beginArray();
        for (Table.Warning w : t.warnings()) {
            json.beginArray().value(w.brief()).value(w.text()).endArray();
        }
        json.endArray();
        json.name("columns").beginArray();
        for (Column c : t.columns()) {
            json.beginArray().value(c.key()).value(c.title()).value(c.kind().name()).value(c.description())
                    .value(c.detail());
            if (!c.role().equals(ColumnRole.of(c.kind()))) { // a role its kind does not say
                json.beginArray().value(c.role().kind().name()).value(c.role().quantile()).value(c.role().count())
                        .endArray();
            }
            json.endArray();
        }
        json.endArray();
        json.name("rows").beginArray();
        for (Object[] row : t.rows()) {
            json.beginArray();
            for (Object cell : row) {
                cell(json, cell);
            }
            json.endArray();
        }
        json.endArray();
        json.endObject();
    }

    /** Longs as integers, doubles with their point or exponent, so that reading tells them apart. */
    private static void cell(JsonWriter json, Object cell) throws IOException {
        if (cell == null) {
            json.nullValue();
        } else if (cell instanceof Double d) {
            json.value(Double.isFinite(d) ? d : null);
        } else if (cell instanceof Float f) {
            json.value(Double.isFinite(f) ? (double) f : null);
        } else if (cell instanceof Number n) {
            json.value(n.longValue());
        } else if (cell instanceof TimeRange range) {
            json.beginArray().value(range.begin()).value(range.end()).endArray();
        } else {
            json.value(cell.toString());
        }
    }

    /**
     * @throws IOException when the text is not an archive of this version (the caller then makes the reports again)
     */
    public static Contents read(Reader in) throws IOException {
        try {
            JsonElement root = JsonParser.parseReader(in);
            if (!root.isJsonObject()) {
                throw new IOException("not an LTTbench report archive");
            }
            JsonObject o = root.getAsJsonObject();
            if (!o.has("format") || !FORMAT.equals(o.get("format").getAsString())) {
                throw new IOException("not an LTTbench report archive");
            }
            int version = o.get("version").getAsInt();
            if (version != FORMAT_VERSION) {
                throw new IOException("a report archive of version " + version + ", not " + FORMAT_VERSION);
            }
            Map<String, String> properties = new LinkedHashMap<>();
            for (var p : o.getAsJsonObject("properties").entrySet()) {
                properties.put(p.getKey(), p.getValue().getAsString());
            }
            List<Report> reports = new ArrayList<>();
            for (JsonElement e : o.getAsJsonArray("reports")) {
                reports.add(report(e.getAsJsonObject()));
            }
            return new Contents(reports, properties);
        } catch (JsonParseException | IllegalStateException | NullPointerException | IllegalArgumentException
                | UnsupportedOperationException | IndexOutOfBoundsException e) {
            throw new IOException("a damaged report archive: " + e.getMessage(), e);
        }
    }

    private static Report report(JsonObject o) {
        JsonArray range = o.getAsJsonArray("range");
        Report r = new Report(o.get("analysis").getAsString(), o.get("title").getAsString(),
                new TimeRange(range.get(0).getAsLong(), range.get(1).getAsLong()));
        JsonElement summary = o.get("summary");
        r.summary(summary == null || summary.isJsonNull() ? null : summary.getAsString());
        List<String> traces = new ArrayList<>();
        for (JsonElement path : o.getAsJsonArray("traces")) {
            traces.add(path.getAsString());
        }
        r.traces(traces);
        for (JsonElement e : o.getAsJsonArray("notes")) {
            JsonArray n = e.getAsJsonArray();
            if (n.get(1).getAsBoolean()) {
                r.lossNote(n.get(0).getAsString());
            } else {
                r.note(n.get(0).getAsString());
            }
        }
        for (JsonElement t : o.getAsJsonArray("tables")) {
            r.add(table(t.getAsJsonObject()));
        }
        return r;
    }

    private static Table table(JsonObject o) {
        List<Column> columns = new ArrayList<>();
        for (JsonElement e : o.getAsJsonArray("columns")) {
            JsonArray c = e.getAsJsonArray();
            Column column = new Column(c.get(0).getAsString(), c.get(1).getAsString(),
                    ColumnKind.valueOf(c.get(2).getAsString()), c.get(3).isJsonNull() ? null : c.get(3).getAsString(),
                    c.get(4).getAsBoolean());
            if (c.size() > 5) {
                JsonArray role = c.get(5).getAsJsonArray();
                column = column.as(new ColumnRole(ColumnRole.Kind.valueOf(role.get(0).getAsString()),
                        role.get(1).getAsDouble(), role.get(2).isJsonNull() ? null : role.get(2).getAsString()));
            }
            columns.add(column);
        }
        Table t = new Table(o.get("key").getAsString(), o.get("title").getAsString(), columns);
        if (o.get("chart_data").getAsBoolean()) {
            t.chartData();
        }
        for (JsonElement e : o.getAsJsonArray("warnings")) {
            t.warn(e.getAsJsonArray().get(0).getAsString(), e.getAsJsonArray().get(1).getAsString());
        }
        for (JsonElement e : o.getAsJsonArray("rows")) {
            JsonArray row = e.getAsJsonArray();
            Object[] cells = new Object[row.size()];
            for (int i = 0; i < cells.length; i++) {
                cells[i] = cell(row.get(i));
            }
            t.addRow(cells);
        }
        return t;
    }

    private static Object cell(JsonElement e) {
        if (e.isJsonNull()) {
            return null;
        }
        if (e.isJsonArray()) {
            return new TimeRange(e.getAsJsonArray().get(0).getAsLong(), e.getAsJsonArray().get(1).getAsLong());
        }
        JsonPrimitive p = e.getAsJsonPrimitive();
        if (p.isNumber()) {
            String text = p.getAsString();
            boolean real = text.indexOf('.') >= 0 || text.indexOf('e') >= 0 || text.indexOf('E') >= 0;
            return real ? (Object) p.getAsDouble() : (Object) p.getAsLong();
        }
        return p.getAsString();
    }
}
