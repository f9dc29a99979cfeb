package org.lttbench.core.batch;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.run.ExitCode;
import org.lttbench.core.run.RunFailure;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code lttbench help [COMMAND|ANALYSIS]}: a command's usage, or an analysis's tables and what each column holds,
 * written from the tables the analysis declares, so that it cannot drift from what the analysis writes. With
 * {@code --markdown}, the same as the guide's column reference ({@code docs/reference/columns.md} is its output for
 * every analysis).
 */
@Command(name = "help", description = "Help on a command (lttbench help analyze), or an analysis's tables and the "
        + "meaning of each column (lttbench help process)")
public final class HelpCommand implements Callable<Integer> {

    /** The column reference's first lines, before every analysis's. */
    static final String REFERENCE_HEADING = """
            # Column reference

            Every table of every analysis and what each column holds, as the analyses declare them: written by
            `./lttbench help --markdown` (a test checks this page is its output). `lttbench help ANALYSIS` prints the same
            in a terminal. Units are those of JSON, CSV and `--out`; text shows durations, sizes and shares scaled.
            """;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "COMMAND|ANALYSIS", completionCandidates = AnalysisNames.class,
            description = "A command, or one of the analyses: ${COMPLETION-CANDIDATES}")
    String topic;

    @Option(names = "--markdown", description = "An analysis's columns as Markdown tables; without ANALYSIS, every "
            + "analysis's (the guide's column reference)")
    boolean markdown;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        CommandLine top = spec.commandLine().getParent();
        try {
            if (topic == null && markdown) {
                out.print(REFERENCE_HEADING);
                List<AnalysisProvider> all = new ArrayList<>(Analyses.all());
                all.addAll(Analyses.onRequest());
                for (AnalysisProvider a : all) {
                    out.println();
                    columns(a, true, out);
                }
            } else if (topic == null) {
                top.usage(out);
            } else if (top.getSubcommands().containsKey(topic) && !markdown) {
                top.getSubcommands().get(topic).usage(out);
            } else {
                AnalysisProvider analysis = Analyses.byName(topic.toLowerCase(Locale.ROOT));
                if (analysis == null) {
                    throw RunFailure.usage("no command or analysis '" + topic + "': the commands are "
                            + String.join(", ", top.getSubcommands().keySet()) + "; the analyses are "
                            + AnalysisNames.list());
                }
                columns(analysis, markdown, out);
            }
            out.flush();
            return ExitCode.OK;
        } catch (Exception e) {
            return RunFailure.tell("lttbench help", e, err);
        }
    }

    /**
     * The analysis's description, then each table it declares (per grouping where they differ) and its columns; a table
     * that several traces read together give with more columns (the machine's) is said in one line.
     */
    static void columns(AnalysisProvider analysis, boolean markdown, PrintWriter out) {
        if (markdown) {
            out.println("## `" + analysis.name() + "`");
            out.println();
            out.println(analysis.description() + ".");
        } else {
            out.println(analysis.name() + ": " + analysis.description());
            out.println("Its tables (lttbench analyze --analysis " + analysis.name() + " --all --wide TRACE shows them; "
                    + "JSON, CSV and --out use the keys):");
        }
        AnalysisTables tables = analysis.tables();
        List<TableSchema> shown = new ArrayList<>();
        for (AnalysisTables.Grouping grouping : List.of(tables.byThread(), tables.byProcess())) {
            String by = tables.byThread() == tables.byProcess() ? "" : grouping == tables.byProcess() ? "--by process"
                    : "--by thread";
            for (TableSchema t : grouping.tables()) {
                if (!shown.contains(t)) { // the same table in both groupings: once
                    shown.add(t);
                    table(t, t.title() + (t.chartData() ? ", chart data" : "") + (by.isEmpty() ? "" : ", " + by),
                            markdown, out);
                }
            }
            for (TableSchema t : grouping.optional()) {
                TableSchema same = shown.stream().filter(u -> u.key().equals(t.key())).findFirst().orElse(null);
                if (shown.contains(t)) {
                    continue;
                }
                shown.add(t);
                if (same == null) {
                    table(t, t.title() + ", when the traces have it" + (t.chartData() ? ", chart data" : "")
                            + (by.isEmpty() ? "" : ", " + by), markdown, out);
                } else {
                    List<String> more = t.columns().stream().filter(c -> !same.columns().contains(c))
                            .map(c -> markdown ? "`" + c.key() + "`" : c.key()).toList();
                    out.println();
                    out.println((markdown ? "`" + t.key() + "`" : t.key()) + (by.isEmpty() ? "" : " (" + by + ")")
                            + ", when several traces are read together, also has " + String.join(", ", more)
                            + (markdown ? "." : ""));
                }
            }
        }
    }

    private static void table(TableSchema t, String what, boolean markdown, PrintWriter out) {
        out.println();
        if (markdown) {
            out.println("### `" + t.key() + "`: " + what);
            out.println();
            out.println("| key | in text | unit | meaning |");
            out.println("|---|---|---|---|");
            for (Column c : t.columns()) {
                String unit = unit(c.kind());
                out.println("| `" + c.key() + "` | " + cell(c.title()) + (c.detail() ? " (detail)" : "") + " | "
                        + (unit == null ? "" : unit) + " | " + cell(c.description()) + " |");
            }
            return;
        }
        out.println(t.key() + " (" + what + ")");
        int width = t.columns().stream().mapToInt(c -> c.key().length()).max().orElse(0);
        for (Column c : t.columns()) {
            String unit = unit(c.kind()) != null ? " [" + unit(c.kind()) + "]" : "";
            out.printf(Locale.ROOT, "  %-" + width + "s  %s%s%s: %s%n", c.key(), c.title(), unit,
                    c.detail() ? " (detail)" : "", c.description());
        }
    }

    /** A Markdown table cell's text: its bars escaped. */
    private static String cell(String text) {
        return text.replace("|", "\\|");
    }

    /** The unit of a kind's raw values, as JSON, CSV and --out hold them; null for names and plain numbers. */
    private static String unit(ColumnKind kind) {
        return switch (kind) {
            case DURATION, FRACTIONAL_DURATION -> "ns";
            case TIMESTAMP -> "ns since the epoch";
            case SIZE -> "bytes";
            case RATIO -> "fraction, 0 to 1";
            case RATE -> "per second";
            case BYTE_RATE -> "bytes per second";
            case BITRATE -> "bits per second";
            default -> null;
        };
    }
}
