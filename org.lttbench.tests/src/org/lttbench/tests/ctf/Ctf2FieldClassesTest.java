package org.lttbench.tests.ctf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.ctf.RecordPrinter;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.FieldHandle;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.TraceFormatException;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.writer.BitBuffer;

import com.google.gson.JsonParser;

/**
 * Every CTF 2 field class LTTng 2.13 and older never wrote (so no real or copied trace has them): a trace written
 * here, field by field as CTF2-SPEC-2.0 lays them out, and its values, known by construction, read back. Booleans
 * (1 and 8 bits), a bit map, binary16, a big-endian signed integer, the other bit order, variable-length integers,
 * dynamic-length, UTF-16 and UTF-32 strings, static and dynamic BLOBs, optionals with boolean and integer selectors,
 * a variant selected by a signed integer, field locations relative (with a parent step), absolute, into the array
 * element being decoded and through a decoded variant, a structure's minimum alignment, and a dynamic array whose
 * length is in the event record's specific context.
 */
class Ctf2FieldClassesTest {
    private static final char RS = 0x1E;

    private static final String METADATA = String.join("\n",
            RS + "{\"type\": \"preamble\", \"version\": 2}",
            RS + "{\"type\": \"field-class-alias\", \"name\": \"u8\", \"field-class\": {\"type\": \"fixed-length-unsigned-integer\","
                    + " \"length\": 8, \"byte-order\": \"little-endian\", \"alignment\": 8}}",
            RS + "{\"type\": \"trace-class\", \"environment\": {\"tracer_name\": \"test\", \"tracer_major\": 1}}",
            RS + "{\"type\": \"clock-class\", \"id\": \"c\", \"frequency\": 1000000000, \"origin\": \"unix-epoch\","
                    + " \"offset-from-origin\": {\"seconds\": 1000, \"cycles\": 5}}",
            RS + "{\"type\": \"data-stream-class\", \"default-clock-class-id\": \"c\","
                    + " \"packet-context-field-class\": {\"type\": \"structure\", \"member-classes\": ["
                    + "  {\"name\": \"packet_size\", \"field-class\": {\"type\": \"fixed-length-unsigned-integer\", \"length\": 32,"
                    + "   \"byte-order\": \"little-endian\", \"alignment\": 8, \"roles\": [\"packet-total-length\"]}},"
                    + "  {\"name\": \"content_size\", \"field-class\": {\"type\": \"fixed-length-unsigned-integer\", \"length\": 32,"
                    + "   \"byte-order\": \"little-endian\", \"alignment\": 8, \"roles\": [\"packet-content-length\"]}}]},"
                    + " \"event-record-header-field-class\": {\"type\": \"structure\", \"member-classes\": ["
                    + "  {\"name\": \"id\", \"field-class\": {\"type\": \"fixed-length-unsigned-integer\", \"length\": 8,"
                    + "   \"byte-order\": \"little-endian\", \"roles\": [\"event-record-class-id\"]}},"
                    + "  {\"name\": \"ts\", \"field-class\": {\"type\": \"variable-length-unsigned-integer\","
                    + "   \"roles\": [\"default-clock-timestamp\"]}}]},"
                    + " \"event-record-common-context-field-class\": {\"type\": \"structure\", \"member-classes\": ["
                    + "  {\"name\": \"vtid\", \"field-class\": {\"type\": \"fixed-length-signed-integer\", \"length\": 32,"
                    + "   \"byte-order\": \"little-endian\", \"alignment\": 32}}]}}",
            RS + "{\"type\": \"event-record-class\", \"id\": 1, \"name\": \"zoo\", \"payload-field-class\": {\"type\": \"structure\","
                    + " \"member-classes\": ["
                    + "  {\"name\": \"flag\", \"field-class\": {\"type\": \"fixed-length-boolean\", \"length\": 8,"
                    + "   \"byte-order\": \"little-endian\", \"alignment\": 8}},"
                    + "  {\"name\": \"flag0\", \"field-class\": {\"type\": \"fixed-length-boolean\", \"length\": 1,"
                    + "   \"byte-order\": \"little-endian\"}},"
                    + "  {\"name\": \"nib\", \"field-class\": {\"type\": \"fixed-length-unsigned-integer\", \"length\": 7,"
                    + "   \"byte-order\": \"little-endian\"}},"
                    + "  {\"name\": \"bits\", \"field-class\": {\"type\": \"fixed-length-bit-map\", \"length\": 8,"
                    + "   \"byte-order\": \"little-endian\", \"flags\": {\"A\": [[0, 0]], \"B\": [[1, 2]], \"C\": [[7, 7]]}}},"
                    + "  {\"name\": \"half\", \"field-class\": {\"type\": \"fixed-length-floating-point-number\", \"length\": 16,"
                    + "   \"byte-order\": \"little-endian\", \"alignment\": 16}},"
                    + "  {\"name\": \"be32\", \"field-class\": {\"type\": \"fixed-length-signed-integer\", \"length\": 32,"
                    + "   \"byte-order\": \"big-endian\", \"alignment\": 32}},"
                    + "  {\"name\": \"rev\", \"field-class\": {\"type\": \"fixed-length-unsigned-integer\", \"length\": 8,"
                    + "   \"byte-order\": \"little-endian\", \"bit-order\": \"last-to-first\"}},"
                    + "  {\"name\": \"n\", \"field-class\": {\"type\": \"variable-length-unsigned-integer\"}},"
                    + "  {\"name\": \"dstr\", \"field-class\": {\"type\": \"dynamic-length-string\","
                    + "   \"length-field-location\": {\"path\": [\"n\"]}}},"
                    + "  {\"name\": \"u16\", \"field-class\": {\"type\": \"null-terminated-string\", \"encoding\": \"utf-16le\"}},"
                    + "  {\"name\": \"u32\", \"field-class\": {\"type\": \"static-length-string\", \"length\": 12,"
                    + "   \"encoding\": \"utf-32be\"}},"
                    + "  {\"name\": \"blob\", \"field-class\": {\"type\": \"static-length-blob\", \"length\": 3}},"
                    + "  {\"name\": \"blen\", \"field-class\": \"u8\"},"
                    + "  {\"name\": \"dblob\", \"field-class\": {\"type\": \"dynamic-length-blob\","
                    + "   \"length-field-location\": {\"origin\": \"event-record-payload\", \"path\": [\"blen\"]}}},"
                    + "  {\"name\": \"has\", \"field-class\": {\"type\": \"fixed-length-boolean\", \"length\": 8,"
                    + "   \"byte-order\": \"little-endian\"}},"
                    + "  {\"name\": \"opt1\", \"field-class\": {\"type\": \"optional\", \"selector-field-location\": {\"path\":"
                    + "   [\"has\"]}, \"field-class\": \"u8\"}},"
                    + "  {\"name\": \"sel\", \"field-class\": {\"type\": \"fixed-length-signed-integer\", \"length\": 8,"
                    + "   \"byte-order\": \"little-endian\"}},"
                    + "  {\"name\": \"opt2\", \"field-class\": {\"type\": \"optional\", \"selector-field-location\": {\"path\":"
                    + "   [\"sel\"]}, \"selector-field-ranges\": [[-5, -1]], \"field-class\": {\"type\": \"null-terminated-string\"}}},"
                    + "  {\"name\": \"opt3\", \"field-class\": {\"type\": \"optional\", \"selector-field-location\": {\"path\":"
                    + "   [\"sel\"]}, \"selector-field-ranges\": [[0, 10]], \"field-class\": \"u8\"}},"
                    + "  {\"name\": \"var\", \"field-class\": {\"type\": \"variant\", \"selector-field-location\":"
                    + "   {\"origin\": \"event-record-payload\", \"path\": [\"sel\"]}, \"options\": ["
                    + "    {\"name\": \"a\", \"selector-field-ranges\": [[-2, -2], [100, 100]], \"field-class\": {\"type\":"
                    + "     \"structure\", \"member-classes\": [{\"name\": \"len\", \"field-class\": \"u8\"},"
                    + "      {\"name\": \"items\", \"field-class\": {\"type\": \"dynamic-length-array\", \"length-field-location\":"
                    + "       {\"origin\": \"event-record-payload\", \"path\": [\"var\", \"len\"]}, \"element-field-class\":"
                    + "       {\"type\": \"fixed-length-unsigned-integer\", \"length\": 16, \"byte-order\": \"little-endian\","
                    + "        \"alignment\": 16}}}]}},"
                    + "    {\"name\": \"b\", \"selector-field-ranges\": [[0, 0]], \"field-class\": {\"type\":"
                    + "     \"null-terminated-string\"}}]}},"
                    + "  {\"name\": \"after\", \"field-class\": {\"type\": \"dynamic-length-array\", \"length-field-location\":"
                    + "   {\"origin\": \"event-record-payload\", \"path\": [\"var\", \"len\"]}, \"element-field-class\":"
                    + "   {\"type\": \"null-terminated-string\"}}},"
                    + "  {\"name\": \"recs\", \"field-class\": {\"type\": \"static-length-array\", \"length\": 2,"
                    + "   \"element-field-class\": {\"type\": \"structure\", \"member-classes\": ["
                    + "    {\"name\": \"k\", \"field-class\": {\"type\": \"variable-length-unsigned-integer\"}},"
                    + "    {\"name\": \"vals\", \"field-class\": {\"type\": \"dynamic-length-array\", \"length-field-location\":"
                    + "     {\"path\": [\"k\"]}, \"element-field-class\": \"u8\"}},"
                    + "    {\"name\": \"up\", \"field-class\": {\"type\": \"dynamic-length-array\", \"length-field-location\":"
                    + "     {\"path\": [null, \"blen\"]}, \"element-field-class\": \"u8\"}}]}}},"
                    + "  {\"name\": \"big\", \"field-class\": {\"type\": \"variable-length-signed-integer\"}},"
                    + "  {\"name\": \"aligned\", \"field-class\": {\"type\": \"structure\", \"minimum-alignment\": 64,"
                    + "   \"member-classes\": [{\"name\": \"x\", \"field-class\": \"u8\"}]}},"
                    + "  {\"name\": \"_under\", \"field-class\": \"u8\"}"
                    + " ]}}",
            RS + "{\"type\": \"event-record-class\", \"id\": 2, \"name\": \"other\", \"specific-context-field-class\":"
                    + " {\"type\": \"structure\", \"member-classes\": [{\"name\": \"ctxlen\", \"field-class\": \"u8\"}]},"
                    + " \"payload-field-class\": {\"type\": \"structure\", \"member-classes\": [{\"name\": \"arr\","
                    + "  \"field-class\": {\"type\": \"dynamic-length-array\", \"length-field-location\": {\"origin\":"
                    + "  \"event-record-specific-context\", \"path\": [\"ctxlen\"]}, \"element-field-class\": \"u8\"}}]},"
                    + " \"attributes\": {\"example.org,2024\": {\"anything\": [1, 2]}}}",
            "");

