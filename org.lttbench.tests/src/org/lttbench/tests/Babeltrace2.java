package org.lttbench.tests;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The reference decoder: babeltrace2's Python bindings ({@code /usr/bin/python3} with {@code python3-bt2}) run
 * {@code org.lttbench.tests/scripts/bt2_events.py} and give one JSON object per event or loss message.
 */
public final class Babeltrace2 {
    private Babeltrace2() {
    }

    /** Every message babeltrace2 reads from the traces (one trace collection, muxed in time order). */
    public static List<JsonObject> messages(Path... traces) throws IOException, InterruptedException {
        List<JsonObject> messages = new ArrayList<>();
        for (String line : run("bt2_events.py", List.of(traces))) {
            if (!line.isBlank()) {
                messages.add(JsonParser.parseString(line).getAsJsonObject());
            }
        }
        return messages;
    }

    /** The event messages of {@link #messages} (those that name an event: not the losses). */
    public static List<JsonObject> events(Path... traces) throws IOException, InterruptedException {
        return messages(traces).stream().filter(m -> m.has("event")).toList();
    }

    /** Runs one of {@code org.lttbench.tests/scripts/} on the traces and returns the lines it printed. */
    public static List<String> run(String script, List<Path> traces) throws IOException, InterruptedException {
        return ReferenceOutput.lines(script, traces);
    }
}
