package org.lttbench.tests;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

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
        return JsonParser.parseString(String.join("\n", Babeltrace2.run("bt2_gaps.py", traces))).getAsJsonObject();
    }
}
