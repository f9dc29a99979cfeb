package org.lttbench.tests.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.InProcessCli;
import org.lttbench.tests.batch.LauncherTest.Result;

/**
 * A test's live session and the relay daemon of its own it streams to ({@link RelayDaemon}, writing under
 * {@code work/relayd}); closing destroys the session (if the test has not), then stops the daemon.
 */
final class RelayedSession implements AutoCloseable {
    /** The test's work directory. */
    final Path work;
    final RelayDaemon relayd;
    /** The session's name ({@link LiveSessionTest#createSession}). */
    final String name;
    private boolean destroyed;

    private RelayedSession(Path work, RelayDaemon relayd, String name) {
        this.work = work;
        this.relayd = relayd;
        this.name = name;
    }

    /** A session recording fieldzoo's events, in the default channel. */
    static RelayedSession start(String workDir, String scenario) throws Exception {
        return start(workDir, scenario, List.of());
    }

    /** The same, in a channel of these options ({@link LiveSessionTest#createSession}). */
    static RelayedSession start(String workDir, String scenario, List<String> channelOptions) throws Exception {
        Path work = TestPaths.workDir(workDir);
        RelayDaemon relayd = RelayDaemon.start(work.resolve("relayd"));
        try {
            return new RelayedSession(work, relayd, LiveSessionTest.createSession(relayd, scenario, channelOptions));
        } catch (IOException | RuntimeException e) {
            relayd.close();
            throw e;
        }
    }

    /** The session's address ({@code net://...}), with the host name the relay daemon lists it under. */
    String url() throws IOException {
        return LiveSessionTest.sessionUrl(relayd, name);
    }

    /** The trace directory the relay daemon wrote for the session. */
    Path recorded() throws IOException {
        return LiveSessionTest.recorded(relayd, name);
    }

    /** Ends the session: a follower sees its end. */
    void destroy() {
        if (!destroyed) {
            destroyed = true;
            LiveSessionTest.destroy(name);
        }
    }

    @Override
    public void close() throws InterruptedException {
        destroy();
        relayd.close();
    }

    /** {@code lttbench} with those arguments, in-process on a thread of its own (it follows until the session ends). */
    static CompletableFuture<Result> inBackground(String... args) {
        return CompletableFuture.supplyAsync(() -> InProcessCli.run(args), LiveSessionTest::ownThread);
    }

    /** What a run in the background printed once it ended (within a minute), asserting it succeeded. */
    static Result succeeded(CompletableFuture<Result> run) throws Exception {
        Result r = run.get(60, TimeUnit.SECONDS);
        assertEquals(0, r.code(), r.err());
        return r;
    }
}
