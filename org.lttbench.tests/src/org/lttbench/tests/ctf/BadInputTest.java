package org.lttbench.tests.ctf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.ctf.RecordCounter;
import org.lttbench.core.trace.Packet;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.TraceFormatException;
import org.lttbench.core.trace.UnreadFile;
import org.lttbench.tests.Bt2Counter;
import org.lttbench.tests.Comparisons;
import org.lttbench.tests.OtherUser;
import org.lttbench.tests.TestPaths;

/**
 * Corrupted copies of real traces: each gives a {@link TraceFormatException} that names the file, the byte offset
 * and what was expected there. Nothing hangs, nothing allocates what a hostile size asks for.
 */
class BadInputTest {

    private static Path copy(String trace, String caseName) throws IOException {
        Path to = TestPaths.workDir("bad-input-" + caseName).resolve(trace);
        OtherUser.copyTree(TestPaths.trace(trace), to);
        return to;
    }

    /** Packet offsets of one stream file, as our reader sees them in the intact trace. */
    private static List<PacketCopy> packets(Path trace, String file) throws IOException {
        List<PacketCopy> packets = new ArrayList<>();
        try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
            set.read(new RecordSink() {
                @Override
                public void packet(Packet p) {
                    if (p.file().getFileName().toString().equals(file)) {
                        packets.add(new PacketCopy(p.fileOffset(), p.sizeBits(), p.contentBits()));
                    }
                }

                @Override
                public void event(org.lttbench.core.trace.Event e) {
                }
            }, ProgressListener.NONE);
        }
        return packets;
    }

    /** What we keep of a packet (the reader reuses its Packet object). */
    private record PacketCopy(long fileOffset, long sizeBits, long contentBits) {
    }

    private static TraceFormatException readFails(Path trace) {
        return assertThrows(TraceFormatException.class, () -> {
            try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
                set.read(new RecordCounter(), ProgressListener.NONE);
            }
        });
    }

    private static void assertNames(TraceFormatException e, Path file, long offset, String expected) {
        assertEquals(file, e.file(), e.getMessage());
        assertEquals(offset, e.offset(), e.getMessage());
        assertTrue(e.getMessage().startsWith(file + (offset >= 0 ? " at byte " + offset + ": " : ": ")), e.getMessage());
        assertTrue(e.getMessage().contains(expected), "'" + expected + "' in: " + e.getMessage());
    }

    private static long readLong(Path file, long offset) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            byte[] b = new byte[8];
            f.seek(offset);
            f.readFully(b);
            return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getLong();
        }
    }

    private static void writeLong(Path file, long offset, long value) throws IOException {
        write(file, offset, ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(value).array());
    }

    private static void write(Path file, long offset, byte[] bytes) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(offset);
            f.write(bytes);
        }
    }

    // ust-memory-libc: packet header magic(4) uuid(16) stream_id(4), then the context at byte 24:
    // timestamp_begin, timestamp_end, content_size (40), packet_size (48), all 64-bit little-endian.
    private static final String LIBC = "ust-memory-libc";
    private static final long CONTENT_SIZE_AT = 40;
    private static final long PACKET_SIZE_AT = 48;

    /** The second packet of channel0_0, after checking that our layout of its context is right. */
    private static PacketCopy middlePacket(Path trace) throws IOException {
        List<PacketCopy> packets = packets(trace, "channel0_0");
        assertTrue(packets.size() >= 3);
        PacketCopy p = packets.get(1);
        Path file = trace.resolve("channel0_0");
        assertEquals(p.sizeBits(), readLong(file, p.fileOffset() + PACKET_SIZE_AT), "packet_size where we expect it");
        assertEquals(p.contentBits(), readLong(file, p.fileOffset() + CONTENT_SIZE_AT), "content_size where we expect it");
        return p;
    }

    /** The events of a trace, and the files read in part, as {@code lttbench} reads them. */
    private record Read(long events, List<UnreadFile> unread) {
        static Read of(Path trace) throws IOException {
            try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
                RecordCounter counter = new RecordCounter();
                set.read(counter, ProgressListener.NONE);
                return new Read(counter.events(), set.unreadFiles());
            }
        }
    }

    /**
     * A stream file that ends inside its last packet (a trace copied while it was written): read up to that packet,
     * as the same file cut where the packet starts is read whole, and said to be read in part.
     */
    @Test
    void streamFileCutInsideAPacketIsReadUpToIt() throws IOException, InterruptedException {
        Path trace = copy(LIBC, "truncated");
        Path file = trace.resolve("channel0_0");
        List<PacketCopy> packets = packets(trace, "channel0_0");
        PacketCopy last = packets.get(packets.size() - 1);
        long cut = last.fileOffset() + last.sizeBits() / 8 - 1000;
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(cut);
        }
        Path atPacket = copy(LIBC, "truncated-at-packet");
        try (RandomAccessFile f = new RandomAccessFile(atPacket.resolve("channel0_0").toFile(), "rw")) {
            f.setLength(last.fileOffset());
        }
        Read whole = Read.of(atPacket);
        assertEquals(List.of(), whole.unread(), "a file that ends where a packet does is whole");
        Read read = Read.of(trace);
        assertEquals(whole.events(), read.events(), "every event before the packet the file ends in");
        assertEquals(Bt2Counter.of(List.of(atPacket)).events(), read.events(),
                "babeltrace2's count of the file cut where the packet starts");
        Comparisons.count(Comparisons.Reference.BABELTRACE2, 1, "events of a stream file cut short");
        assertTrue(read.events() < Read.of(TestPaths.trace(LIBC)).events(), "fewer than the intact trace's");
        assertEquals(List.of(new UnreadFile(file, "cut short at byte " + cut + ", inside the packet at byte "
                + last.fileOffset() + " (of " + last.sizeBits() / 8 + " bytes)", last.fileOffset())), read.unread());
        assertTrue(UnreadFile.note(read.unread()).startsWith("the traces were read in part: 1 stream file was read only"
                + " up to where it ends inside a packet"), UnreadFile.note(read.unread()));
    }

    /**
     * A stream file shorter than a packet header: not read, the other files are, as without it; a trace that has
     * nothing else is unreadable, saying where the file ends.
     */
    @Test
    void fileShorterThanAPacketHeaderIsNotRead() throws IOException {
        Path trace = copy(LIBC, "short");
        Path file = trace.resolve("channel0_1");
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(10);
        }
        Path without = copy(LIBC, "short-without");
        Files.delete(without.resolve("channel0_1"));
        Read read = Read.of(trace);
        assertEquals(Read.of(without).events(), read.events());
        assertEquals(List.of(new UnreadFile(file, "cut short at byte 10, inside the header of its first packet")),
                read.unread());

        Path alone = TestPaths.workDir("bad-input-short-alone").resolve(LIBC);
        Files.createDirectories(alone);
        Files.copy(trace.resolve("metadata"), alone.resolve("metadata"));
        Files.copy(file, alone.resolve("channel0_1"));
        assertNames(readFails(alone), alone.resolve("channel0_1"), -1,
                "cut short at byte 10, inside the header of its first packet");
    }

    @Test
    void unknownStreamClassInTheFirstPacket() throws IOException {
        Path trace = copy(LIBC, "stream-id-first");
        Path file = trace.resolve("channel0_2");
        write(file, 20, new byte[] { 9, 0, 0, 0 });
        assertNames(readFails(trace), file, 0, "stream_id 9, which the metadata does not declare");
    }

    /** A corruption of a packet, in place in its stream file. */
    @FunctionalInterface
    private interface Corruption {
        void apply(Path file, PacketCopy p) throws IOException;
    }

    /**
     * Corruptions of a packet's header (a zero packet size must not loop forever), each with what the error says;
     * the name of each case is its copy's.
     */
    static Stream<Arguments> corruptHeaders() {
        return Stream.of(
                Arguments.of("magic", (Corruption) (file, p) -> write(file, p.fileOffset(),
                        new byte[] { (byte) 0xef, (byte) 0xbe, (byte) 0xad, (byte) 0xde }),
                        "bad packet magic number 0xdeadbeef (expected 0xc1fc1fc1)"),
                Arguments.of("stream-id", (Corruption) (file, p) -> write(file, p.fileOffset() + 20,
                        new byte[] { 9, 0, 0, 0 }), "stream_id 9"),
                Arguments.of("packet-size", (Corruption) (file, p) -> writeLong(file,
                        p.fileOffset() + PACKET_SIZE_AT, 1L << 62), "but the file has only"),
                Arguments.of("content-size", (Corruption) (file, p) -> writeLong(file,
                        p.fileOffset() + CONTENT_SIZE_AT, p.sizeBits() + 8), "is larger than its packet_size"),
                Arguments.of("zero-size", (Corruption) (file, p) -> {
                    writeLong(file, p.fileOffset() + CONTENT_SIZE_AT, 0);
                    writeLong(file, p.fileOffset() + PACKET_SIZE_AT, 0);
                }, "not a positive whole number of bytes"));
    }

    /** The middle packet of a stream file corrupted: the error names the file and that packet's offset. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("corruptHeaders")
    void aCorruptPacketHeaderIsNamedAtItsPacket(String caseName, Corruption corruption, String expected)
            throws IOException {
        Path trace = copy(LIBC, caseName);
        PacketCopy p = middlePacket(trace);
        Path file = trace.resolve("channel0_0");
        corruption.apply(file, p);
        assertNames(readFails(trace), file, p.fileOffset(), expected);
    }

    /** ust-hello-lost's tptest: {@code uint64 _seqfield1_length = 4} then {@code int8 seqfield1[] = "test"}. */
    private static long sequenceLengthOffset(Path file) throws IOException {
        byte[] data = Files.readAllBytes(file);
        byte[] pattern = { 4, 0, 0, 0, 0, 0, 0, 0, 't', 'e', 's', 't' };
        outer: for (int i = 0; i + pattern.length <= data.length; i++) {
            for (int k = 0; k < pattern.length; k++) {
                if (data[i + k] != pattern[k]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("no sequence of length 4 in " + file);
    }

    @Test
    void hugeSequenceLength() throws IOException {
        Path trace = copy("ust-hello-lost", "sequence");
        Path file = trace.resolve("channel1_2");
        long at = sequenceLengthOffset(file);
        writeLong(file, at, 1L << 31);
        TraceFormatException e = readFails(trace);
        assertEquals(file, e.file());
        assertTrue(e.offset() > 0 && e.offset() < at, "the offset is the event's: " + e.getMessage());
        assertTrue(e.getMessage().contains("declares 2147483648 elements"), e.getMessage());
    }

    @Test
    void sequenceLengthBeyondSignedRange() throws IOException {
        Path trace = copy("ust-hello-lost", "sequence-max");
        Path file = trace.resolve("channel1_2");
        writeLong(file, sequenceLengthOffset(file), -1L);
        TraceFormatException e = readFails(trace);
        assertTrue(e.getMessage().contains("declares 18446744073709551615 elements"), e.getMessage());
    }

    @Test
    void garbageMetadata() throws IOException {
        Path trace = copy(LIBC, "garbage-metadata");
        byte[] garbage = new byte[4096];
        new Random(42).nextBytes(garbage);
        garbage[0] = 'x';
        Path metadata = trace.resolve("metadata");
        Files.write(metadata, garbage);
        TraceFormatException e = readFails(trace);
        assertEquals(metadata, e.file());
        assertTrue(e.getMessage().contains("neither packetized") || e.getMessage().contains("metadata line"), e.getMessage());
    }

    @Test
    void truncatedPacketizedMetadata() throws IOException {
        Path trace = copy(LIBC, "truncated-metadata");
        Path metadata = trace.resolve("metadata");
        try (RandomAccessFile f = new RandomAccessFile(metadata.toFile(), "rw")) {
            f.setLength(f.length() - 100);
        }
        TraceFormatException e = readFails(trace);
        assertEquals(metadata, e.file());
        assertTrue(e.offset() > 0 && e.getMessage().contains("truncated file?"), e.getMessage());
    }

    @Test
    void metadataSyntaxError() throws IOException {
        Path trace = copy("ust-lttng-crash", "syntax");
        Path metadata = trace.resolve("metadata");
        String text = Files.readString(metadata, StandardCharsets.UTF_8);
        assertTrue(text.startsWith("/* CTF 1.8"), "plain-text metadata");
        int brace = text.indexOf("};", text.indexOf("packet.header"));
        Files.writeString(metadata, text.substring(0, brace) + text.substring(brace + 1), StandardCharsets.UTF_8);
        TraceFormatException e = readFails(trace);
        assertEquals(metadata, e.file());
        assertTrue(e.getMessage().matches(".*metadata line \\d+, column \\d+ .*expected.*"), e.getMessage());
    }

    @Test
    void missingMetadata() throws IOException {
        Path trace = copy(LIBC, "no-metadata");
        Files.delete(trace.resolve("metadata"));
        TraceFormatException e = readFails(trace);
        assertEquals(trace.toAbsolutePath().normalize(), e.file());
        assertTrue(e.getMessage().contains("holds no CTF trace"), e.getMessage());
    }

    /**
     * Stream files and a metadata file we may not read. One unreadable stream file of four: a read in part (a warning
     * line naming it, exit code 6, the rest read); all four: an unreadable trace (exit code 3); the metadata: exit 3.
     * Root reads everything: as root the command line runs as {@code nobody} ({@link OtherUser}), or the test is
     * skipped with the reason printed.
     */
    @Test
    void unreadableFiles() throws Exception {
        String why = OtherUser.whyNot();
        if (why != null) {
            System.out.println("BadInputTest.unreadableFiles skipped: " + why);
        }
        Assumptions.assumeTrue(why == null, why);
        try (OtherUser user = OtherUser.prepare()) {
            Path trace = user.workDir("bad-input-unreadable").resolve(LIBC);
            OtherUser.copyTree(TestPaths.trace(LIBC), trace);
            OtherUser.openDirectories(trace);
            Path stream = trace.resolve("channel0_3");
            Files.setPosixFilePermissions(stream, java.util.Set.of());
            OtherUser.Result r = user.launch("dump", "--count", trace.toString());
            assertEquals(6, r.exitCode(), r.stderr());
            assertEquals(List.of("lttbench dump: warning: " + stream + ": cannot read the stream file (permission denied):"
                    + " not read, so the traces are read in part"), r.stderr().strip().lines().toList());

            List<Path> streams = List.of("channel0_0", "channel0_1", "channel0_2").stream().map(trace::resolve).toList();
            for (Path p : streams) {
                Files.setPosixFilePermissions(p, java.util.Set.of());
            }
            r = user.launch("dump", "--count", trace.toString());
            assertOneLineError(r);
            assertTrue(r.stderr().contains(trace.resolve("channel0_0") + ": cannot read the stream file (permission denied)"
                    + " (and 3 more stream files of the trace cannot be read either)"), r.stderr());

            for (Path p : streams) {
                Files.setPosixFilePermissions(p, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            }
            Files.setPosixFilePermissions(stream, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            Path metadata = trace.resolve("metadata");
            Files.setPosixFilePermissions(metadata, java.util.Set.of());
            r = user.launch("dump", "--count", trace.toString());
            assertOneLineError(r);
            assertTrue(r.stderr().contains(metadata + ": cannot read the metadata file (permission denied)"), r.stderr());
        }
    }

    private static void assertOneLineError(OtherUser.Result r) {
        assertEquals(3, r.exitCode(), r.stderr());
        assertEquals(1, r.stderr().strip().lines().count(), "one line: " + r.stderr());
        assertFalse(r.stderr().contains("Exception"), r.stderr());
    }

    /**
     * Random byte flips in the stream files of real traces: every outcome is either a complete read or a
     * TraceFormatException, never another exception, an endless loop or an exhausted heap.
     */
    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void randomCorruptionIsAlwaysACleanError() throws IOException {
        Random random = new Random(20240521);
        int errors = 0;
        int reads = 0;
        for (String name : List.of("ust-hello-lost", "kernel-uneven-streams-partial", "kernel-arm-bug446190",
                "kernel-bigendian", "ust-ros2")) {
            for (int round = 0; round < 20; round++) {
                Path trace = copy(name, "fuzz");
                List<Path> files;
                try (Stream<Path> list = Files.list(trace)) {
                    files = list.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().equals("metadata"))
                            .filter(p -> p.toFile().length() > 0).sorted().toList();
                }
                Path victim = files.get(random.nextInt(files.size()));
                long size = Files.size(victim);
                int flips = 1 + random.nextInt(8);
                for (int i = 0; i < flips; i++) {
                    long at = random.nextInt((int) Math.min(size, Integer.MAX_VALUE));
                    write(victim, at, new byte[] { (byte) random.nextInt(256) });
                }
                try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
                    set.read(new org.lttbench.core.ctf.RecordPrinter(java.io.Writer.nullWriter(),
                            org.lttbench.core.ctf.RecordPrinter.Format.JSONL), ProgressListener.NONE);
                    reads++;
                } catch (TraceFormatException e) {
                    assertTrue(e.getMessage().startsWith(e.file().toString()), e.getMessage());
                    errors++;
                }
            }
        }
        System.out.printf("corruption: %d corrupted traces gave a clean error, %d still read to the end%n", errors, reads);
        assertTrue(errors > 0);
    }
}
