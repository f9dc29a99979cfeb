package org.lttbench.tests.ctf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.TestPaths;

/**
 * LTTng's packet index files ({@code index/<stream>.idx}): where they describe the stream files, they say which
 * packets hold the first and last events, so the trace's span (its first and last event) is found without reading
 * every packet header, and it is the span the packets themselves give; an index that does not describe its file
 * (truncated, another version, packets that do not tile the file) is not used, and reading goes on as without it.
 */
class PacketIndexTest {

    /**
     * The shared traces with LTTng index files. (The {@code index/} of {@code ust-experiment-libc}'s traces holds
     * another tool's format, magic "CTFIDX": not LTTng's, not used, and the span is read from the packets.)
     */
    static List<Path> indexedTraces() throws IOException {
        List<Path> traces = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(TestPaths.traces())) {
            for (Path index : walk.filter(p -> p.getFileName().toString().equals("index") && Files.isDirectory(p))
                    .sorted().toList()) {
                try (Stream<Path> files = Files.list(index)) {
                    if (files.anyMatch(PacketIndexTest::isLttngIndex)) {
                        traces.add(index.getParent());
                    }
                }
            }
        }
        assertFalse(traces.isEmpty(), "no shared trace has LTTng index files");
        return traces;
    }

    private static boolean isLttngIndex(Path file) {
        try (var in = Files.newInputStream(file)) {
            byte[] magic = in.readNBytes(4);
            return magic.length == 4 && ByteBuffer.wrap(magic).getInt() == 0xC1F1DCC1;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void anotherToolsIndexIsNotUsed() throws Exception {
        Path trace = TestPaths.trace("ust-experiment-libc").resolve("testTrace-17889-20140324-160652");
        Path copy = TestPaths.workDir("index-other-tool");
        copyTrace(trace, copy, false);
        assertEquals(span(copy), span(trace));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("indexedTraces")
    void theIndexGivesTheSpanOfThePackets(Path trace) throws Exception {
        Path copy = TestPaths.workDir("index-none-" + trace.getFileName());
        copyTrace(trace, copy, false);
        TimeRange fromIndex = span(trace);
        assertEquals(span(copy), fromIndex, "span from the index against the span from the packets");
        // And the index was used: were every packet empty by its index, no event would be found and the span would
        // be the packets' (from the first packet's beginning, before its first event).
        Path empty = TestPaths.workDir("index-empty-" + trace.getFileName());
        copyTrace(trace, empty, true);
        forEachIndex(empty, bytes -> {
            for (int e = 0; e < entries(bytes); e++) {
                bytes = withEntrySet(bytes, e, 16, 0);
            }
            return bytes;
        });
        assertNotEquals(fromIndex, span(empty), "the index was not used");
    }

    @Test
    void anIndexThatDescribesItsFileIsUsed() throws Exception {
        Path trace = TestPaths.trace("ust-trace-with-index");
        Path copy = TestPaths.workDir("index-earlier");
        copyTrace(trace, copy, true);
        TimeRange real = span(trace);
        // Every index says its first and last packets are empty (content_size 0): only the index says so, and the
        // span then runs from a second packet's first event to an earlier packet's last event.
        forEachIndex(copy, bytes -> withEntrySet(withEntrySet(bytes, 0, 16, 0), entries(bytes) - 1, 16, 0));
        TimeRange lied = span(copy);
        assertTrue(lied.begin() > real.begin() && lied.end() < real.end(), real + " against " + lied);
    }

    record Damage(String name, UnaryOperator<byte[]> change) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Damage> damages() {
        return List.of(new Damage("truncated inside an entry", b -> Arrays.copyOf(b, b.length - 5)),
                new Damage("last entry missing", b -> Arrays.copyOf(b, b.length - entryBytes(b))),
                new Damage("empty file", b -> new byte[0]),
                new Damage("header only", b -> Arrays.copyOf(b, 16)),
                new Damage("bad magic", b -> withInt(b, 0, 0x12345678)),
                new Damage("unknown major version", b -> withInt(b, 4, 2)),
                new Damage("entry size 2^32 - 1", b -> withInt(b, 12, -1)),
                new Damage("entry size too small", b -> withInt(b, 12, 8)),
                new Damage("packet offset shifted", b -> withEntryLong(b, 0, 0, 8)),
                new Damage("packet size not whole bytes", b -> withEntryLong(b, 0, 8, 3)),
                new Damage("content larger than packet", b -> withEntryLong(b, 0, 16, 1L << 40)),
                new Damage("another stream class's id", b -> withEntryLong(b, 0, 48, 1)),
                new Damage("packet larger than the file", b -> withEntryLong(b, entries(b) - 1, 8, 1L << 40)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("damages")
    void anIndexThatDoesNotDescribeItsFileIsNotUsed(Damage damage) throws Exception {
        Path trace = TestPaths.trace("ust-trace-with-index");
        Path copy = TestPaths.workDir("index-damaged");
        copyTrace(trace, copy, true);
        // The first entry also says its packet is empty: were the damaged index used, the span would show it.
        forEachIndex(copy, bytes -> damage.change().apply(withEntrySet(bytes, 0, 16, 0)));
        assertEquals(span(trace), span(copy), damage.name());
        try (CtfTraceSet set = CtfTraceSet.open(List.of(copy))) {
            long[] records = new long[1];
            set.read((RecordSink) e -> records[0]++, ProgressListener.NONE);
            assertEquals(4000, records[0], "every event is read whatever the index says");
        }
    }

    @Test
    void theTestsChangeWhatTheyMeanToChange() throws Exception {
        byte[] index = Files.readAllBytes(TestPaths.trace("ust-trace-with-index").resolve("index/ust_channel_0.idx"));
        assertEquals(0xC1F1DCC1, ByteBuffer.wrap(index).getInt(0));
        assertFalse(entries(index) < 2, "an index of several packets");
        assertNotEquals(ByteBuffer.wrap(index).getLong(16 + 24), ByteBuffer.wrap(withEntryLong(index, 0, 24, -1)).getLong(16 + 24));
    }

    private static TimeRange span(Path trace) throws IOException {
        try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
            return set.span();
        }
    }

    private static void copyTrace(Path from, Path to, boolean withIndex) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(from)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        for (Path f : files) {
            Path rel = from.relativize(f);
            if (!withIndex && rel.getNameCount() > 1 && rel.getName(0).toString().equals("index")) {
                continue;
            }
            Path target = to.resolve(rel.toString());
            Files.createDirectories(target.getParent());
            Files.copy(f, target);
        }
    }

    private static void forEachIndex(Path trace, UnaryOperator<byte[]> change) throws IOException {
        List<Path> indexes = new ArrayList<>();
        try (Stream<Path> list = Files.list(trace.resolve("index"))) {
            list.forEach(indexes::add);
        }
        assertFalse(indexes.isEmpty());
        for (Path p : indexes) {
            p.toFile().setWritable(true);
            Files.write(p, change.apply(Files.readAllBytes(p)));
        }
    }

    private static int entryBytes(byte[] index) {
        return ByteBuffer.wrap(index).getInt(12);
    }

    private static int entries(byte[] index) {
        return (index.length - 16) / entryBytes(index);
    }

    private static byte[] withInt(byte[] index, int at, int value) {
        byte[] copy = index.clone();
        ByteBuffer.wrap(copy).putInt(at, value);
        return copy;
    }

    /** Sets the 64-bit field at {@code fieldOffset} of entry {@code entry} (big-endian, as LTTng writes). */
    private static byte[] withEntrySet(byte[] index, int entry, int fieldOffset, long value) {
        byte[] copy = index.clone();
        ByteBuffer.wrap(copy).putLong(16 + entry * entryBytes(index) + fieldOffset, value);
        return copy;
    }

    /** Adds {@code delta} to the 64-bit field at {@code fieldOffset} of entry {@code entry} (big-endian, as LTTng writes). */
    private static byte[] withEntryLong(byte[] index, int entry, int fieldOffset, long delta) {
        byte[] copy = index.clone();
        ByteBuffer b = ByteBuffer.wrap(copy);
        int at = 16 + entry * entryBytes(index) + fieldOffset;
        b.putLong(at, b.getLong(at) + delta);
        return copy;
    }
}
