package org.lttbench.core.ctf;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.lttbench.core.trace.TraceFormatException;

/**
 * Reads a trace's {@code metadata} file, plain or packetized (magic 0x75D11D57; CTF2-PMETA-1.0 wraps CTF 2 metadata
 * the same way), and parses it: CTF 2 when its text starts with a record separator (a JSON text sequence), TSDL
 * (CTF 1.8) otherwise.
 *
 * <p>The file's size is not limited: what its text declares is (nesting, counts, sizes of types; see the parsers).
 * TSDL streams through its lexer, so memory holds the parsed model, not the text: a comment of any length costs
 * nothing (a 50 MB one reads as fast as the file). CTF 2 text is held whole while it is parsed, as JSON has no
 * comments, its bytes are its declarations. A packet header's sizes are checked against the bytes the file has left
 * before its content is read: a size a header claims is never allocated.
 */
final class MetadataFile {
    static final String NAME = "metadata";
    private static final int PACKET_MAGIC = 0x75D11D57;
    /** Bytes of a metadata packet header: magic, uuid, checksum, content and packet sizes, five scheme bytes. */
    private static final int HEADER_BYTES = 37;
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
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            // a FIFO would block the read until something writes to it
            throw new TraceFormatException(file, -1, "the metadata file is " + StreamFile.kind(file)
                    + ", not a regular file");
        }
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            return parse(in, Files.size(file), file);
        } catch (AccessDeniedException e) {
            throw new TraceFormatException(file, -1, "cannot read the metadata file (permission denied)", e);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new TraceFormatException(file, -1, "the trace has no metadata file", e);
        }
    }

    /** The metadata in these bytes (a metadata file's, plain or packetized), {@code file} naming it in errors. */
    static Metadata parse(byte[] bytes, Path file) throws TraceFormatException {
        try {
            return parse(new ByteArrayInputStream(bytes), bytes.length, file);
        } catch (TraceFormatException e) {
            throw e;
        } catch (IOException e) {
            throw new IllegalStateException("reading bytes in memory failed", e);
        }
    }

    private static Metadata parse(InputStream file, long size, Path path) throws IOException {
        Text text = new Text(file, size, path);
        int first = text.first();
        if (first < 0) {
            throw new TraceFormatException(path, 0, "the metadata file is empty");
        }
        if (first == RS) {
            return Ctf2Parser.parse(text.whole(), path);
        }
        text.refuseNul();
        Metadata m = TsdlParser.parse(new InputStreamReader(text, StandardCharsets.UTF_8), path);
        if (m.major != -1 && (m.major != 1 || m.minor != 8)) {
            throw new TraceFormatException(path, -1, "CTF version " + m.major + "." + m.minor
                    + " is not supported (this reader reads CTF 1.8 and CTF 2)");
        }
        return m;
    }

    /**
     * The metadata text as it streams from the file: the file itself, or the contents of its packets one after the
     * other (padding skipped). Errors name the file and the byte offset in it.
     */
    private static final class Text extends InputStream {
        private final InputStream in;
        private final long size;
        private final Path file;
        /** The packets' byte order; null for plain metadata. */
        private ByteOrder packets;
        /** Offset in the file of the next byte of {@code in}. */
        private long fileOffset;
        /** Bytes of text given so far. */
        private long textOffset;
        /** The current packet's content bytes not read yet, and the padding after them. */
        private long contentLeft;
        private long paddingLeft;
        /** The first byte of text, read ahead ({@link #first}) and not given yet; -2 when none is pending. */
        private int pending = -2;
        private boolean refuseNul;
        /** Text offset and file offset where each packet's content starts. */
        private final List<long[]> starts = new ArrayList<>();

        Text(InputStream in, long size, Path file) throws IOException {
            this.in = in;
            this.size = size;
            this.file = file;
            in.mark(4);
            byte[] magic = in.readNBytes(4);
            in.reset();
            if (magic.length == 4) {
                ByteBuffer b = ByteBuffer.wrap(magic);
                if (b.order(ByteOrder.LITTLE_ENDIAN).getInt(0) == PACKET_MAGIC) {
                    packets = ByteOrder.LITTLE_ENDIAN;
                } else if (b.order(ByteOrder.BIG_ENDIAN).getInt(0) == PACKET_MAGIC) {
                    packets = ByteOrder.BIG_ENDIAN;
                }
            }
        }

        /** The text's first byte, or -1 for no text; it is still given by the next read. */
        int first() throws IOException {
            if (pending == -2) {
                pending = readText();
            }
            return pending;
        }

        /** From now on, a NUL byte in the text is an error (TSDL is text; a NUL means a corrupt file). */
        void refuseNul() throws TraceFormatException {
            refuseNul = true;
            if (pending == 0) {
                throw nul(textOffset - 1);
            }
        }

        /** All the text (CTF 2), with where each packet's content starts. */
        Content whole() throws IOException {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            byte[] chunk = new byte[1 << 16];
            int n;
            while ((n = read(chunk, 0, chunk.length)) > 0) {
                if (out.size() > Integer.MAX_VALUE - 16 - n) {
                    throw new TraceFormatException(file, fileOffset, "CTF 2 metadata of more than 2 GiB of text is not"
                            + " supported");
                }
                out.write(chunk, 0, n);
            }
            if (packets == null) {
                return new Content(out.toByteArray(), null, null);
            }
            int[] textStarts = new int[starts.size()];
            long[] fileStarts = new long[starts.size()];
            for (int i = 0; i < textStarts.length; i++) {
                textStarts[i] = (int) starts.get(i)[0];
                fileStarts[i] = starts.get(i)[1];
            }
            return new Content(out.toByteArray(), textStarts, fileStarts);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            if (pending != -2) {
                int p = pending;
                pending = -2;
                if (p < 0) {
                    return -1;
                }
                b[off] = (byte) p;
                return 1;
            }
            if (packets != null && !nextContent()) {
                return -1;
            }
            int n = in.read(b, off, packets == null ? len : (int) Math.min(len, contentLeft));
            if (n < 0) {
                if (packets != null) {
                    throw new TraceFormatException(file, fileOffset, "the file ends inside a metadata packet's content");
                }
                return -1;
            }
            if (refuseNul) {
                for (int i = 0; i < n; i++) {
                    if (b[off + i] == 0) {
                        throw nul(textOffset + i);
                    }
                }
            }
            fileOffset += n;
            textOffset += n;
            if (packets != null) {
                contentLeft -= n;
            }
            return n;
        }

        private int readText() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        private TraceFormatException nul(long at) {
            return new TraceFormatException(file, packets == null ? at : fileOffsetOf(at), packets == null
                    ? "the metadata is neither packetized (magic 0x75d11d57) nor text (found a NUL byte)"
                    : "a NUL byte inside metadata text");
        }

        /** The file offset of a text offset in the packet read now or an earlier one. */
        private long fileOffsetOf(long text) {
            long[] packet = starts.get(0);
            for (long[] start : starts) {
                if (start[0] <= text) {
                    packet = start;
                }
            }
            return packet[1] + text - packet[0];
        }

        /** Moves to content to read (past padding and packet headers); false at the end of the file. */
        private boolean nextContent() throws IOException {
            while (contentLeft == 0) {
                if (paddingLeft > 0) {
                    try {
                        in.skipNBytes(paddingLeft);
                    } catch (java.io.EOFException e) {
                        throw new TraceFormatException(file, fileOffset, "the file ends inside a metadata packet's"
                                + " padding", e);
                    }
                    fileOffset += paddingLeft;
                    paddingLeft = 0;
                }
                byte[] header = in.readNBytes(HEADER_BYTES);
                if (header.length == 0) {
                    return false;
                }
                long offset = fileOffset;
                if (header.length < HEADER_BYTES) {
                    throw new TraceFormatException(file, offset, "the file ends inside a metadata packet header ("
                            + header.length + " of " + HEADER_BYTES + " bytes)");
                }
                ByteBuffer h = ByteBuffer.wrap(header).order(packets);
                if (h.getInt(0) != PACKET_MAGIC) {
                    throw new TraceFormatException(file, offset, String.format(
                            "bad metadata packet magic 0x%08x (expected 0x75d11d57)", h.getInt(0)));
                }
                long content = Integer.toUnsignedLong(h.getInt(24));
                long packet = Integer.toUnsignedLong(h.getInt(28));
                if (h.get(32) != 0 || h.get(33) != 0) {
                    throw new TraceFormatException(file, offset, "compressed or encrypted metadata is not supported");
                }
                if (content < HEADER_BYTES * 8L || content > packet || (content & 7) != 0 || (packet & 7) != 0) {
                    throw new TraceFormatException(file, offset, "bad metadata packet sizes: content " + content
                            + " bits, packet " + packet + " bits (expected header bits <= content <= packet, whole"
                            + " bytes)");
                }
                if (packet / 8 > size - offset) {
                    throw new TraceFormatException(file, offset, "the metadata packet declares " + packet / 8
                            + " bytes but only " + (size - offset) + " remain in the file (truncated file?)");
                }
                fileOffset += HEADER_BYTES;
                contentLeft = content / 8 - HEADER_BYTES;
                paddingLeft = (packet - content) / 8;
                starts.add(new long[] { textOffset, fileOffset });
            }
            return true;
        }
    }
}
