package org.lttbench.core.diff;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Column;

import com.google.gson.stream.JsonWriter;

/**
 * A comparison of two runs as {@code lttbench diff} prints it: in text the ranked list, then each analysis's changes
 * with A, B and the change; in CSV one row per figure compared; in JSON the {@code changes} array (ranked) and what
 * was compared, with which test and normalisation.
 */
public final class ComparisonWriter {
    /** What the output says of its tests. */
    public static final String TESTS = String.format(Locale.ROOT, "counts: two Poisson rates (conditional binomial "
            + "test); total times: two compound Poisson rates where the row counts its durations, else Poisson rates of "
            + "%d ms samples; means: Mann-Whitney U on the rows' histograms; percentiles: the share of values above the "
            + "pooled percentile, as two proportions (Mood's test); significant below %.2g over "
            + "the number of tests (Bonferroni: a %.0f%% chance of any false change in a comparison)",
            RunComparison.SAMPLE_NS / 1_000_000, RunComparison.FAMILY_RATE, RunComparison.FAMILY_RATE * 100);

    /**
     * @param whatA   what A is (its traces and range), one line
     * @param whatB   the same of B
     * @param failed  the thresholds passed ({@code --fail-if}), each with the change that passed it
     */
    public record Run(String whatA, String whatB, RunComparison.Outcome outcome, Map<RegressionThreshold, FigureChange> failed,
            ProcessBreakdown breakdown) {
        public Run(String whatA, String whatB, RunComparison.Outcome outcome, Map<RegressionThreshold, FigureChange> failed) {
            this(whatA, whatB, outcome, failed, null);
        }
    }

    private ComparisonWriter() {
    }

    /** One line: {@code syscalls: p99 of epoll_wait +4.10 ms (+45%)}. */
    public static String line(FigureChange c) {
        StringBuilder s = new StringBuilder(c.analysis()).append(": ").append(c.column().title()).append(" of ")
                .append(c.subject());
        if (c.grouped()) {
            s.append(" (").append(c.rowsA()).append(c.rowsA() == 1 ? " row" : " rows").append(" in A, ").append(c.rowsB())
                    .append(" in B)");
        }
        s.append(' ').append(signed(c.column(), c.change(), c.unit()));
        Double rel = c.relative();
        if (rel != null) {
            s.append(String.format(Locale.ROOT, " (%+.0f%%)", rel * 100));
        } else if (c.comparedA() == null || c.comparedA() == 0) {
            s.append(" (new in B)");
        }
        return s.toString();
    }

    /** A change with its sign and unit, per second (per request) where the figure is compared so. */
    static String signed(Column c, Double change, String unit) {
        if (change == null) {
            return "-";
        }
        String sign = change < 0 ? "-" : "+";
        return sign + value(c, Math.abs(change), unit);
    }

    /** @param unit {@code /s}, {@code /request}, or empty for a figure as it is */
    private static String value(Column c, Double v, String unit) {
        if (v == null) {
            return "-";
        }
        return switch (c.kind()) {
            case DURATION, FRACTIONAL_DURATION -> CellFormat.duration(v) + unit;
            case INTEGER -> unit.equals("/s") ? CellFormat.rate(v) : unit.isEmpty() ? String.format(Locale.ROOT, "%,.0f", v)
                    : String.format(Locale.ROOT, "%.3g", v) + unit;
            default -> String.format(Locale.ROOT, "%.3g", v) + unit;
        };
    }

