package org.lttbench.tests.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.lttbench.tests.Babeltrace2;
import org.lttbench.tests.writer.CtfType.EnumType;
import org.lttbench.tests.writer.CtfType.IntegerType;
import org.lttbench.tests.writer.CtfType.TextArrayType;
import org.lttbench.tests.writer.TraceMetadata.Field;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/** Checks that babeltrace2 reads back exactly the events a {@link CtfTraceWriter} wrote, and its discard counts. */
public final class WrittenTraceCheck {
    private WrittenTraceCheck() {
    }

    /** @return the number of events compared */
    public static int assertBabeltraceReadsWhatWasWritten(CtfTraceWriter writer) throws IOException, InterruptedException {
        TraceMetadata metadata = writer.metadata();
        List<String> expected = new ArrayList<>();
        for (CtfTraceWriter.WrittenEvent e : writer.writtenEvents()) {
            TraceMetadata.EventClass cls = metadata.eventClass(e.name());
            // babeltrace2's CPU is the packet context's: none when only the events say it (their payload is compared)
            int cpu = metadata.packetCpuId() ? e.cpu() : -1;
            expected.add(e.name() + "@" + e.timestamp() + "/cpu" + cpu + " ctx" + written(cls.stream().eventContext(), e.context())
                    + " " + written(cls.fields(), e.payload()));
        }
        List<String> actual = new ArrayList<>();
        long discarded = 0;
        for (JsonObject m : Babeltrace2.messages(writer.directory())) {
            if (m.has("discarded_events")) {
                discarded += m.get("discarded_events").getAsLong();
                continue;
            }
            if (!m.has("event")) {
                continue;
            }
            String name = m.get("event").getAsString();
            TraceMetadata.EventClass cls = metadata.eventClass(name);
            actual.add(name + "@" + m.get("ts").getAsLong() + "/cpu" + m.get("cpu").getAsInt() + " ctx"
                    + decoded(cls.stream().eventContext(), m.getAsJsonObject("context")) + " "
                    + decoded(cls.fields(), m.getAsJsonObject("payload")));
        }
        Collections.sort(expected);
        Collections.sort(actual);
        assertEquals(expected.size(), actual.size(), "events babeltrace2 read from " + writer.directory());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), actual.get(i), "event " + i + " (sorted) of " + writer.directory());
        }
        long written = 0;
        for (CtfStreamWriter s : writer.streams()) {
            written += s.discardedCount();
        }
        assertEquals(written, discarded, "discarded events babeltrace2 reports in " + writer.directory());
        return expected.size();
    }

    private static String written(List<Field> fields, List<Object> values) {
        StringBuilder s = new StringBuilder("{");
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            s.append(f.name()).append('=').append(writtenValue(f.type(), values.get(i))).append(';');
        }
        return s.append('}').toString();
    }

    private static String writtenValue(CtfType type, Object v) {
        return switch (type) {
            case IntegerType t -> integer(t, ((Number) v).longValue());
            case EnumType t -> integer(t.container(), v instanceof String label ? t.labels().get(label) : ((Number) v).longValue());
            case TextArrayType t -> {
                byte[] b = ((String) v).getBytes(java.nio.charset.StandardCharsets.UTF_8);
                yield new String(b, 0, Math.min(b.length, t.length() - 1), java.nio.charset.StandardCharsets.UTF_8);
            }
            case CtfType.ArrayType t -> list(t.element(), (long[]) v);
            case CtfType.FloatType t -> Double.toString(t.sizeBits() == 32 ? (float) ((Number) v).doubleValue() : ((Number) v).doubleValue());
            case CtfType.StringType t -> (String) v;
            case CtfType.StructType t -> written(t.fields(), new ArrayList<>((List<?>) v));
            case CtfType.VariantType t -> {
                CtfType.Choice c = (CtfType.Choice) v;
                yield c.option() + ":" + writtenValue(t.options().get(c.option()), c.value());
            }
        };
    }

    private static String list(IntegerType element, long[] values) {
        StringBuilder s = new StringBuilder("[");
        for (long v : values) {
            s.append(integer(element, v)).append(',');
        }
        return s.append(']').toString();
    }

    private static String integer(IntegerType t, long v) {
        int n = t.sizeBits();
        if (t.signed()) {
            return Long.toString(n == 64 ? v : (v << (64 - n)) >> (64 - n));
        }
        return Long.toUnsignedString(n == 64 ? v : v & ((1L << n) - 1));
    }

    private static String decoded(List<Field> fields, JsonObject values) {
        StringBuilder s = new StringBuilder("{");
        for (Field f : fields) {
            JsonElement v = values.get(f.name());
            s.append(f.name()).append('=').append(decodedValue(f.type(), v)).append(';');
        }
        return s.append('}').toString();
    }

    private static String decodedValue(CtfType type, JsonElement v) {
        if (v == null) {
            return "(missing)";
        }
        return switch (type) {
            case IntegerType t -> v.getAsBigInteger().toString();
            case EnumType t -> v.getAsBigInteger().toString();
            case CtfType.ArrayType t -> jsonList(v);
            case CtfType.FloatType t -> Double.toString(v.getAsDouble());
            case CtfType.StructType t -> decoded(t.fields(), v.getAsJsonObject());
            case CtfType.VariantType t -> {
                // bt2_events.py: {option: value}
                var option = v.getAsJsonObject().entrySet().iterator().next();
                CtfType selected = t.options().get(option.getKey());
                yield option.getKey() + ":" + (selected == null ? "(no such option)"
                        : decodedValue(selected, option.getValue()));
            }
            default -> v.getAsString();
        };
    }

    private static String jsonList(JsonElement v) {
        StringBuilder s = new StringBuilder("[");
        for (JsonElement e : v.getAsJsonArray()) {
            BigInteger b = e.getAsBigInteger();
            s.append(b).append(',');
        }
        return s.append(']').toString();
    }
}
