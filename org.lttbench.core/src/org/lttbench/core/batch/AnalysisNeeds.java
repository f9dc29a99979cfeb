package org.lttbench.core.batch;

import java.util.function.Predicate;

import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.run.ExitCode;
import org.lttbench.core.run.RunFailure;

/**
 * An option that reads what one analysis makes ({@code --folded} the process analysis's, {@code --per-request} the
 * spans') needs that analysis in the plan, before the pass: else it does not apply to the traces (the plan's reason,
 * exit 1), or was left out of {@code --analysis} (a usage error saying what to add).
 */
final class AnalysisNeeds {
    private AnalysisNeeds() {
    }

    /**
     * @param where  which run, for a command of two ({@code " to A"}), or an empty string
     * @param add    what the usage error says after the analysis's name: how to have it
     */
    static void require(AnalysisRun.Plan plan, Predicate<AnalysisRun.Plan> has, String option, String analysis,
            String where, String add) throws RunFailure {
        if (!has.test(plan)) {
            String why = plan.reasons().get(analysis);
            throw why != null ? new RunFailure(ExitCode.NOT_APPLICABLE, option + " needs the " + analysis + " analysis, "
                    + "which does not apply" + where + ": " + why) : RunFailure.usage(option + " needs the " + analysis
                            + " analysis" + add);
        }
    }
}
