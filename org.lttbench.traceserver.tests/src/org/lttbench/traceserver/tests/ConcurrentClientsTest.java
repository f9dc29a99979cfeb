package org.lttbench.traceserver.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.lttbench.traceserver.tests.Tsp.Answer;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * Ten clients that ask the same things of the same experiment at once, while LTTbench's pass on it has not run yet
 * (the experiment is this test's own, indexed), get the same models as one client asking alone afterwards: the processes
 * table, the thread states' tree, the states of some of its rows, the discarded events' series.
 */
class ConcurrentClientsTest {
    private static final String TRACE = "kernel-scp-src";
    private static final int CLIENTS = 10;

    /** What one client asks, in order; the models it got (as JSON), each checked COMPLETED. */
    private static List<JsonElement> ask(Tsp tsp, String experiment) throws Exception {
        JsonObject info = tsp.experimentInfo(experiment);
        JsonObject range = Tsp.range(info.get("start").getAsLong(), info.get("end").getAsLong(), 500);
        List<JsonElement> models = new ArrayList<>();
        models.add(done(tsp.fetch(experiment, "data", "org.lttbench.tracecompass.provider.table:process.process.processes",
                "tree", new JsonObject()).last()));
        JsonElement tree = done(tsp.fetch(experiment, "timeGraph", "org.lttbench.tracecompass.provider.threadstates", "tree",
                range).last());
        models.add(tree);
        List<Long> ids = ServerTraces.entryIds(tree.getAsJsonObject());
        models.add(done(tsp.fetch(experiment, "timeGraph", "org.lttbench.tracecompass.provider.threadstates", "states",
                Tsp.items(range, ids.subList(0, Math.min(40, ids.size())))).last()));
        JsonElement series = done(tsp.fetch(experiment, "XY", "org.lttbench.tracecompass.provider.discarded.xy", "tree",
                range).last());
        models.add(series);
        models.add(done(tsp.fetch(experiment, "XY", "org.lttbench.tracecompass.provider.discarded.xy", "xy",
                Tsp.items(range, ServerTraces.entryIds(series.getAsJsonObject()))).last()));
        return models;
    }

    private static JsonElement done(Answer a) {
        assertEquals("COMPLETED", a.status(), a.toString());
        return a.object().get("model");
    }

    @Test
    void tenClientsAtOnceGetWhatOneGets() throws Exception {
        Tsp tsp = new Tsp(TraceServer.shared().base());
        // opened once: the server's own creation of one experiment by ten clients at once is not what is tested here
        String experiment = ServerTraces.experiment(tsp, "concurrent " + TRACE, TRACE);
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Future<List<JsonElement>>> clients = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                // each its own HTTP client: ten connections, as ten Trace Viewer windows
                clients.add(pool.submit(() -> {
                    Tsp own = new Tsp(TraceServer.shared().base());
                    go.await();
                    return ask(own, experiment);
                }));
            }
            go.countDown();
            List<List<JsonElement>> answers = new ArrayList<>();
            for (Future<List<JsonElement>> f : clients) {
                answers.add(f.get());
            }
            List<JsonElement> alone = ask(tsp, experiment);
            for (int c = 0; c < CLIENTS; c++) {
                for (int q = 0; q < alone.size(); q++) {
                    assertEquals(alone.get(q), answers.get(c).get(q), "client " + c + ", request " + q);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
