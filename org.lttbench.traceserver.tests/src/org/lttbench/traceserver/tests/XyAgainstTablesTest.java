package org.lttbench.traceserver.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.traceserver.tests.Tsp.Answer;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * An XY output through the server says what the tables say: the discarded events over time, every series asked over a
 * range wider than the trace, add up to the discarded events of the streams table (which the command line's equals,
 * EveryTableAgainstCliTest): 728 on the kernel trace of session-multi-domains, as babeltrace2 counts them.
 */
class XyAgainstTablesTest {
    private static final String TRACE = "session-multi-domains/kernel";

    @Test
    void discardedEventsOverTimeAddUpToTheStreamsTable() throws Exception {
        Tsp tsp = new Tsp(TraceServer.shared().base());
        String experiment = ServerTraces.experiment(tsp, "xy " + TRACE, TRACE);
        JsonObject info = tsp.experimentInfo(experiment);
        long start = info.get("start").getAsLong() - 1_000_000_000L;
        long end = info.get("end").getAsLong() + 1_000_000_000L;
        JsonObject range = Tsp.range(start, end, 1000);

        Answer tree = tsp.fetch(experiment, "XY", "org.lttbench.tracecompass.provider.discarded.xy", "tree", range).last();
        assertEquals("COMPLETED", tree.status(), tree.toString());
        List<Long> series = ServerTraces.entryIds(tree.model());
        Answer xy = tsp.fetch(experiment, "XY", "org.lttbench.tracecompass.provider.discarded.xy", "xy",
                Tsp.items(range, series)).last();
        assertEquals("COMPLETED", xy.status(), xy.toString());
        double overTime = 0;
        for (JsonElement s : xy.model().getAsJsonArray("series")) {
            for (JsonElement y : s.getAsJsonObject().getAsJsonArray("yValues")) {
                overTime += y.getAsDouble();
            }
        }

        Answer streams = tsp.fetch(experiment, "data", "org.lttbench.tracecompass.provider.table:discarded.thread.streams",
                "tree", new JsonObject()).last();
        assertEquals("COMPLETED", streams.status(), streams.toString());
        int column = ServerTables.keys(streams.model()).indexOf("discarded_events");
        assertTrue(column >= 0, "a discarded_events column: " + ServerTables.keys(streams.model()));
        long inTable = 0;
        for (JsonElement e : streams.model().getAsJsonArray("entries")) {
            inTable += Long.parseLong(e.getAsJsonObject().getAsJsonArray("labels").get(column).getAsString());
        }
        assertEquals(728, inTable, "the streams table's discarded events (babeltrace2's count)");
        assertEquals(inTable, overTime, 1e-6, "the discarded events over time, every series summed");
    }
}
