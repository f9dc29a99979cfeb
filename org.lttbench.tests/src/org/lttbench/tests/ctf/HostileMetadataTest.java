package org.lttbench.tests.ctf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.ctf.RecordCounter;
import org.lttbench.core.ctf.RecordPrinter;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TraceFormatException;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.LauncherTest;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * Metadata written to exhaust the reader: nesting, types built from aliases, sizes, counts and lengths far beyond
 * real traces. Each ends in one {@link TraceFormatException} naming the metadata file (and its line) with what was
 * expected, in seconds: no stack overflow, no exhausted heap, no endless decoding.
 */
class HostileMetadataTest {
    /** TSDL every case starts with: two integer types and a little-endian trace without packet header. */
    private static final String HEAD = "/* CTF 1.8 */\n"
            + "typealias integer { size = 8; align = 8; signed = false; } := uint8_t;\n"
            + "typealias integer { size = 32; align = 8; signed = false; } := uint32_t;\n"
            + "trace { major = 1; minor = 8; byte_order = le; };\n";
    private static final Duration QUICKLY = Duration.ofSeconds(30);

    /** A trace directory with this metadata and one stream file (no packet header: the file is one packet). */
    private static Path trace(String name, String metadata, byte[] stream) throws IOException {
        Path dir = TestPaths.workDir("hostile-metadata-" + name);
        Files.writeString(dir.resolve("metadata"), metadata, StandardCharsets.UTF_8);
        Files.write(dir.resolve("stream_0"), stream);
        return dir;
    }

    private static Path trace(String name, String metadata) throws IOException {
        return trace(name, metadata, new byte[4096]);
    }

