package org.lttbench.core.batch;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.lttbench.core.live.LiveSession;
import org.lttbench.core.live.RelayUrl;
import org.lttbench.core.run.ExitCode;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code lttbench live --list net://RELAYD[:PORT]}: the sessions a relay daemon can give live, one line each, as
 * babeltrace2 lists them ({@code lttbench analyze net://...} follows one).
 */
@Command(name = "live", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Lists the live sessions of an LTTng relay daemon (lttbench analyze net://RELAYD/host/HOST/SESSION "
                + "follows one).",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = { "0:done", "2:usage error", "3:the relay daemon cannot be reached", "5:internal error",
                "7:the relay daemon went away or stalled" })
public final class LiveCommand extends OneLineFailureCommand {

    @Option(names = "--list", required = true, description = "List the relay daemon's sessions")
    boolean list;

    @Mixin
    LiveTimeout timeout;

    @Parameters(arity = "1", paramLabel = "URL", description = "The relay daemon: net://RELAYD[:PORT] (port 5344 by default)")
    String address;

    @Override
    int run(PrintWriter err) throws Exception {
        RelayUrl url = LiveTimeout.url(address);
        List<LiveSession.Listed> sessions = timeout.list(url);
        PrintWriter out = spec.commandLine().getOut();
        if (sessions.isEmpty()) {
            err.println("lttbench live: the relay daemon at " + url.relayAddress() + " has no session");
        }
        for (LiveSession.Listed s : sessions) {
            out.printf("net://%s/host/%s/%s (timer = %d, %d stream(s), %d client(s) connected)%s%n",
                    url.relayAddress(), s.host(), s.name(), s.liveTimerUs(), s.streams(), s.clients(),
                    s.ctf2() ? " CTF 2" : "");
        }
        out.flush();
        err.flush();
        return ExitCode.OK;
    }

    /**
     * Ctrl-C (or any end of the JVM) while a live session is followed: the read stops at its next packet and the report
     * of what came is printed before the JVM ends.
     */
    static final class StopOnInterrupt {
        /** How long the JVM's end waits for the report. */
        private static final long REPORT_WAIT_S = 30;
        private final CountDownLatch reported = new CountDownLatch(1);
        private final Thread hook;

        StopOnInterrupt(LiveSession live) {
            hook = new Thread(() -> {
                live.stop();
                try {
                    reported.await(REPORT_WAIT_S, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "lttbench-live-stop");
            Runtime.getRuntime().addShutdownHook(hook);
        }

        /** The report is written: the JVM may end. */
        void done() {
            reported.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is ending (Ctrl-C): the hook runs, and returns now
            }
        }
    }
}
