package org.lttbench.traceserver.tests;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/** The shared traces, opened in the trace server the way a user opens them from the Trace Viewer. */
public final class ServerTraces {
    /** The prefix of every LTTbench output id. */
    public static final String LTTBENCH = "org.lttbench.";

    private ServerTraces() {
    }

    /**
     * A shared trace's directory, as an absolute path without {@code ..}: the server keeps a trace under its name with
     * its path normalized, and answers a second open of the same name with a path written otherwise 409 (conflict).
     */
    public static Path shared(String name) {
        return Path.of(System.getProperty("lttbench.traces")).resolve(name).toAbsolutePath().normalize();
    }

    /** The directory of the shared CTF 2 traces, as {@link #shared} writes it. */
    public static Path ctf2Traces() {
        return Path.of(System.getProperty("lttbench.traces.ctf2")).toAbsolutePath().normalize();
    }

    /**
     * An experiment of shared traces (names relative to the shared traces), opened and indexed; its UUID. The server
     * keeps it: asking again for the same name and traces gives the same experiment, whose analyses already ran.
     */
    public static String experiment(Tsp tsp, String name, String... traces) throws Exception {
        List<String> uuids = new ArrayList<>();
        for (String t : traces) {
            uuids.add(tsp.trace(shared(t), t.replace('/', '-')));
        }
        return tsp.experiment(name, uuids);
    }

    /** LTTbench's outputs among an experiment's. */
    public static List<JsonObject> lttbenchOutputs(JsonArray outputs) {
        List<JsonObject> ours = new ArrayList<>();
        for (JsonElement e : outputs) {
            String id = e.getAsJsonObject().get("id").getAsString();
            // a Trace Compass provider on one of LTTbench's analyses (a latency store) names it after a colon
            if (id.startsWith(LTTBENCH) || id.contains(":" + LTTBENCH)) {
                ours.add(e.getAsJsonObject());
            }
        }
        return ours;
    }

    /** The ids of the entries of a tree answer's model. */
    public static List<Long> entryIds(JsonObject model) {
        List<Long> ids = new ArrayList<>();
        model.getAsJsonArray("entries").forEach(e -> ids.add(e.getAsJsonObject().get("id").getAsLong()));
        return ids;
    }
}