    /** Opens and reads the trace, which must fail quickly with an error naming {@code file} and saying {@code what}. */
    private static TraceFormatException fails(Path trace, Path file, String what) {
        TraceFormatException e = assertTimeoutPreemptively(QUICKLY, () -> assertThrows(TraceFormatException.class, () -> {
            try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
                set.read(new RecordCounter(), ProgressListener.NONE);
            }
        }));
        assertEquals(file, e.file(), e.getMessage());
        assertTrue(e.getMessage().contains(what), "'" + what + "' in: " + e.getMessage());
        return e;
    }

    private static TraceFormatException metadataFails(Path trace, String what) {
        return fails(trace, trace.resolve("metadata"), what);
    }

    private static String repeat(int n, java.util.function.IntFunction<String> item, String separator) {
        return IntStream.range(0, n).mapToObj(item).collect(Collectors.joining(separator));
    }

    private static String event(String fields) {
        return "event { name = e; fields := struct { " + fields + " }; };\n";
    }

    /** The report's case: 20,000 nested structures, a stack overflow and a Java stack trace before; now one line. */
    @Test
    void twentyThousandNestedStructures() throws Exception {
        int n = 20_000;
        Path trace = trace("nested", HEAD + event("struct { ".repeat(n) + "uint8_t x; " + "} a; ".repeat(n - 1) + "} a;"));
        TraceFormatException e = metadataFails(trace, "types nested more than 64 levels deep");
        assertTrue(e.getMessage().matches(".*metadata line 5, column \\d+ .*"), e.getMessage());

        LauncherTest.Result r = LauncherTest.run(TestPaths.repository().resolve("lttbench"), Map.of(), "dump", "--count",
                trace.toString());
        assertEquals(3, r.code(), r.err());
        assertEquals(List.of("lttbench dump: " + e.getMessage()), r.err().strip().lines().toList());
    }

    @Test
    void deepTypesBuiltFromAliases() throws IOException {
        // No brace nests another, yet each alias holds the previous one: 1,000 levels.
        String aliases = "typealias struct { uint8_t x; } := t0;\n"
                + repeat(1000, i -> "typealias struct { t" + i + " x; } := t" + (i + 1) + ";", "\n");
        metadataFails(trace("alias-chain", HEAD + aliases + event("t1000 a;")), "counting the types aliases stand for");
    }

    @Test
    void typesThatExpandExponentially() throws IOException {
        // 3 kB of metadata whose event would hold 2^61 integers.
        String aliases = "typealias struct { uint8_t x; uint8_t y; } := t0;\n"
                + repeat(60, i -> "typealias struct { t" + i + " x; t" + i + " y; } := t" + (i + 1) + ";", "\n");
        metadataFails(trace("alias-expansion", HEAD + aliases + event("t60 a;")), "expand to more than");
    }

    @Test
    void arrayOfAHundredThousandDimensions() throws IOException {
        metadataFails(trace("dimensions", HEAD + event("uint8_t a" + "[1]".repeat(100_000) + ";")), "array dimensions");
    }

    @Test
    void enumerationContainersNestedInEachOther() throws IOException {
        metadataFails(trace("enum-chain", HEAD + event("enum : ".repeat(50_000) + "uint8_t { a } x;")),
                "types nested more than");
    }

    @Test
    void aTypeNameOfThreeHundredThousandWords() throws IOException {
        // Each word could be part of an alias name: tried naively, quadratic.
        metadataFails(trace("words", HEAD + event("uint8_t ".repeat(300_000) + "x;")), "metadata line 5");
    }

    @Test
    void aNumberOfAMillionDigits() throws IOException {
        metadataFails(trace("long-number", HEAD + "event { name = e; id = " + "9".repeat(1_000_000) + "; };\n"),
                "a number of 1000000 characters (at most 100 expected)");
    }

    @Test
    void anEnumerationOfSeventyThousandLabels() throws IOException {
        metadataFails(trace("enum-labels", HEAD + event("enum : uint32_t { " + repeat(70_000, i -> "l" + i, ", ") + " } x;")),
                "an enumeration of more than 65536 ranges");
    }

    @Test
    void anEventOfThreeHundredThousandFields() throws IOException {
        metadataFails(trace("fields", HEAD + event(repeat(300_000, i -> "uint8_t f" + i + ";", " "))),
                "values outside arrays, more than the 65536");
    }

    /**
     * A metadata packet whose header claims 512 MiB after a valid first packet: refused at its header's offset before
     * anything of that size is allocated (the file's size is not bounded: a valid 50 MB one reads, see
     * {@link LargeMetadataTest}).
     */
    @Test
    void aMetadataPacketClaimingHalfAGigabyte() throws IOException {
        byte[] text = (HEAD + event("uint8_t x;")).getBytes(StandardCharsets.UTF_8);
        ByteBuffer file = ByteBuffer.allocate(2 * 37 + text.length).order(ByteOrder.LITTLE_ENDIAN);
        file.putInt(0x75D11D57).put(new byte[16]).putInt(0).putInt((37 + text.length) * 8).putInt((37 + text.length) * 8)
                .put(new byte[] { 0, 0, 0, 1, 8 }).put(text);
        file.putInt(0x75D11D57).put(new byte[16]).putInt(0).putInt(0xFFFFFFF8).putInt(0xFFFFFFF8)
                .put(new byte[] { 0, 0, 0, 1, 8 });
        Path trace = trace("huge-packet", "");
        Files.write(trace.resolve("metadata"), file.array());
        TraceFormatException e = metadataFails(trace, "the metadata packet declares 536870911 bytes but only 37 remain");
        assertEquals(37 + text.length, e.offset(), e.getMessage());
    }

    @Test
    void aNameOfTwoMillionCharacters() throws IOException {
        metadataFails(trace("long-name", HEAD + event("uint8_t " + "x".repeat(2_000_000) + ";")),
                "a name of 2000000 characters (at most 1048576 expected)");
    }

    @Test
    void aStringOfTwoMillionCharacters() throws IOException {
        metadataFails(trace("long-string", HEAD + "env { x = \"" + "x".repeat(2_000_000) + "\"; };\n"),
                "a string literal of more than 1048576 characters");
    }

    /** 20,000 empty sequences per one-byte event: 20,000 decodings per 8 bits, for hours over a megabyte. */
    @Test
    void fieldsThatTakeNoBits() throws IOException {
        Path trace = trace("no-bits", HEAD + event("uint8_t len; " + repeat(20_000, i -> "uint8_t s" + i + "[len];", " ")),
                new byte[1 << 20]);
        fails(trace, trace.resolve("stream_0"), "field decodings per bit of content");
    }

    /**
     * A variant whose tag has 60,000 ranges, two options: read whole, each event's option the one its tag value
     * selects (tag values 2i and 2i+1 select b for even i, a for odd i).
     */
    @Test
    void aVariantSelectedAmongSixtyThousandRanges() throws Exception {
        int ranges = 60_000;
        String tag = "enum : uint32_t { "
                + repeat(ranges, i -> (i % 2 == 1 ? "a" : "b") + " = " + 2 * i + " ... " + (2 * i + 1), ", ") + " } tag;";
        int events = 20_000;
        ByteBuffer stream = ByteBuffer.allocate(events * 5).order(ByteOrder.LITTLE_ENDIAN);
        java.util.Random random = new java.util.Random(7);
        int[] tags = new int[events];
        for (int i = 0; i < events; i++) {
            tags[i] = random.nextInt(2 * ranges);
            stream.putInt(tags[i]).put((byte) i);
        }
        Path trace = trace("variant-ranges", HEAD + event(tag + " variant <tag> { uint8_t a; uint8_t b; } v;"), stream.array());
        StringWriter out = new StringWriter();
        assertTimeoutPreemptively(QUICKLY, () -> {
            try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
                set.read(new RecordPrinter(out, RecordPrinter.Format.JSONL), ProgressListener.NONE);
            }
        });
        List<String> lines = out.toString().lines().toList();
        assertEquals(events, lines.size());
        for (int i = 0; i < events; i++) {
            JsonObject v = JsonParser.parseString(lines.get(i)).getAsJsonObject().getAsJsonObject("fields")
                    .getAsJsonObject("v");
            String option = (tags[i] / 2) % 2 == 1 ? "a" : "b";
            assertEquals(List.of(option), List.copyOf(v.keySet()), "event " + i + ", tag " + tags[i] + ": " + lines.get(i));
        }
    }

    @Test
    void ctf2IntegerWithAHugeExponent() throws IOException {
        String rs = "\u001e";
        String metadata = rs + "{\"type\":\"preamble\",\"version\":2}" + rs + "{\"type\":\"trace-class\"}" + rs
                + "{\"type\":\"data-stream-class\",\"packet-context-field-class\":{\"type\":\"structure\",\"member-classes\":"
                + "[{\"name\":\"x\",\"field-class\":{\"type\":\"fixed-length-unsigned-integer\",\"length\":1e999999999,"
                + "\"byte-order\":\"little-endian\"}}]}}";
        metadataFails(trace("ctf2-exponent", metadata), "does not fit in 64 bits");
    }

    @Test
    void ctf2FragmentOfTwoMillionValues() throws IOException {
        String rs = "\u001e";
        String metadata = rs + "{\"type\":\"preamble\",\"version\":2}" + rs + "{\"type\":\"trace-class\",\"x\":["
                + "0,".repeat(2_000_000) + "0]}";
        metadataFails(trace("ctf2-values", metadata), "JSON values in one fragment");
    }

    /** A FIFO in place of the metadata: reading it would wait for a writer forever. One line, exit code 3. */
    @Test
    void metadataThatIsAFifo() throws Exception {
        Path trace = trace("metadata-fifo", HEAD);
        Path metadata = trace.resolve("metadata");
        Files.delete(metadata);
        Process mkfifo = new ProcessBuilder("mkfifo", metadata.toString()).inheritIO().start();
        assertEquals(0, mkfifo.waitFor());
        TraceFormatException e = metadataFails(trace, "the metadata file is a FIFO (named pipe), not a regular file");
        LauncherTest.Result r = LauncherTest.run(TestPaths.repository().resolve("lttbench"), Map.of(), "analyze",
                trace.toString());
        assertEquals(3, r.code(), r.err());
        assertEquals(List.of("lttbench analyze: " + e.getMessage()), r.err().strip().lines().toList());
        assertFalse(r.err().contains("Exception"), r.err());
    }
}
