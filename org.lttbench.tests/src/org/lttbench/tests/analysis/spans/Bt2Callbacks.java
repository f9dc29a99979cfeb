package org.lttbench.tests.analysis.spans;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.tests.Babeltrace2;

import com.google.gson.JsonObject;

/**
 * A ROS 2 trace's callbacks as babeltrace2 reads them, counted here: every {@code ros2:callback_start}, and per
 * registered symbol ({@code ros2:rclcpp_callback_register}) the runs that ended (a start and the next
 * {@code ros2:callback_end} of its thread, nested runs innermost first) and their total time.
 */
public record Bt2Callbacks(long starts, Map<String, long[]> endedBySymbol) {

    public static Bt2Callbacks of(Path trace) throws Exception {
        Map<Long, String> symbols = new HashMap<>();
        Map<Long, Deque<long[]>> open = new HashMap<>(); // vtid -> (callback, start)
        Map<String, long[]> ended = new HashMap<>();
        long starts = 0;
        for (JsonObject m : Babeltrace2.events(trace)) {
            JsonObject p = m.getAsJsonObject("payload");
            long ts = m.get("ts").getAsLong();
            switch (m.get("event").getAsString()) {
            case "ros2:rclcpp_callback_register" -> symbols.put(p.get("callback").getAsLong(), p.get("symbol").getAsString());
            case "ros2:callback_start" -> {
                starts++;
                open.computeIfAbsent(vtid(m), k -> new ArrayDeque<>()).push(new long[] { p.get("callback").getAsLong(), ts });
            }
            case "ros2:callback_end" -> {
                Deque<long[]> stack = open.get(vtid(m));
                if (stack != null && !stack.isEmpty()) {
                    long[] run = stack.pop();
                    long[] figures = ended.computeIfAbsent(symbols.getOrDefault(run[0], "callback 0x" + Long.toHexString(run[0])),
                            k -> new long[2]);
                    figures[0]++;
                    figures[1] += ts - run[1];
                }
            }
            default -> {
            }
            }
        }
        return new Bt2Callbacks(starts, ended);
    }

    private static long vtid(JsonObject m) {
        return m.getAsJsonObject("context").get("vtid").getAsLong();
    }

    /** The runs that ended and their total time (ns) of the one symbol starting so. */
    public long[] ended(String symbolStart) {
        List<Map.Entry<String, long[]>> found = endedBySymbol.entrySet().stream()
                .filter(e -> e.getKey().startsWith(symbolStart)).toList();
        if (found.size() != 1) {
            throw new IllegalArgumentException(symbolStart + ": " + found.size() + " symbols");
        }
        return found.get(0).getValue();
    }
}
