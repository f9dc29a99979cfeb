package org.lttbench.tests.ctf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.tests.TestPaths;

/** A trace reached through a symbolic link is named as the user gave it, and read once however many ways it is given. */
class SymlinkedTraceTest {

    @Test
    void aLinkedTraceKeepsTheUsersPathAndIsReadOnce() throws Exception {
        Path real = TestPaths.trace("ust-trace-with-index");
        Path link = TestPaths.workDir("symlinked-trace").resolve("my-trace");
        Files.createSymbolicLink(link, real);
        try (CtfTraceSet set = CtfTraceSet.open(List.of(link, real))) {
            assertEquals(1, set.traces().size(), "the link and its target are one trace");
            assertEquals(link.toAbsolutePath().normalize(), set.traces().get(0).path(), "named as first given");
        }
    }
}