    /** One byte-aligned value, little-endian, at the buffer's position. */
    private static void u(BitBuffer b, long value, int bits) {
        b.writeBits(value, bits);
    }

    private static void leb(BitBuffer b, long value, boolean signed) {
        b.align(8);
        while (true) {
            int low = (int) (value & 0x7F);
            value = signed ? value >> 7 : value >>> 7;
            boolean done = signed ? (value == 0 && (low & 0x40) == 0) || (value == -1 && (low & 0x40) != 0) : value == 0;
            b.writeBits(done ? low : low | 0x80, 8);
            if (done) {
                return;
            }
        }
    }

    private static void bytes(BitBuffer b, byte[] bytes) {
        b.writeBytes(bytes);
    }

    private static void string(BitBuffer b, String s, Charset cs, int unit) {
        b.align(8);
        b.writeBytes(s.getBytes(cs));
        b.writeBytes(new byte[unit]);
    }

    /** Writes the trace: one packet, a "zoo" event then an "other" event. */
    static Path write(String name) throws Exception {
        Path dir = TestPaths.workDir(name);
        Files.writeString(dir.resolve("metadata"), METADATA, StandardCharsets.UTF_8);
        BitBuffer b = new BitBuffer(ByteOrder.LITTLE_ENDIAN);
        u(b, 0, 32); // packet_size, patched below
        u(b, 0, 32); // content_size
        // event 1: zoo
        u(b, 1, 8);
        leb(b, 1234, false); // ts
        b.align(32);
        u(b, 77, 32); // vtid
        u(b, 5, 8); // flag: true
        u(b, 0, 1); // flag0: false
        u(b, 100, 7); // nib
        u(b, 0x84, 8); // bits: B (bit 2) and C (bit 7)
        b.align(16);
        u(b, 0xC000, 16); // half: -2.0
        b.align(32);
        bytes(b, ByteBuffer.allocate(4).order(ByteOrder.BIG_ENDIAN).putInt(-5).array()); // be32
        u(b, 0b0000_0011, 8); // rev: last-to-first, so 0b1100_0000
        leb(b, 5, false); // n
        bytes(b, "abc\0x".getBytes(StandardCharsets.UTF_8)); // dstr: "abc", then padding
        string(b, "Hé", StandardCharsets.UTF_16LE, 2); // u16
        byte[] u32 = new byte[12];
        System.arraycopy("ok".getBytes(Charset.forName("UTF-32BE")), 0, u32, 0, 8);
        bytes(b, u32); // u32: "ok", a NUL code unit
        bytes(b, new byte[] { 1, 2, (byte) 255 }); // blob
        u(b, 2, 8); // blen
        bytes(b, new byte[] { 7, 8 }); // dblob
        u(b, 1, 8); // has
        u(b, 42, 8); // opt1
        u(b, -2 & 0xFF, 8); // sel = -2
        string(b, "neg", StandardCharsets.UTF_8, 1); // opt2 (sel in [-5, -1]); opt3 absent
        u(b, 2, 8); // var: option a, len
        b.align(16);
        u(b, 10, 16);
        u(b, 20, 16); // items
        string(b, "x", StandardCharsets.UTF_8, 1);
        string(b, "y", StandardCharsets.UTF_8, 1); // after: var.len = 2 strings
        leb(b, 1, false);
        u(b, 9, 8); // recs[0].vals
        u(b, 1, 8);
        u(b, 1, 8); // recs[0].up: blen = 2
        leb(b, 0, false);
        u(b, 2, 8);
        u(b, 2, 8); // recs[1]: no vals, up
        leb(b, -300, true); // big
        b.align(64);
        u(b, 7, 8); // aligned.x
        u(b, 3, 8); // _under
        // event 2: other
        u(b, 2, 8);
        leb(b, 2000, false);
        b.align(32);
        u(b, 78, 32); // vtid
        u(b, 1, 8); // ctxlen
        u(b, 99, 8); // arr
        long content = b.position();
        int packetBytes = (int) ((content + 7) / 8) + 5;
        b.writeBitsAt(0, packetBytes * 8L, 32);
        b.writeBitsAt(32, content, 32);
        Files.write(dir.resolve("stream"), b.toBytes(packetBytes));
        return dir;
    }

