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
 * Reference figures for the overhead analysis from babeltrace2 ({@code scripts/bt2_gaps.py}): per tracepoint, the
 * event count and the exact percentiles of the gaps after its events; the discarded events and packets.
 */
public final class Bt2Gaps {
    private Bt2Gaps() {
    }

    public static JsonObject of(List<Path> traces) throws IOException, InterruptedException {
        Path script = TestPaths.repository().resolve("org.lttbench.tests/scripts/bt2_gaps.py");
        List<String> command = new ArrayList<>(List.of("/usr/bin/python3", script.toString()));
        for (Path t : traces) {
            command.add(t.toString());
        }
        Path out = Files.createTempFile("bt2-gaps", ".json");
        Path err = Files.createTempFile("bt2-gaps", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException("babeltrace2 did not finish in 10 minutes on " + traces);
            }
            if (p.exitValue() != 0) {
                throw new IOException("babeltrace2 failed on " + traces + ": " + Files.readString(err, StandardCharsets.UTF_8).strip());
            }
            return JsonParser.parseString(Files.readString(out, StandardCharsets.UTF_8)).getAsJsonObject();
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
