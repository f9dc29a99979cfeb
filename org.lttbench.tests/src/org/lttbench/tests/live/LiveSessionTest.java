package org.lttbench.tests.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.lttbench.core.live.LiveSession;
import org.lttbench.core.live.RelayUrl;
import org.lttbench.core.lttng.LttngSession;
import org.lttbench.core.run.ExitCode;
import org.lttbench.tests.LttngRecording;
import org.lttbench.tests.Workloads;
import org.lttbench.tests.batch.InProcessCli;
import org.lttbench.tests.batch.LauncherTest.Result;

/**
 * Live sessions followed through a real {@code lttng-relayd} (started here on free ports) from a real
 * {@code lttng-sessiond}, with the fieldzoo workload under LTTng-UST: what LTTbench counts and reports live is what
 * babeltrace2 reads live from the same session, and what {@code lttbench analyze} says of the trace the relay daemon
 * wrote; a relay daemon that dies or stalls mid-session ends the run with its figures, one error line and exit code 7.
 */
@ExtendWith(LttngRecording.class)
@Isolated
class LiveSessionTest {
    private static final Pattern EVENTS = Pattern.compile("([\\d,]+) events of \\d+ tracepoints");

    /**
     * A live session streaming to {@code relayd}, recording fieldzoo's events with its contexts, in a channel of these
     * options ({@code --subbuf-size=4K}: one that loses events) when there are any, else in the default channel.
     */
    static String createSession(RelayDaemon relayd, String scenario, List<String> channelOptions) throws IOException {
        return createSession(relayd, scenario, channelOptions, "fieldzoo:*");
    }

    /** The same, recording the events {@code pattern} names. */
    static String createSession(RelayDaemon relayd, String scenario, List<String> channelOptions, String pattern)
            throws IOException {
        String name = "live-" + scenario + "-" + ProcessHandle.current().pid();
        LttngSession.run("create", name, "--live=100000", "--set-url=" + relayd.sessionUrl());
        List<String> channel = List.of();
        if (!channelOptions.isEmpty()) {
            List<String> enable = new java.util.ArrayList<>(List.of("enable-channel", "--userspace", "--session=" + name));
            enable.addAll(channelOptions);
            enable.add("small");
            LttngSession.run(enable.toArray(new String[0]));
            channel = List.of("--channel=small");
        }
        List<String> events = new java.util.ArrayList<>(List.of("enable-event", "--userspace", "--session=" + name));
        events.addAll(channel);
        events.add(pattern);
        LttngSession.run(events.toArray(new String[0]));
        List<String> contexts = new java.util.ArrayList<>(List.of("add-context", "--userspace", "--session=" + name));
        contexts.addAll(channel);
        contexts.addAll(List.of("--type=vpid", "--type=vtid", "--type=procname"));
        LttngSession.run(contexts.toArray(new String[0]));
        LttngSession.run("start", name);
        return name;
    }

    static void destroy(String name) {
        try {
            LttngSession.run("destroy", name);
        } catch (IOException e) {
            System.out.println("live test: " + e.getMessage());
        }
    }

    /** Runs fieldzoo (within two minutes): the number of events it emitted. */
    static long fieldzoo(String... args) throws IOException, InterruptedException {
        return Workloads.fieldzoo(2, args);
    }

    /** The session's address, with the host name the relay daemon lists it under. */
    static String sessionUrl(RelayDaemon relayd, String name) throws IOException {
        LiveSession.Listed s = listed(relayd, name)
                .orElseThrow(() -> new AssertionError("the relay daemon does not list " + name));
        return relayd.liveUrl() + "/host/" + s.host() + "/" + name;
    }

    /** The relay daemon's listing of the session (its host, its viewers...), if it lists it. */
    static Optional<LiveSession.Listed> listed(RelayDaemon relayd, String name) throws IOException {
        return LiveSession.list(RelayUrl.parse(relayd.liveUrl()), 5000).stream().filter(s -> s.name().equals(name))
                .findFirst();
    }

    static long events(String report) {
        Matcher m = EVENTS.matcher(report);
        assertTrue(m.find(), "the report says how many events: " + report);
        return Long.parseLong(m.group(1).replace(",", ""));
    }

