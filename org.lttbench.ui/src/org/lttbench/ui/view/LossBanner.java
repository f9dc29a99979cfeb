package org.lttbench.ui.view;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Link;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TraceNames;
import org.lttbench.core.trace.UnreadFile;
import org.lttbench.ui.compute.ReportSet;

/**
 * A banner above the tables: red when the range shown lost events (DESIGN.md: every view that shows counts says so),
 * in one sentence with the counts formatted, e.g. <i>This range lost 967,700 events (96.8% of those written) in 562
 * places, all on ust-hello-lost/channel1_2: the figures below miss what those events would have said.</i> The reports'
 * other notes are behind a link, one line until asked for (the notes that only say what was lost are not repeated).
 * A figure of the tables that a check found doubtful (the I/O wait check) is said in full, red too, before the notes;
 * so is a read in part (stream files not read, or not to their end): every figure lacks their events.
 * Hidden when there is nothing to say. The counts come from the discarded analysis's {@code streams} table for the
 * same range.
 */
public final class LossBanner extends Composite {
    private static final RGB LOSS = new RGB(255, 214, 214);
    private static final RGB INFO = new RGB(230, 238, 250);
    /** Of a note shown folded, at most this many characters. */
    private static final int FOLDED = 140;

    private final Label text;
    private final Link toggle;
    private long lostEvents;
    private long lostPackets;
    private String sentence = "";
    private List<String> notes = List.of();
    private List<String> warnings = List.of();
    /** The note of a read in part ({@link UnreadFile#note}), or null. */
    private String readInPart;
    private boolean unfolded;

    public LossBanner(Composite parent) {
        super(parent, SWT.NONE);
        GridLayout layout = new GridLayout(2, false);
        layout.marginHeight = 6;
        layout.marginWidth = 8;
        setLayout(layout);
        text = new Label(this, SWT.WRAP);
        GridData gd = new GridData(SWT.FILL, SWT.CENTER, true, false);
        text.setLayoutData(gd);
        toggle = new Link(this, SWT.NONE);
        toggle.setLayoutData(new GridData(SWT.RIGHT, SWT.TOP, false, false));
        toggle.addListener(SWT.Selection, e -> {
            unfolded = !unfolded;
            render();
        });
        LabelWrap.follow(text, 2 * layout.marginWidth + 160);
        setVisible(false);
    }

    /**
     * @param analyses the analyses whose notes the view shows (a view does not repeat another view's notes)
     */
    public void show(ReportSet reports, Set<String> analyses) {
        Table streams = reports.table("discarded", "streams");
        lostEvents = sum(streams, "discarded_events");
        lostPackets = sum(streams, "discarded_packets");
        sentence = lostEvents > 0 || lostPackets > 0 ? sentence(streams, reports) : "";
        notes = new ArrayList<>(reports.notes(analyses, false));
        readInPart = notes.stream().filter(n -> n.startsWith(UnreadFile.NOTE_START)).findFirst().orElse(null);
        notes.remove(readInPart);
        warnings = reports.warnings(analyses);
        render();
    }

    /** One sentence: how much, its share of what was written, in how many places, on which streams. */
    private String sentence(Table streams, ReportSet reports) {
        StringBuilder b = new StringBuilder("This range lost ");
        if (lostEvents > 0) {
            b.append(String.format(Locale.ROOT, "%,d %s", lostEvents, lostEvents == 1 ? "event" : "events"));
            long recorded = sum(streams, "events");
            b.append(" (").append(CellFormat.percent((double) lostEvents / (lostEvents + recorded))).append(" of those written)");
        }
        if (lostPackets > 0) {
            b.append(lostEvents > 0 ? " and " : "").append(String.format(Locale.ROOT, "%,d %s", lostPackets,
                    lostPackets == 1 ? "packet" : "packets"));
        }
        long places = sum(streams, "loss_records");
        if (places > 0) {
            b.append(String.format(Locale.ROOT, " in %,d %s", places, places == 1 ? "place" : "places"));
        }
        List<String> where = lossyStreams(streams, reports);
        if (where.size() == 1) {
            b.append(", all on ").append(where.get(0));
        } else if (where.size() > 1 && where.size() <= 3) {
            b.append(", on ").append(String.join(", ", where));
        } else if (where.size() > 3) {
            b.append(", on ").append(where.size()).append(" streams");
        }
        return b.append(": the figures below miss what ").append(lostEvents > 0 ? "those events" : "those packets")
                .append(" would have said.").toString();
    }