    static final String ZOO = "{\"ts\":1000000001239,\"name\":\"zoo\",\"cpu\":-1,\"stream\":\"stream\",\"fields\":{"
            + "\"flag\":true,\"flag0\":false,\"nib\":100,\"bits\":[\"B\",\"C\"],\"half\":-2.0,\"be32\":-5,\"rev\":192,"
            + "\"n\":5,\"dstr\":\"abc\",\"u16\":\"H\\u00e9\",\"u32\":\"ok\",\"blob\":[1,2,255],\"blen\":2,\"dblob\":[7,8],"
            + "\"has\":true,\"opt1\":42,\"sel\":-2,\"opt2\":\"neg\",\"opt3\":null,\"var\":{\"a\":{\"len\":2,\"items\":[10,20]}},"
            + "\"after\":[\"x\",\"y\"],\"recs\":[{\"k\":1,\"vals\":[9],\"up\":[1,1]},{\"k\":0,\"vals\":[],\"up\":[2,2]}],"
            + "\"big\":-300,\"aligned\":{\"x\":7},\"_under\":3},\"context\":{\"vtid\":77}}";
    static final String OTHER = "{\"ts\":1000000002005,\"name\":\"other\",\"cpu\":-1,\"stream\":\"stream\",\"fields\":"
            + "{\"arr\":[99]},\"context\":{\"vtid\":78,\"ctxlen\":1}}";

