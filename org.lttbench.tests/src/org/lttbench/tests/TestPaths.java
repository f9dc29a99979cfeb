package org.lttbench.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.lttbench.core.ctf.Ctf2Copy;

/** Where tests find the shared real traces and where they write their output (set by the test bundle's pom). */
public final class TestPaths {
    private TestPaths() {
    }

    /** The directory of real LTTng traces ({@code ../shared/traces} beside the repository). */
    public static Path traces() {
        Path dir = Path.of(required("lttbench.traces")).toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("the shared traces are not at " + dir + " (expected ../shared/traces beside the repository)");
        }
        return dir;
    }

    public static Path trace(String name) {
        return traces().resolve(name);
    }

    /** The directory of real CTF 2 traces ({@code ../shared/traces-ctf2} beside the repository). */
    public static Path tracesCtf2() {
        Path dir = Path.of(required("lttbench.traces.ctf2")).toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("the shared CTF 2 traces are not at " + dir
                    + " (expected ../shared/traces-ctf2 beside the repository)");
        }
        return dir;
    }

    public static Path traceCtf2(String name) {
        return tracesCtf2().resolve(name);
    }

    /**
     * A CTF 2 copy of the shared trace of that name ({@link Ctf2Copy}: its metadata rewritten as CTF 2, the same data
     * stream files), in a fresh work directory, under the trace's own name (reports name a trace by its directory).
     */
    public static Path ctf2Copy(String name, String workDir) throws IOException {
        Path copy = workDir(workDir).resolve(name);
        Ctf2Copy.copy(trace(name), copy);
        return copy;
    }

    /** A fresh directory under the test bundle's {@code target/work}. */
    public static Path workDir(String name) throws IOException {
        return org.lttbench.testing.TestFiles.fresh(Path.of(required("lttbench.work"), name));
    }

    /** The test scratch directory itself (target/work); {@link #workDir} gives fresh subdirectories. */
    public static Path work() {
        return Path.of(required("lttbench.work")).toAbsolutePath();
    }

    public static Path screenshot(String fileName) throws IOException {
        return Files.createDirectories(Path.of(required("lttbench.screenshots"))).resolve(fileName);
    }

    /** The files of the repository {@code ./lttbench} runs from, beside the build's outputs (for copies of it). */
    public static final List<String> LAUNCHER_FILES = List.of("lttbench", "releng/scripts/find-jdk",
            "releng/scripts/jvm-options");

    /** The repository root (for the launcher script and the build's outputs). */
    public static Path repository() {
        return Path.of(required("lttbench.repo"));
    }

    private static String required(String property) {
        String value = System.getProperty(property);
        if (value == null) {
            throw new IllegalStateException("system property " + property + " is not set: run the tests through Maven (see docs/testing.md)");
        }
        return value;
    }
}
