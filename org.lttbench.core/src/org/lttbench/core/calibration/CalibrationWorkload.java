package org.lttbench.core.calibration;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The calibration workload's two builds ({@code releng/workloads/calibrate}): {@code calibrate} with the tracepoint
 * compiled in, {@code calibrate-notp} without. Found in a checkout's {@code releng/workloads/target/bin}, and built
 * there with {@code make} when missing (a plain {@code mvnw -DskipTests verify} does not build them).
 */
public final class CalibrationWorkload {
    /** System property the {@code ./lttbench} launcher sets to the checkout's root. */
    public static final String REPOSITORY_PROPERTY = "lttbench.repo";
    static final String TRACED = "calibrate";
    static final String UNTRACED = "calibrate-notp";
    /** The provider of the workload's tracepoints: enable {@code lttbench_calibrate:*}. */
    public static final String PROVIDER = "lttbench_calibrate";
    public static final String ITERATION_EVENT = PROVIDER + ":iteration";
    private static final long RUN_TIMEOUT_S = 600;

    /** Which build to run. */
    public enum Build {
        /** The loop with no tracepoint at all. */
        UNTRACED,
        /** The loop with the tracepoint compiled in: inactive without a session, active with one. */
        TRACED
    }

    private final Path traced;
    private final Path untraced;

    private CalibrationWorkload(Path binaries) {
        this.traced = binaries.resolve(TRACED);
        this.untraced = binaries.resolve(UNTRACED);
    }

    /**
     * The workload in {@code binaries} when given (it must hold both builds), else in the checkout the launcher
     * names ({@value #REPOSITORY_PROPERTY}), built with make if needed.
     */
    public static CalibrationWorkload locate(Path binaries) throws IOException {
        if (binaries != null) {
            CalibrationWorkload w = new CalibrationWorkload(binaries);
            if (!Files.isExecutable(w.traced) || !Files.isExecutable(w.untraced)) {
                throw new IOException("no calibration workload in " + binaries + " (expected " + TRACED + " and "
                        + UNTRACED + ")");
            }
            return w;
        }
        String repo = System.getProperty(REPOSITORY_PROPERTY);
        if (repo == null) {
            throw new IOException("cannot find the calibration workload: run lttbench from a checkout with ./lttbench, "
                    + "or give --workloads DIR");
        }
        return inCheckout(Path.of(repo));
    }

    /** The workload of a checkout ({@code releng/workloads}), built with make when its binaries are missing. */
    public static CalibrationWorkload inCheckout(Path repository) throws IOException {
        Path sources = repository.resolve("releng").resolve("workloads");
        if (!Files.isDirectory(sources.resolve(TRACED))) {
            throw new IOException("no calibration workload sources in " + sources.resolve(TRACED));
        }
        CalibrationWorkload w = new CalibrationWorkload(sources.resolve("target").resolve("bin"));
        if (!Files.isExecutable(w.traced) || !Files.isExecutable(w.untraced) || olderThanSources(w, sources)) {
            build(sources);
        }
        return w;
    }

    /**
     * Whether a binary was built before its sources (its own, and what the workloads share) last changed: a checkout
     * updated since.
     */
    private static boolean olderThanSources(CalibrationWorkload w, Path sources) throws IOException {
        long built = Math.min(Files.getLastModifiedTime(w.traced).toMillis(),
                Files.getLastModifiedTime(w.untraced).toMillis());
        for (Path dir : List.of(sources.resolve(TRACED), sources.resolve("common"))) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (var files = Files.list(dir)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    if (Files.getLastModifiedTime(f).toMillis() > built) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Builds both binaries with make, after checking for what they need so a failure says what is missing. */
    static void build(Path sources) throws IOException {
        Path probe = Files.createTempFile("lttbench-probe", ".c");
        Result header;
        try {
            Files.writeString(probe, "#include <lttng/tracepoint.h>\n");
            // make uses $CC too, so a compiler named there is the one checked.
            String cc = System.getenv().getOrDefault("CC", "cc");
            header = finish(start(List.of(cc, "-E", "-o", "/dev/null", probe.toString()), sources,
                    "the C compiler " + cc + " (apt-get install gcc)"), cc, 60);
        } finally {
            Files.deleteIfExists(probe);
        }
        if (header.exit != 0) {
            throw new IOException(header.output.contains("tracepoint.h")
                    ? "cannot build the calibration workload: the LTTng-UST headers are missing (apt-get install liblttng-ust-dev)"
                    : "cannot build the calibration workload: the C compiler fails: " + lastLine(header.output));
        }
        Result make = finish(start(List.of("make", "--no-print-directory", "-C", sources.toString(),
                "target/bin/" + TRACED, "target/bin/" + UNTRACED), sources, "make (apt-get install make)"), "make", 300);
        if (make.exit != 0) {
            throw new IOException("building the calibration workload failed (make -C " + sources + "): "
                    + lastLine(make.output));
        }
    }

    /** Runs one build and returns what it measured. */
    public WorkloadMeasurement run(Build build, long iterations, int repeats, long warmup) throws IOException {
        Path binary = build == Build.TRACED ? traced : untraced;
        return WorkloadMeasurement.parse(output(binary, List.of("-n", Long.toString(iterations), "-r",
                Integer.toString(repeats), "-w", Long.toString(warmup))), warmup);
    }

    /**
     * Runs the traced build in paired mode: {@code spins} rounds of work before each event, {@code pairs} pairs of
     * repetitions of {@code iterations}, one firing the tracepoint and one not; under the real-time policy where it is
     * granted, so that the load of the machine does not chill the caches between events.
     */
    public PairedMeasurement runPaired(long iterations, int pairs, long warmup, long spins) throws IOException {
        return PairedMeasurement.parse(output(traced, List.of("-p", "-f", "-s", Long.toString(spins), "-n",
                Long.toString(iterations), "-r", Integer.toString(pairs), "-w", Long.toString(warmup))), warmup);
    }

    private static String output(Path binary, List<String> args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(binary.toString());
        command.addAll(args);
        Result r = finish(start(command, binary.getParent(), binary.toString()), binary.getFileName().toString(),
                RUN_TIMEOUT_S);
        if (r.exit != 0) {
            throw new IOException(binary + " failed (exit " + r.exit + "): " + lastLine(r.output));
        }
        return r.output;
    }

    private record Result(int exit, String output) {
    }

    /** A started child process whose output goes to a file, so a hung child cannot block the reading. */
    private record Child(Process process, Path output) {
    }

    /** @param what the program in words, with how to install it, for the error when it cannot start */
    private static Child start(List<String> command, Path dir, String what) throws IOException {
        Path output = Files.createTempFile("lttbench-calibrate", ".out");
        try {
            Process p = new ProcessBuilder(new ArrayList<>(command)).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(output.toFile()).start();
            return new Child(p, output);
        } catch (IOException e) {
            Files.deleteIfExists(output);
            throw new IOException("cannot build or run the calibration workload: cannot run " + what + ": "
                    + e.getMessage(), e);
        }
    }

    private static Result finish(Child child, String what, long timeoutSeconds) throws IOException {
        Process p = child.process();
        try {
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(what + " did not finish in " + timeoutSeconds + " s");
            }
            return new Result(p.exitValue(), Files.readString(child.output(), StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + what, e);
        } finally {
            Files.deleteIfExists(child.output());
        }
    }

    private static String lastLine(String output) {
        String[] lines = output.strip().split("\n");
        return lines[lines.length - 1];
    }
}
