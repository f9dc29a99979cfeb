package org.lttbench.core.ctf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.lttbench.core.trace.TraceFormatException;

/** Reads a trace's {@code metadata} file, plain TSDL text or packetized (magic 0x75D11D57), and parses it. */
final class MetadataFile {
    static final String NAME = "metadata";
    private static final int PACKET_MAGIC = 0x75D11D57;
    /** Bytes of a metadata packet header: magic, uuid, checksum, content and packet sizes, five scheme bytes. */
    private static final int HEADER_BYTES = 37;
    /** Far more than any LTTng metadata (a kernel trace's is about 1 MiB); a guard against hostile files. */
    private static final long MAX_BYTES = 256L << 20;

    private MetadataFile() {
    }

    static Metadata read(Path traceDir) throws IOException {
        Path file = traceDir.resolve(NAME);
        String text = text(file);
        Metadata m = TsdlParser.parse(text, file);
        if (m.major != -1 && (m.major != 1 || m.minor != 8)) {
            throw new TraceFormatException(file, -1, "CTF version " + m.major + "." + m.minor
                    + " is not supported (this reader reads CTF 1.8)");
        }
        return m;
    }

    static String text(Path file) throws IOException {
        byte[] bytes;
        try {
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                throw new TraceFormatException(file, -1, "the metadata file has " + size + " bytes, more than the "
                        + MAX_BYTES + " this reader accepts");
            }
            bytes = Files.readAllBytes(file);
        } catch (AccessDeniedException e) {
            throw new TraceFormatException(file, -1, "cannot read the metadata file (permission denied)", e);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new TraceFormatException(file, -1, "the trace has no metadata file", e);
        }
        if (bytes.length >= 4) {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            if (b.order(ByteOrder.LITTLE_ENDIAN).getInt(0) == PACKET_MAGIC) {
                return packetized(file, b.order(ByteOrder.LITTLE_ENDIAN));
            }
            if (b.order(ByteOrder.BIG_ENDIAN).getInt(0) == PACKET_MAGIC) {
                return packetized(file, b.order(ByteOrder.BIG_ENDIAN));
            }
        }
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                throw new TraceFormatException(file, i, "the metadata is neither packetized (magic 0x75d11d57) nor"
                        + " text (found a NUL byte)");
            }
        }
        if (bytes.length == 0) {
            throw new TraceFormatException(file, 0, "the metadata file is empty");
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static String packetized(Path file, ByteBuffer b) throws TraceFormatException {
        StringBuilder text = new StringBuilder();
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
            for (int i = 0; i < chunk.length; i++) {
                if (chunk[i] == 0) {
                    throw new TraceFormatException(file, offset + HEADER_BYTES + i, "a NUL byte inside metadata text");
                }
            }
            text.append(new String(chunk, StandardCharsets.UTF_8));
            offset += (int) (packet / 8);
        }
        return text.toString();
    }
}
