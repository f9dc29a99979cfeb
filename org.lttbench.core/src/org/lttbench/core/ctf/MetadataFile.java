package org.lttbench.core.ctf;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.lttbench.core.trace.TraceFormatException;

/**
 * Reads a trace's {@code metadata} file, plain or packetized (magic 0x75D11D57; CTF2-PMETA-1.0 wraps CTF 2 metadata
 * the same way), and parses it: CTF 2 when its text starts with a record separator (a JSON text sequence), TSDL
 * (CTF 1.8) otherwise.
 */
final class MetadataFile {
    static final String NAME = "metadata";
    private static final int PACKET_MAGIC = 0x75D11D57;
    /** Bytes of a metadata packet header: magic, uuid, checksum, content and packet sizes, five scheme bytes. */
    private static final int HEADER_BYTES = 37;
    /**
     * Far more than any LTTng metadata (a kernel trace's is about 1 MiB, the largest UST ones a few): a guard against
     * hostile files, whose parsed model can take ten to twenty times their size in memory.
     */
    static final long MAX_BYTES = 32L << 20;
    /** The JSON text sequence record separator that starts every CTF 2 metadata fragment. */
    static final byte RS = 0x1E;

    private MetadataFile() {
    }

    /**
     * The metadata text's bytes and, for packetized metadata, where each packet's content starts in the text and in
     * the file (to name file offsets in errors).
     */
    record Content(byte[] bytes, int[] textStarts, long[] fileStarts) {
        /** Byte offset in the metadata file of byte {@code textOffset} of the text. */
        long fileOffset(long textOffset) {
            if (textStarts == null) {
                return textOffset;
            }
            int i = java.util.Arrays.binarySearch(textStarts, (int) Math.min(Integer.MAX_VALUE, textOffset));
            if (i < 0) {
                i = -i - 2;
            }
            return i < 0 ? textOffset : fileStarts[i] + textOffset - textStarts[i];
        }
    }

    static Metadata read(Path traceDir) throws IOException {
        Path file = traceDir.resolve(NAME);
        return parse(content(file), file);
    }

    /** The metadata in these bytes (a metadata file's, plain or packetized), {@code file} naming it in errors. */
    static Metadata parse(byte[] bytes, Path file) throws TraceFormatException {
        return parse(content(file, bytes), file);
    }

    private static Metadata parse(Content content, Path file) throws TraceFormatException {
        if (content.bytes.length > 0 && content.bytes[0] == RS) {
            return Ctf2Parser.parse(content, file);
        }
        Metadata m = TsdlParser.parse(tsdlText(file, content), file);
        if (m.major != -1 && (m.major != 1 || m.minor != 8)) {
            throw new TraceFormatException(file, -1, "CTF version " + m.major + "." + m.minor
                    + " is not supported (this reader reads CTF 1.8 and CTF 2)");
        }
        return m;
    }

    private static String tsdlText(Path file, Content content) throws TraceFormatException {
        byte[] bytes = content.bytes;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                throw new TraceFormatException(file, content.fileOffset(i), content.textStarts == null
                        ? "the metadata is neither packetized (magic 0x75d11d57) nor text (found a NUL byte)"
                        : "a NUL byte inside metadata text");
            }
        }
        if (bytes.length == 0) {
            throw new TraceFormatException(file, 0, "the metadata file is empty");
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    static Content content(Path file) throws IOException {
        byte[] bytes;
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            // a FIFO would block the read until something writes to it
            throw new TraceFormatException(file, -1, "the metadata file is " + StreamFile.kind(file)
                    + ", not a regular file");
        }
        try {
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                throw new TraceFormatException(file, -1, "the metadata file has " + size + " bytes, more than the "
                        + MAX_BYTES + " this reader accepts");
            }
            try (InputStream in = Files.newInputStream(file)) {
                // no more than the limit, even if the file grows while it is read
                bytes = in.readNBytes((int) MAX_BYTES + 1);
            }
            if (bytes.length > MAX_BYTES) {
                throw new TraceFormatException(file, -1, "the metadata file has more than the " + MAX_BYTES
                        + " bytes this reader accepts");
            }
        } catch (AccessDeniedException e) {
            throw new TraceFormatException(file, -1, "cannot read the metadata file (permission denied)", e);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new TraceFormatException(file, -1, "the trace has no metadata file", e);
        }
        return content(file, bytes);
    }

    private static Content content(Path file, byte[] bytes) throws TraceFormatException {
        if (bytes.length >= 4) {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            if (b.order(ByteOrder.LITTLE_ENDIAN).getInt(0) == PACKET_MAGIC) {
                return packetized(file, b.order(ByteOrder.LITTLE_ENDIAN));
            }
            if (b.order(ByteOrder.BIG_ENDIAN).getInt(0) == PACKET_MAGIC) {
                return packetized(file, b.order(ByteOrder.BIG_ENDIAN));
            }
        }
        if (bytes.length == 0) {
            throw new TraceFormatException(file, 0, "the metadata file is empty");
        }
        return new Content(bytes, null, null);
    }

    private static Content packetized(Path file, ByteBuffer b) throws TraceFormatException {
        java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream();
        java.util.List<long[]> starts = new java.util.ArrayList<>();
        int offset = 0;
        int n = b.capacity();
        while (offset < n) {
            if (n - offset < HEADER_BYTES) {
                throw new TraceFormatException(file, offset, "the file ends inside a metadata packet header ("
                        + (n - offset) + " of " + HEADER_BYTES + " bytes)");
            }
            if (b.getInt(offset) != PACKET_MAGIC) {
                throw new TraceFormatException(file, offset, String.format(
                        "bad metadata packet magic 0x%08x (expected 0x75d11d57)", b.getInt(offset)));
            }
            long content = Integer.toUnsignedLong(b.getInt(offset + 24));
            long packet = Integer.toUnsignedLong(b.getInt(offset + 28));
            int compression = b.get(offset + 32);
            int encryption = b.get(offset + 33);
            if (compression != 0 || encryption != 0) {
                throw new TraceFormatException(file, offset, "compressed or encrypted metadata is not supported");
            }
            if (content < HEADER_BYTES * 8L || content > packet || (content & 7) != 0 || (packet & 7) != 0) {
                throw new TraceFormatException(file, offset, "bad metadata packet sizes: content " + content
                        + " bits, packet " + packet + " bits (expected header bits <= content <= packet, whole bytes)");
            }
            if (packet / 8 > n - offset) {
                throw new TraceFormatException(file, offset, "the metadata packet declares " + packet / 8
                        + " bytes but only " + (n - offset) + " remain in the file (truncated file?)");
            }
            byte[] chunk = new byte[(int) (content / 8) - HEADER_BYTES];
            b.get(offset + HEADER_BYTES, chunk);
            starts.add(new long[] { text.size(), offset + HEADER_BYTES });
            text.write(chunk, 0, chunk.length);
            offset += (int) (packet / 8);
        }
        int[] textStarts = new int[starts.size()];
        long[] fileStarts = new long[starts.size()];
        for (int i = 0; i < textStarts.length; i++) {
            textStarts[i] = (int) starts.get(i)[0];
            fileStarts[i] = starts.get(i)[1];
        }
        return new Content(text.toByteArray(), textStarts, fileStarts);
    }
}
