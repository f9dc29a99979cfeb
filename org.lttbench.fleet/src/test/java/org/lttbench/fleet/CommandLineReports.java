package org.lttbench.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.batch.Main;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The ground truth: what {@code lttbench analyze --out DIR} writes for a trace directory, run through the command
 * line's own entry point, kept per directory and arguments for the tests that compare the fleet's tables with it.
 */
public final class CommandLineReports {
    private static final Map<List<String>, Path> RUNS = new HashMap<>();

    private CommandLineReports() {
    }

    /** The directory {@code lttbench analyze ARGS --out DIR TRACE} wrote (exit code 0 expected). */
    public static synchronized Path analyze(Path trace, String... args) throws IOException {
        List<String> key = new ArrayList<>(List.of(args));
        key.add(trace.toString());
        Path out = RUNS.get(key);
        if (out == null) {
            out = TestTraces.work("cli");
            List<String> command = new ArrayList<>(List.of("analyze"));
            command.addAll(List.of(args));
            command.addAll(List.of("--quiet", "--out", out.toString(), trace.toString()));
            Run run = run(command.toArray(String[]::new));
            assertEquals(0, run.exitCode(), "lttbench " + command + ": " + run.stderr());
            RUNS.put(key, out);
        }
        return out;
    }

    /** The rows of a table {@code --format json} wrote, or null when the command line wrote no such table. */
    public static List<JsonObject> jsonRows(Path trace, String table, String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of("--format", "json"));
        all.addAll(List.of(args));
        Path file = analyze(trace, all.toArray(String[]::new)).resolve(table + ".json");
        if (!Files.exists(file)) {
            return null;
        }
        JsonArray rows = JsonParser.parseString(Files.readString(file)).getAsJsonObject().getAsJsonArray(table);
        List<JsonObject> list = new ArrayList<>();
        for (JsonElement e : rows) {
            list.add(e.getAsJsonObject());
        }
        return list;
    }

    /** The lines of a table {@code --format csv} wrote (header first), or null when it wrote no such table. */
    public static List<String> csvLines(Path trace, String table) throws IOException {
        Path file = analyze(trace, "--format", "csv").resolve(table + ".csv");
        return Files.exists(file) ? Files.readAllLines(file) : null;
    }

    /** What {@code lttbench ARGS} prints on stderr, and its exit code. */
    public record Run(int exitCode, String stderr) {
    }

    public static Run run(String... args) {
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(new StringWriter()), new PrintWriter(err), args);
        return new Run(code, err.toString());
    }
}
