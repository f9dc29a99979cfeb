package org.lttbench.core.report;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.trace.TimeRange;

import com.google.gson.stream.JsonWriter;

/**
 * LAMI 1.0, the LTTng Analyses Machine Interface, as Trace Compass's External Analyses consume it: the metadata
 * object ({@code --metadata}), the results object, and the error object. Each output is one line of compact JSON, so
 * a consumer that reads progress lines until the first line starting with <code>{</code> finds it whole.
 *
 * <p>
 * Cells: integers, numbers and strings are plain JSON values; timestamps, durations, sizes, bitrates and ratios are
 * LAMI number objects (Trace Compass sorts and charts those by class); CPUs are {@code cpu} objects; time ranges are
 * {@code time-range} objects of two {@code timestamp} objects; unknown cells are {@code null}. Threads and processes
 * become {@code process} objects (see {@link LamiColumns}). A report's notes (above all, that the trace lost events)
 * become rows of a {@value #NOTES} table, since LAMI has no other place for them.
 */
public final class LamiReportWriter {
    /** The protocol version {@code --mi-version} prints. */
    public static final String MI_VERSION = "1.0";
    /** The table class of report notes. */
    public static final String NOTES = "notes";

    private static final Table NOTES_TABLE = new Table(NOTES, "Notes",
            List.of(new Column("note", "Note", ColumnKind.TEXT, "Something a reader must know with the tables, e.g. that events were lost")));

    private LamiReportWriter() {
    }

    /**
     * What {@code --metadata} prints.
     *
     * @param version the producer's version ({@code 0.1.0.qualifier}): major, minor, patch, and the rest as extra
     * @param tables  the analysis's tables (rows are ignored): each becomes a table class named by its key
     */
    public static void writeMetadata(String title, String description, String version, List<String> tags, List<Table> tables,
            Writer out) throws IOException {
        JsonWriter json = new JsonWriter(out);
        json.beginObject();
        json.name("mi-version").beginObject();
        String[] mi = MI_VERSION.split("\\.");
        json.name("major").value(Long.parseLong(mi[0])).name("minor").value(Long.parseLong(mi[1]));
        json.endObject();
        json.name("version");
        version(json, version);
        json.name("title").value(title);
        json.name("description").value(description);
        json.name("authors").beginArray().value("LTTbench").endArray();
        json.name("tags").beginArray();
        for (String tag : tags) {
            json.value(tag);
        }
        json.endArray();
        json.name("table-classes").beginObject();
        for (Table table : withNotes(tables)) {
            json.name(table.key());
            tableClass(json, table.title(), new LamiColumns(table.columns()));
        }
        json.endObject();
        json.endObject();
        finish(json, out);
    }

    /**
     * What an analysis run prints: each table of each report as one result. A table whose key, title and columns
     * match a declared table class refers to it by name; one whose title differs inherits it with its own title; one
     * whose columns differ (they may depend on the trace) carries its own class description.
     *
     * @param declared the tables {@link #writeMetadata} described
     */
    public static void writeResults(List<Report> reports, List<Table> declared, Writer to) throws IOException {
        Table.fillAhead(reports);
        try (Writer out = WritesBehind.batchedTo(to)) {
            Map<String, Table> classes = new LinkedHashMap<>();
            for (Table t : withNotes(declared)) {
                classes.put(t.key(), t);
            }
            JsonWriter json = new JsonWriter(out);
            json.beginObject();
            json.name("results").beginArray();
            for (Report report : reports) {
                List<Table> tables = new ArrayList<>(report.tables());
                List<String> noted = new ArrayList<>();
                for (Table t : report.tables()) {
                    // once, when said of several tables: each table's title names it anyway
                    t.warnings().stream().map(w -> "warning: " + w.text()).filter(w -> !noted.contains(w)).forEach(noted::add);
                }
                noted.addAll(report.notes());
                if (!noted.isEmpty()) {
                    Table notes = new Table(NOTES, NOTES_TABLE.title(), NOTES_TABLE.columns());
                    noted.forEach(notes::addRow);
                    tables.add(notes);
                }
                for (Table table : tables) {
                    LamiColumns columns = new LamiColumns(table.columns());
                    // Trace Compass shows a result's title above it: a doubtful figure is said there
                    String title = table.title() + table.warnings().stream().map(w -> " (" + w.brief() + ")")
                            .collect(java.util.stream.Collectors.joining());
                    json.beginObject();
                    json.name("time-range");
                    timeRange(json, report.range());
                    json.name("class");
                    Table declaredTable = classes.get(table.key());
                    if (declaredTable == null || !new LamiColumns(declaredTable.columns()).equals(columns)) {
                        tableClass(json, title, columns);
                    } else if (!declaredTable.title().equals(title)) {
                        json.beginObject().name("inherit").value(table.key()).name("title").value(title).endObject();
                    } else {
                        json.value(table.key());
                    }
                    json.name("data").beginArray();
                    for (Object[] row : table.rowsInOrder()) {
                        row(json, table.columns(), columns, row);
                    }
                    json.endArray();
                    json.endObject();
                }
            }
            json.endArray();
            json.endObject();
            finish(json, out);
        }
    }

