package org.lttbench.ui.range;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.lttbench.core.report.WallClock;
import org.lttbench.core.trace.TimeRange;

/**
 * Reads a time the user typed: ns since the epoch ({@code 1424366155123456789}), or a wall-clock time as
 * {@link WallClock} (and babeltrace2) prints it, {@code HH:MM:SS.nnnnnnnnn} (fraction optional, up to 9 digits),
 * taken on the day of the trace: the day of the span nearest to the span.
 */
public final class TimeText {
    private static final Pattern CLOCK = Pattern.compile("(\\d{1,2}):(\\d{2}):(\\d{2})(?:\\.(\\d{1,9}))?");
    private static final Pattern EPOCH_NS = Pattern.compile("-?\\d{1,19}");
    private static final long DAY_NS = 86_400_000_000_000L;

    private TimeText() {
    }

    public static String format(long epochNs, ZoneId zone) {
        return WallClock.format(epochNs, zone);
    }

    /**
     * @throws IllegalArgumentException with a sentence saying what is accepted
     */
    public static long parse(String text, TimeRange span, ZoneId zone) {
        String t = text.strip();
        if (EPOCH_NS.matcher(t).matches()) {
            try {
                return Long.parseLong(t);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + t + "' is too large for ns since the epoch");
            }
        }
        Matcher m = CLOCK.matcher(t);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + t + "' is not a time: type HH:MM:SS.nnnnnnnnn or ns since the epoch");
        }
        LocalTime clock;
        try {
            String fraction = m.group(4) == null ? "" : m.group(4);
            int nanos = fraction.isEmpty() ? 0 : Integer.parseInt((fraction + "00000000").substring(0, 9));
            clock = LocalTime.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)), nanos);
        } catch (java.time.DateTimeException e) {
            throw new IllegalArgumentException("'" + t + "' is not a valid time of day");
        }
        long reference = span == null ? System.currentTimeMillis() * 1_000_000L : span.begin();
        LocalDate day = Instant.ofEpochSecond(Math.floorDiv(reference, 1_000_000_000L)).atZone(zone).toLocalDate();
        long best = 0;
        long bestDistance = Long.MAX_VALUE;
        for (int d = -1; d <= 1; d++) {
            Instant i = day.plusDays(d).atTime(clock).atZone(zone).toInstant();
            long ns = i.getEpochSecond() * 1_000_000_000L + i.getNano();
            long distance = span == null ? Math.abs(ns - reference) : distance(ns, span);
            if (distance < bestDistance) {
                best = ns;
                bestDistance = distance;
            }
        }
        if (span != null && bestDistance >= DAY_NS) {
            throw new IllegalArgumentException("'" + t + "' is not within a day of the trace");
        }
        return best;
    }

    private static long distance(long t, TimeRange span) {
        return t < span.begin() ? span.begin() - t : t > span.end() ? t - span.end() : 0;
    }
}
