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
        List<JsonObject> messages = new ArrayList<>();
        for (String line : run("bt2_events.py", List.of(traces))) {
            if (!line.isBlank()) {
                messages.add(JsonParser.parseString(line).getAsJsonObject());
            }
        }
        return messages;
    }

    /** Runs one of {@code org.lttbench.tests/scripts/} on the traces and returns the lines it printed. */
    public static List<String> run(String script, List<Path> traces) throws IOException, InterruptedException {
        Path file = TestPaths.repository().resolve("org.lttbench.tests/scripts").resolve(script);
        List<String> command = new ArrayList<>(List.of("/usr/bin/python3", file.toString()));
        for (Path t : traces) {
            command.add(t.toString());
        }
        Path out = Files.createTempFile("bt2-", ".out");
        Path err = Files.createTempFile("bt2-", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException("babeltrace2 did not finish in 10 minutes on " + traces);
            }
            if (p.exitValue() != 0) {
                throw new IOException("babeltrace2 failed on " + traces + ": "
                        + Files.readString(err, StandardCharsets.UTF_8).strip());
            }
            return Files.readAllLines(out, StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
