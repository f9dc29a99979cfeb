package org.lttbench.tests.ctf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.ctf.RecordCounter;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TraceFormatException;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.LauncherTest;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;

/**
 * Bad CTF 2 metadata, written from the real {@code trace-with-index} CTF 2 trace with one thing wrong: each gives one
 * {@link TraceFormatException} naming the metadata file, the byte offset of the fragment at fault, the fragment (its
 * number and kind) and what was expected; the command line says it in one line with exit code 3. Nesting is bounded
 * (no stack overflow), nothing hangs.
 */
class Ctf2BadMetadataTest {
    private static final char RS = 0x1E;

    /** The fragments of trace-with-index's metadata, as JSON objects (preamble first). */
    private static List<JsonObject> fragments() throws IOException {
        String text = Files.readString(TestPaths.traceCtf2("trace-with-index").resolve("metadata"), StandardCharsets.UTF_8);
        List<JsonObject> fragments = new ArrayList<>();
        for (String f : text.split(String.valueOf(RS))) {
            if (!f.isBlank()) {
                fragments.add(JsonParser.parseString(f).getAsJsonObject());
            }
        }
        assertEquals(5, fragments.size(), "preamble, trace class, clock class, data stream class, event record class");
        return fragments;
    }

    /** A trace directory with these metadata fragments (texts) and trace-with-index's data streams. */
    private static Path trace(String name, List<String> fragments) throws IOException {
        return trace(name, metadataText(fragments).getBytes(StandardCharsets.UTF_8));
    }

    private static String metadataText(List<String> fragments) {
        StringBuilder s = new StringBuilder();
        for (String f : fragments) {
            s.append(RS).append(f).append('\n');
        }
        return s.toString();
    }

