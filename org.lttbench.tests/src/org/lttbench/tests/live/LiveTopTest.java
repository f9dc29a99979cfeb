package org.lttbench.tests.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.lttbench.tests.LttngRecording;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.analysis.discarded.Bt2Losses;
import org.lttbench.tests.batch.InProcessCli;
import org.lttbench.tests.batch.LauncherTest.Result;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * {@code lttbench top net://...} on real live sessions (lttng-relayd and lttng-sessiond 2.13, the fieldzoo workload
 * under LTTng-UST): its intervals add up to the whole session, as the workload counts it and as babeltrace2 reads the
 * relay daemon's trace; a session that loses events shows, interval by interval, every event the tracer discarded.
 */
@ExtendWith(LttngRecording.class)
@Isolated
class LiveTopTest {
    private static final Pattern INTERVAL_EVENTS = Pattern.compile("(?m)^Top: .*interval to [\\d:.]+: ([\\d,]+) events");
    private static final Pattern DISCARDED = Pattern.compile("([\\d,]+) discarded events");

    /** The trace directories (those with a metadata file) under the relay daemon's directory of a session. */
    private static List<Path> traceDirs(Path session) throws Exception {
        try (Stream<Path> files = Files.walk(session)) {
            return files.filter(f -> f.getFileName().toString().equals("metadata")).map(Path::getParent).sorted().toList();
        }
    }

    private static final Pattern LOST_PACKETS = Pattern.compile("([\\d,]+) lost packets");

    private static long lostPacketsLine(String err) {
        return countOnLine(LOST_PACKETS, "packets were lost", err);
    }

    private static long discardedLine(String err) {
        return countOnLine(DISCARDED, "events were discarded", err);
    }

    /** The count a line of {@code err} gives ({@code 1,234 lost packets}), asserting there is one. */
    private static long countOnLine(Pattern line, String what, String err) {
        Matcher m = line.matcher(err);
        assertTrue(m.find(), "a line says how many " + what + ": " + err);
        return Long.parseLong(m.group(1).replace(",", ""));
    }

    /** The first interval of a JSON line of top's ({@code {"interval": [{...}], "top": [...]}}). */
    private static JsonObject firstInterval(String line) {
        return JsonParser.parseString(line).getAsJsonObject().getAsJsonArray("interval").get(0).getAsJsonObject();
    }

    /** What babeltrace2 counts in the relay daemon's trace of a session, and what {@code lttbench analyze} says. */
    private record RelaysTrace(Bt2Losses.Counts bt2, Result analyzed) {
        static RelaysTrace of(RelayedSession session) throws Exception {
            Path trace = session.recorded();
            return new RelaysTrace(Bt2Losses.total(traceDirs(trace)), InProcessCli.run("analyze", trace.toString()));
        }
    }

    /**
     * Not on a terminal, top prints a report per interval, one after the other; with a window of one interval, the
     * intervals' events add up to every event of the session. Attached before any application registered.
     */
    @Test
    void onAPipeTopPrintsIntervalsThatAddUpToTheSession() throws Exception {
        try (RelayedSession session = RelayedSession.start("live-top-text", "top-text")) {
            CompletableFuture<Result> top = RelayedSession.inBackground("top", "--interval", "250ms", "--window",
                    "250ms", session.url());
            Thread.sleep(1000);
            long emitted = 0;
            for (int i = 0; i < 4; i++) {
                emitted += LiveSessionTest.fieldzoo("200");
                Thread.sleep(400);
            }
            session.destroy();
            Result r = RelayedSession.succeeded(top);
            List<Long> perInterval = new ArrayList<>();
            Matcher m = INTERVAL_EVENTS.matcher(r.out());
            while (m.find()) {
                perInterval.add(Long.parseLong(m.group(1).replace(",", "")));
            }
            long sum = perInterval.stream().mapToLong(Long::longValue).sum();
            long busy = perInterval.stream().filter(n -> n > 0).count();
            long bt2 = LiveSessionTest.babeltrace2Count(session.recorded());
            System.out.printf("live top: %d intervals (%d with events), %d events in all; emitted %d, babeltrace2 "
                    + "reads %d from the relay's trace%n", perInterval.size(), busy, sum, emitted, bt2);
            assertEquals(emitted, sum, "the intervals' events add up to every event emitted: " + r.out());
            assertEquals(bt2, sum, "and to what babeltrace2 reads from the relay daemon's trace");
            // how the bursts fall in the intervals depends on sleeps and the machine's load: printed, not checked
            assertTrue(r.out().contains("fieldzoo"), "a row names the process: " + r.out());
        }
    }

