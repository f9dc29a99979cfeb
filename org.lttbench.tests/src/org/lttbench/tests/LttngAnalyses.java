package org.lttbench.tests;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Assumptions;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The other reference for the drop-ins: lttng-analyses 0.6.1 itself ({@code org.lttbench.tests/scripts/lttng_analyses.py},
 * run by {@code /usr/bin/python3}), its output kept as babeltrace2's is ({@link ReferenceOutput}).
 */
public final class LttngAnalyses {
    private LttngAnalyses() {
    }

    /** One LAMI result table: its class (for a subclass, the class it inherits), title (with subtitle), time range, rows. */
    public record Table(String cls, String title, long begin, long end, JsonArray data) {
    }

    /**
     * lttng-analyses is installed, or this test stops here: under CI ({@code CI=true}, which {@code .ci/run} runs
     * with and which installs it) it fails; elsewhere (a developer's machine) it is skipped, the reason printed.
     */
    public static void requireInstalled() {
        try {
            ReferenceOutput.lttngAnalysesVersion();
        } catch (IOException | InterruptedException e) {
            String why = e.getMessage();
            if ("true".equals(System.getenv("CI"))) {
                fail("CI compares the drop-ins with lttng-analyses, which is missing: " + why);
            }
            System.out.println("lttng-analyses comparisons skipped: " + why);
            Assumptions.abort(why);
        }
    }

    /** lttng-analyses' result object of {@code command} on the trace ({@code error-message} where it cannot read it). */
    public static JsonObject result(String command, Path trace) throws IOException, InterruptedException {
        List<String> lines = ReferenceOutput.lines("lttng_analyses.py", List.of(command), List.of(trace));
        return JsonParser.parseString(lines.get(lines.size() - 1)).getAsJsonObject();
    }

    /** The result tables of a LAMI result object (lttng-analyses' or LTTbench's), notes left out. */
    public static List<Table> tables(JsonObject result) {
        List<Table> tables = new ArrayList<>();
        for (JsonElement e : result.getAsJsonArray("results")) {
            JsonObject t = e.getAsJsonObject();
            JsonElement c = t.get("class");
            String cls = c.isJsonPrimitive() ? c.getAsString() : c.getAsJsonObject().get("inherit").getAsString();
            String title = c.isJsonPrimitive() ? cls : c.getAsJsonObject().get("title").getAsString();
            if (cls.equals("notes")) {
                continue;
            }
            JsonObject range = t.getAsJsonObject("time-range");
            tables.add(new Table(cls, title, range.getAsJsonObject("begin").get("value").getAsLong(),
                    range.getAsJsonObject("end").get("value").getAsLong(), t.getAsJsonArray("data")));
        }
        return tables;
    }

    /** The tables of one class. */
    public static List<Table> tables(JsonObject result, String cls) {
        return tables(result).stream().filter(t -> t.cls().equals(cls)).toList();
    }

    /** A cell's number: a plain number, or a data object's {@code value}; NaN for {@code unknown} or none. */
    public static double number(JsonElement cell) {
        if (cell == null || cell.isJsonNull()) {
            return Double.NaN;
        }
        if (cell.isJsonPrimitive()) {
            return cell.getAsDouble();
        }
        JsonElement v = cell.getAsJsonObject().get("value");
        return v == null || v.isJsonNull() ? Double.NaN : v.getAsDouble();
    }

    /** A cell's text: a plain string, or a data object's {@code value}, {@code name} or {@code path}. */
    public static String text(JsonElement cell) {
        if (cell == null || cell.isJsonNull()) {
            return null;
        }
        if (cell.isJsonPrimitive()) {
            return cell.getAsString();
        }
        JsonObject o = cell.getAsJsonObject();
        for (String key : List.of("value", "name", "path")) {
            if (o.has(key)) {
                return o.get(key).getAsString();
            }
        }
        return null;
    }
}
