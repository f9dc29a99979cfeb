package org.lttbench.traceserver.tests;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * An LTTbench report table as the server sends it (a data tree: one entry of text labels per row, one header per
 * column whose tooltip ends with the column's key, {@code [threads_ns:DURATION]}), compared with the same table of
 * the command line's JSON report, cell by cell.
 */
final class ServerTables {
    private static final Pattern KEY = Pattern.compile("\\[([A-Za-z0-9_]+):([A-Z_]+)(:detail)?\\]$");

    private ServerTables() {
    }

    /** The columns' keys, from the headers' tooltips. */
    static List<String> keys(JsonObject model) {
        List<String> keys = new ArrayList<>();
        for (JsonElement h : model.getAsJsonArray("headers")) {
            Matcher m = KEY.matcher(h.getAsJsonObject().get("tooltip").getAsString());
            keys.add(m.find() ? m.group(1) : "(no key: " + h + ")");
        }
        return keys;
    }

    /**
     * The differences between the server's rows and the command line's (same order, same cells), at most
     * {@code limit} of them, each "row N key: server label != command line value".
     */
    static List<String> differences(JsonObject model, JsonArray cliRows, int limit) {
        List<String> keys = keys(model);
        JsonArray entries = model.getAsJsonArray("entries");
        List<String> out = new ArrayList<>();
        if (entries.size() != cliRows.size()) {
            out.add("rows: server " + entries.size() + ", command line " + cliRows.size());
        }
        for (int r = 0; r < Math.min(entries.size(), cliRows.size()) && out.size() < limit; r++) {
            JsonArray labels = entries.get(r).getAsJsonObject().getAsJsonArray("labels");
            JsonObject row = cliRows.get(r).getAsJsonObject();
            for (int c = 0; c < keys.size(); c++) {
                String label = c < labels.size() ? labels.get(c).getAsString() : "";
                JsonElement value = row.get(keys.get(c));
                if (!same(label, value)) {
                    out.add("row " + r + " " + keys.get(c) + ": " + label + " != " + value);
                }
            }
        }
        return out;
    }

    /**
     * A label is the command line's value written as text: empty for null, {@code begin..end} for a time range, the
     * number (equal as a long when both are integers, else as a double), the text.
     */
    static boolean same(String label, JsonElement value) {
        if (value == null || value.isJsonNull()) {
            return label.isEmpty();
        }
        if (value.isJsonObject() && value.getAsJsonObject().has("begin")) {
            JsonObject r = value.getAsJsonObject();
            return label.equals(r.get("begin").getAsLong() + ".." + r.get("end").getAsLong());
        }
        if (value.isJsonPrimitive() && value.getAsJsonPrimitive().isNumber()) {
            if (label.isEmpty()) {
                return false;
            }
            String number = value.getAsString();
            boolean integers = !isDecimal(label) && !isDecimal(number);
            try {
                return integers ? Long.parseLong(label) == value.getAsLong()
                        : Double.compare(Double.parseDouble(label), value.getAsDouble()) == 0;
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return label.equals(value.getAsString());
    }

    private static boolean isDecimal(String number) {
        return number.indexOf('.') >= 0 || number.indexOf('E') >= 0 || number.indexOf('e') >= 0;
    }
}