    @Test
    void everyFieldClassReadsBack() throws Exception {
        Path dir = write("ctf2-field-classes");
        String jsonl = Ctf2TracesTest.jsonl(dir);
        List<String> lines = jsonl.lines().toList();
        assertEquals(2, lines.size(), jsonl);
        assertTrue(JsonlComparison.same(JsonParser.parseString(ZOO), JsonParser.parseString(lines.get(0)),
                new java.util.ArrayList<>()), "expected " + ZOO + "\n     got " + lines.get(0));
        assertEquals(OTHER, lines.get(1));
        // The event interface: handles resolved once per class, values by kind.
        try (CtfTraceSet set = CtfTraceSet.open(List.of(dir))) {
            EventType zoo = set.eventTypes().get(0);
            FieldHandle flag = zoo.payloadField("flag");
            FieldHandle half = zoo.payloadField("half");
            FieldHandle dstr = zoo.payloadField("dstr");
            FieldHandle u16 = zoo.payloadField("u16");
            FieldHandle big = zoo.payloadField("big");
            FieldHandle vtid = zoo.contextField("vtid");
            // CTF 2 keeps a name's leading underscore (CTF 1.8 drops one).
            FieldHandle under = zoo.payloadField("_under");
            assertEquals(FieldHandle.FieldKind.UNSIGNED_INTEGER, flag.kind());
            assertEquals(FieldHandle.FieldKind.STRING, u16.kind());
            assertEquals(List.of("vtid"), zoo.contextFieldNames());
            set.read(new RecordSink() {
                @Override
                public void event(Event e) {
                    if (e.type() == zoo) {
                        assertEquals(1, e.longValue(flag));
                        assertEquals(-2.0, e.doubleValue(half));
                        assertEquals("abc", e.stringValue(dstr));
                        assertEquals("Hé", e.stringValue(u16));
                        assertEquals(-300, e.longValue(big));
                        assertEquals(77, e.longValue(vtid));
                        assertEquals(3, e.longValue(under));
                        assertEquals(1_000_000_001_239L, e.timestamp());
                    }
                }
            }, ProgressListener.NONE);
        }
        String text = Ctf2TracesTest.dump(dir, RecordPrinter.Format.TEXT);
        assertTrue(text.contains("flag = true, flag0 = false, nib = 100, bits = ( \"B\", \"C\" : container = 132 ), half = -2,"
                + " be32 = -5, rev = 192,"), text);
        assertTrue(text.contains("opt1 = { 42 }, sel = -2, opt2 = { \"neg\" }, opt3 = <none>,"), text);
    }

    /** A selector value no option covers, and a length pointing into an absent optional: errors naming the event. */
    @Test
    void badSelectorValuesAreDecodeErrors() throws Exception {
        Path dir = write("ctf2-field-classes-bad-selector");
        byte[] stream = Files.readAllBytes(dir.resolve("stream"));
        String all = new String(stream, StandardCharsets.ISO_8859_1);
        int sel = all.indexOf("neg\0") - 1; // sel is the byte before opt2's string
        assertEquals((byte) -2, stream[sel]);
        stream[sel] = 50; // no optional, no variant option for 50
        Files.write(dir.resolve("stream"), stream);
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> Ctf2TracesTest.jsonl(dir));
        assertTrue(e.getMessage().contains("cannot decode the event zoo") && e.getMessage().contains(
                "variant tag value 50 selects none of the variant's options"), e.getMessage());
        assertEquals(dir.resolve("stream"), e.file());
    }
}
