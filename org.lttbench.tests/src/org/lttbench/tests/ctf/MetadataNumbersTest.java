package org.lttbench.tests.ctf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.lttbench.tests.TestPaths;

/**
 * TSDL's integer literals in each notation a metadata file may use (decimal, hexadecimal, octal, signed, with C
 * suffixes, up to 2^64 - 1) give the sizes, alignments, IDs and enumeration ranges babeltrace2 reads from them: each
 * event's labels are babeltrace2's.
 */
class MetadataNumbersTest {
    @Test
    void numbersInEveryNotationAreReadAsBabeltrace2ReadsThem() throws Exception {
        Path dir = TestPaths.workDir("metadata-numbers");
        Files.writeString(dir.resolve("metadata"), "/* CTF 1.8 */\n"
                + "typealias integer { size = 8; align = 8; signed = false; } := uint8_t;\n"
                + "typealias integer { size = 0x20; align = 010; signed = 0; } := uint32_t;\n"
                + "typealias integer { size = 8U; align = 8UL; signed = true; } := int8_t;\n"
                + "typealias integer { size = 64; align = 8; signed = false; } := uint64_t;\n"
                + "trace { major = 1; minor = 8; byte_order = le; };\n"
                + "clock { name = monotonic; freq = 1000000000; offset = 0x10; };\n"
                + "typealias integer { size = 64; align = 8; signed = false; map = clock.monotonic.value; }"
                + " := uint64_clock_t;\n"
                + "stream { event.header := struct { uint64_clock_t timestamp; }; };\n"
                + "event { name = e; id = 0UL; fields := struct {\n"
                + "    enum : uint8_t { zero = 0, low = 1 ... 0xEu, octal = 017 ... 030, high = 25lu ... 0XFF } kind;\n"
                + "    enum : int8_t { minus = -128 ... -1, nought = 0, plus = 1U ... 127 } sign;\n"
                + "    enum : uint64_t { top = 18446744073709551615ULL, small = 0x7fffffffffffffff } wide;\n"
                + "    uint32_t value;\n"
                + "}; };\n", StandardCharsets.UTF_8);
        // each label's edges, and a value no label holds
        long[][] events = { { 0, 0, -1L, 1 }, { 14, 0xfb, Long.MAX_VALUE, 2 }, { 15, 5, -1L, 3 }, { 24, 0x80, 0, 4 },
                { 25, 1, Long.MAX_VALUE, 5 }, { 255, 0x7f, -1L, 0xdeadbeefL } };
        ByteBuffer stream = ByteBuffer.allocate(events.length * 22).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < events.length; i++) {
            long[] e = events[i];
            stream.putLong(1000L * (i + 1)).put((byte) e[0]).put((byte) e[1]).putLong(e[2]).putInt((int) e[3]);
        }
        Files.write(dir.resolve("stream_0"), stream.array());
        JsonlComparison.Counts c = JsonlComparison.compareAll(dir);
        assertEquals(events.length, c.events(), "events compared with babeltrace2's");
    }
}