    /** LAMI's error object: what an analysis prints instead of results, and the answer to an incompatible trace. */
    public static void writeError(String message, Writer out) throws IOException {
        JsonWriter json = new JsonWriter(out);
        json.beginObject().name("error-message").value(message).endObject();
        finish(json, out);
    }

    private static List<Table> withNotes(List<Table> tables) {
        List<Table> all = new ArrayList<>(tables);
        if (all.stream().noneMatch(t -> t.key().equals(NOTES))) {
            all.add(NOTES_TABLE);
        }
        return all;
    }

    private static void tableClass(JsonWriter json, String title, LamiColumns columns) throws IOException {
        json.beginObject();
        json.name("title").value(title);
        json.name("column-descriptions").beginArray();
        for (LamiColumns.Slot slot : columns.slots()) {
            json.beginObject().name("title").value(slot.title()).name("class").value(slot.lamiClass()).endObject();
        }
        json.endArray();
        json.endObject();
    }

    private static void row(JsonWriter json, List<Column> columns, LamiColumns lami, Object[] row) throws IOException {
        json.beginArray();
        for (LamiColumns.Slot slot : lami.slots()) {
            if (slot.source() < 0) {
                process(json, lami, row);
            } else {
                cell(json, columns.get(slot.source()).kind(), row[slot.source()]);
            }
        }
        json.endArray();
    }

    private static void process(JsonWriter json, LamiColumns lami, Object[] row) throws IOException {
        Object name = lami.name >= 0 ? row[lami.name] : null;
        Object pid = lami.pid >= 0 ? row[lami.pid] : null;
        Object tid = lami.tid >= 0 ? row[lami.tid] : null;
        if (name == null && pid == null && tid == null) {
            json.nullValue();
            return;
        }
        json.beginObject().name("class").value(LamiColumns.PROCESS_CLASS);
        if (name != null) {
            json.name("name").value((String) name);
        }
        if (pid != null) {
            json.name("pid").value((Long) pid);
        }
        if (tid != null) {
            json.name("tid").value((Long) tid);
        }
        json.endObject();
    }

    private static void cell(JsonWriter json, ColumnKind kind, Object v) throws IOException {
        if (v == null) {
            json.nullValue();
            return;
        }
        switch (kind) {
        case TIMESTAMP, DURATION, SIZE, BITRATE -> json.beginObject().name("class").value(kind.lamiClass())
                .name("value").value((Long) v).endObject();
        case RATIO -> {
            double d = (Double) v;
            if (Double.isFinite(d)) {
                json.beginObject().name("class").value(kind.lamiClass()).name("value").value(d).endObject();
            } else {
                json.nullValue();
            }
        }
        case NUMBER, FRACTIONAL_DURATION, RATE, BYTE_RATE -> {
            double d = (Double) v;
            if (Double.isFinite(d)) {
                json.value(d);
            } else {
                json.nullValue();
            }
        }
        case CPU -> {
            long cpu = (Long) v;
            if (cpu < 0) {
                json.beginObject().name("class").value("unknown").endObject();
            } else {
                json.beginObject().name("class").value(kind.lamiClass()).name("id").value(cpu).endObject();
            }
        }
        case TIME_RANGE -> timeRange(json, (TimeRange) v);
        case INTEGER, PID, TID -> json.value((Long) v);
        case TEXT, PROCESS_NAME, TRACE -> json.value((String) v);
        case SYSCALL, DISK, NETIF -> json.beginObject().name("class").value(kind.lamiClass()).name("name").value((String) v)
                .endObject();
        case PATH -> json.beginObject().name("class").value(kind.lamiClass()).name("path").value((String) v).endObject();
        case FD -> json.beginObject().name("class").value(kind.lamiClass()).name("fd").value((Long) v).endObject();
        case BOOLEAN -> json.beginObject().name("class").value(kind.lamiClass()).name("value").value((Boolean) v)
                .endObject();
        case IRQ -> {
            Interrupt irq = (Interrupt) v;
            json.beginObject().name("class").value(kind.lamiClass()).name("hard").value(irq.hard()).name("nr")
                    .value(irq.number());
            if (irq.name() != null) {
                json.name("name").value(irq.name());
            }
            json.endObject();
        }
        }
    }

    private static void timeRange(JsonWriter json, TimeRange r) throws IOException {
        json.beginObject().name("class").value("time-range");
        json.name("begin").beginObject().name("class").value("timestamp").name("value").value(r.begin()).endObject();
        json.name("end").beginObject().name("class").value("timestamp").name("value").value(r.end()).endObject();
        json.endObject();
    }

    private static void version(JsonWriter json, String version) throws IOException {
        String[] parts = version.split("\\.", 4);
        json.beginObject();
        String[] names = { "major", "minor", "patch" };
        for (int i = 0; i < names.length; i++) {
            json.name(names[i]).value(i < parts.length && parts[i].matches("\\d{1,9}") ? Long.parseLong(parts[i]) : 0);
        }
        if (parts.length > 3 && !parts[3].isEmpty()) {
            json.name("extra").value(parts[3]);
        }
        json.endObject();
    }

    private static void finish(JsonWriter json, Writer out) throws IOException {
        json.flush();
        out.write('\n');
        out.flush();
    }
}
