package org.lttbench.ui.range;

import java.time.ZoneId;
import java.util.function.Consumer;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.lttbench.core.analysis.discarded.SpanHistogram;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.WallClock;
import org.lttbench.core.run.RunFailure;
import org.lttbench.core.run.TimeBound;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.ui.chart.TimeBins;

/**
 * Chooses the time range the views show: type begin and end in the forms {@code --begin/--end} accept
 * ({@link TimeBound}: wall-clock {@code HH:MM:SS.nnnnnnnnn} as babeltrace2 prints it, a full local date and time, or
 * ns since the epoch) and press Enter or Apply, drag across the strip of the whole trace (or across a chart with a
 * time axis), or go back to the whole trace. The strip draws the trace's events over time and, in red, its losses, so
 * a range can be chosen where something happened.
 */
public final class RangeBar extends Composite {
    /** The colour of the strip's events, and of its losses (drawn down from its top). */
    public static final org.eclipse.swt.graphics.RGB EVENTS = SpanStrip.EVENTS;
    public static final org.eclipse.swt.graphics.RGB LOSSES = SpanStrip.LOSSES;

    private final Text begin;
    private final Text end;
    private final Button apply;
    private final Button whole;
    private final Label message;
    private final SpanStrip strip;
    private final ZoneId zone;
    private TimeRange span;
    private Consumer<TimeRange> listener = r -> {
    };

    public RangeBar(Composite parent, int style) {
        this(parent, style, ZoneId.systemDefault());
    }

    public RangeBar(Composite parent, int style, ZoneId zone) {
        super(parent, style);
        this.zone = zone;
        GridLayout layout = new GridLayout(7, false);
        layout.marginHeight = 2;
        setLayout(layout);
        new Label(this, SWT.NONE).setText("Range from");
        begin = field();
        new Label(this, SWT.NONE).setText("to");
        end = field();
        apply = new Button(this, SWT.PUSH);
        apply.setText("Apply");
        apply.addListener(SWT.Selection, e -> applyTyped());
        whole = new Button(this, SWT.PUSH);
        whole.setText("Whole trace");
        whole.addListener(SWT.Selection, e -> listener.accept(TimeRange.ALL));
        message = new Label(this, SWT.NONE);
        message.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        strip = new SpanStrip(this);
        strip.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 7, 1));
        strip.onDrag(r -> listener.accept(r));
        setEnabled(false);
    }

    private Text field() {
        Text t = new Text(this, SWT.BORDER | SWT.SINGLE);
        GridData gd = new GridData(SWT.LEFT, SWT.CENTER, false, false);
        // Wide enough for "YYYY-MM-DD HH:MM:SS.nnnnnnnnn" (and so for a time of day, or 19-digit ns).
        org.eclipse.swt.graphics.GC gc = new org.eclipse.swt.graphics.GC(t);
        gd.widthHint = gc.textExtent("0000-00-00 00:00:00.000000000").x + 12;
        gc.dispose();
        t.setLayoutData(gd);
        t.setToolTipText("HH:MM:SS.nnnnnnnnn (wall clock, as babeltrace2 prints it), YYYY-MM-DD HH:MM:SS.nnnnnnnnn, or ns since the epoch");
        t.addListener(SWT.DefaultSelection, e -> applyTyped());
        t.addListener(SWT.Modify, e -> clearError());
        return t;
    }

    /** Called with each range the user chooses; {@link TimeRange#ALL} for the whole trace. */
    public void onRangeChosen(Consumer<TimeRange> l) {
        listener = l;
    }

    /** Draws the traces' events and losses over the whole span in the strip, as a run read them in its pass. */
    public void setHistogram(SpanHistogram h) {
        if (h == null || h.span() == null) {
            return;
        }
        double[] events = new double[SpanHistogram.BINS];
        double[] lost = new double[SpanHistogram.BINS];
        for (int b = 0; b < SpanHistogram.BINS; b++) {
            events[b] = h.events(b);
            lost[b] = h.lostEvents(b) + h.lostPackets(b);
        }
        strip.histogram(new SpanStrip.Histogram(h.span().begin(), h.binWidth(), events, lost));
    }

    /**
     * The same from a table of events and losses per time bin of the whole trace (the discarded analysis's
     * {@code loss_timeline}: per stream, bins of one width), for a host whose runs do not read a histogram.
     */
    public void setHistogram(Table timeline) {
        int bin = timeline.columnIndex("bin");
        int events = timeline.columnIndex("events");
        int discarded = timeline.columnIndex("discarded_events");
        int packets = timeline.columnIndex("discarded_packets");
        if (timeline.rows().isEmpty()) {
            return;
        }
        TimeBins bins = TimeBins.of(timeline, bin);
        long origin = bins.origin();
        long width = bins.width();
        // Bins are cut to the range: the first may start late; count bins from the last one's grid.
        int n = (int) Math.min(100_000, (bins.end() - origin) / width + 2);
        double[] e = new double[n];
        double[] l = new double[n];
        for (Object[] r : timeline.rows()) {
            int i = (int) Math.min(n - 1, (((TimeRange) r[bin]).begin() - origin) / width);
            e[i] += r[events] instanceof Long v ? v : 0;
            l[i] += (r[discarded] instanceof Double v ? v : 0) + (r[packets] instanceof Double v ? v : 0);
        }
        strip.histogram(new SpanStrip.Histogram(origin, width, e, l));
    }

    /** Whether the strip draws a histogram of the trace. */
    public boolean hasHistogram() {
        return strip.histogram() != null;
    }

    /** The strip of the whole trace (drag across it to choose a range). */
    public org.eclipse.swt.widgets.Control strip() {
        return strip;
    }

    public void setSpan(TimeRange traceSpan) {
        span = traceSpan;
        setEnabled(true);
        strip.show(span, span);
    }

    /** Shows a range (does not notify): the fields hold its ends, clipped to the trace. */
    public void showRange(TimeRange range) {
        TimeRange shown = span == null ? range : range.intersect(span) == null ? span : range.intersect(span);
        if (shown.begin() != Long.MIN_VALUE) {
            begin.setText(WallClock.format(shown.begin(), zone));
        }
        if (shown.end() != Long.MAX_VALUE) {
            end.setText(WallClock.format(shown.end(), zone));
        }
        clearError();
        strip.show(span, shown);
    }

    @Override
    public void setEnabled(boolean enabled) {
        super.setEnabled(enabled);
        for (var c : getChildren()) {
            c.setEnabled(enabled);
        }
    }

    public Text beginField() {
        return begin;
    }

    public Text endField() {
        return end;
    }

    /** The error shown for the last typed range, or an empty string. */
    public String errorText() {
        return message.getText();
    }

    private void applyTyped() {
        try {
            TimeBound b = TimeBound.parse("begin", begin.getText());
            TimeBound e = TimeBound.parse("end", end.getText());
            listener.accept(TimeBound.range(b, e, span, zone));
        } catch (RunFailure ex) {
            message.setText(ex.getMessage());
            message.setForeground(getDisplay().getSystemColor(SWT.COLOR_RED));
            message.setToolTipText(ex.getMessage());
            message.requestLayout();
        }
    }

    private void clearError() {
        if (!message.getText().isEmpty()) {
            message.setText("");
        }
    }
}
