package org.lttbench.traceserver.tests;

import java.util.ArrayList;
import java.util.List;

import org.lttbench.traceserver.tests.Tsp.Answer;
import org.lttbench.traceserver.tests.Tsp.Polled;

import com.google.gson.JsonObject;

/**
 * Every request the Trace Viewer makes to show one output, by the output's type: a data tree's tree; a time graph's
 * tree then the states of its first rows; an XY chart's (or a generic XY's) tree then the series of its first entries; a virtual table's
 * columns then its first lines. What did not answer COMPLETED is said, one line per request.
 */
final class Outputs {
    private static final int ROWS = 50;
    private static final int TIMES = 200;
    private static final String TABLE = "org.lttbench.tracecompass.provider.table:";

    private Outputs() {
    }

    /**
     * What a report table's provider says, with no model, for a table the trace cannot have: the analysis does not apply
     * (the trace lacks the events it needs) or its report has no such table. Listed apart: an answer, not a breakage.
     */
    static final List<String> NOT_APPLICABLE = List.of("not applicable: ", "no such table for this trace: ");

    /**
     * The answers that are not a complete model, as "output endpoint: answer" lines; empty when all answered. A
     * report table that is {@link #NOT_APPLICABLE} goes to {@code notApplicable} instead.
     */
    static List<String> problems(Tsp tsp, String experiment, JsonObject output, long start, long end,
            List<String> notApplicable) throws Exception {
        String id = output.get("id").getAsString();
        String type = output.get("type").getAsString();
        List<String> problems = new ArrayList<>();
        JsonObject range = Tsp.range(start, end, TIMES);
        switch (type) {
            case "DATA_TREE" -> {
                Answer tree = tsp.fetch(experiment, "data", id, "tree", range).last();
                if (id.startsWith(TABLE) && tree.code() == 200 && "FAILED".equals(tree.status())
                        && NOT_APPLICABLE.stream().anyMatch(tree.object().get("statusMessage").getAsString()::startsWith)) {
                    notApplicable.add(id + ": " + tree.object().get("statusMessage").getAsString());
                } else {
                    check(problems, id, "data tree", tree);
                }
            }
            case "TIME_GRAPH" -> {
                Polled tree = tsp.fetch(experiment, "timeGraph", id, "tree", range);
                if (check(problems, id, "time graph tree", tree)) {
                    List<Long> rows = first(ServerTraces.entryIds(tree.last().model()));
                    check(problems, id, "time graph states",
                            tsp.fetch(experiment, "timeGraph", id, "states", Tsp.items(range, rows)));
                }
            }
            case "TREE_TIME_XY" -> {
                Polled tree = tsp.fetch(experiment, "XY", id, "tree", range);
                if (check(problems, id, "XY tree", tree)) {
                    List<Long> series = first(ServerTraces.entryIds(tree.last().model()));
                    check(problems, id, "XY series", tsp.fetch(experiment, "XY", id, "xy", Tsp.items(range, series)));
                }
            }
            case "TREE_GENERIC_XY" -> {
                Polled tree = tsp.fetch(experiment, "genericXY", id, "tree", range);
                if (check(problems, id, "generic XY tree", tree)) {
                    List<Long> series = first(ServerTraces.entryIds(tree.last().model()));
                    check(problems, id, "generic XY series", tsp.fetch(experiment, "genericXY", id, "xy",
                            Tsp.items(Tsp.sampled(start, end, TIMES), series)));
                }
            }
            case "TABLE" -> {
                Polled columns = tsp.fetch(experiment, "table", id, "columns", range);
                if (check(problems, id, "table columns", columns)) {
                    JsonObject window = new JsonObject();
                    window.addProperty("requested_table_index", 0);
                    window.addProperty("requested_table_count", 100);
                    check(problems, id, "table lines", tsp.fetch(experiment, "table", id, "lines", window));
                }
            }
            default -> problems.add(id + ": an output type the Trace Viewer's requests here do not cover: " + type);
        }
        return problems;
    }

    private static List<Long> first(List<Long> ids) {
        return ids.subList(0, Math.min(ROWS, ids.size()));
    }

    private static boolean check(List<String> problems, String id, String what, Polled p) {
        return check(problems, id, what, p.last());
    }

    private static boolean check(List<String> problems, String id, String what, Answer a) {
        if (a.code() == 200 && "COMPLETED".equals(a.status()) && a.object().has("model")
                && !a.object().get("model").isJsonNull()) {
            return true;
        }
        problems.add(id + " " + what + ": " + a);
        return false;
    }
}