    /**
     * babeltrace2 following a session live ({@code --input-format=lttng-live}) until it is destroyed: a count of the
     * events it prints, when it ends.
     */
    private static CompletableFuture<Long> babeltrace2Live(String url, Path log) throws IOException {
        Process bt = new ProcessBuilder("babeltrace2", "--input-format=lttng-live", url).redirectError(log.toFile()).start();
        return CompletableFuture.supplyAsync(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(bt.getInputStream(), StandardCharsets.UTF_8))) {
                long n = r.lines().count();
                assertTrue(bt.waitFor(60, TimeUnit.SECONDS), "babeltrace2 ended with the session");
                return n;
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }, LiveSessionTest::ownThread);
    }

    /** Each task on a thread of its own: the common pool may have a single worker, which a blocked reader holds. */
    static void ownThread(Runnable task) {
        Thread t = new Thread(task, "live-test");
        t.setDaemon(true);
        t.start();
    }

    static long babeltrace2Count(Path dir) throws Exception {
        Process bt = new ProcessBuilder("babeltrace2", dir.toString()).redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        long n;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(bt.getInputStream(), StandardCharsets.UTF_8))) {
            n = r.lines().count();
        }
        assertTrue(bt.waitFor(60, TimeUnit.SECONDS));
        return n;
    }

    /** The trace directory the relay daemon wrote for the session (HOST/SESSION-DATE-TIME). */
    static Path recorded(RelayDaemon relayd, String name) throws IOException {
        try (Stream<Path> hosts = Files.list(relayd.output)) {
            for (Path host : hosts.toList()) {
                try (Stream<Path> sessions = Files.list(host)) {
                    for (Path s : sessions.toList()) {
                        if (s.getFileName().toString().startsWith(name + "-")) {
                            return s;
                        }
                    }
                }
            }
        }
        throw new AssertionError("no trace of " + name + " under " + relayd.output);
    }

    /**
     * What a live {@code analyze --all} of the session printed, counting {@code counted} events, is what babeltrace2
     * and {@code lttbench analyze} read from the trace the relay daemon wrote: as many events, the same report.
     * Returns babeltrace2's count.
     */
    private static long assertIsTheReportOfTheRelaysTrace(Result live, long counted, RelayedSession session)
            throws Exception {
        Path trace = session.recorded();
        long bt2 = babeltrace2Count(trace);
        assertEquals(bt2, counted, "as many events as babeltrace2 reads from the relay daemon's trace");
        Result fromFiles = InProcessCli.run("analyze", "--all", trace.toString());
        assertEquals(0, fromFiles.code(), fromFiles.err());
        assertEquals(fromFiles.out(), live.out(), "the live report is the report of the trace the relay daemon wrote");
        return bt2;
    }

    /**
     * Two live sessions record the same workload's events (every user-space session records the tracepoints it
     * enables), each through its own relay daemon: babeltrace2 follows one, LTTbench the other, at once, since a relay
     * daemon gives a session's past events to its first viewer only. Both were recording before either attached, and go on while they follow.
     */
    @Test
    void sessionStartedBeforeAttachingIsReportedAsItsRecordedTraceAndCountedAsBabeltrace2Does() throws Exception {
        try (RelayedSession ours = RelayedSession.start("live-equal", "equal");
                RelayedSession theirs = RelayedSession.start("live-equal/bt2", "equal-bt2")) {
            long before = fieldzoo("2000");
            String url = ours.url();

            Result listed = InProcessCli.run("live", "--list", ours.relayd.liveUrl());
            assertEquals(0, listed.code(), listed.err());
            assertTrue(listed.out().contains(url + " (timer = 100000, "), listed.out());

            Path log = ours.work.resolve("babeltrace2-live.log");
            CompletableFuture<Long> bt2 = babeltrace2Live(theirs.url(), log);
            CompletableFuture<Result> live = RelayedSession.inBackground("analyze", "--all", url);
            Thread.sleep(1000);
            long after = fieldzoo("1000"); // while both follow
            Thread.sleep(500);
            ours.destroy();
            theirs.destroy();
            Result r = RelayedSession.succeeded(live);
            long counted = events(r.out());
            long bt2Count = bt2.get(60, TimeUnit.SECONDS);
            System.out.printf("live: %d events counted live, babeltrace2 live %d (emitted %d before attaching, %d"
                    + " while following)%n", counted, bt2Count, before, after);
            // babeltrace2 2.0 attaches at the session's last position (LTTNG_VIEWER_SEEK_LAST), LTTbench from its
            // beginning: babeltrace2 prints what came while it followed, LTTbench counts that and what came before
            assertEquals(after, bt2Count, "babeltrace2 live prints the events emitted while it follows: "
                    + Files.readString(log));
            assertEquals(before + bt2Count, counted, "LTTbench counts those and every event recorded before");
            assertIsTheReportOfTheRelaysTrace(r, counted, ours);
        }
    }

    /**
     * Attached before any application registered, the session has no stream yet (user-space buffers are made for the
     * first application): LTTbench waits for its first, plans its analyses from that trace's metadata, and takes the
     * streams and applications that come after.
     */
    @Test
    void sessionAttachedBeforeAnyApplicationFollowsTheStreamsThatAppearLater() throws Exception {
        try (RelayedSession session = RelayedSession.start("live-late", "late")) {
            CompletableFuture<Result> live = RelayedSession.inBackground("analyze", "--all", session.url());
            Thread.sleep(1500);
            assertTrue(!live.isDone(), "still waiting for a stream: " + (live.isDone() ? live.get().err() : ""));
            long first = fieldzoo("1000");
            Thread.sleep(500);
            long second = fieldzoo("300"); // another application, into the same per-user buffers
            Thread.sleep(500);
            session.destroy();
            Result r = RelayedSession.succeeded(live);
            long counted = events(r.out());
            long bt2 = assertIsTheReportOfTheRelaysTrace(r, counted, session);
            System.out.printf("live: attached before any stream: %d events counted live, %d emitted, babeltrace2 "
                    + "reads %d from the relay's trace%n", counted, first + second, bt2);
            assertEquals(first + second, counted, "every event of both applications");
        }
    }

    @Test
    void relayDaemonKilledMidSessionEndsWithTheFiguresSoFarAndOneLine() throws Exception {
        try (RelayedSession session = RelayedSession.start("live-killed", "killed")) {
            long emitted = fieldzoo("500");
            CompletableFuture<Result> live = RelayedSession.inBackground("analyze", "--all", session.url());
            Thread.sleep(2000);
            session.relayd.signal("KILL");
            long killed = System.nanoTime();
            Result r = live.get(30, TimeUnit.SECONDS);
            double seconds = (System.nanoTime() - killed) / 1e9;
            System.out.printf("live: relay daemon killed: LTTbench ended %.2f s later (exit %d): %s%n", seconds,
                    r.code(), r.err().strip());
            assertEquals(ExitCode.LIVE_CUT_SHORT, r.code(), r.err());
            String[] errLines = r.err().strip().split("\n");
            assertTrue(errLines[errLines.length - 1].startsWith("lttbench analyze: lost the relay daemon at 127.0.0.1:"),
                    r.err());
            assertEquals(emitted, events(r.out()), "the report has every event that came before");
        }
    }

    @Test
    void stalledRelayDaemonTimesOutAndAnUnreachableOneIsOneLine() throws Exception {
        try (RelayedSession session = RelayedSession.start("live-stalled", "stalled")) {
            fieldzoo("100");
            String url = session.url();

            Result noSuch = InProcessCli.run("analyze", url + "-nonesuch");
            assertEquals(ExitCode.UNREADABLE_TRACE, noSuch.code(), noSuch.err());
            assertTrue(noSuch.err().contains("has no session " + session.name + "-nonesuch of host "), noSuch.err());

            CompletableFuture<Result> live = RelayedSession.inBackground("analyze", "--all", "--timeout", "2", url);
            Thread.sleep(1500);
            session.relayd.signal("STOP");
            long stalled = System.nanoTime();
            Result r;
            try {
                r = live.get(30, TimeUnit.SECONDS);
            } finally {
                session.relayd.signal("CONT");
            }
            double seconds = (System.nanoTime() - stalled) / 1e9;
            System.out.printf("live: relay daemon stopped: LTTbench ended %.2f s later: %s%n", seconds, r.err().strip());
            assertEquals(ExitCode.LIVE_CUT_SHORT, r.code(), r.err());
            // ended by its 2 s timeout (how soon after is a speed, not checked here: live.get's 30 s catch a hang)
            assertTrue(r.err().contains("did not answer within 2000 ms"), r.err());
        }
        Result unreachable = InProcessCli.run("live", "--list", "net://127.0.0.1:1");
        assertEquals(ExitCode.UNREADABLE_TRACE, unreachable.code());
        assertEquals(1, unreachable.err().strip().lines().count(), unreachable.err());
        assertTrue(unreachable.err().startsWith("lttbench live: cannot reach the relay daemon at 127.0.0.1:1: "),
                unreachable.err());
    }
}
