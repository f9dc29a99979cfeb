package org.lttbench.tests.analysis.discarded;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.lttbench.tests.TestPaths;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * babeltrace2's loss counts per stream file of one trace (the reference), from
 * {@code org.lttbench.tests/scripts/bt2_losses.py}: each stream drained on its own, so traces with overlapping
 * packets (which babeltrace2 2.0.4's muxer refuses) are counted too.
 */
record Bt2Losses(Map<String, Counts> streams) {

    record Counts(long events, long discardedEvents, long discardedEventsRecords, long discardedPackets,
            long discardedPacketsRecords) {
    }

    static Bt2Losses of(Path trace) throws IOException, InterruptedException {
        Path script = TestPaths.repository().resolve("org.lttbench.tests/scripts/bt2_losses.py");
        Process p = new ProcessBuilder("/usr/bin/python3", script.toString(), trace.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException("babeltrace2 (" + script + ") failed on " + trace);
        }
        JsonObject json = JsonParser.parseString(new String(out, StandardCharsets.UTF_8)).getAsJsonObject();
        Map<String, Counts> streams = new LinkedHashMap<>();
        for (JsonElement e : json.getAsJsonArray("streams")) {
            JsonObject s = e.getAsJsonObject();
            streams.put(s.get("stream").getAsString(), new Counts(s.get("events").getAsLong(),
                    s.get("discarded_events").getAsLong(), s.get("discarded_events_records").getAsLong(),
                    s.get("discarded_packets").getAsLong(), s.get("discarded_packets_records").getAsLong()));
        }
        return new Bt2Losses(streams);
    }
}
