package org.lttbench.tests.analysis.discarded;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.lttbench.core.lttng.ChannelConfig;
import org.lttbench.core.lttng.LttngSession;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.Workloads;

/** One real LTTng-UST recording of the burst workload, and what the workload says it emitted (the ground truth). */
record BurstRecording(Path trace, long emitted) {
    private static final Pattern EMITTED = Pattern.compile("burst emitted=(\\d+) ");

    static BurstRecording record(String name, ChannelConfig channel, String... burstArguments)
            throws IOException, InterruptedException {
        Path output = TestPaths.workDir("discarded-" + name).resolve("session");
        String session = "discarded-" + name + "-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        long emitted;
        try (LttngSession s = LttngSession.create(session, output)) {
            s.enableChannel(channel);
            s.enableUserEvents(channel.name(), "lttbench_burst:*");
            s.start();
            emitted = runBurst(burstArguments);
            s.stop();
        }
        return new BurstRecording(traceDirectory(output), emitted);
    }

    private static long runBurst(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Workloads.program("burst").toString());
        command.addAll(List.of(arguments));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException("burst workload failed: " + command + ": " + out);
        }
        Matcher m = EMITTED.matcher(out);
        if (!m.find()) {
            throw new IOException("burst workload said nothing about what it emitted: " + out);
        }
        return Long.parseLong(m.group(1));
    }

    /** The directory holding the recorded trace's {@code metadata} (under {@code ust/uid/UID/64-bit}). */
    private static Path traceDirectory(Path output) throws IOException {
        try (Stream<Path> walk = Files.walk(output)) {
            List<Path> dirs = walk.filter(p -> p.getFileName().toString().equals("metadata")).map(Path::getParent)
                    .toList();
            if (dirs.size() != 1) {
                throw new IOException("expected one trace under " + output + ", found " + dirs);
            }
            return dirs.get(0);
        }
    }
}
