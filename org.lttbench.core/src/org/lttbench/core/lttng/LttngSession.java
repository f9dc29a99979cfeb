package org.lttbench.core.lttng;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real LTTng recording session driven through the {@code lttng} command (lttng-tools): tests record user-space
 * traces with it and {@code lttbench calibrate} runs its sweep with it. Needs a running {@code lttng-sessiond}.
 * Closing the session destroys it; the trace stays in its output directory.
 */
public final class LttngSession implements AutoCloseable {
    private static final long COMMAND_TIMEOUT_S = 120;

    private final String name;
    private final Path output;
    private boolean destroyed;

    private LttngSession(String name, Path output) {
        this.name = name;
        this.output = output;
    }

    /** Creates a session writing its trace under {@code output} (which must not exist or be empty). */
    public static LttngSession create(String name, Path output) throws IOException {
        checkDaemon();
        run("create", name, "--output=" + output.toAbsolutePath());
        return new LttngSession(name, output);
    }

    /** Fails with one clear sentence when lttng-tools is missing or no session daemon runs. */
    public static void checkDaemon() throws IOException {
        try {
            run("list");
        } catch (IOException e) {
            throw new IOException("LTTng is not usable here (is lttng-tools installed and lttng-sessiond running? "
                    + "start it with: lttng-sessiond --daemonize): " + e.getMessage(), e);
        }
    }

    public String name() {
        return name;
    }

    /** The session's output directory: the trace is under {@code ust/uid/...} or {@code ust/pid/...}. */
    public Path output() {
        return output;
    }

    public LttngSession enableChannel(ChannelConfig channel) throws IOException {
        run(channel.enableArguments(name).toArray(new String[0]));
        return this;
    }

    /** Enables user-space events matching {@code pattern} (e.g. {@code provider:*}) in a channel. */
    public LttngSession enableUserEvents(String channel, String pattern) throws IOException {
        run("enable-event", "--userspace", "--session=" + name, "--channel=" + channel, pattern);
        return this;
    }

    /** Adds context fields (e.g. {@code vpid}, {@code vtid}, {@code procname}) to every event of a channel. */
    public LttngSession addUserContexts(String channel, String... contexts) throws IOException {
        List<String> args = new ArrayList<>(List.of("add-context", "--userspace", "--session=" + name, "--channel=" + channel));
        for (String c : contexts) {
            args.add("--type=" + c);
        }
        run(args.toArray(new String[0]));
        return this;
    }

    public void start() throws IOException {
        run("start", name);
    }

    /** Stops tracing and waits until the buffers are written to the trace. */
    public void stop() throws IOException {
        run("stop", name);
    }

    @Override
    public void close() throws IOException {
        if (!destroyed) {
            destroyed = true;
            run("destroy", name);
        }
    }

    /** Runs {@code lttng ARGS...}; on failure the exception carries what lttng printed. */
    public static String run(String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add("lttng");
        command.add("--no-sessiond");
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new IOException("cannot run lttng (is lttng-tools installed?): " + e.getMessage(), e);
        }
        try {
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(COMMAND_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("lttng " + String.join(" ", args) + " did not finish in " + COMMAND_TIMEOUT_S + " s");
            }
            String text = new String(out, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw new IOException("lttng " + String.join(" ", args) + " failed (exit " + p.exitValue() + "): " + text.strip());
            }
            return text;
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running lttng " + String.join(" ", args), e);
        }
    }
}
