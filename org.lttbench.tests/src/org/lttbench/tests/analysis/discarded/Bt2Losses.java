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
public record Bt2Losses(Map<String, Counts> streams) {

    public record Counts(long events, long discardedEvents, long discardedEventsRecords, long discardedPackets,
            long discardedPacketsRecords) {
    }

    public static Bt2Losses of(Path trace) throws IOException, InterruptedException {
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

    /** The sums over every stream of the traces. */
    public static Counts total(List<Path> traces) throws IOException, InterruptedException {
        long[] sum = new long[5];
        for (Path trace : traces) {
            for (Counts c : of(trace).streams().values()) {
                sum[0] += c.events();
                sum[1] += c.discardedEvents();
                sum[2] += c.discardedEventsRecords();
                sum[3] += c.discardedPackets();
                sum[4] += c.discardedPacketsRecords();
            }
        }
        return new Counts(sum[0], sum[1], sum[2], sum[3], sum[4]);
    }
}
