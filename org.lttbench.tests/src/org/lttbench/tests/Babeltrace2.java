package org.lttbench.tests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
        Path script = TestPaths.repository().resolve("org.lttbench.tests/scripts/bt2_events.py");
        List<String> command = new ArrayList<>(List.of("/usr/bin/python3", script.toString()));
        for (Path t : traces) {
            command.add(t.toString());
        }
        Path out = Files.createTempFile("bt2-", ".jsonl");
        Path err = Files.createTempFile("bt2-", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException("babeltrace2 did not finish in 10 minutes on " + List.of(traces));
            }
            if (p.exitValue() != 0) {
                throw new IOException("babeltrace2 failed on " + List.of(traces) + ": "
                        + Files.readString(err, StandardCharsets.UTF_8).strip());
            }
            List<JsonObject> messages = new ArrayList<>();
            for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
                if (!line.isBlank()) {
                    messages.add(JsonParser.parseString(line).getAsJsonObject());
                }
            }
            return messages;
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
