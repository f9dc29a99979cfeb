package org.lttbench.tests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Message counts of some traces as the babeltrace2 command line counts them ({@code sink.utils.counter}): the C
 * decoder, for traces too big to walk in Python just to count.
 */
public record Bt2Counter(long events, long packets, long discardedEventsMessages, long discardedPacketsMessages) {
    private static final Pattern LINE = Pattern.compile("(?m)^\\s*(\\d+) (\\w[\\w ]*) messages$");

    public static Bt2Counter of(List<Path> traces) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("babeltrace2"));
        traces.forEach(t -> command.add(t.toString()));
        command.addAll(List.of("-c", "sink.utils.counter"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException("babeltrace2 failed on " + traces + ": " + out);
        }
        // The counter prints running totals as it goes: the last of each are the traces'.
        Map<String, Long> counts = new HashMap<>();
        Matcher m = LINE.matcher(out);
        while (m.find()) {
            counts.put(m.group(2), Long.parseLong(m.group(1)));
        }
        return new Bt2Counter(count(counts, "Event", out), count(counts, "Packet beginning", out),
                count(counts, "Discarded event", out), count(counts, "Discarded packet", out));
    }

    private static long count(Map<String, Long> counts, String kind, String out) throws IOException {
        Long n = counts.get(kind);
        if (n == null) {
            throw new IOException("babeltrace2's counter printed no '" + kind + " messages' line: " + out);
        }
        return n;
    }
}
