package org.lttbench.core.batch;

import java.io.PrintWriter;
import java.util.Locale;

import org.lttbench.core.trace.ProgressListener;

/**
 * LAMI's {@code --output-progress}: lines {@code <fraction done> <message>} on stdout before the results, as Trace
 * Compass reads them into its progress monitor. A line at each whole percent, so a slow consumer never lags.
 */
public final class LamiProgress implements ProgressListener {
    private final PrintWriter out;
    private int lastPercent = -1;

    public LamiProgress(PrintWriter out) {
        this.out = out;
    }

    /** The first line, before anything is read. */
    public void start(String message) {
        line(0, message);
    }

    @Override
    public void progress(long bytesDone, long bytesTotal) {
        double fraction = ProgressBar.fraction(bytesDone, bytesTotal);
        int percent = (int) Math.floor(fraction * 100);
        if (percent > lastPercent) {
            lastPercent = percent;
            line(fraction, ProgressBar.amount(bytesDone, bytesTotal) + " read");
        }
    }

    /** The last line, once the results are computed and about to be printed. */
    public void finish() {
        line(1, "Done");
    }

    private void line(double fraction, String message) {
        out.print(String.format(Locale.ROOT, "%.4f %s\n", fraction, message));
        out.flush();
    }
}
