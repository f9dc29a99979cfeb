package org.lttbench.core.analysis;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;

/**
 * The tables an analysis reports, declared once and statically ({@link AnalysisProvider#tables()}), per grouping
 * ({@code --by}). The analysis makes its report's tables from these schemas; LAMI's {@code --metadata} and fleet's
 * table files take them from here: no analysis runs to learn them.
 *
 * @param byThread  the report per thread (the default grouping)
 * @param byProcess the report per process
 */
public record AnalysisTables(Grouping byThread, Grouping byProcess) {

    /**
     * One grouping's report.
     *
     * @param title    the report's title
     * @param tables   the tables every report of this grouping has, in its order
     * @param optional those a report has only when the traces tell: a table only some traces fill, or the same table
     *                 with a first column naming the machine when the traces are of several
     */
    public record Grouping(String title, List<TableSchema> tables, List<TableSchema> optional) {
        public Grouping {
            tables = List.copyOf(tables);
            optional = List.copyOf(optional);
        }

        /** Whether a report's table is one of these, as declared (key, title, columns, chart data). */
        public boolean declares(Table table) {
            TableSchema schema = TableSchema.of(table);
            return tables.contains(schema) || optional.contains(schema);
        }
    }

    /** An analysis without groupings: its report is the same whatever the grouping. */
    public static AnalysisTables ungrouped(Grouping report) {
        return new AnalysisTables(report, report);
    }

    public Grouping grouping(GroupBy groupBy) {
        return groupBy == GroupBy.PROCESS ? byProcess : byThread;
    }

    /** The title of the report per thread, the default grouping. */
    public String title() {
        return byThread.title();
    }

    /**
     * The tables every report has, each key once: the report per thread's, then those of the report per process
     * that it lacks. LAMI's {@code --metadata} declares these table classes; fleet writes their files even when no
     * trace fills them.
     */
    public List<TableSchema> tables() {
        List<TableSchema> all = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        for (Grouping g : List.of(byThread, byProcess)) {
            for (TableSchema t : g.tables()) {
                if (keys.add(t.key())) {
                    all.add(t);
                }
            }
        }
        return all;
    }
}
