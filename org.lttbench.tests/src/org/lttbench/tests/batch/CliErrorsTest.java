package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.LauncherTest.Result;
import org.lttbench.tests.report.LamiProtocol;

/**
 * What a user gets wrong, through the real launcher: one clear line on stderr and the documented exit code, for
 * {@code analyze} and for {@code lami} (which also prints the same message as a LAMI error object on stdout).
 */
// It only waits on programs it launches: it runs beside the other tests (its own cases one at a time, they share
// scratch directories), never beside the @Isolated ones that measure or record with LTTng.
@Execution(ExecutionMode.CONCURRENT)
class CliErrorsTest {

    record Case(String why, int code, String message, List<String> args) {
    }

    private static List<Case> cases() throws Exception {
        Path kernel = TestPaths.trace("kernel-bigendian");
        Path missing = TestPaths.trace("no-such-trace");
        Path file = kernel.resolve("metadata");
        Path empty = TestPaths.workDir("cli-errors-no-trace");
        Files.writeString(empty.resolve("notes.txt"), "no trace here");
        Path truncated = TestPaths.workDir("cli-errors-truncated");
        Files.copy(kernel.resolve("metadata"), truncated.resolve("metadata"));
        List<Path> streams;
        try (var files = Files.list(kernel)) {
            streams = files.filter(p -> Files.isRegularFile(p) && !p.getFileName().toString().equals("metadata")).sorted().toList();
        }
        for (Path s : streams) { // each cut inside its first packet, after its header: nothing can be read
            byte[] bytes = Files.readAllBytes(s);
            Files.write(truncated.resolve(s.getFileName()), Arrays.copyOf(bytes, 200));
        }
        return List.of(
                new Case("wrong path", 3, missing + ": no such file or directory", List.of(missing.toString())),
                new Case("a file instead of a directory", 3, file + ": is a file, not a trace directory", List.of(file.toString())),
                new Case("a directory without a trace", 3, empty + ": holds no CTF trace", List.of(empty.toString())),
                new Case("a truncated trace", 3, truncated.resolve(streams.get(0).getFileName()) + ": cut short at byte 200, inside its first packet", List.of(truncated.toString())),
                new Case("a malformed time", 2, "--begin '12:61:00' is not a time", List.of("--begin", "12:61:00", kernel.toString())),
                new Case("an end before the beginning", 2, "is after --end", List.of("--begin", "2000000000", "--end", "1000000000", kernel.toString())),
                new Case("an unknown option", 2, "Unknown option: '--bogus'", List.of("--bogus", kernel.toString())),
                new Case("no trace", 2, "TRACE", List.of()));
    }

    private static void check(Case c, Result r, String command) {
        String what = command + " with " + c.why() + ": " + r;
        assertEquals(c.code(), r.code(), what);
        assertEquals(1, r.err().lines().count(), "one line: " + what);
        assertTrue(r.err().contains(c.message()), what);
        assertTrue(r.err().startsWith("lttbench " + command.split(" ")[0] + ": "), what);
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), "no stack trace, no exception name: " + what);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void analyzeSaysWhatIsWrongInOneLineWithTheRightExitCode() throws Exception {
        Path launcher = TestPaths.repository().resolve("lttbench");
        for (Case c : cases()) {
            List<String> args = new ArrayList<>(List.of("analyze"));
            args.addAll(c.args());
            Result r = LauncherTest.run(launcher, Map.of(), args.toArray(String[]::new));
            check(c, r, "analyze");
            assertEquals("", r.out());
        }
        Result unknown = LauncherTest.run(launcher, Map.of(), "analyze", "--analysis", "nosuch", TestPaths.trace("kernel-bigendian").toString());
        check(new Case("an unknown analysis", 2, "unknown analysis 'nosuch'", List.of()), unknown, "analyze");
        Result ust = LauncherTest.run(launcher, Map.of(), "analyze", "--analysis", "process", TestPaths.trace("ust-hello-lost").toString());
        check(new Case("an analysis that does not apply", 1, "process: the process analysis needs an LTTng kernel trace", List.of()), ust, "analyze");
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void lamiSaysItAsALamiErrorToo() throws Exception {
        Path launcher = TestPaths.repository().resolve("lttbench");
        List<Case> all = new ArrayList<>(cases());
        all.add(new Case("an analysis that does not apply", 1, "process: the process analysis needs an LTTng kernel trace",
                List.of(TestPaths.trace("ust-hello-lost").toString())));
        for (Case c : all) {
            List<String> args = new ArrayList<>(List.of("lami", "process"));
            args.addAll(c.args());
            Result r = LauncherTest.run(launcher, Map.of(), args.toArray(String[]::new));
            check(c, r, "lami process");
            if (c.code() != 2 || !c.message().startsWith("Unknown option")) {
                String error = LamiProtocol.parseOneLine(r.out()).get("error-message").getAsString();
                assertTrue(r.err().contains(error), "the same message on stdout and stderr: " + r);
            }
        }
        Result unknown = LauncherTest.run(TestPaths.repository().resolve("lttbench"), Map.of(), "lami", "nosuch", "--metadata");
        check(new Case("an unknown analysis", 2, "unknown analysis 'nosuch'", List.of()), unknown, "lami");
    }
}
