package org.lttbench.tests.analysis.discarded;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.tests.ReferenceOutput;

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
        JsonObject json = JsonParser.parseString(String.join("\n", ReferenceOutput.lines("bt2_losses.py", List.of(trace))))
                .getAsJsonObject();
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
