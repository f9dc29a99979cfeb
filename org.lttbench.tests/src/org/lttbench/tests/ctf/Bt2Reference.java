package org.lttbench.tests.ctf;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.lttbench.tests.TestPaths;

/**
 * babeltrace2's records for some trace directories, through {@code python3-bt2} and our reference script
 * ({@code org.lttbench.tests/scripts/bt2_dump.py}): the jsonl of {@code lttbench dump --format jsonl}, stream
 * after stream.
 */
final class Bt2Reference {
    /** A safety net against a hung Python process, not a performance limit. */
    private static final long TIMEOUT_MINUTES = 20;

    private Bt2Reference() {
    }

    interface LineConsumer {
        void accept(String line) throws IOException;
    }

    /** Runs the script on {@code dirs} and hands each output line to {@code consumer} as it comes. */
    static void records(List<Path> dirs, LineConsumer consumer) throws IOException, InterruptedException {
        Path script = TestPaths.repository().resolve("org.lttbench.tests/scripts/bt2_dump.py");
        List<String> command = new ArrayList<>(List.of("/usr/bin/python3", script.toString()));
        for (Path d : dirs) {
            command.add(d.toString());
        }
        Path errors = Files.createTempFile(Files.createDirectories(TestPaths.work()), "bt2", ".err");
        Process p = new ProcessBuilder(command).redirectError(errors.toFile()).start();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8),
                1 << 16)) {
            String line;
            while ((line = in.readLine()) != null) {
                consumer.accept(line);
            }
        } finally {
            if (!p.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                p.destroyForcibly();
            }
        }
        String stderr = Files.readString(errors);
        Files.deleteIfExists(errors);
        if (p.exitValue() != 0) {
            throw new IOException("the babeltrace2 reference script failed on " + dirs + " (exit " + p.exitValue() + "): "
                    + stderr.strip());
        }
    }
}
