package org.lttbench.traceserver.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.lttbench.core.ctf.Ctf2Copy;
import org.lttbench.traceserver.tests.Tsp.Answer;

import com.google.gson.JsonObject;
import org.eclipse.tracecompass.tmf.core.project.model.TraceTypePreferences;

/**
 * The real CTF 2 traces of {@code ../shared/traces-ctf2} opened in the server as a user opens them. Some do not open
 * because of Trace Compass's own reader (its variant parsing), which LTTbench does not change: for those this test
 * only writes down the server's answer ({@code test-work/ctf2.txt}). The ones that open must list LTTbench's outputs,
 * and every one of them must answer.
 */
class Ctf2TracesTest {
    private static final String LTTBENCH_KERNEL = "org.lttbench.tracecompass.tracetype.kernel";

    private static JsonObject typed(Path dir, String name) {
        JsonObject p = new JsonObject();
        p.addProperty("uri", dir.toString());
        p.addProperty("name", name);
        p.addProperty("typeID", LTTBENCH_KERNEL);
        return Tsp.body(p);
    }

    /** An error answer in one line: its JSON title, or the first line of its body. */
    private static String cause(Answer a) {
        if (a.json().isJsonObject() && a.object().has("title")) {
            return a.object().get("title").getAsString();
        }
        return a.text().replace('\n', ' ');
    }

    @Test
    void lttbenchOutputsAnswerOnTheCtf2TracesThatOpen() throws Exception {
        Tsp tsp = new Tsp(TraceServer.shared().base());
        List<Path> traces;
        try (Stream<Path> list = Files.list(ServerTraces.ctf2Traces())) {
            traces = list.filter(Files::isDirectory).sorted().toList();
        }
        List<String> findings = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (Path dir : traces) {
            String name = "ctf2-" + dir.getFileName();
            Answer opened = tsp.openTrace(dir, name);
            if (opened.code() != 200) {
                findings.add(dir.getFileName() + ": does not open: " + opened.code() + " " + cause(opened));
                // the trace type asked by its id, as a client may (the Trace Viewer does not)
                Answer asLttbench = tsp.post("traces", typed(dir, name + "-lttbench"));
                findings.add(dir.getFileName() + ": with typeID " + LTTBENCH_KERNEL + ": " + asLttbench.code() + " " + cause(asLttbench));
                continue;
            }
            // LTTbench's module is for LTTng traces only (a generic CTF trace has no LTTbench output)
            boolean lttng = String.valueOf(opened.object().getAsJsonObject("properties").get("tracer_name")).contains("lttng");
            String experiment = tsp.experiment("ctf2 " + dir.getFileName(), List.of(opened.object().get("UUID").getAsString()));
            JsonObject info = tsp.experimentInfo(experiment);
            List<JsonObject> ours = ServerTraces.lttbenchOutputs(tsp.outputs(experiment));
            List<String> own = new ArrayList<>();
            for (JsonObject output : ours) {
                own.addAll(Outputs.problems(tsp, experiment, output, info.get("start").getAsLong(), info.get("end").getAsLong(),
                        new ArrayList<>()));
            }
            findings.add(dir.getFileName() + (lttng ? " (LTTng)" : " (not LTTng)") + ": opens as " + opened.object().get("name") + " (" + info.get("nbEvents")
                    + " events), " + ours.size() + " LTTbench outputs, " + own.size() + " not answering");
            if (lttng && ours.isEmpty()) {
                problems.add(dir.getFileName() + ": opens, but no LTTbench output listed");
            }
            problems.addAll(own);
        }
        String report = String.join("\n", findings) + "\n";
        System.out.print(report);
        Files.writeString(Files.createDirectories(Path.of(System.getProperty("lttbench.work"))).resolve("ctf2.txt"), report,
                StandardCharsets.UTF_8);
        assertEquals(List.of(), problems);
    }

    /** Trace Compass's three trace types of CTF traces, whose validation throws on LTTng's CTF 2 metadata. */
    static final List<String> TRACE_COMPASS_CTF_TYPES = List.of("org.eclipse.linuxtools.lttng2.kernel.tracetype",
            "org.eclipse.linuxtools.lttng2.ust.tracetype", "org.eclipse.linuxtools.tmf.ui.type.ctf");

    /**
     * What docs/tracecompass/trace-server.md tells a user to do: with Trace Compass's CTF trace types disabled (the
     * preference its Trace Types page sets, which a server reads from its configuration), LTTng's CTF 2 traces that
     * Trace Compass's reader cannot read open with LTTbench's types, and their tables are the command line's; so does a
     * CTF 2 copy of a kernel trace.
     */
    @Test
    void withTraceCompassCtfTypesDisabledLttngsCtf2TracesOpenAndAnswer() throws Exception {
        Tsp tsp = new Tsp(TraceServer.shared().base());
        List<String> before = TraceTypePreferences.getPreferenceValue();
        TraceTypePreferences.setPreferenceValue(TRACE_COMPASS_CTF_TYPES);
        try {
            // LTTng's user-space CTF 2 traces, and a CTF 2 copy of a kernel trace (LTTbench's own writer, as LTTng 2.15
            // writes kernel traces' metadata): what the command line says of each
            Path kernel = Files.createTempDirectory("lttbench-ctf2-").resolve("kernel-scp-src");
            Ctf2Copy.copy(ServerTraces.shared("kernel-scp-src"), kernel);
            Map<Path, String[]> traces = new LinkedHashMap<>();
            for (String name : List.of("trace-with-index", "lttng-crash", "debug-info", "lttng-event-after-packet")) {
                traces.put(ServerTraces.ctf2Traces().resolve(name), new String[] { "overhead", "tracepoints" });
            }
            traces.put(kernel, new String[] { "process", "threads" });
            for (var t : traces.entrySet()) {
                Path dir = t.getKey();
                String name = dir.getFileName().toString();
                String analysis = t.getValue()[0];
                String table = t.getValue()[1];
                Answer opened = tsp.openTrace(dir, "ctf2-typed-" + name);
                assertEquals(200, opened.code(), name + ": " + opened.text());
                String experiment = tsp.experiment("ctf2 typed " + name, List.of(opened.object().get("UUID").getAsString()));
                JsonObject cli = CommandLine.analyze(dir, "--analysis", analysis);
                Tsp.Polled answer = tsp.fetch(experiment, "data",
                        "org.lttbench.tracecompass.provider.table:" + analysis + ".thread." + table, "tree", new JsonObject());
                assertEquals("COMPLETED", answer.last().status(), name + ": " + answer.last());
                assertEquals(List.of(), ServerTables.differences(answer.last().model(), cli.getAsJsonArray(table), 20),
                        name + ": the " + table + " table through the server is the command line's");
                assertTrue(cli.getAsJsonArray(table).size() > 0, name + ": rows of " + table);
            }
        } finally {
            TraceTypePreferences.setPreferenceValue(before);
        }
    }
}
