package org.lttbench.fleet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the shared real traces are, and a fresh directory for a test's files. */
public final class TestTraces {
    private TestTraces() {
    }

    /** A shared trace (a directory of {@code ../shared/traces}). */
    public static Path shared(String name) {
        Path p = Path.of(System.getProperty("lttbench.traces", "../../shared/traces")).resolve(name).toAbsolutePath()
                .normalize();
        if (!Files.isDirectory(p)) {
            throw new IllegalStateException("shared trace missing: " + p + " (set -Dlttbench.traces)");
        }
        return p;
    }

    /** A new empty directory under the module's test work directory. */
    public static Path work(String name) throws IOException {
        Path base = Path.of(System.getProperty("lttbench.work", "target/test-work")).toAbsolutePath();
        Files.createDirectories(base);
        return Files.createTempDirectory(base, name + "-");
    }
}
