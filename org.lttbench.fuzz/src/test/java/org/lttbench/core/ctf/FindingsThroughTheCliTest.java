package org.lttbench.core.ctf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every finding the fuzzers ever made, kept in {@code src/test/resources/.../<FuzzTest>Inputs}, run through the
 * command line a user runs ({@code ./lttbench dump --count}) as a trace: it ends within a minute, with exit code 0
 * (read), 3 (one line saying what is wrong where) or 6 (read in part, one warning line per file), never a stack
 * trace. The fuzz tests themselves replay the same files in-process on every build.
 */
class FindingsThroughTheCliTest {

    @TestFactory
    Stream<DynamicTest> everyFindingEndsInOneLine() throws IOException, URISyntaxException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path input : inputs("MetadataFuzzTestInputs")) {
            tests.add(DynamicTest.dynamicTest("metadata " + input.getFileName(), () -> {
                Path trace = FuzzTraces.work("cli-findings").resolve("metadata-" + input.getFileName());
                Files.createDirectories(trace);
                Files.copy(input, trace.resolve("metadata"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                dumpEndsInOneLine(trace);
            }));
        }
        for (Path input : inputs("StreamFuzzTestInputs")) {
            tests.add(DynamicTest.dynamicTest("stream " + input.getFileName(), () -> {
                byte[] data = Files.readAllBytes(input);
                if (data.length < 2) {
                    return;
                }
                Path trace = FuzzTraces.work("cli-findings").resolve("stream-" + input.getFileName());
                Files.createDirectories(trace);
                Path from = FuzzTraces.streamTrace(Byte.toUnsignedInt(data[0]) % FuzzTraces.STREAM_TRACES.size());
                Files.copy(from.resolve("metadata"), trace.resolve("metadata"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                Files.write(trace.resolve("stream_0"), Arrays.copyOfRange(data, 1, data.length));
                dumpEndsInOneLine(trace);
            }));
        }
        return tests.stream();
    }

    /** The files below a fuzz test's inputs directory (on the test class path), sorted. */
    private static List<Path> inputs(String directory) throws IOException, URISyntaxException {
        URL url = FindingsThroughTheCliTest.class.getResource(directory);
        if (url == null) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(Path.of(url.toURI()))) {
            return walk.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith(".")).sorted()
                    .toList();
        }
    }

    private static void dumpEndsInOneLine(Path trace) throws IOException, InterruptedException {
        Path launcher = Path.of(FuzzTraces.required("lttbench.repo"), "lttbench");
        Path err = trace.resolveSibling(trace.getFileName() + ".err");
        Process p = new ProcessBuilder(launcher.toString(), "dump", "--count", trace.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
        boolean ended = p.waitFor(1, TimeUnit.MINUTES);
        if (!ended) {
            p.destroyForcibly();
        }
        assertTrue(ended, "dump --count " + trace + " did not end within a minute");
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        int code = p.exitValue();
        assertTrue(code == 0 || code == 3 || code == 6, "exit code " + code + ": " + stderr);
        List<String> lines = stderr.isBlank() ? List.of() : stderr.strip().lines().toList();
        if (code == 0) {
            assertEquals(List.of(), lines);
        } else if (code == 3) {
            assertEquals(1, lines.size(), stderr);
        } else {
            assertTrue(!lines.isEmpty() && lines.stream().allMatch(l -> l.contains(": warning: ")), stderr);
        }
        for (String line : lines) {
            assertTrue(line.startsWith("lttbench dump: "), line);
        }
        assertFalse(stderr.contains("Exception") || stderr.contains("\tat "), stderr);
    }
}
