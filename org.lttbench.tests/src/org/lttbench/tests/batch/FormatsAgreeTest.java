package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.DeclaredEvents;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.LauncherTest.Result;
import org.lttbench.tests.report.LamiProtocol;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The same numbers in every output: for each analysis on a real trace it applies to, {@code analyze} as JSON, as
 * CSV files, as text files and {@code lami} hold, cell by cell, the report an in-process run of the analysis makes.
 */
class FormatsAgreeTest {
    private static final List<String> TRACES = List.of("kernel-many-threads", "ust-hello-lost", "kernel-arm-bug446190", "ust-trace-with-index");

    @Test
    void textCsvJsonAndLamiCarryTheSameCells() throws Exception {
        List<AnalysisProvider> analyses = Analyses.all();
        assertFalse(analyses.isEmpty(), "no analysis registered");
        int compared = 0;
        for (AnalysisProvider a : analyses) {
            for (String name : TRACES) {
                Path trace = TestPaths.trace(name);
                // whether it applies: from what the trace declares (babeltrace2), and the command line must agree
                boolean applies = DeclaredEvents.of(trace).applies(a.name());
                assertEquals(applies, InProcessCli.run("lami", a.name(), "--test-compatibility", trace.toString())
                        .code() == 0, a.name() + " on " + name + ": applies as the trace's declared events say");
                if (!applies) {
                    continue;
                }
                Report model;
                try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
                    model = AnalysisRun.run(set, List.of(a.create(AnalysisOptions.DEFAULT)), ProgressListener.NONE).get(0);
                }
                String what = a.name() + " on " + name;
                checkJson(model, run("analyze", "--analysis", a.name(), "--format", "json", trace.toString()), what);
                Path csv = TestPaths.workDir("formats-csv-" + a.name() + "-" + name);
                run("analyze", "--analysis", a.name(), "--format", "csv", "--out", csv.toString(), trace.toString());
                Path text = TestPaths.workDir("formats-text-" + a.name() + "-" + name);
                run("analyze", "--analysis", a.name(), "--format", "text", "--out", text.toString(), trace.toString());
                for (Table table : model.tables()) {
                    checkCsv(table, Files.readString(csv.resolve(table.key() + ".csv"), StandardCharsets.UTF_8), what);
                    checkText(table, Files.readString(text.resolve(table.key() + ".txt"), StandardCharsets.UTF_8), what);
                }
                checkLami(model, run("lami", a.name(), trace.toString()), what);
                compared++;
            }
        }
        assertTrue(compared > 0, "no analysis applied to any of " + TRACES);
    }

    private static String run(String... args) {
        Result r = InProcessCli.run(args);
        assertEquals(0, r.code(), List.of(args) + ": " + r.err());
        return r.out();
    }

    private static void checkJson(Report model, String out, String what) {
        JsonObject json = JsonParser.parseString(out).getAsJsonObject();
        assertEquals(model.range().begin(), json.getAsJsonObject("range").get("begin").getAsLong(), what);
        for (Table table : model.tables()) {
            JsonArray rows = json.getAsJsonArray(table.key());
            assertNotNull(rows, what + ": no " + table.key() + " in JSON");
            assertEquals(table.rows().size(), rows.size(), what + " " + table.key());
            for (int r = 0; r < rows.size(); r++) {
                JsonObject row = rows.get(r).getAsJsonObject();
                for (int c = 0; c < table.columns().size(); c++) {
                    Column col = table.columns().get(c);
                    assertSame(table.rows().get(r)[c], row.get(col.key()), what + " JSON " + table.key() + "[" + r + "]." + col.key());
                }
            }
        }
        assertEquals(model.notes(), json.getAsJsonArray("notes").asList().stream().map(JsonElement::getAsString).toList(), what);
    }

    /** A model cell and a JSON value (the JSON writer's and LAMI's plain or {@code value} numbers). */
    private static void assertSame(Object cell, JsonElement json, String where) {
        if (cell == null || cell instanceof Double d && !Double.isFinite(d)) {
            assertTrue(json == null || json.isJsonNull(), where + ": " + json);
        } else if (cell instanceof Long l) {
            assertEquals(l.longValue(), json.getAsLong(), where);
        } else if (cell instanceof Double d) {
            assertEquals(d.doubleValue(), json.getAsDouble(), where);
        } else if (cell instanceof TimeRange t) {
            JsonObject o = json.getAsJsonObject();
            assertEquals(t.begin(), o.get("begin").isJsonObject() ? o.getAsJsonObject("begin").get("value").getAsLong() : o.get("begin").getAsLong(), where);
            assertEquals(t.end(), o.get("end").isJsonObject() ? o.getAsJsonObject("end").get("value").getAsLong() : o.get("end").getAsLong(), where);
        } else {
            assertEquals(cell.toString(), json.getAsString(), where);
        }
    }

    private static void checkCsv(Table table, String csv, String what) {
        List<List<String>> records = csvRecords(csv);
        assertEquals(table.rows().size() + 1, records.size(), what + " CSV " + table.key());
        for (int r = 0; r < table.rows().size(); r++) {
            List<String> fields = records.get(r + 1);
            int f = 0;
            for (int c = 0; c < table.columns().size(); c++) {
                Object cell = table.rows().get(r)[c];
                String where = what + " CSV " + table.key() + "[" + r + "]." + table.columns().get(c).key();
                if (table.columns().get(c).kind() == ColumnKind.TIME_RANGE) {
                    assertEquals(cell == null ? "" : Long.toString(((TimeRange) cell).begin()), fields.get(f++), where);
                    assertEquals(cell == null ? "" : Long.toString(((TimeRange) cell).end()), fields.get(f++), where);
                } else if (cell instanceof Double d) {
                    assertEquals(d.doubleValue(), Double.parseDouble(fields.get(f++)), where);
                } else {
                    assertEquals(cell == null ? "" : cell.toString(), fields.get(f++), where);
                }
            }
            assertEquals(f, fields.size(), what + " CSV fields of row " + r);
        }
    }

    /** RFC 4180 records: quoted fields may hold commas, quotes and line breaks. */
    private static List<List<String>> csvRecords(String csv) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < csv.length(); i++) {
            char ch = csv.charAt(i);
            if (quoted) {
                if (ch == '"' && i + 1 < csv.length() && csv.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = false;
                } else {
                    field.append(ch);
                }
            } else if (ch == '"') {
                quoted = true;
            } else if (ch == ',') {
                record.add(field.toString());
                field.setLength(0);
            } else if (ch == '\n') {
                record.add(field.toString());
                field.setLength(0);
                records.add(record);
                record = new ArrayList<>();
            } else if (ch != '\r') {
                field.append(ch);
            }
        }
        return records;
    }

    /** Each text row shows the model row's cells, as the text format writes them, in column order. */
    private static void checkText(Table table, String text, String what) {
        List<String> lines = text.lines().toList();
        int title = lines.indexOf(table.title());
        assertTrue(title > 0, what + ": no line '" + table.title() + "' after the summary in " + text);
        int header = TextTablesReadableTest.afterWarnings(table, lines, title, what + " text " + table.key());
        for (int r = 0; r < table.rows().size(); r++) {
            String line = lines.get(header + 1 + r);
            int at = 0;
            for (int c = 0; c < table.columns().size(); c++) {
                String cell = CellFormat.text(table.columns().get(c), table.rows().get(r)[c]);
                int found = line.indexOf(cell, at);
                assertTrue(found >= 0, what + " text " + table.key() + "[" + r + "]: '" + cell + "' not in '" + line.substring(at) + "'");
                at = found + cell.length();
            }
        }
        if (table.rows().isEmpty()) {
            assertEquals("(no rows)", lines.get(header + 1), what);
        }
    }

    private static void checkLami(Report model, String out, String what) {
        List<JsonObject> results = new ArrayList<>();
        for (JsonElement e : LamiProtocol.parseOneLine(out).getAsJsonArray("results")) {
            results.add(e.getAsJsonObject());
        }
        assertEquals(model.tables().size() + (model.notes().isEmpty() ? 0 : 1), results.size(), what);
        for (int t = 0; t < model.tables().size(); t++) {
            Table table = model.tables().get(t);
            JsonObject result = results.get(t);
            assertEquals(model.range().begin(), result.getAsJsonObject("time-range").getAsJsonObject("begin").get("value").getAsLong());
            assertEquals(model.range().end(), result.getAsJsonObject("time-range").getAsJsonObject("end").get("value").getAsLong());
            JsonArray data = result.getAsJsonArray("data");
            assertEquals(table.rows().size(), data.size(), what + " LAMI " + table.key());
            int tid = index(table, ColumnKind.TID);
            int pid = index(table, ColumnKind.PID);
            int name = tid >= 0 || pid >= 0 ? index(table, ColumnKind.PROCESS_NAME) : -1;
            for (int r = 0; r < data.size(); r++) {
                JsonArray cells = data.get(r).getAsJsonArray();
                Object[] row = table.rows().get(r);
                int lami = 0;
                boolean processDone = false;
                for (int c = 0; c < row.length; c++) {
                    String where = what + " LAMI " + table.key() + "[" + r + "]." + table.columns().get(c).key();
                    if (c == tid || c == pid || c == name) {
                        if (!processDone) {
                            JsonElement process = cells.get(lami++);
                            processDone = true;
                            checkProcess(process, tid < 0 ? null : row[tid], pid < 0 ? null : row[pid], name < 0 ? null : row[name], where);
                        }
                        continue;
                    }
                    JsonElement cell = cells.get(lami++);
                    ColumnKind kind = table.columns().get(c).kind();
                    if (kind == ColumnKind.CPU && row[c] != null) {
                        long cpu = (Long) row[c];
                        assertEquals(cpu < 0 ? "unknown" : "cpu", cell.getAsJsonObject().get("class").getAsString(), where);
                        if (cpu >= 0) {
                            assertEquals(cpu, cell.getAsJsonObject().get("id").getAsLong(), where);
                        }
                    } else {
                        assertSame(row[c], cell != null && cell.isJsonObject() && cell.getAsJsonObject().has("value")
                                ? cell.getAsJsonObject().get("value") : cell, where);
                    }
                }
                assertEquals(lami, cells.size(), what + " LAMI cells of row " + r);
            }
        }
        // the last result: the tables' warnings, then the notes
        List<String> noted = new ArrayList<>();
        model.tables().stream().flatMap(t -> t.warnings().stream()).map(w -> "warning: " + w.text()).distinct()
                .forEach(noted::add);
        noted.addAll(model.notes());
        if (!noted.isEmpty()) {
            List<String> notes = new ArrayList<>();
            results.get(results.size() - 1).getAsJsonArray("data").forEach(row -> notes.add(row.getAsJsonArray().get(0).getAsString()));
            assertEquals(noted, notes, what);
        }
    }

    private static void checkProcess(JsonElement process, Object tid, Object pid, Object name, String where) {
        if (tid == null && pid == null && name == null) {
            assertTrue(process.isJsonNull(), where);
            return;
        }
        JsonObject o = process.getAsJsonObject();
        assertEquals(tid, o.has("tid") ? o.get("tid").getAsLong() : null, where + " tid");
        assertEquals(pid, o.has("pid") ? o.get("pid").getAsLong() : null, where + " pid");
        assertEquals(name, o.has("name") ? o.get("name").getAsString() : null, where + " name");
    }

    private static int index(Table table, ColumnKind kind) {
        for (int c = 0; c < table.columns().size(); c++) {
            if (table.columns().get(c).kind() == kind) {
                return c;
            }
        }
        return -1;
    }
}
