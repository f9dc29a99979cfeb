package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.lttbench.core.batch.LamiProgress;
import org.lttbench.core.batch.ProgressBar;

/** The stderr progress bar and LAMI's progress lines, driven by a hand-moved clock (no real time involved). */
class ProgressBarTest {
    private static final long MIB = 1024 * 1024;

    private static PrintWriter utf8(ByteArrayOutputStream bytes) {
        return new PrintWriter(new OutputStreamWriter(bytes, StandardCharsets.UTF_8), true);
    }

    @Test
    void theBarShowsPercentRateAndTimeLeftAndIsErasedAtTheEnd() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        AtomicLong clock = new AtomicLong(1_000_000_000L);
        ProgressBar bar = new ProgressBar(utf8(bytes), clock::get);

        bar.progress(MIB, 100 * MIB); // at once: too early to draw
        assertEquals("", bytes.toString(StandardCharsets.UTF_8));

        clock.addAndGet(2_000_000_000L); // 2 s later, a quarter read: 12.5 MiB/s, 6 s left
        bar.progress(25 * MIB, 100 * MIB);
        String quarter = bytes.toString(StandardCharsets.UTF_8);
        assertEquals("\r[########----------------------]  25%  25.0 MiB of 100 MiB  12.5 MiB/s  ETA 0:06", quarter);

        clock.addAndGet(100_000_000L); // redrawn at most 5 times a second
        bar.progress(26 * MIB, 100 * MIB);
        assertEquals(quarter, bytes.toString(StandardCharsets.UTF_8));

        clock.addAndGet(2_000_000_000L); // done: drawn at once, no ETA
        bar.progress(100 * MIB, 100 * MIB);
        assertTrue(bytes.toString(StandardCharsets.UTF_8).endsWith("\r[##############################] 100%  100 MiB of 100 MiB  24.4 MiB/s"),
                bytes.toString(StandardCharsets.UTF_8));

        bar.finish();
        assertTrue(bytes.toString(StandardCharsets.UTF_8).endsWith("\r\033[K"), "the bar is erased");
    }

    @Test
    void aShortRunDrawsNothing() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProgressBar bar = new ProgressBar(utf8(bytes), () -> 42L);
        bar.progress(50, 100);
        bar.progress(100, 100);
        bar.finish();
        assertEquals("", bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void lamiProgressLinesAreAFractionThenAMessageAndNeverGoBack() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        LamiProgress progress = new LamiProgress(utf8(bytes));
        progress.start("Reading 1 trace(s)");
        for (long done = 0; done <= 1000; done += 7) {
            progress.progress(done, 1000);
        }
        progress.progress(1000, 1000);
        progress.finish();
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals("0.0000 Reading 1 trace(s)", lines.get(0));
        assertEquals("1.0000 Done", lines.get(lines.size() - 1));
        assertEquals(103, lines.size(), "one line per percent, plus the first and the last: " + lines);
        double previous = -1;
        for (String line : lines) {
            assertTrue(line.matches("\\d\\.\\d{4} \\S.*"), line);
            double fraction = Double.parseDouble(line.substring(0, 6));
            assertTrue(fraction >= previous, lines.toString());
            previous = fraction;
        }
    }
}
