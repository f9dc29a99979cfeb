package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.lttbench.core.run.ExitCode;
import org.lttbench.tests.OtherUser;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.LauncherTest.Result;

import com.google.gson.JsonParser;

/**
 * Every analysis on real traces with random damage (bytes changed here and there, a run of bytes overwritten, a stream
 * file cut short): a run gives its reports (exit 0; 6 with a warning per file cut short, read up to the packet it ends
 * in), says the analyses do not apply (1), or says in one line which file is damaged and where (3); never an internal
 * error, a hang or an exhausted heap. The same of a diff of the trace undamaged against it. {@code BadInputTest}
 * damages traces for the reader alone; here what a damaged trace decodes to (a TID, a CPU, a timestamp out of any
 * range, a state no kernel has) reaches every analysis, the comparison and every writer.
 */
class DamagedTracesAnalysedTest {
    private static final List<String> TRACES = List.of("kernel-bigendian", "kernel-arm-bug446190", "kernel-scp-src",
            "kernel-uneven-streams-partial", "kernel-tracefile-rotation", "session-multi-domains", "ust-ros2");

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void everyAnalysisGivesReportsOrOneLine() throws IOException {
        Random random = new Random(20261130);
        Map<Integer, Integer> codes = new TreeMap<>();
        for (String name : TRACES) {
            for (int round = 0; round < 10; round++) {
                Path trace = TestPaths.workDir("damaged-" + name + "-" + round).resolve(name);
                OtherUser.copyTree(TestPaths.trace(name), trace);
                String damage = damage(trace, random);
                String what = name + " (" + damage + ")";
                Result r = InProcessCli.run("analyze", "--all", "--format", "json", trace.toString());
                codes.merge(r.code(), 1, Integer::sum);
                check(r, "analyze", "analyses", trace, what);
                // and compared with the trace undamaged, as the run before a change
                check(InProcessCli.run("diff", "--format", "json", TestPaths.trace(name).toString(), trace.toString()),
                        "diff", "changes", trace, what + ", diff");
            }
        }
        System.out.println("damaged traces analysed, runs by exit code: " + codes);
        assertTrue(codes.containsKey(ExitCode.OK) && codes.containsKey(ExitCode.UNREADABLE_TRACE),
                "the damage both leaves traces readable and makes some unreadable: " + codes);
    }

    /** A run's reports as JSON (with {@code key}), "not applicable", or one line that names the damaged trace. */
    private static void check(Result r, String command, String key, Path trace, String what) {
        assertTrue(Set.of(ExitCode.OK, ExitCode.NOT_APPLICABLE, ExitCode.UNREADABLE_TRACE, ExitCode.READ_IN_PART)
                .contains(r.code()), what + ": exit " + r.code() + ": " + r.err());
        assertFalse(r.err().contains("internal error") || r.err().contains("Exception"), what + ": " + r.err());
        if (r.code() == ExitCode.READ_IN_PART) {
            assertTrue(r.err().lines().anyMatch(l -> l.startsWith("lttbench " + command + ": warning: " + trace)
                    && l.contains(": cut short at byte ") && l.endsWith(", so the traces are read in part")),
                    what + ": a warning naming the file cut short: " + r.err());
        }
        if (r.code() == ExitCode.OK || r.code() == ExitCode.READ_IN_PART) {
            assertTrue(JsonParser.parseString(r.out()).getAsJsonObject().has(key), what + ": " + r.out());
        } else if (r.code() == ExitCode.UNREADABLE_TRACE) {
            List<String> lines = r.err().lines().filter(l -> !l.contains(": warning: ")).toList();
            assertEquals(1, lines.size(), what + ": one line: " + r.err());
            assertTrue(lines.get(0).startsWith("lttbench " + command + ": ") && lines.get(0).contains(trace.toString()),
                    what + ": names the trace: " + r.err());
        }
    }

    /** Damages one stream file of the trace (or of one of its traces) at random; says how. */
    private static String damage(Path trace, Random random) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(trace)) {
            files = walk.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith("metadata"))
                    .filter(p -> !p.getFileName().toString().endsWith(".idx")).filter(p -> p.toFile().length() > 0)
                    .sorted().toList();
        }
        Path victim = files.get(random.nextInt(files.size()));
        long size = Files.size(victim);
        try (RandomAccessFile f = new RandomAccessFile(victim.toFile(), "rw")) {
            switch (random.nextInt(3)) {
                case 0 -> {
                    int bytes = 1 + random.nextInt(64);
                    for (int i = 0; i < bytes; i++) {
                        f.seek(random.nextLong(size));
                        f.write(random.nextInt(256));
                    }
                    return bytes + " bytes of " + trace.relativize(victim) + " changed";
                }
                case 1 -> {
                    long at = random.nextLong(size);
                    byte[] run = new byte[1 + random.nextInt(16)];
                    int fill = List.of(0, 255, random.nextInt(256)).get(random.nextInt(3));
                    java.util.Arrays.fill(run, (byte) fill);
                    f.seek(at);
                    f.write(run);
                    return run.length + " bytes of " + trace.relativize(victim) + " at " + at + " set to " + fill;
                }
                default -> {
                    long to = random.nextLong(size);
                    f.setLength(to);
                    return trace.relativize(victim) + " cut to " + to + " bytes";
                }
            }
        }
    }
}
