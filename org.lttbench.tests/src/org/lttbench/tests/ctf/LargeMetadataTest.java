package org.lttbench.tests.ctf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.tests.TestPaths;

/**
 * A valid metadata file of 50 MB: a shared trace's metadata with a comment of 50 MB after its first line (split over
 * some 12,000 metadata packets when the metadata is packetized, as LTTng writes it). It is read as the original is,
 * its dump is the original's and babeltrace2's, and opening it allocates about what opening the original does: the
 * comment is never held in memory.
 */
@Isolated // the allocation measured is this thread's, but a concurrent test would slow it
class LargeMetadataTest {
    private static final int PACKET_MAGIC = 0x75D11D57;
    private static final int HEADER_BYTES = 37;
    /** What the comment adds to the allocations of opening the trace, at most (its bytes are 50 MB). */
    private static final long ALLOCATION_SLACK = 8L << 20;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = { "ust-trace-with-index", "kernel-bigendian", "ust-lttng-crash" })
    void fiftyMegabyteComment(String name) throws Exception {
        Path original = TestPaths.trace(name);
        Path padded = copy(original, "large-metadata-" + name);
        byte[] bytes = Files.readAllBytes(original.resolve("metadata"));
        Files.write(padded.resolve("metadata"), withComment(bytes, 50_000_000));
        assertTrue(Files.size(padded.resolve("metadata")) > 50_000_000);

        long originalBytes = allocatedByOpening(original);
        long paddedBytes = allocatedByOpening(padded);
        System.out.printf("large metadata %s: opening allocates %,d bytes, %,d with the 50 MB comment%n", name,
                originalBytes, paddedBytes);
        assertTrue(paddedBytes < originalBytes + ALLOCATION_SLACK, paddedBytes + " bytes allocated");
        assertEquals(TextFormatTest.dump(original), TextFormatTest.dump(padded));
        TextFormatTest.compare(padded, line -> true);
    }

    private static long allocatedByOpening(Path trace) throws IOException {
        long before = allocatedBytes();
        try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
            assertTrue(!set.streams().isEmpty());
        }
        return allocatedBytes() - before;
    }

    /** The bytes this thread has allocated so far (the JDK's {@code com.sun.management} bean, found at run time). */
    private static long allocatedBytes() {
        try {
            Class<?> bean = Class.forName("com.sun.management.ThreadMXBean", false, ClassLoader.getSystemClassLoader());
            return (long) bean.getMethod("getCurrentThreadAllocatedBytes").invoke(ManagementFactory.getThreadMXBean());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this JDK does not say what a thread allocates", e);
        }
    }

    /** A copy of a trace directory (its files, not its index). */
    private static Path copy(Path trace, String name) throws IOException {
        Path dir = TestPaths.workDir(name);
        try (Stream<Path> files = Files.list(trace)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Files.copy(f, dir.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return dir;
    }

    /**
     * The metadata with a comment of about {@code bytes} bytes (lines of text) after the text's first line; packetized
     * metadata is packetized again as LTTng does (4,096-byte packets, its first packet's header for every packet).
     */
    static byte[] withComment(byte[] metadata, int bytes) {
        ByteOrder order = packetOrder(metadata);
        byte[] text = order == null ? metadata : contents(metadata, order);
        int firstLine = indexOf(text, (byte) '\n') + 1;
        String line = "a comment line of the kind nothing reads, sixty-four bytes long\n";
        ByteArrayOutputStream padded = new ByteArrayOutputStream(text.length + bytes + 64);
        padded.write(text, 0, firstLine);
        padded.writeBytes("/*\n".getBytes(StandardCharsets.US_ASCII));
        padded.writeBytes(line.repeat(bytes / line.length()).getBytes(StandardCharsets.US_ASCII));
        padded.writeBytes("*/\n".getBytes(StandardCharsets.US_ASCII));
        padded.write(text, firstLine, text.length - firstLine);
        return order == null ? padded.toByteArray() : packets(padded.toByteArray(), metadata, order);
    }

    private static ByteOrder packetOrder(byte[] metadata) {
        for (ByteOrder o : new ByteOrder[] { ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN }) {
            if (metadata.length >= 4 && ByteBuffer.wrap(metadata).order(o).getInt(0) == PACKET_MAGIC) {
                return o;
            }
        }
        return null;
    }

    private static byte[] contents(byte[] metadata, ByteOrder order) {
        ByteBuffer b = ByteBuffer.wrap(metadata).order(order);
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        for (int off = 0; off < metadata.length;) {
            int content = b.getInt(off + 24) / 8;
            text.write(metadata, off + HEADER_BYTES, content - HEADER_BYTES);
            off += b.getInt(off + 28) / 8;
        }
        return text.toByteArray();
    }

    private static byte[] packets(byte[] text, byte[] original, ByteOrder order) {
        int chunk = 4096 - HEADER_BYTES;
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length + text.length / 100 + 4096);
        for (int off = 0; off < text.length; off += chunk) {
            int n = Math.min(chunk, text.length - off);
            ByteBuffer header = ByteBuffer.wrap(java.util.Arrays.copyOf(original, HEADER_BYTES)).order(order);
            header.putInt(24, (HEADER_BYTES + n) * 8).putInt(28, 4096 * 8);
            out.writeBytes(header.array());
            out.write(text, off, n);
            out.writeBytes(new byte[chunk - n]); // padding to the packet's size
        }
        return out.toByteArray();
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
