package org.lttbench.traceserver.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/**
 * A client of the trace server protocol that sends what the VS Code Trace Viewer's client (tsp-typescript-client)
 * sends: JSON bodies {@code {"parameters":{...}}}, output ids unencoded in the path, and for a model still being
 * computed ({@code "status":"RUNNING"}) the same request again until it is done.
 */
public final class Tsp {
    /** How long a fetch may stay RUNNING: LTTbench's pass over kernel-many-threads on a loaded 2-core machine. */
    private static final Duration PATIENCE = Duration.ofMinutes(10);
    private static final long POLL_MS = 100;

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(30)).build();
    private final URI base;

    public Tsp(URI base) {
        this.base = base;
    }

    /** An HTTP answer: its code, its body as text and as JSON (JsonNull when the body is not JSON). */
    public record Answer(int code, String text, JsonElement json) {
        public JsonObject object() {
            return json.getAsJsonObject();
        }

        /** A model's status ({@code COMPLETED}, {@code RUNNING}, {@code FAILED}...), or null for other bodies. */
        public String status() {
            return json.isJsonObject() && json.getAsJsonObject().has("status")
                    ? json.getAsJsonObject().get("status").getAsString() : null;
        }

        public JsonObject model() {
            return object().get("model").getAsJsonObject();
        }

        @Override
        public String toString() {
            return code + " " + (text.length() > 600 ? text.substring(0, 600) + "..." : text);
        }
    }

    /** A fetch asked again while RUNNING: its last answer, and when the first and the last came (since the first ask). */
    /**
     * @param firstStatus the first answer's status
     * @param running     the answers that said RUNNING
     * @param firstData   when the first answer with entries came (null: none had any)
     */
    public record Polled(Answer last, Duration first, Duration done, int answers, String firstStatus, int running,
            Duration firstData) {
    }

    public Answer get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(base.resolve(path)).GET());
    }

    public Answer post(String path, JsonElement body) throws IOException, InterruptedException {
        return postText(path, body.toString());
    }

    /** A POST whose body is sent as given, JSON or not. */
    public Answer postText(String path, String body) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(base.resolve(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private Answer send(HttpRequest.Builder request) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(request.header("Accept", "application/json").timeout(PATIENCE).build(),
                HttpResponse.BodyHandlers.ofString());
        JsonElement json;
        try {
            json = r.body().isEmpty() ? JsonNull.INSTANCE : JsonParser.parseString(r.body());
        } catch (JsonParseException e) {
            json = JsonNull.INSTANCE;
        }
        return new Answer(r.statusCode(), r.body(), json);
    }

    /** {@code {"parameters": parameters}}. */
    public static JsonObject body(JsonObject parameters) {
        JsonObject b = new JsonObject();
        b.add("parameters", parameters);
        return b;
    }

    /** The request to open a trace: {@code POST traces {"parameters":{"uri":PATH,"name":NAME}}}. */
    public Answer openTrace(Path dir, String name) throws IOException, InterruptedException {
        JsonObject p = new JsonObject();
        p.addProperty("uri", dir.toString());
        p.addProperty("name", name);
        return post("traces", body(p));
    }

    /** An opened trace's UUID (the test fails with the server's answer if it did not open). */
    public String trace(Path dir, String name) throws IOException, InterruptedException {
        Answer a = openTrace(dir, name);
        assertEquals(200, a.code(), "open " + dir + ": " + a);
        return a.object().get("UUID").getAsString();
    }

    /** An experiment of these traces (by UUID), once the server has indexed it; its UUID. */
    public String experiment(String name, List<String> traces) throws IOException, InterruptedException {
        String uuid = createExperiment(name, traces);
        long until = System.nanoTime() + PATIENCE.toNanos();
        while (!"COMPLETED".equals(experimentInfo(uuid).get("indexingStatus").getAsString())) {
            if (System.nanoTime() > until) {
                fail("experiment " + name + " still indexing after " + PATIENCE);
            }
            Thread.sleep(POLL_MS);
        }
        return uuid;
    }

    /** An experiment of these traces, as soon as the server has made it (its indexing goes on); its UUID. */
    public String createExperiment(String name, List<String> traces) throws IOException, InterruptedException {
        JsonObject p = new JsonObject();
        p.addProperty("name", name);
        JsonArray uuids = new JsonArray();
        traces.forEach(uuids::add);
        p.add("traces", uuids);
        Answer a = post("experiments", body(p));
        assertEquals(200, a.code(), "experiment " + name + ": " + a);
        return a.object().get("UUID").getAsString();
    }

    /** {@code GET experiments/UUID}: name, start, end, nbEvents, indexingStatus, traces. */
    public JsonObject experimentInfo(String uuid) throws IOException, InterruptedException {
        Answer a = get("experiments/" + uuid);
        assertEquals(200, a.code(), a.toString());
        return a.object();
    }

    /** The outputs the server lists for an experiment (descriptors: id, name, type, ...). */
    public JsonArray outputs(String experiment) throws IOException, InterruptedException {
        Answer a = get("experiments/" + experiment + "/outputs");
        assertEquals(200, a.code(), a.toString());
        return a.json().getAsJsonArray();
    }

    /**
     * {@code POST experiments/EXP/outputs/KIND/OUTPUT/ENDPOINT}, asked again while the model is RUNNING (as the Trace
     * Viewer does), e.g. kind {@code data} and endpoint {@code tree}, or {@code timeGraph} and {@code states}.
     */
    public Polled fetch(String experiment, String kind, String output, String endpoint, JsonObject parameters)
            throws IOException, InterruptedException {
        String path = "experiments/" + experiment + "/outputs/" + kind + "/" + output + "/" + endpoint;
        long start = System.nanoTime();
        Duration first = null;
        Duration firstData = null;
        String firstStatus = null;
        int answers = 0;
        int running = 0;
        while (true) {
            Answer a = post(path, body(parameters));
            answers++;
            Duration since = Duration.ofNanos(System.nanoTime() - start);
            if (first == null) {
                first = since;
                firstStatus = a.code() == 200 ? a.status() : "HTTP " + a.code();
            }
            if (firstData == null && a.code() == 200 && a.object().get("model") instanceof JsonObject m
                    && m.get("entries") instanceof com.google.gson.JsonArray entries && !entries.isEmpty()) {
                firstData = since;
            }
            if (a.code() != 200 || !"RUNNING".equals(a.status())) {
                return new Polled(a, first, since, answers, firstStatus, running, firstData);
            }
            running++;
            if (since.compareTo(PATIENCE) > 0) {
                fail(path + " still RUNNING after " + PATIENCE + ": " + a);
            }
            Thread.sleep(POLL_MS);
        }
    }

    /** The parameters of a time range request: {@code requested_timerange {start, end, nbTimes}}. */
    public static JsonObject range(long start, long end, int times) {
        return timeRange(start, end, "nbTimes", times);
    }

    /** The parameters of a generic XY's range, which is sampled: {@code requested_timerange {start, end, nbSamples}}. */
    public static JsonObject sampled(long start, long end, int samples) {
        return timeRange(start, end, "nbSamples", samples);
    }

    private static JsonObject timeRange(long start, long end, String countKey, int count) {
        JsonObject r = new JsonObject();
        r.addProperty("start", start);
        r.addProperty("end", end);
        r.addProperty(countKey, count);
        JsonObject p = new JsonObject();
        p.add("requested_timerange", r);
        return p;
    }

    /** These parameters with {@code requested_items}. */
    public static JsonObject items(JsonObject parameters, List<Long> items) {
        JsonArray a = new JsonArray();
        items.forEach(a::add);
        JsonObject p = parameters.deepCopy();
        p.add("requested_items", a);
        return p;
    }
}
