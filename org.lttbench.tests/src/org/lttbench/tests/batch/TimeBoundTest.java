package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lttbench.core.run.ExitCode;
import org.lttbench.core.run.RunFailure;
import org.lttbench.core.run.TimeBound;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.TestPaths;

/**
 * {@code --begin/--end} values: the wall-clock times babeltrace2 prints for a real trace resolve to the ns since the
 * epoch babeltrace2 prints for the same events ({@code --clock-seconds}), in several time zones, including one where
 * the trace crosses local midnight.
 */
class TimeBoundTest {
    private static final Pattern STAMP = Pattern.compile("^\\[([^\\]]+)\\]");

    /** The timestamps babeltrace2 prints for each event of the trace, with TZ set to the zone. */
    private static List<String> babeltraceStamps(String trace, ZoneId zone, String... options) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("babeltrace2"));
        command.addAll(List.of(options));
        command.add(TestPaths.trace(trace).toString());
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("TZ", posixTz(zone));
        Process p = pb.start();
        List<String> stamps = new ArrayList<>();
        for (String line : new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
            Matcher m = STAMP.matcher(line);
            if (m.find()) {
                stamps.add(m.group(1));
            }
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), "babeltrace2 " + command);
        assertTrue(stamps.size() > 1, "babeltrace2 printed no events for " + trace);
        return stamps;
    }

    /** A TZ value for babeltrace2: a zone name, or POSIX's inverted sign for a fixed offset. */
    private static String posixTz(ZoneId zone) {
        if (zone instanceof ZoneOffset offset) {
            int s = -offset.getTotalSeconds();
            return String.format("LTB%s%02d:%02d:%02d", s < 0 ? "-" : "+", Math.abs(s) / 3600, Math.abs(s) / 60 % 60, Math.abs(s) % 60);
        }
        return zone.getId();
    }

    private static long ns(String seconds) {
        return new BigDecimal(seconds).movePointRight(9).longValueExact();
    }

    private static void checkAgainstBabeltrace(String trace, ZoneId zone) throws Exception {
        List<String> epoch = babeltraceStamps(trace, zone, "--clock-seconds");
        List<String> wall = babeltraceStamps(trace, zone);
        List<String> dated = babeltraceStamps(trace, zone, "--clock-date");
        assertEquals(epoch.size(), wall.size());
        TimeRange span = new TimeRange(ns(epoch.get(0)), ns(epoch.get(epoch.size() - 1)));
        for (int i = 0; i < epoch.size(); i += Math.max(1, epoch.size() / 50)) {
            long expected = ns(epoch.get(i));
            assertEquals(expected, TimeBound.parse("--begin", wall.get(i)).resolve(span, zone, false), trace + " " + wall.get(i) + " in " + zone);
            assertEquals(expected, TimeBound.parse("--end", wall.get(i)).resolve(span, zone, true), trace + " " + wall.get(i) + " in " + zone);
            assertEquals(expected, TimeBound.parse("--begin", dated.get(i)).resolve(span, zone, false), trace + " " + dated.get(i) + " in " + zone);
            assertEquals(expected, TimeBound.parse("--begin", Long.toString(expected)).resolve(span, zone, false));
        }
    }

    @Test
    void wallClockTimesAreBabeltraceTimesInNamedZones() throws Exception {
        for (String zone : List.of("UTC", "America/Montreal", "Asia/Kolkata")) {
            checkAgainstBabeltrace("ust-trace-with-index", ZoneId.of(zone));
            checkAgainstBabeltrace("kernel-bigendian", ZoneId.of(zone));
        }
    }

    @Test
    void aTraceAcrossLocalMidnightResolvesEachTimeOnItsOwnDate() throws Exception {
        // A fixed offset that puts local midnight in the middle of the trace (babeltrace2 tells where the middle is).
        List<String> utc = babeltraceStamps("ust-trace-with-index", ZoneOffset.UTC, "--clock-seconds");
        long middle = (ns(utc.get(0)) + ns(utc.get(utc.size() - 1))) / 2 / 1_000_000_000L;
        int offset = (int) ((86_400 - Math.floorMod(middle, 86_400)) % 86_400);
        ZoneOffset zone = ZoneOffset.ofTotalSeconds(offset > 18 * 3600 ? offset - 86_400 : offset);

        List<String> dated = babeltraceStamps("ust-trace-with-index", zone, "--clock-date");
        assertNotEquals(dated.get(0).substring(0, 10), dated.get(dated.size() - 1).substring(0, 10), "the trace should cross midnight in " + zone);
        checkAgainstBabeltrace("ust-trace-with-index", zone);
    }

    @ParameterizedTest
    @ValueSource(strings = { "yesterday", "12:61:00", "25:00:00", "1:2:3", "12:00:00.1234567890", "12:00", "2024-02-30 10:00:00",
            "2024-13-01 10:00:00", "-5", "99999999999999999999", "", "12:00:00.", "1e9" })
    void aMalformedTimeIsOneUsageLineNamingTheOptionAndValue(String text) {
        RunFailure f = assertThrows(RunFailure.class, () -> TimeBound.parse("--end", text));
        assertEquals(ExitCode.USAGE, f.exitCode());
        assertTrue(f.getMessage().startsWith("--end '" + text + "' is not a time: expected ns since the epoch, HH:MM:SS"), f.getMessage());
        assertEquals(1, f.getMessage().lines().count());
    }

    @Test
    void fractionsOfAnyLengthAreNanoseconds() throws RunFailure {
        ZoneId utc = ZoneOffset.UTC;
        TimeRange day = new TimeRange(0, 86_399_999_999_999L);
        assertEquals(3_600_500_000_000L, TimeBound.parse("--begin", "01:00:00.5").resolve(day, utc, false));
        assertEquals(3_600_000_000_007L, TimeBound.parse("--begin", "01:00:00.000000007").resolve(day, utc, false));
        assertEquals(3_600_000_000_000L, TimeBound.parse("--begin", "1970-01-01T01:00:00").resolve(day, utc, false));
    }

    @Test
    void aRangeIsClippedToTheTraceAndMustMakeSense() throws RunFailure {
        ZoneId utc = ZoneOffset.UTC;
        TimeRange span = new TimeRange(3_600_000_000_000L, 7_200_000_000_000L); // 01:00 to 02:00, 1970-01-01 UTC
        assertEquals(new TimeRange(3_600_000_000_000L, 5_400_000_000_000L),
                TimeBound.range(TimeBound.parse("--begin", "00:00:00"), TimeBound.parse("--end", "01:30:00"), span, utc));
        assertEquals(new TimeRange(5_400_000_000_000L, 7_200_000_000_000L),
                TimeBound.range(TimeBound.parse("--begin", "5400000000000"), null, span, utc));

        RunFailure backwards = assertThrows(RunFailure.class,
                () -> TimeBound.range(TimeBound.parse("--begin", "01:40:00"), TimeBound.parse("--end", "01:20:00"), span, utc));
        assertEquals(ExitCode.USAGE, backwards.exitCode());
        assertEquals("--begin 01:40:00 (01:40:00.000000000) is after --end 01:20:00 (01:20:00.000000000)", backwards.getMessage());

        RunFailure afterTheTrace = assertThrows(RunFailure.class,
                () -> TimeBound.range(TimeBound.parse("--begin", "03:00:00.000000000"), null, span, utc));
        assertEquals("--begin 03:00:00.000000000 is after the trace's end (02:00:00.000000000)", afterTheTrace.getMessage());

        RunFailure outside = assertThrows(RunFailure.class,
                () -> TimeBound.range(TimeBound.parse("--begin", "03:00:00.000000000"), TimeBound.parse("--end", "04:00:00"), span, utc));
        assertEquals(ExitCode.USAGE, outside.exitCode());
        assertTrue(outside.getMessage().contains("outside the trace, which spans [01:00:00.000000000, 02:00:00.000000000]"), outside.getMessage());
    }
}
