package org.lttbench.core.analysis.process;

import java.util.List;

import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.trace.ForwardingSink;
import org.lttbench.core.trace.HandOff;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.TraceSet;

/**
 * The process analysis another analysis builds on (the waits, the critical path, the latencies): the run's own when
 * one runs over the same range, so the threads' states are followed once per pass; else the one another analysis of
 * the run that builds on it made (the first {@link User} to be introduced makes it and feeds it); else one of its own
 * that this pass feeds.
 */
public final class ProcessPass implements ForwardingSink {
    /**
     * An analysis that builds on a process analysis through a pass: those of one run share one. Its records go to the
     * pass, which feeds the process analysis when no other does.
     */
    public interface User extends Analysis, ForwardingSink {
        ProcessPass processPass();

        /** How its reasons name it, where the process analysis's name it: {@code the waits analysis}. */
        String nameInReasons();

        /** Where the process analysis does not apply, nor does it: the same reason, in its own name. */
        @Override
        default String whyNotApplicable(TraceSet traces) {
            return processPass().whyNotApplicable(traces, nameInReasons());
        }

        /** Its records go to its pass. */
        @Override
        default RecordSink recipient() {
            return processPass();
        }

        @Override
        default void runsWith(List<Analysis> others) {
            processPass().share(others);
        }

        /** Left out without a word where the process analysis would be (a trace set without a kernel trace). */
        @Override
        default String whyNotApplicableBriefly(TraceSet traces) {
            return processPass().whyNotApplicableBriefly(traces);
        }

        /** Only the user whose pass feeds the process analysis (the run has none of its own) hears the records. */
        @Override
        default boolean hearsRecords() {
            return processPass().feeds();
        }
    }

    /** Where the records go while the pass does not feed a process analysis. */
    private static final RecordSink NOWHERE = event -> {
    };

    private final AnalysisOptions options;
    /** Told every state change (a critical path's history), or null. */
    private final ThreadStateSink observer;
    private ProcessAnalysis shared;
    /** The process analysis this pass made for its run's users (and feeds), before the run's start. */
    private ProcessAnalysis made;
    private ProcessAnalysis processes;
    private boolean feeds;

    public ProcessPass(AnalysisOptions options, ThreadStateSink observer) {
        this.options = options;
        this.observer = observer;
    }

    /**
     * The run's process analyses (its own, or the one its users made) tell their sinks on a second thread, beside the
     * reading one (a staged pass), when the machine has a second core for it ({@link HandOff#secondCore}):
     * for a run whose figures are read once it is over (not a live view). Before the run starts.
     */
    public static void handOff(List<? extends Analysis> analyses) {
        if (!HandOff.secondCore()) {
            return;
        }
        for (ProcessAnalysis p : fed(analyses)) {
            p.handOff();
        }
    }

    /** After a pass that failed: the second threads {@link #handOff} started stop. */
    public static void abandon(List<? extends Analysis> analyses) {
        for (ProcessAnalysis p : fed(analyses)) {
            p.abandon();
        }
    }

    /** The run's process analyses that its pass feeds: its own, and those its users made. */
    private static List<ProcessAnalysis> fed(List<? extends Analysis> analyses) {
        List<ProcessAnalysis> fed = new java.util.ArrayList<>();
        for (Analysis a : analyses) {
            if (a instanceof ProcessAnalysis p) {
                fed.add(p);
            } else if (a instanceof User u && u.processPass().made != null) {
                fed.add(u.processPass().made);
            }
        }
        return fed;
    }

    /** Over a process analysis that has done its pass (or replayed a kept history): nothing to feed. */
    public static ProcessPass over(ProcessAnalysis done, AnalysisOptions options) {
        ProcessPass pass = new ProcessPass(options, null);
        pass.shared = done;
        pass.processes = done;
        return pass;
    }

    /**
     * Takes the run's process analysis over the same range, if one runs ({@link Analysis#runsWith}); else that of
     * another user of the run, or makes one for them all.
     */
    public void share(List<Analysis> others) {
        for (Analysis a : others) {
            if (a instanceof ProcessAnalysis p && p.range().equals(options.range()) && shared == null) {
                shared = p;
            }
        }
        for (Analysis a : others) {
            if (shared == null && a instanceof User u && u.processPass().made != null
                    && u.processPass().options.range().equals(options.range())) {
                shared = u.processPass().made;
            }
        }
        if (shared == null) {
            made = new ProcessAnalysis(options);
        }
        if (observer != null) {
            (made != null ? made : shared).observe(observer); // before any start
        }
    }

    /** Why the analysis named {@code who} ("the waits analysis") cannot run on {@code traces}: the process analysis's reason. */
    public String whyNotApplicable(TraceSet traces, String who) {
        String why = new ProcessAnalysis(options).whyNotApplicable(traces);
        return why == null ? null : why.replace("the process analysis", who);
    }

    /** The process analysis's brief reason. */
    public String whyNotApplicableBriefly(TraceSet traces) {
        return new ProcessAnalysis(options).whyNotApplicableBriefly(traces);
    }

    @Override
    public void start(TraceSet traces) {
        feeds = shared == null;
        if (made != null) {
            processes = made;
        } else if (shared != null) {
            processes = shared;
        } else { // not introduced to a run: a process analysis of its own
            processes = new ProcessAnalysis(options);
            if (observer != null) {
                processes.observe(observer);
            }
        }
        if (feeds) {
            processes.start(traces);
        }
    }

    /** Whether this pass feeds its process analysis (no other sink of the run does): known once started. */
    public boolean feeds() {
        return feeds;
    }

    /** Where the pass's records go: to its process analysis while it feeds it (see {@link #start}), else nowhere. */
    @Override
    public RecordSink recipient() {
        return feeds ? processes : NOWHERE;
    }

    /** The process analysis, once started (or given to {@link #over}). */
    public ProcessAnalysis analysis() {
        return processes;
    }
}
