package org.lttbench.traceserver.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * On kernel traces and on a kernel + user-space experiment of one session, the server lists LTTbench's outputs (its
 * thread states, critical path and report tables at least) and each of them answers the Trace Viewer's requests with a
 * complete model, not a failure. A report table the trace cannot have (the analysis needs events the trace lacks)
 * answers FAILED with the provider's reason: those are printed, not counted as failures.
 */
class OutputsAnswerTest {

    /** Outputs every kernel trace must have (the process table stands for the report tables). */
    static final List<String> KERNEL_OUTPUTS = List.of("org.lttbench.tracecompass.provider.threadstates",
            "org.lttbench.tracecompass.provider.criticalpath",
            "org.lttbench.tracecompass.provider.table:process.thread.threads");

    /** Experiments: the traces of each, separated by '+'. */
    @ParameterizedTest
    @ValueSource(strings = { "kernel-scp-src", "kernel-many-threads", "session-multi-domains/kernel+session-multi-domains/ust" })
    void everyLttbenchOutputIsListedAndAnswers(String traces) throws Exception {
        Tsp tsp = new Tsp(TraceServer.shared().base());
        String experiment = ServerTraces.experiment(tsp, "outputs " + traces.replace('/', '-'), traces.split("\\+"));
        JsonObject info = tsp.experimentInfo(experiment);
        JsonArray outputs = tsp.outputs(experiment);
        Set<String> ids = new TreeSet<>();
        outputs.forEach(o -> ids.add(o.getAsJsonObject().get("id").getAsString()));
        for (String expected : KERNEL_OUTPUTS) {
            assertTrue(ids.contains(expected), expected + " listed for " + traces + ": " + ids);
        }
        List<JsonObject> ours = ServerTraces.lttbenchOutputs(outputs);
        List<String> problems = new ArrayList<>();
        List<String> notApplicable = new ArrayList<>();
        for (JsonObject output : ours) {
            problems.addAll(Outputs.problems(tsp, experiment, output, info.get("start").getAsLong(), info.get("end").getAsLong(),
                    notApplicable));
        }
        System.out.println(traces + ": " + ours.size() + " LTTbench outputs of " + ids.size() + ", " + notApplicable.size()
                + " report tables not applicable:");
        notApplicable.forEach(n -> System.out.println("  " + n));
        assertEquals(List.of(), problems, traces + ": LTTbench outputs that did not answer");
    }
}
