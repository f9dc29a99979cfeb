package org.lttbench.core.batch;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;

import org.lttbench.core.analysis.waits.WaitStacks;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.run.RunFailure;

/** {@code --folded}: the threads' time as folded stacks ({@link WaitStacks}), written beside the reports. */
final class FoldedStacks {
    private FoldedStacks() {
    }

    /** Before the pass: the plan must follow the threads' states, or {@code option} has nothing to tell. */
    static void check(AnalysisRun.Plan plan, String option) throws RunFailure {
        AnalysisNeeds.require(plan, p -> WaitStacks.follows(p.toRun()), option, "process", "",
                " or one built on it (waits, critical-path, syscalls, sched, irq, io): add one to --analysis");
    }

    interface Content {
        void write(Writer out) throws IOException;
    }

    /** Writes a file, its directory made; a place that cannot be written is a usage error naming it. */
    static void write(String option, Path file, Content content) throws RunFailure {
        try {
            if (file.toAbsolutePath().getParent() != null) {
                Files.createDirectories(file.toAbsolutePath().getParent());
            }
            try (Writer w = Files.newBufferedWriter(file)) {
                content.write(w);
            }
        } catch (IOException e) {
            throw RunFailure.usage(option + " " + file + ": cannot write there: " + RunFailure.reason(e));
        }
    }
}