    /** @param rowsPerAnalysis at most that many figures per analysis; negative: all */
    public static void text(Run run, PrintWriter out, int rowsPerAnalysis) {
        int shown = rowsPerAnalysis < 0 ? Integer.MAX_VALUE : rowsPerAnalysis;
        RunComparison.Outcome o = run.outcome();
        out.println("A: " + run.whatA());
        out.println("B: " + run.whatB());
        out.println("Compared: " + o.per().describe() + ".");
        long significant = o.changes().stream().filter(FigureChange::significant).count();
        wrap(String.format(Locale.ROOT, "Tests: %s. %,d tests; %,d significant changes.", TESTS, o.tests(),
                significant), out);
        for (var f : run.failed().entrySet()) {
            out.println("FAILED --fail-if '" + f.getKey().text() + "': " + line(f.getValue()));
        }
        out.println();
        out.println("What changed, biggest first");
        if (significant == 0) {
            out.println("  nothing significant");
        }
        o.changes().stream().filter(FigureChange::significant).limit(20).forEach(c -> out.println("  " + line(c)));
        Map<String, List<FigureChange>> byAnalysis = new LinkedHashMap<>();
        for (FigureChange c : o.changes()) {
            byAnalysis.computeIfAbsent(c.analysis(), k -> new ArrayList<>()).add(c);
        }
        for (var e : byAnalysis.entrySet()) {
            out.println();
            out.println(e.getKey() + String.format(Locale.ROOT, " (%.3g s traced in A, %.3g s in B)",
                    o.secondsA().get(e.getKey()), o.secondsB().get(e.getKey())));
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] { "Subject", "Figure", "A", "B", "Change", "%", "p", "" });
            for (FigureChange c : e.getValue().subList(0, Math.min(shown, e.getValue().size()))) {
                Double rel = c.relative();
                rows.add(new String[] { c.subject() + (c.ambiguous() ? " (?)" : c.grouped() ? " (group)" : ""),
                        c.column().title() + (c.perSecond() ? " " + c.unit() : ""),
                        value(c.column(), c.comparedA(), c.unit()), value(c.column(), c.comparedB(), c.unit()),
                        signed(c.column(), c.change(), c.unit()),
                        rel == null ? "-" : String.format(Locale.ROOT, "%+.0f%%", rel * 100),
                        c.test() == null ? "-" : p(c.p()),
                        c.significant() ? "significant" : "" });
            }
            align(rows, out);
            if (e.getValue().size() > shown) {
                out.println("(" + (e.getValue().size() - shown) + " more: --rows all, --format csv|json)");
            }
        }
        if (run.breakdown() != null) {
            breakdown(run.breakdown(), out);
        }
        if (o.changes().stream().anyMatch(FigureChange::ambiguous)) {
            out.println();
            out.println("note: (?) a subject matched a different number of rows in A and B (a pool that grew or shrank, "
                    + "or two programs of one name): compared as groups, summed");
        }
        out.flush();
    }

    /** Where one process's time went in A and in B, per second of each run's traced time, part by part. */
    private static void breakdown(ProcessBreakdown b, PrintWriter out) {
        out.println();
        out.println(String.format(Locale.ROOT, "Where %s's time went (its threads' time per second; %.3g s traced in A, "
                + "%.3g s in B; %d tests, significant below %.2g)", b.process(), b.secondsA(), b.secondsB(), b.tests(),
                b.threshold()));
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] { "Part", "", "A /s", "B /s", "Change", "%", "p", "" });
        for (ProcessBreakdown.Part part : b.parts()) {
            Double rel = part.relative();
            rows.add(new String[] { part.name(), part.kind().equals("state") ? "" : part.kind(),
                    CellFormat.duration(part.perSecondA()) + "/s", CellFormat.duration(part.perSecondB()) + "/s",
                    (part.change() < 0 ? "-" : "+") + CellFormat.duration(Math.abs(part.change())) + "/s",
                    rel == null ? (part.perSecondB() > 0 ? "new" : "-") : String.format(Locale.ROOT, "%+.0f%%", rel * 100),
                    p(part.p()), part.significant() ? "significant" : "" });
        }
        align(rows, out);
    }

    /** A long line in lines of at most 120 columns, the others indented. */
    private static void wrap(String text, PrintWriter out) {
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > 120) {
                out.println(line);
                line.setLength(0);
                line.append("   ");
            }
            line.append(line.length() == 0 || line.toString().isBlank() ? (line.length() == 0 ? "" : " ") : " ")
                    .append(word);
        }
        out.println(line);
    }

    /** A p-value in two digits; below what a double's tail keeps, a bound. */
    private static String p(double p) {
        return p < 1e-15 ? "<1e-15" : String.format(Locale.ROOT, "%.2g", p);
    }

    private static void align(List<String[]> rows, PrintWriter out) {
        int[] w = new int[rows.get(0).length];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                w[i] = Math.max(w[i], r[i].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                String cell = r[i];
                String pad = " ".repeat(w[i] - cell.length());
                s.append(i < 2 || i == r.length - 1 ? cell + pad : pad + cell).append(i < r.length - 1 ? "  " : "");
            }
            out.println(s.toString().stripTrailing());
        }
    }

    /** A change's fields in CSV and JSON, in their order: the contract's first. */
    private static final List<Map.Entry<String, Function<FigureChange, Object>>> FIELDS = List.of(
            Map.entry("analysis", FigureChange::analysis), Map.entry("table", FigureChange::table),
            Map.entry("subject", FigureChange::subject), Map.entry("figure", c -> c.column().key()),
            Map.entry("a", FigureChange::a), Map.entry("b", FigureChange::b),
            Map.entry("significant", FigureChange::significant), Map.entry("per_second", c -> c.perSecond() && c.per().equals("second")),
            Map.entry("a_compared", FigureChange::comparedA), Map.entry("b_compared", FigureChange::comparedB),
            Map.entry("change", FigureChange::change), Map.entry("relative", FigureChange::relative),
            Map.entry("p", FigureChange::p), Map.entry("test", FigureChange::test),
            Map.entry("rows_a", FigureChange::rowsA), Map.entry("rows_b", FigureChange::rowsB),
            Map.entry("ambiguous", FigureChange::ambiguous), Map.entry("line", ComparisonWriter::line));

    public static void csv(Run run, PrintWriter out) {
        List<String> header = new ArrayList<>(List.of("rank"));
        FIELDS.forEach(f -> header.add(f.getKey()));
        out.println(String.join(",", header));
        int rank = 1;
        for (FigureChange c : run.outcome().changes()) {
            List<String> cells = new ArrayList<>(List.of(Integer.toString(rank++)));
            FIELDS.forEach(f -> cells.add(csvCell(f.getValue().apply(c))));
            out.println(String.join(",", cells));
        }
        out.flush();
    }

    private static String csvCell(Object x) {
        if (x == null) {
            return "";
        }
        String s = x.toString();
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    public static void json(Run run, PrintWriter out) throws IOException {
        RunComparison.Outcome o = run.outcome();
        JsonWriter j = new JsonWriter(out);
        j.setIndent("  ");
        j.beginObject();
        j.name("a").value(run.whatA());
        j.name("b").value(run.whatB());
        j.name("normalisation").value(o.per().describe());
        if (o.per().span() != null) {
            j.name("per").beginObject().name("unit").value(o.per().unit()).name("span").value(o.per().span())
                    .name("a").value(o.per().a()).name("b").value(o.per().b()).endObject();
        }
        j.name("tests").value(TESTS);
        j.name("test_count").value(o.tests());
        j.name("threshold_p").value(o.threshold());
        j.name("seconds");
        j.beginObject();
        for (String analysis : o.secondsA().keySet()) {
            j.name(analysis).beginObject().name("a").value(o.secondsA().get(analysis)).name("b")
                    .value(o.secondsB().get(analysis)).endObject();
        }
        j.endObject();
        j.name("failed").beginArray();
        for (var f : run.failed().entrySet()) {
            j.beginObject().name("threshold").value(f.getKey().text());
            j.name("analysis").value(f.getValue().analysis()).name("subject").value(f.getValue().subject());
            j.name("figure").value(f.getValue().column().key()).name("line").value(line(f.getValue()));
            j.endObject();
        }
        j.endArray();
        j.name("changes").beginArray();
        for (FigureChange c : o.changes()) {
            j.beginObject();
            for (var f : FIELDS) {
                j.name(f.getKey());
                Object v = f.getValue().apply(c);
                if (v instanceof Number n) {
                    j.value(n);
                } else if (v instanceof Boolean b) {
                    j.value(b);
                } else {
                    j.value((String) v);
                }
            }
            j.endObject();
        }
        j.endArray();
        if (run.breakdown() != null) {
            ProcessBreakdown b = run.breakdown();
            j.name("breakdown").beginObject();
            j.name("process").value(b.process()).name("test_count").value(b.tests()).name("threshold_p").value(b.threshold());
            j.name("parts").beginArray();
            for (ProcessBreakdown.Part p : b.parts()) {
                j.beginObject().name("kind").value(p.kind()).name("part").value(p.name()).name("a").value(p.nsA())
                        .name("b").value(p.nsB()).name("a_per_second").value(p.perSecondA()).name("b_per_second")
                        .value(p.perSecondB()).name("change").value(p.change()).name("relative").value(p.relative())
                        .name("p").value(p.p()).name("significant").value(p.significant()).endObject();
            }
            j.endArray().endObject();
        }
        j.endObject();
        j.flush();
        out.println();
        out.flush();
    }
}
