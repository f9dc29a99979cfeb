package org.lttbench.tests.writer;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.tests.writer.TraceMetadata.StreamClass;

/**
 * Writes a real CTF trace directory the way LTTng lays it out: a {@code metadata} file (CTF 1.8 TSDL, or CTF 2 JSON
 * as LTTng 2.15 writes by default; plain text, or LTTng's packetized form) and one stream file per channel and CPU
 * ({@code <channel>_<cpu>}) made of packets with LTTng's packet header and context (the same bytes in both
 * formats). Scenario tests build traces whose analysis results are known by construction; babeltrace2 reads them
 * back (in CTF 1.8) as the independent check that the bytes are real CTF.
 */
public final class CtfTraceWriter implements Closeable {

    /** The metadata's format: CTF 1.8 (TSDL, LTTng up to 2.14) or CTF 2 (JSON, LTTng 2.15's default). */
    public enum Format {
        CTF_1_8, CTF_2
    }

    private final Path dir;
    private final TraceMetadata metadata;
    private final Map<String, CtfStreamWriter> streams = new LinkedHashMap<>();
    private final List<WrittenEvent> log;
    private int packetBytes = 4096;
    private boolean padPackets = true;
    private boolean packetizedMetadata;
    private boolean trimLastPackets;
    private Format format = Format.CTF_1_8;
    private boolean closed;

    /**
     * @param keepLog whether to remember every event written ({@link #writtenEvents()}), to compare with a decoder's
     *                output; leave it off for large traces
     */
    public CtfTraceWriter(Path dir, TraceMetadata metadata, boolean keepLog) throws IOException {
        this.dir = Files.createDirectories(dir);
        this.metadata = metadata;
        this.log = keepLog ? new ArrayList<>() : null;
    }

    public Path directory() {
        return dir;
    }

    public TraceMetadata metadata() {
        return metadata;
    }

    /** Packet (sub-buffer) size in bytes; every packet is padded to it unless {@link #padPackets(boolean)} is off. */
    public CtfTraceWriter packetBytes(int bytes) {
        if (bytes < 128 || bytes % 8 != 0) {
            throw new IllegalArgumentException("packet size " + bytes);
        }
        this.packetBytes = bytes;
        return this;
    }

    public CtfTraceWriter padPackets(boolean pad) {
        this.padPackets = pad;
        return this;
    }

    /**
     * Closes each stream's last packet as LTTng does when tracing stops: its size is its content rounded up to a
     * 4 KiB page, not the sub-buffer's (padded packets only).
     */
    public CtfTraceWriter trimLastPackets(boolean trim) {
        this.trimLastPackets = trim;
        return this;
    }

    boolean trimLastPackets() {
        return trimLastPackets;
    }

    /** Writes the metadata as LTTng does (TSDL split in packets with a binary header) instead of plain text. */
    public CtfTraceWriter packetizedMetadata(boolean packetized) {
        this.packetizedMetadata = packetized;
        return this;
    }

    /** Writes the metadata in this format (CTF 1.8 unless told); the data streams are the same either way. */
    public CtfTraceWriter format(Format metadataFormat) {
        this.format = metadataFormat;
        return this;
    }

    public Format format() {
        return format;
    }

    int packetBytes() {
        return packetBytes;
    }

    boolean padPackets() {
        return padPackets;
    }

    /** The stream of this class on this CPU, file {@code <channel>_<cpu>}; created on first use. */
    public CtfStreamWriter stream(StreamClass streamClass, String channel, int cpu) throws IOException {
        if (streamClass.metadata() != metadata) {
            throw new IllegalArgumentException("stream class of another trace");
        }
        String name = channel + "_" + cpu;
        CtfStreamWriter s = streams.get(name);
        if (s == null) {
            s = new CtfStreamWriter(this, streamClass, cpu, streams.size(), dir.resolve(name));
            streams.put(name, s);
        } else if (s.streamClass() != streamClass) {
            throw new IllegalArgumentException(name + " belongs to another stream class");
        }
        return s;
    }

    public List<CtfStreamWriter> streams() {
        return List.copyOf(streams.values());
    }

    void logged(WrittenEvent event) {
        if (log != null) {
            log.add(event);
        }
    }

    /** Every event written, in writing order (each stream's events are in its file order). */
    public List<WrittenEvent> writtenEvents() {
        if (log == null) {
            throw new IllegalStateException("this writer keeps no log");
        }
        return List.copyOf(log);
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        for (CtfStreamWriter s : streams.values()) {
            s.close();
        }
        byte[] text = (format == Format.CTF_2 ? metadata.ctf2() : metadata.tsdl()).getBytes(StandardCharsets.UTF_8);
        Path file = dir.resolve("metadata");
        if (!packetizedMetadata) {
            Files.write(file, text);
            return;
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            int chunk = 4096 - 37;
            for (int off = 0; off < text.length; off += chunk) {
                int n = Math.min(chunk, text.length - off);
                ByteBuffer header = ByteBuffer.allocate(37).order(metadata.byteOrder());
                header.putInt(0x75D11D57);
                header.put(metadata.uuidBytes());
                header.putInt(0); // checksum
                header.putInt((37 + n) * 8); // content size, bits
                header.putInt((37 + n) * 8); // packet size, bits
                header.put((byte) 0).put((byte) 0).put((byte) 0); // compression, encryption, checksum scheme
                header.put((byte) (format == Format.CTF_2 ? 2 : 1)).put((byte) (format == Format.CTF_2 ? 0 : 8));
                out.write(header.array());
                out.write(text, off, n);
            }
        }
    }


    /** One event as written: for comparing with what a decoder reads back. */
    public record WrittenEvent(String name, long timestamp, int cpu, String stream, List<Object> context,
            List<Object> payload) {
    }
}
