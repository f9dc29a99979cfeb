package org.lttbench.core.ctf;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordFanOut;
import org.lttbench.core.trace.TraceFormatException;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * A data stream file's bytes read with the metadata of a real trace (the input's first byte picks it among
 * {@link FuzzTraces#STREAM_TRACES}; the rest is the file): the first packet probed as opening a trace does, the
 * stream's span found as every command does before reading, then every record decoded and printed as {@code dump}
 * prints it, text and JSON. The one acceptable failure is a {@link TraceFormatException} naming the stream file; any
 * other exception or error, or an input taking more than the timeout, is a finding.
 */
class StreamFuzzTest {
    /** A trace's metadata, compiled once, and the file the fuzzed bytes go to. */
    private record Prepared(Metadata metadata, CtfTrace trace, Map<Long, StreamClassDecoder> classes, Path dir, Path file) {
    }

    private static final Map<Integer, Prepared> PREPARED = new HashMap<>();

    private static Prepared prepared(int index) throws IOException {
        Prepared p = PREPARED.get(index);
        if (p == null) {
            Metadata md = MetadataFile.read(FuzzTraces.streamTrace(index));
            Path dir = FuzzTraces.work("stream-" + index);
            CtfTrace trace = new CtfTrace(List.of(dir), md);
            p = new Prepared(md, trace, new TraceBuilder().compile(trace, md), dir, dir.resolve("stream_0"));
            PREPARED.put(index, p);
        }
        return p;
    }

    @FuzzTest
    void stream(byte[] data) throws IOException {
        if (data.length < 2) {
            return;
        }
        Prepared p = prepared(Byte.toUnsignedInt(data[0]) % FuzzTraces.STREAM_TRACES.size());
        byte[] bytes = Arrays.copyOfRange(data, 1, data.length);
        Files.write(p.file(), bytes);
        StreamFile file = new StreamFile(p.file(), bytes.length);
        try {
            TraceBuilder.Probe probe = TraceBuilder.probe(p.dir(), file, p.classes(), p.metadata().ctf2);
            CtfStream stream = new CtfStream(p.trace(), "stream_0", "stream", probe.cpu(), 0, probe.instance(),
                    probe.streamClass(), List.of(file));
            new StreamReader(stream, p.metadata().uuid, progress(bytes)).recordSpan();
            StreamReader reader = new StreamReader(stream, p.metadata().uuid, progress(bytes));
            RecordFanOut printers = new RecordFanOut(List.of(new RecordPrinter(Writer.nullWriter(), RecordPrinter.Format.TEXT),
                    new RecordPrinter(Writer.nullWriter(), RecordPrinter.Format.JSONL)));
            try {
                new RecordMerge(List.of(reader)).run(printers);
            } finally {
                reader.release();
            }
        } catch (TraceFormatException e) {
            Expected.namesTheFile(e, p.file());
        } catch (UncheckedIOException e) {
            // the printers write nowhere: nothing can fail there
            throw new AssertionError(e);
        }
    }

    private static ReadProgress progress(byte[] bytes) {
        return new ReadProgress(ProgressListener.NONE, bytes.length);
    }
}
