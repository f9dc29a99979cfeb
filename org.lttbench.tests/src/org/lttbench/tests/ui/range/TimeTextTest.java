package org.lttbench.tests.ui.range;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.ZoneId;

import org.junit.jupiter.api.Test;
import org.lttbench.core.report.WallClock;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.ui.range.TimeText;

/** What the range fields accept: what WallClock prints reads back to the same ns; ns since the epoch as is. */
class TimeTextTest {
    private static final ZoneId ZONE = ZoneId.of("Europe/Paris");

    @Test
    void wallClockTextReadsBackToTheSameInstant() {
        // A span that crosses midnight, local time.
        TimeRange span = new TimeRange(1_424_386_799_000_000_000L, 1_424_386_801_500_000_000L);
        for (long t = span.begin(); t <= span.end(); t += 123_456_789L) {
            assertEquals(t, TimeText.parse(WallClock.format(t, ZONE), span, ZONE), WallClock.format(t, ZONE));
        }
        assertEquals(1_424_386_800_000_000_000L, TimeText.parse("00:00:00", span, ZONE));
        assertEquals(1_424_386_799_500_000_000L, TimeText.parse("23:59:59.5", span, ZONE));
        assertEquals(1_424_386_800_123_000_000L, TimeText.parse(" 1424386800123000000 ", span, ZONE));
    }

    @Test
    void nonsenseSaysWhatIsAccepted() {
        TimeRange span = new TimeRange(1_424_386_799_000_000_000L, 1_424_386_801_500_000_000L);
        for (String bad : new String[] { "", "12:3", "25:00:00", "12:00:00.1234567890", "yesterday", "99999999999999999999" }) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TimeText.parse(bad, span, ZONE), bad);
            assertTrue(e.getMessage().contains("'"), e.getMessage());
        }
    }
}
