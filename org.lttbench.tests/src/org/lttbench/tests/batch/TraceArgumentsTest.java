package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.lttbench.core.batch.BatchFailure;
import org.lttbench.core.batch.ExitCode;
import org.lttbench.core.batch.TraceArguments;
import org.lttbench.tests.TestPaths;

/** TRACE arguments: trace directories, session directories holding several, and one clear line for the rest. */
class TraceArgumentsTest {

    /** The directories holding a metadata file under {@code dir}, as {@code find} sees them. */
    private static List<Path> metadataDirs(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> p.getFileName().toString().equals("metadata")).map(Path::getParent).sorted().toList();
        }
    }

    @Test
    void aTraceDirectoryIsItselfAndASessionDirectoryIsEveryTraceInIt() throws Exception {
        Path trace = TestPaths.trace("kernel-many-threads");
        assertEquals(List.of(trace), TraceArguments.traceDirectories(List.of(trace)));

        for (String session : List.of("session-multi-domains", "ust-session-rotation", "ust-experiment-libc")) {
            List<Path> expected = metadataDirs(TestPaths.trace(session));
            assertTrue(expected.size() >= 2, session);
            assertEquals(expected, TraceArguments.traceDirectories(List.of(TestPaths.trace(session))), session);
        }
        // Named twice, read once.
        Path ust = TestPaths.trace("session-multi-domains/ust");
        assertEquals(metadataDirs(TestPaths.trace("session-multi-domains")),
                TraceArguments.traceDirectories(List.of(TestPaths.trace("session-multi-domains"), ust)));
    }

    @Test
    void aMissingPathAFileAndADirectoryWithoutTraceAreOneLineAndExitCode3() throws IOException {
        Path missing = TestPaths.trace("no-such-trace");
        assertFailure(missing + ": no such file or directory", missing);

        Path file = TestPaths.trace("kernel-many-threads/metadata");
        assertFailure(file + " is a file, not a trace directory (give the directory that holds the trace's 'metadata' file)", file);

        Path empty = TestPaths.workDir("no-trace-here");
        Files.createDirectories(empty.resolve("sub/dir"));
        Files.writeString(empty.resolve("sub/dir/channel0_0"), "not a trace");
        assertFailure(empty + " holds no trace: no 'metadata' file in it or in its subdirectories", empty);
    }

    private static void assertFailure(String message, Path argument) {
        BatchFailure f = assertThrows(BatchFailure.class,
                () -> TraceArguments.traceDirectories(List.of(TestPaths.trace("kernel-bigendian"), argument)));
        assertEquals(ExitCode.UNREADABLE_TRACE, f.exitCode());
        assertEquals(message, f.getMessage());
    }
}
