package org.lttbench.core.ctf;

import java.nio.file.Path;
import java.util.List;

import org.lttbench.core.trace.TraceFormatException;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Metadata bytes, as a trace's {@code metadata} file holds them (TSDL or CTF 2 JSON, plain or packetized), through
 * the parsers and the decoder compiler, as opening a trace does. The one acceptable failure is a
 * {@link TraceFormatException} naming the metadata file; any other exception or error (stack overflow, exhausted
 * heap), or an input taking more than the timeout, is a finding.
 */
class MetadataFuzzTest {
    private static final Path DIR = Path.of("fuzzed-trace");
    private static final Path FILE = DIR.resolve(MetadataFile.NAME);

    @FuzzTest
    void metadata(byte[] data) {
        try {
            Metadata md = MetadataFile.parse(data, FILE);
            new TraceBuilder().compile(new CtfTrace(List.of(DIR), md), md);
        } catch (TraceFormatException e) {
            Expected.namesTheFile(e, FILE);
        }
    }
}
