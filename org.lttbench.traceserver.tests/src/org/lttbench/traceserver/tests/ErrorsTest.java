package org.lttbench.traceserver.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.lttbench.traceserver.tests.Tsp.Answer;

import com.google.gson.JsonObject;

/**
 * Wrong requests get an HTTP error code with a message (a JSON body that says what is wrong), and after each the
 * server still answers its health check and a normal request: an unknown output id, a trace path that does not exist,
 * a body that is not JSON, a time range outside the trace; a trace deleted once opened gets LTTbench's answer FAILED with
 * the reader's message.
 */
class ErrorsTest {
    private static final String TRACE = "kernel-scp-src";
    private static final String THREADS = "org.lttbench.tracecompass.provider.table:process.thread.threads";
    private static final String THREAD_STATES = "org.lttbench.tracecompass.provider.threadstates";

    private static Tsp tsp() throws Exception {
        return new Tsp(TraceServer.shared().base());
    }

    private static String experiment() throws Exception {
        return ServerTraces.experiment(tsp(), "outputs " + TRACE, TRACE);
    }

    /** An error code, and a message in its body. */
    private static void isError(Answer a, String what) {
        assertTrue(a.code() >= 400 && a.code() < 600, what + ": " + a);
        assertFalse(a.text().isBlank(), what + ": an error without a message: " + a.code());
        System.out.println(what + ": " + a);
    }

    @AfterEach
    void stillAnswers() throws Exception {
        Answer health = tsp().get("health");
        assertEquals(200, health.code(), health.toString());
        assertEquals("UP", health.object().get("status").getAsString());
        Answer threads = tsp().fetch(experiment(), "data", THREADS, "tree", new JsonObject()).last();
        assertEquals("COMPLETED", threads.status(), threads.toString());
    }

    @Test
    void unknownOutput() throws Exception {
        String experiment = experiment();
        isError(tsp().post("experiments/" + experiment + "/outputs/data/org.lttbench.no.such.output/tree",
                Tsp.body(new JsonObject())), "unknown data tree");
        isError(tsp().post("experiments/" + experiment + "/outputs/timeGraph/org.lttbench.tracecompass.provider.table:no.such.table/tree",
                Tsp.body(new JsonObject())), "unknown time graph");
        isError(tsp().get("experiments/" + experiment + "/outputs/org.lttbench.no.such.output"), "unknown output descriptor");
    }

    @Test
    void traceThatDoesNotExist() throws Exception {
        isError(tsp().openTrace(Path.of("/nonexistent/lttbench/trace"), "no such trace"), "trace path that does not exist");
    }

    @Test
    void malformedBody() throws Exception {
        String experiment = experiment();
        isError(tsp().postText("experiments/" + experiment + "/outputs/data/" + THREADS + "/tree", "{\"parameters\": {"),
                "body that is not JSON");
        isError(tsp().postText("traces", "{\"parameters\": {\"name\": \"no uri\"}}"), "trace without its uri");
        isError(tsp().postText("experiments/" + experiment + "/outputs/timeGraph/" + THREAD_STATES + "/states",
                "{\"parameters\": {\"requested_timerange\": {\"start\": \"soon\", \"end\": 1}}}"), "time range of text");
    }

    @Test
    void rangeOutsideTheTrace() throws Exception {
        String experiment = experiment();
        JsonObject info = tsp().experimentInfo(experiment);
        long end = info.get("end").getAsLong();
        // the tree first, as the Trace Viewer asks: the rows' ids come from it
        Answer tree = tsp().fetch(experiment, "timeGraph", THREAD_STATES, "tree", Tsp.range(info.get("start").getAsLong(), end, 2)).last();
        assertEquals("COMPLETED", tree.status(), tree.toString());
        // the server checks a range's shape, not where it is: the model of a range after the end is empty rows
        JsonObject after = Tsp.items(Tsp.range(end + 1_000_000_000_000L, end + 2_000_000_000_000L, 100), List.of(1L, 2L, 3L));
        Answer outside = tsp().fetch(experiment, "timeGraph", THREAD_STATES, "states", after).last();
        System.out.println("range after the trace's end: " + outside);
        if (outside.code() == 200) {
            assertEquals("COMPLETED", outside.status(), outside.toString());
            outside.model().getAsJsonArray("rows")
                    .forEach(r -> assertEquals(0, r.getAsJsonObject().getAsJsonArray("states").size(), "no state after the end: " + r));
        } else {
            isError(outside, "range after the trace's end");
        }
        JsonObject reversed = Tsp.items(Tsp.range(end, info.get("start").getAsLong(), 100), List.of(1L, 2L, 3L));
        isError(tsp().fetch(experiment, "timeGraph", THREAD_STATES, "states", reversed).last(), "range ending before it starts");
        JsonObject negative = Tsp.items(Tsp.range(-end, -1, 100), List.of(1L, 2L, 3L));
        Answer before = tsp().fetch(experiment, "data", THREADS, "tree", negative).last();
        System.out.println("range before the trace's start (a table): " + before);
        assertTrue(before.code() >= 400 || "COMPLETED".equals(before.status()), "range before the start: " + before);
    }

    @Test
    void traceDeletedOnceOpened() throws Exception {
        Path dir = Files.createTempDirectory("lttbench-deleted-").resolve(TRACE);
        try (Stream<Path> files = Files.walk(ServerTraces.shared(TRACE))) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, dir.resolve(ServerTraces.shared(TRACE).relativize(f).toString()));
            }
        }
        Answer opened = tsp().openTrace(dir, "deleted " + TRACE);
        assertEquals(200, opened.code(), opened.toString());
        String experiment = tsp().experiment("deleted " + TRACE, List.of(opened.object().get("UUID").getAsString()));
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
        Answer threads = tsp().fetch(experiment, "data", THREADS, "tree", new JsonObject()).last();
        System.out.println("a trace deleted once opened: " + threads);
        assertEquals(200, threads.code(), threads.toString());
        assertEquals("FAILED", threads.status(), threads.toString());
        String message = threads.object().get("statusMessage").getAsString();
        assertTrue(message.contains(dir.toString()) && message.contains("no longer there"),
                "the message names the trace and says it is gone: " + message);
    }
}