    private static List<String> lossyStreams(Table streams, ReportSet reports) {
        List<String> where = new ArrayList<>();
        int trace = TableColumns.index(streams, "trace");
        int stream = TableColumns.index(streams, "stream");
        int records = TableColumns.index(streams, "loss_records");
        if (stream < 0 || records < 0) {
            return where;
        }
        Set<String> paths = new LinkedHashSet<>(reports.tracePaths());
        for (Object[] r : streams.rows()) {
            if (trace >= 0 && r[trace] != null) {
                paths.add(r[trace].toString());
            }
        }
        TraceNames names = TraceNames.of(paths);
        for (Object[] r : streams.rows()) {
            if (r[records] instanceof Long n && n > 0) {
                where.add((trace >= 0 && r[trace] != null ? names.name(r[trace].toString()) + "/" : "") + r[stream]);
            }
        }
        return where;
    }

    private void render() {
        boolean loss = lostEvents > 0 || lostPackets > 0;
        StringBuilder b = new StringBuilder(sentence);
        if (readInPart != null) {
            b.append(b.length() > 0 ? "\n" : "").append(Character.toUpperCase(readInPart.charAt(0)))
                    .append(readInPart, 1, readInPart.length()).append('.');
        }
        for (String w : warnings) {
            b.append(b.length() > 0 ? "\n" : "").append("Warning: ").append(w);
        }
        loss |= !warnings.isEmpty() || readInPart != null;
        if (unfolded || !loss) {
            List<String> shown = unfolded ? notes : notes.stream().limit(1).map(LossBanner::folded).toList();
            for (String note : shown) {
                b.append(b.length() > 0 ? "\n" : "").append(note);
            }
        }
        int hidden = unfolded ? 0 : notes.size() - (loss ? 0 : Math.min(1, notes.size()));
        toggle.setText(unfolded ? "<a>Fewer notes</a>"
                : hidden > 0 ? "<a>" + (loss ? hidden == 1 ? "1 note" : hidden + " notes" : "All " + notes.size() + " notes") + "</a>"
                : "");
        toggle.setVisible(unfolded || hidden > 0);
        setBackground(new Color(getDisplay(), loss ? LOSS : INFO));
        text.setBackground(getBackground());
        toggle.setBackground(getBackground());
        text.setText(b.toString());
        boolean visible = b.length() > 0;
        setVisible(visible);
        ((GridData) getLayoutData()).exclude = !visible;
        // Each changed child, so the layout measures it again (not only the banner).
        text.requestLayout();
        toggle.requestLayout();
        requestLayout();
    }

    private static String folded(String note) {
        return note.length() <= FOLDED ? note : note.substring(0, FOLDED - 1) + "…";
    }

    /** Whether the banner currently says the range lost events. */
    public boolean showsLoss() {
        return getVisible() && (lostEvents > 0 || lostPackets > 0);
    }

    /** What the banner says now (the loss sentence, and the notes shown). */
    public String text() {
        return text.getText();
    }

    /** The loss sentence, or an empty string when nothing was lost. */
    public String lossSentence() {
        return sentence;
    }

    /** The warnings said in full (doubtful figures). */
    public List<String> warnings() {
        return warnings;
    }

    /** The note of a read in part, said in full above the other notes; null when every file was read whole. */
    public String readInPart() {
        return readInPart;
    }

    /** The notes behind the link, loss notes and the read in part left out. */
    public List<String> notes() {
        return notes;
    }

    /** Shows every note (as the link does), or folds them again. */
    public void unfold(boolean all) {
        unfolded = all;
        render();
    }

    public long lostEvents() {
        return lostEvents;
    }

    private static long sum(Table table, String columnKey) {
        if (table == null) {
            return 0;
        }
        int c = TableColumns.index(table, columnKey);
        if (c < 0) {
            return 0;
        }
        long total = 0;
        for (Object[] row : table.rows()) {
            if (row[c] instanceof Long v) {
                total += v;
            }
        }
        return total;
    }
}
