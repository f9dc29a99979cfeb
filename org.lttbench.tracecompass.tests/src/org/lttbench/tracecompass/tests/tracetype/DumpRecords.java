package org.lttbench.tracecompass.tests.tracetype;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.lttbench.tracecompass.core.tracetype.EventField;
import org.lttbench.tracecompass.core.tracetype.LostEvent;
import org.lttbench.tracecompass.core.tracetype.TraceEvent;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * An event of LTTbench's trace type held to a record of {@code lttbench dump --format jsonl} (or of babeltrace2's
 * reading in the same form): time, name, CPU, stream, then every field of the payload and of the contexts by value;
 * a lost event to a discarded-events record, a lost-packets event to a discarded-packets record.
 */
final class DumpRecords {
    private DumpRecords() {
    }

    /** Where the event differs from the record, or {@code null} when it does not. */
    static String difference(String line, ITmfEvent event) {
        JsonObject record = JsonParser.parseString(line).getAsJsonObject();
        TraceEvent e = (TraceEvent) event;
        List<String> path = new ArrayList<>();
        if (!record.get("stream").getAsString().equals(e.getChannel())) {
            return "stream " + e.getChannel();
        }
        if (record.get("cpu").getAsInt() != e.getCpu()) {
            return "cpu " + e.getCpu();
        }
        long ts = event.getTimestamp().toNanos();
        if (record.has("discarded_events") || record.has("discarded_packets")) {
            boolean events = record.has("discarded_events");
            long count = record.get(events ? "discarded_events" : "discarded_packets").getAsLong();
            if (events != event instanceof LostEvent) {
                return "kind of loss: " + event.getName();
            }
            ITmfEventField content = event.getContent();
            Long n = content.getFieldValue(Long.class, events ? "Lost events" : "Lost packets");
            if (n == null || n != count) {
                return "count " + n;
            }
            long begin = record.get("ts").getAsLong();
            long end = record.get("end").getAsLong();
            if (begin == -1) {
                return null; // a loss the trace cannot place in time (no clock): placed at its packet
            }
            long ourBegin = events ? ((LostEvent) event).getTimeRange().getStartTime().toNanos() : ts;
            long ourEnd = ourBegin + content.getFieldValue(Long.class, "duration");
            return begin == ourBegin && end == ourEnd ? null : "time range [" + ourBegin + ", " + ourEnd + "]";
        }
        if (record.get("ts").getAsLong() != ts) {
            return "ts " + ts;
        }
        if (!record.get("name").getAsString().equals(event.getName())) {
            return "name " + event.getName();
        }
        List<ITmfEventField> payload = new ArrayList<>();
        List<ITmfEventField> context = new ArrayList<>();
        for (ITmfEventField f : event.getContent().getFields()) {
            if (f.getName().startsWith("context._")) {
                context.add(f);
            } else if (!f.getName().startsWith("context.")) { // the packet's context: not in the dump's records
                payload.add(f);
            }
        }
        if (!sameMembers(record.getAsJsonObject("fields"), payload, "", path)) {
            return "fields." + String.join(".", path);
        }
        JsonObject expectedContext = record.has("context") ? record.getAsJsonObject("context") : new JsonObject();
        if (!sameMembers(expectedContext, context, "context._", path)) {
            return "context." + String.join(".", path);
        }
        return null;
    }

    private static boolean sameMembers(JsonObject expected, Iterable<ITmfEventField> fields, String prefix,
            List<String> path) {
        Set<String> names = new HashSet<>();
        for (ITmfEventField f : fields) {
            String name = f.getName().substring(prefix.length());
            names.add(name);
            path.add(name);
            if (!expected.has(name) || !same(expected.get(name), f, path)) {
                return false;
            }
            path.remove(path.size() - 1);
        }
        if (!names.equals(expected.keySet())) {
            path.add("{" + names + " vs " + expected.keySet() + "}");
            return false;
        }
        return true;
    }

    /** A dump value and a field, by value: integers as 64-bit values (unsigned ones unsigned). */
    static boolean same(JsonElement x, ITmfEventField f, List<String> path) {
        Object v = f.getValue();
        if (f instanceof EventField.IntegerField i) {
            return x.isJsonPrimitive() && x.getAsJsonPrimitive().isNumber() && integer(x, i.getValue(), i.isSigned());
        }
        if (f instanceof EventField.EnumField e) {
            String label = e.getValue().getStringValue();
            if (x.isJsonArray()) {
                List<String> labels = new ArrayList<>();
                x.getAsJsonArray().forEach(l -> labels.add(l.getAsString()));
                return labels.toString().equals(label);
            }
            if (x.isJsonPrimitive() && x.getAsJsonPrimitive().isNumber()) {
                return label.isEmpty() && new BigDecimal(x.getAsString()).toBigInteger().longValue() == e.getValue()
                        .getLongValue();
            }
            return x.isJsonPrimitive() && x.getAsString().equals(label);
        }
        if (f instanceof EventField.StringField s) {
            return x.isJsonPrimitive() && x.getAsJsonPrimitive().isString() && x.getAsString().equals(s.getValue());
        }
        if (f instanceof EventField.IntegerArrayField a) {
            if (!x.isJsonArray() || x.getAsJsonArray().size() != a.getValue().length) {
                return false;
            }
            JsonArray array = x.getAsJsonArray();
            for (int i = 0; i < array.size(); i++) {
                if (!integer(array.get(i), a.getValue()[i], a.isSigned())) {
                    path.add("[" + i + "]");
                    return false;
                }
            }
            return true;
        }
        if (f instanceof EventField.CompoundField c) {
            if (c.isArray()) {
                if (!x.isJsonArray() || x.getAsJsonArray().size() != c.getFields().size()) {
                    return false;
                }
                Iterator<? extends ITmfEventField> it = c.getFields().iterator();
                for (int i = 0; i < x.getAsJsonArray().size(); i++) {
                    path.add("[" + i + "]");
                    if (!same(x.getAsJsonArray().get(i), it.next(), path)) {
                        return false;
                    }
                    path.remove(path.size() - 1);
                }
                return true;
            }
            if (!x.isJsonObject()) {
                return false;
            }
            if (v instanceof ITmfEventField option) { // a variant: its option, as {option: value}
                return sameMembers(x.getAsJsonObject(), List.of(option), "", path);
            }
            return sameMembers(x.getAsJsonObject(), c.getFields().stream().map(m -> (ITmfEventField) m).toList(), "",
                    path);
        }
        if (v == null) {
            return x.isJsonNull();
        }
        if (v instanceof Boolean b) {
            return x.isJsonPrimitive() && x.getAsJsonPrimitive().isBoolean() && x.getAsBoolean() == b;
        }
        if (v instanceof Double d) {
            String s = x.getAsString();
            double expected = s.equals("NaN") ? Double.NaN
                    : s.equals("Infinity") ? Double.POSITIVE_INFINITY
                            : s.equals("-Infinity") ? Double.NEGATIVE_INFINITY : Double.parseDouble(s);
            return Double.compare(expected, d) == 0;
        }
        return false;
    }

    private static boolean integer(JsonElement x, long value, boolean signed) {
        BigInteger expected = new BigDecimal(x.getAsString()).toBigIntegerExact();
        BigInteger ours = signed ? BigInteger.valueOf(value) : new BigInteger(Long.toUnsignedString(value));
        return expected.equals(ours);
    }
}
