package org.lttbench.core.run;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.lttbench.core.report.WallClock;
import org.lttbench.core.trace.TimeRange;

/**
 * A {@code --begin} or {@code --end} value as the user gave it: ns since the epoch (what Trace Compass passes), a
 * wall-clock time of day {@code HH:MM:SS[.nnnnnnnnn]} as babeltrace2 prints it (local time zone, on the trace's date),
 * or a full local {@code YYYY-MM-DD HH:MM:SS[.nnnnnnnnn]}. Parsed before the trace is opened, so a malformed time
 * fails fast; resolved to ns once the trace's span is known.
 *
 * @param text      the value as given (messages quote it)
 * @param epochNs   ns since the epoch, or null
 * @param timeOfDay a time of day on one of the trace's dates, or null
 * @param dateTime  a local date and time, or null
 */
public record TimeBound(String text, Long epochNs, LocalTime timeOfDay, LocalDateTime dateTime) {
    private static final String TIME = "(\\d{1,2}):(\\d{2}):(\\d{2})(?:\\.(\\d{1,9}))?";
    private static final Pattern EPOCH_NS = Pattern.compile("\\d{1,19}");
    private static final Pattern TIME_OF_DAY = Pattern.compile(TIME);
    private static final Pattern DATE_TIME = Pattern.compile("(\\d{4})-(\\d{2})-(\\d{2})[ T]" + TIME);
    public static final String FORMATS = "ns since the epoch, HH:MM:SS[.nnnnnnnnn] or 'YYYY-MM-DD HH:MM:SS[.nnnnnnnnn]'";

    /** Exactly one of the three forms. */
    public TimeBound {
        if ((epochNs == null ? 0 : 1) + (timeOfDay == null ? 0 : 1) + (dateTime == null ? 0 : 1) != 1) {
            throw new IllegalArgumentException("a time bound is one of ns since the epoch, a time of day, or a date "
                    + "and time: " + text);
        }
    }

    /**
     * @param option the option it came from, for the message ({@code --begin})
     * @throws RunFailure a usage error naming the option, the value and the accepted forms
     */
    public static TimeBound parse(String option, String text) throws RunFailure {
        String t = text.strip();
        try {
            if (EPOCH_NS.matcher(t).matches()) {
                return new TimeBound(t, Long.parseLong(t), null, null);
            }
            Matcher m = TIME_OF_DAY.matcher(t);
            if (m.matches()) {
                return new TimeBound(t, null, time(m, 1), null);
            }
            m = DATE_TIME.matcher(t);
            if (m.matches()) {
                LocalDate date = LocalDate.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
                return new TimeBound(t, null, null, LocalDateTime.of(date, time(m, 4)));
            }
        } catch (NumberFormatException | DateTimeException e) {
            // out of range: same message as any malformed time
        }
        throw RunFailure.usage(option + " '" + text + "' is not a time: expected " + FORMATS);
    }

    private static LocalTime time(Matcher m, int first) {
        String fraction = m.group(first + 3);
        int nanos = fraction == null ? 0 : Integer.parseInt((fraction + "00000000").substring(0, 9));
        return LocalTime.of(Integer.parseInt(m.group(first)), Integer.parseInt(m.group(first + 1)),
                Integer.parseInt(m.group(first + 2)), nanos);
    }

    /**
     * ns since the epoch. A time of day takes the first date of the trace on which it falls inside the trace's span;
     * when it falls inside on no date, a begin takes the trace's first date and an end its last.
     *
     * @param span the trace's first and last timestamps
     * @param isEnd whether this is the end of a range
     */
    public long resolve(TimeRange span, ZoneId zone, boolean isEnd) {
        if (epochNs != null) {
            return epochNs;
        }
        if (dateTime != null) {
            return epochNs(dateTime.atZone(zone));
        }
        LocalDate first = date(span.begin(), zone);
        LocalDate last = date(span.end(), zone);
        for (LocalDate d = first; !d.isAfter(last); d = d.plusDays(1)) {
            long t = epochNs(ZonedDateTime.of(d, timeOfDay, zone));
            if (span.contains(t)) {
                return t;
            }
        }
        return epochNs(ZonedDateTime.of(isEnd ? last : first, timeOfDay, zone));
    }

    /**
     * The range asked for, inside the traces' span; {@link TimeRange#ALL} when neither bound is given (without asking
     * the traces for their span, which reads every packet context).
     */
    public static TimeRange range(TimeBound begin, TimeBound end, org.lttbench.core.trace.TraceSet traces) throws RunFailure {
        if (begin == null && end == null) {
            return TimeRange.ALL;
        }
        return range(begin, end, traces.span(), ZoneId.systemDefault());
    }

    /**
     * The range the user asked for, inside the trace's span.
     *
     * @param begin {@code null} for the trace's beginning
     * @param end   {@code null} for the trace's end
     * @throws RunFailure a usage error when begin is after end or the range misses the trace
     */
    public static TimeRange range(TimeBound begin, TimeBound end, TimeRange span, ZoneId zone) throws RunFailure {
        long b = begin == null ? span.begin() : begin.resolve(span, zone, false);
        long e = end == null ? span.end() : end.resolve(span, zone, true);
        if (b > e) {
            throw RunFailure.usage(label("--begin", "the trace's beginning", begin, b, zone) + " is after "
                    + label("--end", "the trace's end", end, e, zone));
        }
        TimeRange inside = new TimeRange(b, e).intersect(span);
        if (inside == null) {
            throw RunFailure.usage("the range [" + describe(begin, b, zone) + ", " + describe(end, e, zone)
                    + "] is outside the trace, which spans [" + WallClock.format(span.begin(), zone) + ", "
                    + WallClock.format(span.end(), zone) + "]");
        }
        return inside;
    }

    private static String label(String option, String traceBound, TimeBound bound, long ns, ZoneId zone) {
        return bound == null ? traceBound + " (" + WallClock.format(ns, zone) + ")" : option + " " + describe(bound, ns, zone);
    }

    private static String describe(TimeBound bound, long ns, ZoneId zone) {
        String wall = WallClock.format(ns, zone);
        return bound == null ? wall : bound.text.equals(wall) ? bound.text : bound.text + " (" + wall + ")";
    }

    private static LocalDate date(long epochNs, ZoneId zone) {
        return Instant.ofEpochSecond(Math.floorDiv(epochNs, 1_000_000_000L), Math.floorMod(epochNs, 1_000_000_000L)).atZone(zone).toLocalDate();
    }

    private static long epochNs(ZonedDateTime t) {
        return Math.addExact(Math.multiplyExact(t.toEpochSecond(), 1_000_000_000L), t.getNano());
    }

    @Override
    public String toString() {
        return text;
    }
}