    /**
     * On a terminal (as the launcher says), each report is drawn over the last: the screen is cleared before each. Bad
     * options and an unreachable daemon are one line, as {@code analyze net://} says them.
     */
    @Test
    void onATerminalTopRedrawsInPlace() throws Exception {
        try (RelayedSession session = RelayedSession.start("live-top-tty", "top-tty")) {
            long emitted = LiveSessionTest.fieldzoo("100");
            String url = session.url();
            System.setProperty("lttbench.stdout.tty", "true");
            CompletableFuture<Result> top;
            try {
                top = RelayedSession.inBackground("top", "--interval", "250ms", url);
                Thread.sleep(1500);
            } finally {
                System.clearProperty("lttbench.stdout.tty");
            }
            session.destroy();
            Result r = RelayedSession.succeeded(top);
            String clear = "\033[H\033[2J";
            String drawn = r.out().replace(clear, ""); // each report's first line starts after the clear
            long reports = INTERVAL_EVENTS.matcher(drawn).results().count();
            long clears = r.out().split(Pattern.quote(clear), -1).length - 1;
            assertTrue(r.out().startsWith(clear), r.out());
            assertTrue(reports >= 2, r.out());
            assertEquals(reports, clears, "the screen is cleared before each report");
            long events = INTERVAL_EVENTS.matcher(drawn).results()
                    .mapToLong(m -> Long.parseLong(m.group(1).replace(",", ""))).sum();
            assertEquals(emitted, events, "every event, in the reports drawn");
        }
        Result shorter = InProcessCli.run("top", "--window", "1s", "--interval", "2s", "net://127.0.0.1:1/host/h/s");
        assertEquals(2, shorter.code());
        assertEquals("lttbench top: --window 1.00 s is shorter than --interval 2.00 s", shorter.err().strip());
        Result tiny = InProcessCli.run("top", "--interval", "10us", "net://127.0.0.1:1/host/h/s");
        assertEquals(2, tiny.code());
        assertTrue(tiny.err().contains("'10us' is not a duration from 1ms to 24h"), tiny.err());
        Result unreachable = InProcessCli.run("top", "net://127.0.0.1:1/host/h/s");
        assertEquals(3, unreachable.code());
        assertEquals(1, unreachable.err().strip().lines().count(), unreachable.err());
        assertTrue(unreachable.err().startsWith("lttbench top: cannot reach the relay daemon at 127.0.0.1:1: "),
                unreachable.err());
    }

    /**
     * The launcher's {@code top}, ended by a signal (SIGTERM: a test's shell may start it with SIGINT ignored; Ctrl-C
     * takes the same way out): it stops at the next packet, reports the interval under way up to its last record, and
     * the JVM ends with the signal's status (143; 130 for Ctrl-C). Its JSON lines have every event emitted before.
     */
    @Test
    void endedBySignalTopReportsTheIntervalUnderWay() throws Exception {
        try (RelayedSession session = RelayedSession.start("live-top-signal", "top-signal")) {
            Path work = session.work;
            long emitted = LiveSessionTest.fieldzoo("300");
            Process top = new ProcessBuilder(TestPaths.repository().resolve("lttbench").toString(), "top", "--format",
                    "json", "--interval", "10s", session.url()).redirectError(work.resolve("top.err").toFile())
                    .redirectOutput(work.resolve("top.out").toFile()).start();
            Thread.sleep(4000);
            emitted += LiveSessionTest.fieldzoo("200");
            Thread.sleep(1000);
            top.destroy(); // SIGTERM
            assertTrue(top.waitFor(30, TimeUnit.SECONDS), "top ended");
            String lines = Files.readString(work.resolve("top.out"));
            long events = 0;
            JsonObject last = null;
            for (String line : lines.strip().split("\n")) {
                last = firstInterval(line);
                events += last.get("events").getAsLong();
            }
            System.out.printf("live top: ended by SIGTERM (exit %d): %d events in %d report(s), %d emitted%n",
                    top.exitValue(), events, lines.strip().split("\n").length, emitted);
            assertEquals(143, top.exitValue(), "the JVM's status for SIGTERM: " + Files.readString(work.resolve("top.err")));
            assertEquals(emitted, events, "the interval under way is reported: " + lines);
            assertTrue(last.get("end").getAsLong() - last.get("begin").getAsLong() < 10_000_000_000L,
                    "the last interval ends with its last record, not at its 10 s boundary: " + last);
        }
    }

