package org.lttbench.tests.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;

/**
 * LAMI 1.0 as Trace Compass's LamiAnalysis and LamiData read it (their source, read in the Trace Compass mirror, is
 * the reference): what a metadata object, a results object and each data object must hold. Stricter than Trace
 * Compass where it accepts pre-1.0 forms: no {@code int}/{@code float} classes, time ranges of timestamp objects,
 * and each cell of the class its column declares (Trace Compass sorts and charts a column by that class).
 */
public final class LamiProtocol {
    /** Trace Compass's LamiData.DataType names, less the pre-1.0 {@code int} and {@code float}. */
    public static final Set<String> DATA_CLASSES = Set.of("unknown", "number", "bool", "string", "ratio", "timestamp",
            "time-range", "duration", "size", "bitrate", "syscall", "process", "path", "fd", "irq", "cpu", "disk", "part", "netif");

    private LamiProtocol() {
    }

    public static JsonObject parseOneLine(String text) {
        String line = text.strip();
        assertFalse(line.contains("\n"), "LAMI output must be one line here: " + text);
        assertTrue(line.startsWith("{"), "a LAMI object starts with '{': " + text);
        return JsonParser.parseString(line).getAsJsonObject();
    }

    /** Checks a {@code --metadata} object; returns each table class's column classes. */
    public static Map<String, List<String>> checkMetadata(JsonObject metadata) {
        JsonObject mi = metadata.getAsJsonObject("mi-version");
        assertNotNull(mi, "metadata has no mi-version");
        assertEquals(1, mi.get("major").getAsInt());
        assertEquals(0, mi.get("minor").getAsInt());
        assertTrue(metadata.get("title").getAsString().length() > 0, "empty title");
        JsonObject version = metadata.getAsJsonObject("version");
        for (String part : List.of("major", "minor", "patch")) {
            assertTrue(version.get(part).getAsJsonPrimitive().isNumber(), "version." + part);
        }
        JsonObject classes = metadata.getAsJsonObject("table-classes");
        assertNotNull(classes, "metadata has no table-classes");
        Map<String, List<String>> columns = new LinkedHashMap<>();
        for (Map.Entry<String, JsonElement> e : classes.entrySet()) {
            columns.put(e.getKey(), checkTableClass(e.getValue().getAsJsonObject()));
        }
        assertFalse(columns.isEmpty(), "no table classes");
        return columns;
    }

    private static List<String> checkTableClass(JsonObject tableClass) {
        assertTrue(tableClass.get("title").getAsString().length() > 0, "table class without title: " + tableClass);
        List<String> classes = new ArrayList<>();
        java.util.Set<String> shown = new java.util.HashSet<>();
        for (JsonElement c : tableClass.getAsJsonArray("column-descriptions")) {
            JsonObject column = c.getAsJsonObject();
            String title = column.get("title").getAsString();
            assertTrue(title.length() > 0, "column without title: " + column);
            String dataClass = column.get("class").getAsString();
            assertTrue(DATA_CLASSES.contains(dataClass), "not a LAMI 1.0 data class: " + dataClass);
            classes.add(dataClass);
            for (String name : shownAs(title, dataClass)) {
                assertTrue(shown.add(name), "two columns shown as \"" + name + "\" in " + tableClass);
            }
        }
        assertFalse(classes.isEmpty(), "table class without columns: " + tableClass);
        return classes;
    }

    /**
     * The column names Trace Compass shows for a LAMI column (its aspects, in {@code LamiAnalysis}): a process is
     * three columns, name, PID and TID; a time range three, begin, end and duration; an IRQ three, type, name, number.
     */
    private static List<String> shownAs(String title, String dataClass) {
        return switch (dataClass) {
        case "process" -> List.of(title + " (name)", title + " (PID)", title + " (TID)");
        case "time-range" -> List.of(title + " (begin)", title + " (end)", title + " (duration)");
        case "irq" -> List.of(title + " (type)", title + " (name)", title + " (#)");
        default -> List.of(title);
        };
    }

