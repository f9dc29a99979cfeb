package org.lttbench.tracecompass.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Column;
import org.lttbench.core.trace.TimeRange;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * {@code ./lttbench analyze --format json} run as a user runs it (the launcher script of the repository, in its own
 * process), and its tables as the views would write them: each cell in the text the views show.
 */
public final class CommandLine {
    private final JsonObject json;

    private CommandLine(JsonObject json) {
        this.json = json;
    }

    /** Runs {@code lttbench analyze --format json ARGS... TRACE}; fails unless it exits 0. */
    public static CommandLine analyze(Path trace, String... args) throws IOException, InterruptedException {
        return analyze(0, trace, args);
    }

    /** The same, of a trace the command line reads in part (exit 6). */
    public static CommandLine analyzeReadInPart(Path trace, String... args) throws IOException, InterruptedException {
        return analyze(6, trace, args);
    }

    private static CommandLine analyze(int exit, Path trace, String... args) throws IOException, InterruptedException {
        Run r = analyzeRun(trace, "--format", "json", args);
        assertEquals(exit, r.exit(), r.command() + ": " + r.err());
        return new CommandLine(JsonParser.parseString(r.out()).getAsJsonObject());
    }

    /**
     * The summary line {@code lttbench analyze --analysis ANALYSIS ARGS... TRACE} prints above its tables, as one line
     * (the text wraps it at 120 columns, continuing on indented lines).
     */
    public static String summary(Path trace, String analysis, String... args) throws IOException, InterruptedException {
        Run r = analyzeRun(trace, "--analysis", analysis, args);
        assertEquals(0, r.exit(), r.command() + ": " + r.err());
        List<String> lines = r.out().lines().toList();
        StringBuilder b = new StringBuilder(lines.get(0));
        for (int i = 1; i < lines.size() && lines.get(i).startsWith("  "); i++) {
            b.append(' ').append(lines.get(i).strip());
        }
        return b.toString();
    }

    /** What {@code lttbench analyze} says on stderr of a trace it cannot read (it must fail), without its "lttbench analyze: ". */
    public static String failure(Path trace) throws IOException, InterruptedException {
        Run r = analyzeRun(trace, "--format", "json");
        String err = r.err().strip();
        assertEquals(3, r.exit(), "the command line fails on " + trace + ": " + err);
        String prefix = "lttbench analyze: ";
        assertTrue(err.startsWith(prefix), err);
        return err.substring(prefix.length());
    }

    private record Run(List<String> command, int exit, String out, String err) {
    }

    /** {@code lttbench analyze OPTION VALUE ARGS... TRACE} run as a user runs it: the repository's launcher script. */
    private static Run analyzeRun(Path trace, String option, String value, String... args)
            throws IOException, InterruptedException {
        List<String> arguments = new ArrayList<>(List.of("analyze", option, value));
        arguments.addAll(List.of(args));
        arguments.add(trace.toString());
        return run(arguments);
    }

    /** {@code lttbench diff --format json OPTIONS... A B}, as a user runs it; fails unless it exits 0. */
    public static JsonObject diff(Path a, Path b, String... options) throws IOException, InterruptedException {
        List<String> arguments = new ArrayList<>(List.of("diff", "--format", "json"));
        arguments.addAll(List.of(options));
        arguments.addAll(List.of(a.toString(), b.toString()));
        Run r = run(arguments);
        assertEquals(0, r.exit(), r.command() + ": " + r.err());
        return JsonParser.parseString(r.out()).getAsJsonObject();
    }

    /** {@code lttbench ARGUMENTS...} run as a user runs it: the repository's launcher script. */
    private static Run run(List<String> arguments) throws IOException, InterruptedException {
        Path repo = Path.of(System.getProperty("lttbench.repo"));
        List<String> command = new ArrayList<>(List.of(repo.resolve("lttbench").toString()));
        command.addAll(arguments);
        Path out = Files.createTempFile("lttbench-cli", ".out");
        Path err = Files.createTempFile("lttbench-cli", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException("the command line did not finish: " + command);
            }
            return new Run(command, p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /**
     * What {@code lttbench analyze [--begin B --end E] TRACE} prints in a terminal: what stands out, ranked across the
     * analyses.
     */
    public static String standsOut(Path trace, String... rangeArguments) throws IOException, InterruptedException {
        Run r = rangeArguments.length >= 2
                ? analyzeRun(trace, rangeArguments[0], rangeArguments[1],
                        java.util.Arrays.copyOfRange(rangeArguments, 2, rangeArguments.length))
                : analyzeRun(trace, "--by", "thread"); // the default grouping: still the summary
        assertEquals(0, r.exit(), r.command() + ": " + r.err());
        return r.out();
    }

    /** The range the reports cover ({@code begin}, {@code end} in ns): the trace's span for a whole-trace run. */
    public JsonObject range() {
        return json.getAsJsonObject("range");
    }

    /** The rows of a table, as JSON objects (key: column key). */
    public List<JsonObject> rows(String table) {
        List<JsonObject> rows = new ArrayList<>();
        JsonArray a = json.getAsJsonArray(table);
        if (a != null) {
            for (JsonElement e : a) {
                rows.add(e.getAsJsonObject());
            }
        }
        return rows;
    }

    /**
     * A table's rows in the text the views show for its cells: each JSON value read as the column's kind (integer
     * kinds as Long, ratios and numbers as Double, ranges...) and formatted by {@link CellFormat}.
     */
    public List<List<String>> text(String table, List<Column> columns) {
        List<List<String>> rows = new ArrayList<>();
        for (JsonObject o : rows(table)) {
            List<String> row = new ArrayList<>();
            for (Column c : columns) {
                row.add(CellFormat.text(c, value(c, o.get(c.key()))));
            }
            rows.add(row);
        }
        return rows;
    }

    static Object value(Column column, JsonElement e) {
        if (e == null || e.isJsonNull()) {
            return null;
        }
        Class<?> type = column.kind().cellType();
        if (type == String.class) {
            return e.getAsString();
        }
        if (type == Double.class) {
            return e.getAsDouble();
        }
        if (type == TimeRange.class) {
            return new TimeRange(e.getAsJsonObject().get("begin").getAsLong(), e.getAsJsonObject().get("end").getAsLong());
        }
        return e.getAsBigDecimal().longValueExact();
    }
}
