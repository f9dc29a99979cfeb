package org.lttbench.core.report;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;

/** Timestamps as babeltrace2 prints them by default: local wall-clock time, {@code HH:MM:SS.nnnnnnnnn}. */
public final class WallClock {
    private WallClock() {
    }

    public static String format(long epochNs) {
        return format(epochNs, ZoneId.systemDefault());
    }

    public static String format(long epochNs, ZoneId zone) {
        ZonedDateTime t = Instant.ofEpochSecond(Math.floorDiv(epochNs, 1_000_000_000L), Math.floorMod(epochNs, 1_000_000_000L))
                .atZone(zone);
        return String.format("%02d:%02d:%02d.%09d", t.getHour(), t.getMinute(), t.getSecond(), t.getNano());
    }
}