    /**
     * Checks a results object against the table classes of the metadata: time range, class, and every cell.
     *
     * @return the results, in order
     */
    public static List<JsonObject> checkResults(JsonObject results, Map<String, List<String>> tableClasses) {
        List<JsonObject> out = new ArrayList<>();
        for (JsonElement r : results.getAsJsonArray("results")) {
            JsonObject result = r.getAsJsonObject();
            checkCell(result.get("time-range"), "time-range");
            JsonElement tableClass = result.get("class");
            List<String> columns;
            if (tableClass.isJsonPrimitive()) {
                columns = tableClasses.get(tableClass.getAsString());
                assertNotNull(columns, "table class " + tableClass + " is not in the metadata");
            } else if (tableClass.getAsJsonObject().has("inherit")) {
                columns = tableClasses.get(tableClass.getAsJsonObject().get("inherit").getAsString());
                assertNotNull(columns, "inherited table class " + tableClass + " is not in the metadata");
                assertTrue(tableClass.getAsJsonObject().get("title").getAsString().length() > 0);
            } else {
                columns = checkTableClass(tableClass.getAsJsonObject());
            }
            for (JsonElement row : result.getAsJsonArray("data")) {
                JsonArray cells = row.getAsJsonArray();
                assertEquals(columns.size(), cells.size(), "row " + row + " for columns " + columns);
                for (int i = 0; i < cells.size(); i++) {
                    checkCell(cells.get(i), columns.get(i));
                }
            }
            out.add(result);
        }
        return out;
    }

    /** A cell of a column of that data class: null, a plain JSON value of a plain class, or a data object. */
    public static void checkCell(JsonElement cell, String columnClass) {
        if (cell.isJsonNull()) {
            return;
        }
        if (cell.isJsonPrimitive()) {
            JsonPrimitive p = cell.getAsJsonPrimitive();
            String plainClass = p.isBoolean() ? "bool" : p.isNumber() ? "number" : "string";
            assertEquals(columnClass, plainClass, "plain value " + cell + " in a " + columnClass + " column");
            return;
        }
        JsonObject o = cell.getAsJsonObject();
        String c = o.get("class").getAsString();
        if (c.equals("unknown")) {
            assertEquals(1, o.size(), "unknown object with fields: " + o);
            return;
        }
        assertEquals(columnClass, c, "data object " + o + " in a " + columnClass + " column");
        switch (c) {
        case "timestamp", "duration", "size" -> assertInteger(o, "value");
        case "number", "ratio", "bitrate" -> assertTrue(o.get("value").getAsJsonPrimitive().isNumber(), "value of " + o);
        case "time-range" -> {
            checkCell(o.get("begin"), "timestamp");
            checkCell(o.get("end"), "timestamp");
            assertTrue(o.get("begin").isJsonObject() && o.get("end").isJsonObject(), "LAMI 1.0 time range of timestamp objects: " + o);
            assertTrue(o.getAsJsonObject("begin").get("value").getAsLong() <= o.getAsJsonObject("end").get("value").getAsLong(),
                    "time range ends before it begins: " + o);
        }
        case "process" -> {
            assertTrue(o.has("name") || o.has("pid") || o.has("tid"), "process object with nothing: " + o);
            for (String key : o.keySet()) {
                switch (key) {
                case "class" -> {
                }
                case "name" -> assertTrue(o.get(key).getAsJsonPrimitive().isString(), "process name of " + o);
                case "pid", "tid" -> assertInteger(o, key);
                default -> fail("unexpected field " + key + " in " + o);
                }
            }
        }
        case "cpu" -> {
            assertInteger(o, "id");
            assertTrue(o.get("id").getAsLong() >= 0, "cpu id of " + o);
        }
        case "bool" -> assertTrue(o.get("value").getAsJsonPrimitive().isBoolean());
        case "string" -> assertTrue(o.get("value").getAsJsonPrimitive().isString());
        case "syscall", "disk", "part", "netif" -> assertTrue(o.get("name").getAsJsonPrimitive().isString());
        case "path" -> assertTrue(o.get("path").getAsJsonPrimitive().isString());
        case "fd" -> assertInteger(o, "fd");
        case "irq" -> assertInteger(o, "nr");
        default -> fail("unknown data class " + c);
        }
    }

    private static void assertInteger(JsonObject o, String key) {
        JsonElement v = o.get(key);
        assertNotNull(v, key + " missing in " + o);
        assertTrue(v.getAsJsonPrimitive().isNumber() && v.getAsString().matches("-?\\d+"), key + " is not an integer in " + o);
    }
}
