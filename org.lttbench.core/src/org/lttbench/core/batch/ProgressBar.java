package org.lttbench.core.batch;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;

import org.lttbench.core.report.CellFormat;
import org.lttbench.core.trace.ProgressListener;

/**
 * A one-line progress bar for terminals: percentage of the bytes read, rate and time left, redrawn in place at most
 * five times a second and erased at the end so the report below starts on a clean line.
 */
public final class ProgressBar implements ProgressListener {
    private static final long REDRAW_NS = 200_000_000L;
    private static final int WIDTH = 30;

    private final PrintWriter out;
    private final LongSupplier nanoClock;
    private final long start;
    private long lastDraw;
    private boolean drawn;

    /** @param nanoClock a monotonic clock in ns ({@code System::nanoTime}) */
    public ProgressBar(PrintWriter out, LongSupplier nanoClock) {
        this.out = out;
        this.nanoClock = nanoClock;
        this.start = nanoClock.getAsLong();
        this.lastDraw = start;
    }

    @Override
    public void progress(long bytesDone, long bytesTotal) {
        long now = nanoClock.getAsLong();
        if (now - lastDraw < REDRAW_NS && (bytesDone < bytesTotal || !drawn)) {
            return;
        }
        lastDraw = now;
        drawn = true;
        out.print('\r' + line(bytesDone, bytesTotal, now - start));
        out.flush();
    }

    /** Erases the bar, if it was drawn. */
    public void finish() {
        if (drawn) {
            out.print("\r\033[K");
            out.flush();
        }
    }

    /** The bar's text after {@code elapsedNs} of reading. */
    static String line(long done, long total, long elapsedNs) {
        double fraction = fraction(done, total);
        int filled = (int) Math.round(fraction * WIDTH);
        StringBuilder s = new StringBuilder("[").append("#".repeat(filled)).append("-".repeat(WIDTH - filled)).append("] ");
        s.append(String.format(Locale.ROOT, "%3d%%  ", (int) Math.floor(fraction * 100)));
        s.append(amount(done, total));
        double seconds = elapsedNs / 1e9;
        if (seconds > 0 && done > 0) {
            double rate = done / seconds;
            s.append("  ").append(CellFormat.bytes((long) rate)).append("/s");
            if (total > done) {
                s.append("  ETA ").append(duration((long) Math.ceil((total - done) / rate)));
            }
        }
        return s.toString();
    }

    /** Fraction done in [0, 1]; 0 when the total is unknown. */
    static double fraction(long done, long total) {
        return total <= 0 ? 0 : Math.min(1, Math.max(0, (double) done / total));
    }

    /** {@code 12.3 MiB of 30.0 MiB}. */
    static String amount(long done, long total) {
        return CellFormat.bytes(done) + " of " + CellFormat.bytes(total);
    }

    static String duration(long seconds) {
        long h = seconds / 3600;
        long m = seconds / 60 % 60;
        long s = seconds % 60;
        return h > 0 ? String.format(Locale.ROOT, "%d:%02d:%02d", h, m, s) : String.format(Locale.ROOT, "%d:%02d", m, s);
    }
}
