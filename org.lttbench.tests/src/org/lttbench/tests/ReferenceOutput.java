package org.lttbench.tests;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What one of the reference scripts ({@code org.lttbench.tests/scripts/}, run by {@code /usr/bin/python3}) prints for
 * some traces: the babeltrace2 ones ({@code bt2_*.py}, with {@code python3-bt2}) and lttng-analyses'
 * ({@code lttng_analyses.py}).
 * <p>
 * babeltrace2's Python bindings and lttng-analyses take most of the test suite's time, and their answer for an
 * unchanged trace does not change: for the shared traces (read-only input) the output is kept under the test scratch
 * directory, keyed by the content of the trace files, of the scripts, by the arguments and by the reference's version
 * (bt2's, or lttng-analyses'). A fresh clone, a {@code mvn clean}, or any change to a trace, a script or the reference
 * runs the reference again. Traces recorded by a test are never cached.
 */
public final class ReferenceOutput {
    /** A safety net against a hung Python process, not a performance limit. */
    private static final long TIMEOUT_MINUTES = 20;
    private static volatile String bt2Version;
    private static volatile String lttngAnalysesVersion;

    private ReferenceOutput() {
    }

    public interface LineConsumer {
        void accept(String line) throws IOException;
    }

    /** Runs {@code script} on {@code traces} (or takes its kept output) and hands each line printed to the consumer. */
    public static void lines(String script, List<Path> traces, LineConsumer consumer)
            throws IOException, InterruptedException {
        lines(script, List.of(), traces, consumer);
    }

    /** As {@link #lines(String, List, LineConsumer)}, with arguments before the traces. */
    public static void lines(String script, List<String> args, List<Path> traces, LineConsumer consumer)
            throws IOException, InterruptedException {
        Path kept = keptOutput(script, args, traces);
        if (kept != null && Files.exists(kept)) {
            read(kept, consumer);
            return;
        }
        Path dir = Files.createDirectories(kept != null ? kept.getParent() : TestPaths.work());
        Path out = Files.createTempFile(dir, script, ".out");
        try {
            run(script, args, traces, out);
            read(out, consumer);
            if (kept != null) {
                Files.move(out, kept, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /** Every line {@code script} prints for {@code traces}. */
    public static List<String> lines(String script, List<Path> traces) throws IOException, InterruptedException {
        return lines(script, List.of(), traces);
    }

    /** Every line {@code script} prints for {@code args} then {@code traces}. */
    public static List<String> lines(String script, List<String> args, List<Path> traces)
            throws IOException, InterruptedException {
        List<String> lines = new ArrayList<>();
        lines(script, args, traces, lines::add);
        return lines;
    }

    private static void read(Path file, LineConsumer consumer) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                consumer.accept(line);
            }
        }
    }

    private static Path scripts() {
        return TestPaths.repository().resolve("org.lttbench.tests/scripts");
    }

    private static void run(String script, List<String> args, List<Path> traces, Path out)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("/usr/bin/python3", scripts().resolve(script).toString()));
        command.addAll(args);
        for (Path t : traces) {
            command.add(t.toString());
        }
        Path err = Files.createTempFile(out.getParent(), script, ".err");
        try {
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException(script + " did not finish in " + TIMEOUT_MINUTES
                        + " minutes on " + traces);
            }
            if (p.exitValue() != 0) {
                throw new IOException(script + " failed on " + args + " " + traces + " (exit " + p.exitValue()
                        + "): " + Files.readString(err, StandardCharsets.UTF_8).strip());
            }
        } finally {
            Files.deleteIfExists(err);
        }
    }

    /** Where the output is kept, or null when the traces are not all shared (read-only) traces. */
    private static Path keptOutput(String script, List<String> args, List<Path> traces)
            throws IOException, InterruptedException {
        Path shared = TestPaths.traces().toRealPath();
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        for (Path trace : traces) {
            Path real = trace.toRealPath();
            if (!real.startsWith(shared)) {
                return null;
            }
            // The argument as given (the script prints names derived from it), then every file under it.
            update(digest, trace.toString());
            hashTree(digest, real, "");
        }
        update(digest, script);
        for (String a : args) {
            update(digest, a);
        }
        // The scripts' sources only (not Python's __pycache__).
        hashTree(digest, scripts(), ".py");
        update(digest, isLttngAnalyses(script) ? lttngAnalysesVersion() : bt2Version());
        return TestPaths.work().resolve("reference-output")
                .resolve(script + "-" + HexFormat.of().formatHex(digest.digest()).substring(0, 32) + ".out");
    }

    private static void hashTree(MessageDigest digest, Path root, String suffix) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(Files::isRegularFile).filter(f -> f.toString().endsWith(suffix)).sorted().toList();
        }
        byte[] buffer = new byte[1 << 16];
        for (Path f : files) {
            update(digest, root.relativize(f).toString());
            try (InputStream in = Files.newInputStream(f)) {
                int n;
                while ((n = in.read(buffer)) > 0) {
                    digest.update(buffer, 0, n);
                }
            }
        }
    }

    private static void update(MessageDigest digest, String s) {
        digest.update(s.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
    }

    private static boolean isLttngAnalyses(String script) {
        return script.startsWith("lttng_analyses");
    }

    /**
     * The installed lttng-analyses' version; an {@link IOException} saying how to install it when it is not
     * ({@code lttng_analyses.py --version} exits 2 and says so).
     */
    public static String lttngAnalysesVersion() throws IOException, InterruptedException {
        String v = lttngAnalysesVersion;
        if (v == null) {
            Process p = new ProcessBuilder("/usr/bin/python3", scripts().resolve("lttng_analyses.py").toString(),
                    "--version").redirectErrorStream(true).start();
            v = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(1, TimeUnit.MINUTES) || p.exitValue() != 0) {
                throw new IOException(v);
            }
            lttngAnalysesVersion = v;
        }
        return v;
    }

    private static String bt2Version() throws IOException, InterruptedException {
        String v = bt2Version;
        if (v == null) {
            Process p = new ProcessBuilder("/usr/bin/python3", "-c", "import bt2; print(bt2.__version__)")
                    .redirectErrorStream(true).start();
            v = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(1, TimeUnit.MINUTES) || p.exitValue() != 0) {
                throw new IOException("python3-bt2 is not usable: " + v);
            }
            bt2Version = v;
        }
        return v;
    }
}
