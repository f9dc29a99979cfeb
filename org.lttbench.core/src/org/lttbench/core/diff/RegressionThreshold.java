package org.lttbench.core.diff;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A CI gate's threshold on a named figure, {@code ANALYSIS.FIGURE > +N%} (or {@code < -N%}): passed when a significant
 * change of that figure, for any subject, goes beyond it. The figure is named by its column's key, its key without
 * {@code _ns}, or its title ({@code syscalls.p99}, {@code process.wait_io}).
 *
 * @param text     as given
 * @param analysis the analysis named
 * @param figure   the figure named, lower case
 * @param increase whether it is a rise ({@code >}) or a fall ({@code <})
 * @param percent  the relative change that passes it, in percent, signed
 */
public record RegressionThreshold(String text, String analysis, String figure, boolean increase, double percent) {

    private static final Pattern FORM = Pattern.compile(
            "\\s*([a-z0-9_-]+)\\.([A-Za-z0-9_ .%/-]+?)\\s*([<>])\\s*([+-]?\\d+(?:\\.\\d+)?)\\s*%\\s*");

    /** Parses one, or says what is wrong (an {@link IllegalArgumentException} with a message for the user). */
    public static RegressionThreshold parse(String text) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("--fail-if '" + text + "': expected ANALYSIS.FIGURE > +N% (or < -N%), "
                    + "e.g. 'syscalls.p99 > +10%'");
        }
        boolean up = m.group(3).equals(">");
        double pct = Double.parseDouble(m.group(4));
        if (up ? pct < 0 : pct > 0) {
            throw new IllegalArgumentException("--fail-if '" + text + "': a rise is > +N%, a fall < -N%");
        }
        return new RegressionThreshold(text.trim(), m.group(1).toLowerCase(Locale.ROOT),
                m.group(2).trim().toLowerCase(Locale.ROOT), up, pct);
    }

    /** Whether this threshold names that change's figure. */
    public boolean names(FigureChange c) {
        if (!c.analysis().equals(analysis)) {
            return false;
        }
        String key = c.column().key().toLowerCase(Locale.ROOT);
        return key.equals(figure) || key.replaceFirst("_ns$", "").equals(figure)
                || c.column().title().toLowerCase(Locale.ROOT).equals(figure);
    }

    /** Whether that change passes it: significant, of this figure, and beyond it in its direction. */
    public boolean passedBy(FigureChange c) {
        if (!c.significant() || !names(c)) {
            return false;
        }
        Double change = c.change();
        Double relative = c.relative();
        if (change == null) {
            return false;
        }
        if (relative == null) {
            return increase ? change > 0 : change < 0; // from none: beyond any percentage
        }
        return increase ? relative * 100 > percent : relative * 100 < percent;
    }

    /** Whether any analysis of these has a figure this threshold names (else it is a usage error). */
    public boolean namesAny(List<FigureChange> changes) {
        return changes.stream().anyMatch(this::names);
    }
}
