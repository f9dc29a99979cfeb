package org.lttbench.core.report;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What a terminal report opens with: at most {@link #MAX_LINES} lines, the highlights ranked across analyses by
 * {@link Highlight#rank}, each with the options that give its detail at the end of its first line, in
 * {@link TextReportWriter#WIDTH} columns. A highlight longer than its line goes on, indented, on one more line; the
 * lowest ranked are left out when the lines are used up.
 */
public final class HighlightsWriter {
    /** Every line written, the first (what was read) and the last (how to get every table) included. */
    public static final int MAX_LINES = 20;
    /** A highlight's lines at most: its first, with its detail, and one more. */
    private static final int LINES_PER_HIGHLIGHT = 2;
    private static final String INDENT = "    ";
    /** A unit after a figure ({@link CellFormat}'s), which a line is not broken before. */
    private static final java.util.regex.Pattern UNIT = java.util.regex.Pattern.compile("(ns|µs|ms|s|B|KiB|MiB|GiB)\\b");

    private HighlightsWriter() {
    }

    /**
     * @param heading what was read and the range ({@link SummaryLine}); a line saying how to get every table ends the
     *                block
     */
    public static void write(String heading, List<Highlight> highlights, Writer out) throws IOException {
        List<Highlight> ranked = new ArrayList<>(highlights);
        ranked.sort(Comparator.comparingLong(Highlight::rank).reversed()); // stable: ties keep the analyses' order
        List<String> lines = new ArrayList<>();
        for (Highlight h : ranked) {
            List<String> own = lines(h);
            if (lines.size() + own.size() > MAX_LINES - 2) {
                break;
            }
            lines.addAll(own);
        }
        out.write(fit(heading, TextReportWriter.WIDTH) + '\n');
        for (String line : lines) {
            out.write(line + '\n');
        }
        if (lines.isEmpty()) {
            out.write("(nothing the analyses could tell stands out: every table with --all)\n");
        }
        out.write("Every table of every analysis: --all; one analysis: --analysis NAME; what its columns mean: "
                + "lttbench help NAME\n");
        out.flush();
    }

    /** A highlight's lines: its text, broken between words, its detail at the end of the first line. */
    static List<String> lines(Highlight h) {
        int width = TextReportWriter.WIDTH;
        int first = width - 2 - h.detail().length();
        List<String> lines = new ArrayList<>();
        String rest = h.line();
        int room = first;
        while (!rest.isEmpty()) {
            if (lines.size() == LINES_PER_HIGHLIGHT - 1) {
                lines.add(INDENT + fit(rest, width - INDENT.length()));
                break;
            }
            int cut = rest.length() <= room ? rest.length() : rest.lastIndexOf(' ', room);
            while (cut > 0 && cut < rest.length() && UNIT.matcher(rest.substring(cut + 1)).lookingAt()) {
                cut = rest.lastIndexOf(' ', cut - 1); // a figure and its unit stay on one line
            }
            if (cut <= 0) {
                cut = Math.min(room, rest.length());
            }
            String part = rest.substring(0, cut);
            lines.add(lines.isEmpty() ? part : INDENT + part);
            rest = rest.substring(cut).stripLeading();
            room = width - INDENT.length();
        }
        String head = lines.get(0);
        lines.set(0, head + " ".repeat(Math.max(2, width - head.length() - h.detail().length())) + h.detail());
        return lines;
    }

    /** The text, cut with an ellipsis when it is longer than {@code width}. */
    static String fit(String text, int width) {
        return text.length() <= width ? text : text.substring(0, width - 1) + "…";
    }
}