    /**
     * A channel of two 4 KiB sub-buffers in discard mode and a tight loop: the tracer discards most events. top's JSON
     * lines (one per interval) count as many events and discarded events as babeltrace2 reads from the relay daemon's
     * trace, and as {@code lttbench analyze} of that trace says; each window (two intervals) is the sum of its
     * intervals, and each rate is its count over the interval's duration.
     */
    @Test
    void jsonLinesOfASessionThatLosesEventsCountEveryDiscardedEvent() throws Exception {
        try (RelayedSession session = RelayedSession.start("live-top-lossy", "top-lossy",
                List.of("--subbuf-size=4096", "--num-subbuf=2", "--discard"))) {
            CompletableFuture<Result> top = RelayedSession.inBackground("top", "--format", "json", "--interval", "500ms",
                    "--window", "1s", session.url());
            Thread.sleep(1000);
            long emitted = LiveSessionTest.fieldzoo("200000", "ticks");
            Thread.sleep(700);
            emitted += LiveSessionTest.fieldzoo("200000", "ticks");
            Thread.sleep(700);
            session.destroy();
            Result r = RelayedSession.succeeded(top);

            long events = 0;
            long discarded = 0;
            long previous = 0;
            int lines = 0;
            for (String line : r.out().strip().split("\n")) {
                JsonObject report = JsonParser.parseString(line).getAsJsonObject(); // one document per line
                JsonObject interval = report.getAsJsonArray("interval").get(0).getAsJsonObject();
                long n = interval.get("events").getAsLong();
                double seconds = (interval.get("end").getAsLong() - interval.get("begin").getAsLong()) / 1e9;
                if (n > 0) {
                    assertEquals(n, interval.get("events_per_s").getAsDouble() * seconds, 1e-6 * n,
                            "the interval's rate is its events over its duration: " + line);
                }
                long rows = 0;
                for (JsonElement row : report.getAsJsonArray("top")) {
                    rows += row.getAsJsonObject().get("events").getAsLong();
                }
                assertEquals(n + previous, rows, "the window (two intervals) has the events of both: " + line);
                events += n;
                discarded += interval.get("discarded_events").getAsLong();
                previous = n;
                lines++;
            }
            RelaysTrace recorded = RelaysTrace.of(session);
            Bt2Losses.Counts bt2 = recorded.bt2();
            System.out.printf("live top: %d JSON lines, %d events and %d discarded events in all (emitted %d); "
                    + "babeltrace2 reads %d events and %d discarded from the relay's trace; analyze says %d "
                    + "discarded%n", lines, events, discarded, emitted, bt2.events(), bt2.discardedEvents(),
                    discardedLine(recorded.analyzed().err()));
            assertTrue(discarded > 0, "the session lost events: " + r.err());
            assertEquals(bt2.events(), events, "babeltrace2 reads as many events from the relay daemon's trace");
            assertEquals(bt2.discardedEvents(), discarded, "and as many discarded events");
            assertEquals(discardedLine(recorded.analyzed().err()), discarded,
                    "lttbench analyze of that trace says as many");
            assertEquals(discarded, discardedLine(r.err()), "top's own loss line says the same at the end");
            assertEquals(emitted, events + discarded, "every event emitted was recorded or discarded");
        }
    }

    /**
     * Overwrite mode: the tracer overwrites its oldest sub-buffers, and packets are lost (a gap in their sequence
     * numbers). top's JSON lines count as many lost packets as babeltrace2 reads from the relay daemon's trace, and as
     * {@code lttbench analyze} of that trace says.
     */
    @Test
    void jsonLinesOfAnOverwriteSessionCountEveryLostPacket() throws Exception {
        try (RelayedSession session = RelayedSession.start("live-top-overwrite", "top-overwrite",
                List.of("--subbuf-size=4096", "--num-subbuf=2", "--overwrite"))) {
            CompletableFuture<Result> top = RelayedSession.inBackground("top", "--format", "json", "--interval", "500ms",
                    session.url());
            Thread.sleep(1000);
            LiveSessionTest.fieldzoo("200000", "ticks");
            Thread.sleep(700);
            session.destroy();
            Result r = RelayedSession.succeeded(top);
            long events = 0;
            long lost = 0;
            for (String line : r.out().strip().split("\n")) {
                JsonObject interval = firstInterval(line);
                events += interval.get("events").getAsLong();
                lost += interval.get("lost_packets").getAsLong();
            }
            RelaysTrace recorded = RelaysTrace.of(session);
            Bt2Losses.Counts bt2 = recorded.bt2();
            System.out.printf("live top: overwrite mode: %d events and %d lost packets in all; babeltrace2 reads %d "
                    + "events and %d lost packets from the relay's trace%n", events, lost, bt2.events(),
                    bt2.discardedPackets());
            assertTrue(lost > 0, "the session lost packets: " + r.err());
            assertEquals(bt2.events(), events, "babeltrace2 reads as many events from the relay daemon's trace");
            assertEquals(bt2.discardedPackets(), lost, "and as many lost packets");
            assertEquals(lostPacketsLine(recorded.analyzed().err()), lost,
                    "lttbench analyze of that trace says as many");
        }
    }
}
