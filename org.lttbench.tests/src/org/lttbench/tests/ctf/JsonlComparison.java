package org.lttbench.tests.ctf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.ctf.RecordPrinter;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.testing.LineWriter;
import org.lttbench.tests.ReferenceOutput;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;

/**
 * Compares our {@code dump --format jsonl} records of some trace directories with babeltrace2's, stream by stream
 * (babeltrace2's muxer cannot order real traces whose packets overlap, and the order between streams at equal
 * times is not part of the format), record by record and field by field.
 */
public final class JsonlComparison {
    /** What was compared, for the test's report. */
    public record Counts(int traces, int streams, long events, long losses) {
        Counts plus(Counts o) {
            return new Counts(traces + o.traces, streams + o.streams, events + o.events, losses + o.losses);
        }
    }

    /** Compares every trace found at or below {@code dir}, one trace (its directories) at a time. */
    static Counts compareAll(Path dir) throws IOException, InterruptedException {
        List<List<Path>> groups;
        try (CtfTraceSet set = CtfTraceSet.open(List.of(dir))) {
            groups = set.traces().stream().map(set::directories).toList();
        }
        Counts total = new Counts(0, 0, 0, 0);
        for (List<Path> group : groups) {
            total = total.plus(compare(group));
        }
        return total;
    }

    private JsonlComparison() {
    }

    static String streamOf(String line) {
        int at = line.indexOf(",\"stream\":\"");
        if (at < 0) {
            throw new AssertionError("a record without a stream: " + line);
        }
        int from = at + ",\"stream\":\"".length();
        return line.substring(from, line.indexOf('"', from));
    }

    /** Compares the records of one trace (its directories), failing on the first difference. */
    static Counts compare(List<Path> traceDirs) throws IOException, InterruptedException {
        return compare(traceDirs, traceDirs);
    }

    /**
     * Compares our records of one trace ({@code traceDirs}) with babeltrace2's records of {@code referenceDirs}: the
     * same trace, or another copy of its data streams (a CTF 2 trace and its CTF 1.8 counterpart, which babeltrace2
     * 2.0.4 can read).
     */
    public static Counts compare(List<Path> traceDirs, List<Path> referenceDirs) throws IOException, InterruptedException {
        // our records, as jsonl lines grouped by stream (a stream name is unique within one trace)
        Map<String, Deque<String>> ours = new LinkedHashMap<>();
        try (CtfTraceSet set = CtfTraceSet.open(traceDirs)) {
            assertEquals(1, set.traces().size(), "the directories make one trace: " + traceDirs);
            set.read(new RecordPrinter(new LineWriter(line -> ours.computeIfAbsent(streamOf(line), k -> new ArrayDeque<>())
                    .add(line)), RecordPrinter.Format.JSONL), ProgressListener.NONE);
        }
        long[] counts = new long[2];
        Set<String> seen = new TreeSet<>();
        Map<String, Long> index = new LinkedHashMap<>();
        // babeltrace2's records, from our reference script: the same jsonl, stream after stream.
        ReferenceOutput.lines("bt2_dump.py", referenceDirs, line -> {
            String stream = streamOf(line);
            seen.add(stream);
            long i = index.merge(stream, 1L, Long::sum) - 1;
            Deque<String> mine = ours.get(stream);
            if (mine == null || mine.isEmpty()) {
                fail(traceDirs + ": babeltrace2 has record #" + i + " of stream " + stream + " and we do not: " + line);
            }
            String ourLine = mine.poll();
            // Most records print the same text on both sides; parse and compare values only where they do not
            // (key order, number spelling).
            if (!line.equals(ourLine)) {
                JsonObject expected = JsonParser.parseString(line).getAsJsonObject();
                JsonObject actual = JsonParser.parseString(ourLine).getAsJsonObject();
                List<String> path = new ArrayList<>();
                if (!same(expected, actual, path)) {
                    fail(traceDirs + ": record #" + i + " of stream " + stream + " differs at " + String.join(".", path)
                            + "\n  babeltrace2: " + clip(line) + "\n  ours:        " + clip(ourLine));
                }
            }
            // A loss record has no name; an event's name is its second key.
            counts[line.startsWith("{\"ts\":") && line.contains(",\"name\":\"") ? 0 : 1]++;
        });
        for (Map.Entry<String, Deque<String>> e : ours.entrySet()) {
            assertTrue(e.getValue().isEmpty(), traceDirs + ": we have " + e.getValue().size()
                    + " records more than babeltrace2 in stream " + e.getKey() + ", the first: " + e.getValue().peek());
        }
        assertEquals(ours.keySet(), seen, "same streams");
        return new Counts(1, seen.size(), counts[0], counts[1]);
    }

    private static String clip(String s) {
        return s.length() > 1500 ? s.substring(0, 1500) + "..." : s;
    }

    /** Deep equality where numbers compare by value (64-bit integers exactly, floats as doubles). */
    static boolean same(JsonElement a, JsonElement b, List<String> path) {
        if (a.isJsonObject() && b.isJsonObject()) {
            JsonObject x = a.getAsJsonObject();
            JsonObject y = b.getAsJsonObject();
            if (!x.keySet().equals(y.keySet())) {
                path.add("{keys " + x.keySet() + " vs " + y.keySet() + "}");
                return false;
            }
            List<String> keys = List.copyOf(x.keySet());
            return sameEach(keys, i -> x.get(keys.get(i)), i -> y.get(keys.get(i)), path);
        }
        if (a.isJsonArray() && b.isJsonArray()) {
            JsonArray x = a.getAsJsonArray();
            JsonArray y = b.getAsJsonArray();
            if (x.size() != y.size()) {
                path.add("[length " + x.size() + " vs " + y.size() + "]");
                return false;
            }
            return sameEach(IntStream.range(0, x.size()).mapToObj(i -> "[" + i + "]").toList(), x::get, y::get, path);
        }
        if (a.isJsonPrimitive() && b.isJsonPrimitive()) {
            JsonPrimitive x = a.getAsJsonPrimitive();
            JsonPrimitive y = b.getAsJsonPrimitive();
            if (x.isNumber() && y.isNumber()) {
                return sameNumber(x.getAsString(), y.getAsString());
            }
            return x.isNumber() == y.isNumber() && x.isBoolean() == y.isBoolean() && x.getAsString().equals(y.getAsString());
        }
        return a.isJsonNull() && b.isJsonNull();
    }

    /** Whether each child (its label in the path) is the same on both sides; the path ends at one that is not. */
    private static boolean sameEach(List<String> labels, IntFunction<JsonElement> x, IntFunction<JsonElement> y,
            List<String> path) {
        for (int i = 0; i < labels.size(); i++) {
            path.add(labels.get(i));
            if (!same(x.apply(i), y.apply(i), path)) {
                return false;
            }
            path.remove(path.size() - 1);
        }
        return true;
    }

    private static boolean sameNumber(String x, String y) {
        try {
            return new BigDecimal(x).compareTo(new BigDecimal(y)) == 0;
        } catch (NumberFormatException e) {
            // NaN and infinities
            return Double.compare(Double.parseDouble(x), Double.parseDouble(y)) == 0;
        }
    }
}