    private static Path trace(String name, byte[] metadata) throws IOException {
        Path dir = TestPaths.workDir("ctf2-bad-" + name);
        Path from = TestPaths.traceCtf2("trace-with-index");
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                if (!f.getFileName().toString().equals("metadata")) {
                    Files.createSymbolicLink(dir.resolve(f.getFileName()), f);
                }
            }
        }
        Files.write(dir.resolve("metadata"), metadata);
        return dir;
    }

    /** The trace with fragment {@code index} (0 is the preamble) changed by {@code edit}. */
    private static Path edited(String name, int index, Consumer<JsonObject> edit) throws IOException {
        List<JsonObject> fragments = fragments();
        edit.accept(fragments.get(index));
        return trace(name, fragments.stream().map(JsonObject::toString).toList());
    }

    /** Byte offset of fragment {@code index}'s record separator in the metadata file. */
    private static long offsetOf(Path trace, int index) throws IOException {
        byte[] bytes = Files.readAllBytes(trace.resolve("metadata"));
        int seen = -1;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == RS && ++seen == index) {
                return i;
            }
        }
        throw new AssertionError("no fragment " + index);
    }

    private static TraceFormatException fails(Path trace) {
        return assertThrows(TraceFormatException.class, () -> {
            try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
                set.read(new RecordCounter(), ProgressListener.NONE);
            }
        });
    }

    /** The error names the metadata file, the fragment's offset and number, and says what was expected. */
    private static TraceFormatException assertNames(Path trace, int index, String... expected) throws IOException {
        TraceFormatException e = fails(trace);
        Path file = trace.resolve("metadata");
        long offset = offsetOf(trace, index);
        assertEquals(file, e.file(), e.getMessage());
        assertEquals(offset, e.offset(), e.getMessage());
        assertTrue(e.getMessage().startsWith(file + " at byte " + offset + ": CTF 2 metadata fragment " + (index + 1)),
                e.getMessage());
        for (String x : expected) {
            assertTrue(e.getMessage().contains(x), "'" + x + "' in: " + e.getMessage());
        }
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e;
    }

    private static JsonObject packetContextMember(JsonObject dsc, String name) {
        for (var m : dsc.getAsJsonObject("packet-context-field-class").getAsJsonArray("member-classes")) {
            if (m.getAsJsonObject().get("name").getAsString().equals(name)) {
                return m.getAsJsonObject().getAsJsonObject("field-class");
            }
        }
        throw new AssertionError("no " + name);
    }

    private static JsonObject headerVariant(JsonObject dsc) {
        return dsc.getAsJsonObject("event-record-header-field-class").getAsJsonArray("member-classes").get(1)
                .getAsJsonObject().getAsJsonObject("field-class");
    }

    @Test
    void theUneditedFragmentsRead() throws Exception {
        Path trace = edited("unedited", 0, f -> {
        });
        try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
            RecordCounter c = new RecordCounter();
            set.read(c, ProgressListener.NONE);
            assertEquals(4000, c.events());
        }
    }

    @Test
    void invalidJson() throws Exception {
        List<String> fragments = new ArrayList<>(fragments().stream().map(JsonObject::toString).toList());
        String clock = fragments.get(2);
        fragments.set(2, clock.substring(0, clock.length() - 1)); // no closing brace
        assertNames(trace("invalid-json", fragments), 2, "invalid JSON");
        fragments.set(2, "{\"type\": \"clock-class\", \"frequency\": 1e9, \"name\": monotonic}");
        assertNames(trace("invalid-json-2", fragments), 2, "invalid JSON");
        fragments.set(2, "[1, 2]");
        assertNames(trace("not-an-object", fragments), 2, "expected a JSON object, found an array");
        fragments.set(2, "");
        assertNames(trace("empty-fragment", fragments), 2, "empty fragment");
    }

    @Test
    void notUtf8() throws Exception {
        List<String> fragments = new ArrayList<>(fragments().stream().map(JsonObject::toString).toList());
        byte[] text = metadataText(fragments).getBytes(StandardCharsets.UTF_8);
        int last = new String(text, StandardCharsets.ISO_8859_1).lastIndexOf("sample_component");
        text[last] = (byte) 0xC3; // a lone UTF-8 lead byte
        assertNames(trace("not-utf8", text), 4, "not UTF-8");
    }

    @Test
    void unknownFieldClassType() throws Exception {
        Path trace = edited("unknown-type", 3, dsc -> packetContextMember(dsc, "cpu_id").addProperty("type", "bogus-integer"));
        assertNames(trace, 3, "(data-stream-class 0)", "packet-context-field-class.member-classes[6] (\"cpu_id\")",
                "unknown field class type \"bogus-integer\"", "expected one of fixed-length-bit-array");
    }

    @Test
    void fieldLocationPointingNowhere() throws Exception {
        Path trace = edited("location-nowhere", 3, dsc -> {
            JsonArray path = new JsonArray();
            path.add("event-record-header");
            path.add("no_such_field");
            headerVariant(dsc).add("selector-field-location", path);
        });
        assertNames(trace, 3, "event-record-header member v", "points nowhere", "no_such_field");
        // The final specification's form, with a path that goes up from the root.
        trace = edited("location-above-root", 3, dsc -> {
            JsonObject location = new JsonObject();
            JsonArray path = new JsonArray();
            path.add(com.google.gson.JsonNull.INSTANCE);
            path.add("id");
            location.add("path", path);
            headerVariant(dsc).add("selector-field-location", location);
        });
        assertNames(trace, 3, "goes above the root");
        // A location to a field decoded later.
        trace = edited("location-later", 3, dsc -> {
            JsonObject location = new JsonObject();
            location.addProperty("origin", "event-record-payload");
            JsonArray path = new JsonArray();
            path.add("message");
            location.add("path", path);
            headerVariant(dsc).add("selector-field-location", location);
        });
        assertNames(trace, 3, "decoded after this field");
        // A selector that is a string.
        trace = edited("location-to-a-string", 4, erc -> {
            JsonArray members = erc.getAsJsonObject("payload-field-class").getAsJsonArray("member-classes");
            members.add(JsonParser.parseString("{\"name\": \"len\", \"field-class\": {\"type\":"
                    + " \"dynamic-length-blob\", \"length-field-location\": {\"path\": [\"message\"]}}}"));
        });
        assertNames(trace, 4, "(event-record-class \"sample_component:message\")", "the length field location",
                "not an integer");
    }

    @Test
    void roleOnTheWrongField() throws Exception {
        Path trace = edited("role-wrong-scope", 3, dsc -> {
            JsonArray roles = new JsonArray();
            roles.add("packet-magic-number");
            packetContextMember(dsc, "cpu_id").add("roles", roles);
        });
        assertNames(trace, 3, "cpu_id", "the role packet-magic-number is not allowed in the packet context",
                "allowed there: default-clock-timestamp");
        trace = edited("role-on-a-string", 4, erc -> {
            JsonObject fc = erc.getAsJsonObject("payload-field-class").getAsJsonArray("member-classes").get(0)
                    .getAsJsonObject().getAsJsonObject("field-class");
            JsonArray roles = new JsonArray();
            roles.add("event-record-class-id");
            fc.add("roles", roles);
        });
        assertNames(trace, 4, "a null-terminated-string field class cannot have roles");
        trace = edited("role-unknown", 3, dsc -> {
            JsonArray roles = new JsonArray();
            roles.add("packet-colour");
            packetContextMember(dsc, "cpu_id").add("roles", roles);
        });
        assertNames(trace, 3, "unknown role \"packet-colour\" (expected one of packet-magic-number");
        trace = edited("magic-not-first", 1, tc -> {
            JsonArray members = tc.getAsJsonObject("packet-header-field-class").getAsJsonArray("member-classes");
            members.add(members.remove(0));
        });
        assertNames(trace, 1, "(trace-class)", "must be the packet header's first member");
        trace = edited("timestamp-without-clock", 3, dsc -> dsc.remove("default-clock-class-name"));
        assertNames(trace, 3, "needs the data stream class to have a default clock class");
    }

    @Test
    void missingPreamble() throws Exception {
        List<String> fragments = new ArrayList<>(fragments().stream().map(JsonObject::toString).toList());
        fragments.remove(0);
        TraceFormatException e = assertNames(trace("no-preamble", fragments), 0,
                "must start with a preamble fragment, not a trace-class fragment");
        assertTrue(e.getMessage().contains("(trace-class)"), e.getMessage());
        fragments.add(0, fragments().get(0).toString());
        fragments.add(2, fragments().get(0).toString());
        assertNames(trace("two-preambles", fragments), 2, "a second preamble fragment");
    }

    @Test
    void unsupportedVersion() throws Exception {
        assertNames(edited("version-3", 0, p -> p.addProperty("version", 3)), 0, "(preamble)",
                "unsupported version 3: expected \"version\": 2");
        assertNames(edited("no-version", 0, p -> p.remove("version")), 0, "unsupported version (none given)");
        JsonObject ext = new JsonObject();
        JsonObject ns = new JsonObject();
        ns.add("piano", new JsonPrimitive(88));
        ext.add("my.tracer", ns);
        assertNames(edited("extension", 0, p -> p.add("extensions", ext)), 0,
                "uses the extension my.tracer/piano, which this reader does not support");
    }

    @Test
    void otherStructuralErrors() throws Exception {
        assertNames(edited("unknown-fragment", 2, c -> c.addProperty("type", "clock")), 2,
                "unknown fragment type \"clock\"");
        assertNames(edited("no-such-stream-class", 4, e -> e.addProperty("data-stream-class-id", 7)), 4,
                "no data stream class with the ID 7 precedes this event record class");
        assertNames(edited("no-such-clock", 3, d -> d.addProperty("default-clock-class-name", "realtime")), 3,
                "no clock class \"realtime\" precedes this fragment");
        assertNames(edited("zero-frequency", 2, c -> c.addProperty("frequency", 0)), 2, "\"frequency\" must be positive");
        assertNames(edited("integer-too-long", 3, d -> packetContextMember(d, "cpu_id").addProperty("length", 65)), 3,
                "fixed-length integers of 65 bits are not supported (at most 64)");
        assertNames(edited("bad-alignment", 3, d -> packetContextMember(d, "cpu_id").addProperty("alignment", 3)), 3,
                "alignment must be a positive power of two, not 3");
        assertNames(edited("no-byte-order", 3, d -> packetContextMember(d, "cpu_id").remove("byte-order")), 3,
                "\"byte-order\" is required");
    }

    /** 20,000 levels of JSON nesting: a clear error, not a StackOverflowError. */
    @Test
    @Timeout(30)
    void deepNestingIsBounded() throws Exception {
        List<String> fragments = new ArrayList<>(fragments().stream().map(JsonObject::toString).toList());
        String deep = "[".repeat(20_000) + "]".repeat(20_000);
        fragments.set(2, "{\"type\": \"clock-class\", \"name\": \"monotonic\", \"frequency\": 1000000000, \"description\": "
                + deep + "}");
        assertNames(trace("deep-json", fragments), 2, "nested more than 200 levels deep");
        // Deep field classes: a chain of structures, each inside the next (within the JSON limit, through aliases).
        fragments = new ArrayList<>(fragments().stream().map(JsonObject::toString).toList());
        List<String> aliases = new ArrayList<>();
        aliases.add("{\"type\": \"field-class-alias\", \"name\": \"s0\", \"field-class\": {\"type\":"
                + " \"null-terminated-string\"}}");
        for (int i = 1; i < 2000; i++) {
            aliases.add("{\"type\": \"field-class-alias\", \"name\": \"s" + i + "\", \"field-class\": {\"type\":"
                    + " \"structure\", \"member-classes\": [{\"name\": \"m\", \"field-class\": \"s" + (i - 1) + "\"}]}}");
        }
        fragments.addAll(1, aliases);
        JsonObject erc = fragments().get(4);
        erc.getAsJsonObject("payload-field-class").getAsJsonArray("member-classes").get(0).getAsJsonObject()
                .addProperty("field-class", "s1999");
        fragments.set(fragments.size() - 1, erc.toString());
        Path trace = trace("deep-aliases", fragments);
        TraceFormatException e = fails(trace);
        assertTrue(e.getMessage().contains("field classes nested more than 64 deep"), e.getMessage());
    }

    /** LTTng's packetized metadata (CTF2-PMETA-1.0) holding CTF 2: read; an error names the offset in the file. */
    @Test
    void packetizedMetadata() throws Exception {
        byte[] text = metadataText(fragments().stream().map(JsonObject::toString).toList())
                .getBytes(StandardCharsets.UTF_8);
        Path trace = trace("packetized", packetized(text, 1000));
        try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
            RecordCounter c = new RecordCounter();
            set.read(c, ProgressListener.NONE);
            assertEquals(4000, c.events());
        }
        List<JsonObject> fragments = fragments();
        fragments.get(4).addProperty("type", "event-class");
        text = metadataText(fragments.stream().map(JsonObject::toString).toList()).getBytes(StandardCharsets.UTF_8);
        trace = trace("packetized-bad", packetized(text, 1000));
        TraceFormatException e = fails(trace);
        int inText = new String(text, StandardCharsets.ISO_8859_1).lastIndexOf(RS);
        int k = inText / 1000;
        long inFile = inText + 37L * (k + 1) + 3L * k;
        assertEquals(inFile, e.offset(), e.getMessage());
        assertTrue(e.getMessage().contains("fragment 5"), e.getMessage());
        assertEquals(RS, Files.readAllBytes(trace.resolve("metadata"))[(int) inFile], "the offset is the fragment's");
    }

    /** The text in metadata packets of {@code chunk} content bytes each (the header as LTTng writes it). */
    static byte[] packetized(byte[] text, int chunk) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int off = 0; off < text.length; off += chunk) {
            int n = Math.min(chunk, text.length - off);
            ByteBuffer header = ByteBuffer.allocate(37).order(ByteOrder.LITTLE_ENDIAN);
            header.putInt(0x75D11D57).put(new byte[16]).putInt(0).putInt((37 + n) * 8).putInt((37 + n + 3) * 8);
            header.put((byte) 0).put((byte) 0).put((byte) 0).put((byte) 2).put((byte) 0);
            out.writeBytes(header.array());
            out.write(text, off, n);
            out.writeBytes(new byte[3]); // padding
        }
        return out.toByteArray();
    }

    /** The command line: exit code 3, the error in one line on stderr, no stack trace. */
    @Test
    void commandLineSaysItInOneLine() throws Exception {
        Path trace = edited("cli", 3, dsc -> packetContextMember(dsc, "cpu_id").addProperty("type", "bogus-integer"));
        Path launcher = TestPaths.repository().resolve("lttbench");
        for (String command : List.of("dump", "analyze")) {
            LauncherTest.Result r = LauncherTest.run(launcher, Map.of(), command, trace.toString());
            assertEquals(3, r.code(), r.toString());
            assertEquals(1, r.err().lines().count(), r.toString());
            assertTrue(r.err().startsWith("lttbench " + command + ": " + trace.resolve("metadata") + " at byte "), r.err());
            assertTrue(r.err().contains("unknown field class type \"bogus-integer\""), r.err());
            assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), r.err());
        }
    }
}
