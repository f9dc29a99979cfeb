package org.lttbench.traceserver.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lttbench.traceserver.tests.Tsp.Answer;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * Every report table the server lists for a trace, as the Trace Viewer asks it (no range: the whole trace), equals the
 * same table of {@code ./lttbench analyze --analysis A --by G --format json}, row for row and cell for cell; a table
 * the trace cannot have says why, and the command line has no such table either.
 */
class EveryTableAgainstCliTest {
    private static final String TABLE = "org.lttbench.tracecompass.provider.table:";

    @ParameterizedTest
    @ValueSource(strings = { "kernel-scp-src", "ust-hello-lost" })
    void everyTableIsTheCommandLines(String name) throws Exception {
        Tsp tsp = new Tsp(TraceServer.shared().base());
        String experiment = ServerTraces.experiment(tsp, "every table " + name, name);
        Map<String, JsonObject> cli = new HashMap<>();
        List<String> differences = new ArrayList<>();
        int compared = 0;
        int absent = 0;
        for (JsonObject output : ServerTraces.lttbenchOutputs(tsp.outputs(experiment))) {
            String id = output.get("id").getAsString();
            if (!id.startsWith(TABLE) || id.endsWith(".notes")) {
                continue;
            }
            String[] part = id.substring(TABLE.length()).split("\\.");
            Answer answer = tsp.fetch(experiment, "data", id, "tree", new JsonObject()).last();
            assertEquals(200, answer.code(), id + ": " + answer);
            if ("FAILED".equals(answer.status())) {
                String why = answer.object().get("statusMessage").getAsString();
                assertTrue(Outputs.NOT_APPLICABLE.stream().anyMatch(why::startsWith), id + ": " + why);
                absent++;
                continue;
            }
            assertEquals("COMPLETED", answer.status(), id + ": " + answer);
            JsonObject report = cli.computeIfAbsent(part[0] + " " + part[1], k -> {
                try {
                    return CommandLine.analyze(ServerTraces.shared(name), "--analysis", part[0], "--by", part[1]);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            JsonArray rows = report.getAsJsonArray(part[2]);
            if (rows == null) {
                differences.add(id + ": the command line has no table " + part[2]);
                continue;
            }
            for (String d : ServerTables.differences(answer.model(), rows, 5)) {
                differences.add(id + ": " + d);
            }
            compared++;
        }
        System.out.printf("%s: %d tables equal to the command line's, %d the trace cannot have%n", name, compared, absent);
        assertTrue(compared >= 5, name + ": tables compared: " + compared);
        assertEquals(List.of(), differences);
    }
}
