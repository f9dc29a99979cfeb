package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.lttbench.tests.OtherUser;
import org.lttbench.tests.TestPaths;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * A FIFO in place of a stream file (the report's case: {@code channel0_1} of ust-memory-libc) is never read (it
 * would block) and never passed by in silence: every command reads the rest, says in a warning line which file it
 * could not read, and every report says that the traces were read in part; the exit code is 6 (LAMI: 0, the only
 * code whose results Trace Compass shows, with a Notes row). Run through the launcher: a read that blocked on the
 * FIFO would fail the test by its time limit rather than hang it.
 */
class PartialReadTest {
    private static final String TRACE = "ust-memory-libc";
    private static Path withFifo;
    private static Path without;
    private static Path fifo;

    @BeforeAll
    static void traces() throws IOException, InterruptedException {
        withFifo = TestPaths.workDir("partial-read-fifo").resolve(TRACE);
        OtherUser.copyTree(TestPaths.trace(TRACE), withFifo);
        fifo = withFifo.resolve("channel0_1");
        Files.delete(fifo);
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertEquals(0, p.waitFor());
        // The expected figures come from the same trace without that stream file at all.
        without = TestPaths.workDir("partial-read-without").resolve(TRACE);
        OtherUser.copyTree(TestPaths.trace(TRACE), without);
        Files.delete(without.resolve("channel0_1"));
    }

    private static LauncherTest.Result run(String... args) throws Exception {
        return LauncherTest.run(TestPaths.repository().resolve("lttbench"), Map.of(), args);
    }

    private static String warning(String command) {
        return "lttbench " + command + ": warning: " + fifo + ": a FIFO (named pipe), not a regular file: not read, so the"
                + " traces are read in part";
    }

    /**
     * A trace directory of metadata alone (a session that had not flushed a packet yet, or a copy that left the
     * stream files behind): read as the empty trace it is, and said so, rather than reported as an idle system.
     */
    @Test
    void aTraceOfMetadataAloneIsSaidToHoldNoEvents() throws Exception {
        Path alone = TestPaths.workDir("partial-read-metadata-alone").resolve("kernel-scp-src");
        Files.createDirectories(alone);
        Files.copy(TestPaths.trace("kernel-scp-src").resolve("metadata"), alone.resolve("metadata"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        String said = ": warning: " + alone + ": no stream file beside its metadata, so the trace holds no events";
        LauncherTest.Result dump = run("dump", "--count", alone.toString());
        assertEquals(0, dump.code(), dump.err());
        assertTrue(dump.out().startsWith("events: 0\n"), dump.out());
        assertEquals(List.of("lttbench dump" + said), dump.err().strip().lines().toList());
        LauncherTest.Result analyze = run("analyze", "--analysis", "process", alone.toString());
        assertEquals(0, analyze.code(), analyze.err());
        assertTrue(analyze.err().lines().anyMatch(l -> l.equals("lttbench analyze" + said)), analyze.err());
    }

    @Test
    void dumpCountsTheRestAndSaysWhatItCouldNotRead() throws Exception {
        LauncherTest.Result partial = run("dump", "--count", withFifo.toString());
        LauncherTest.Result rest = run("dump", "--count", without.toString());
        assertEquals(0, rest.code(), rest.err());
        assertEquals(6, partial.code(), partial.err());
        assertEquals(List.of(warning("dump")), partial.err().strip().lines().toList());
        assertEquals(rest.out(), partial.out());
        assertTrue(partial.out().matches("(?s)events: [1-9]\\d*\n.*"), partial.out());
    }

    @Test
    void everyReportSaysTheTracesWereReadInPart() throws Exception {
        LauncherTest.Result r = run("analyze", "--analysis", "overhead,discarded", "--format", "json", withFifo.toString());
        assertEquals(6, r.code(), r.err());
        assertEquals(List.of(warning("analyze")), r.err().strip().lines().toList());
        JsonObject json = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals("[\"overhead\",\"discarded\"]", json.get("analyses").toString());
        long notes = 0;
        for (JsonElement note : json.getAsJsonArray("notes")) {
            String text = note.getAsString();
            notes += text.startsWith("the traces were read in part: 1 stream file could not be read")
                    && text.contains(fifo + ": a FIFO (named pipe), not a regular file") ? 1 : 0;
        }
        assertEquals(2, notes, "one per report: " + json.get("notes"));

        LauncherTest.Result text = run("analyze", "--analysis", "overhead,discarded", withFifo.toString());
        assertEquals(6, text.code(), text.err());
        assertEquals(2, text.out().lines().filter(l -> l.contains("the traces were read in part")).count(),
                "a note under each report: " + text.out());
    }

    @Test
    void lamiShowsItsResultsWithANote() throws Exception {
        LauncherTest.Result r = run("lami", "discarded", withFifo.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of(warning("lami")), r.err().strip().lines().toList());
        JsonObject results = JsonParser.parseString(r.out()).getAsJsonObject();
        assertTrue(results.toString().contains("the traces were read in part"), r.out());
    }
}
