package org.lttbench.core.run;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.discarded.LossTally;
import org.lttbench.core.analysis.process.ProcessPass;
import org.lttbench.core.report.Report;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordFanOut;
import org.lttbench.core.trace.RecordHandOff;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.core.trace.UnreadFile;

/**
 * Which analyses run on the traces ({@link #plan}), then all of them over one read of the traces (DESIGN.md: one pass,
 * many sinks). The command line, LAMI, the viewer, Trace Compass and fleet all plan and run this way.
 */
public final class AnalysisRun {
    private AnalysisRun() {
    }

    /**
     * What a run does, decided from the traces' metadata before anything is read.
     *
     * @param analyses      fresh analyses to run, by name, in the providers' order (the caller's to change)
     * @param notApplicable the others, in the providers' order, each with why it does not apply
     */
    public record Plan(Map<String, Analysis> analyses, List<NotApplicable> notApplicable) {

        /** The analyses to run, in the providers' order. */
        public List<Analysis> toRun() {
            return List.copyOf(analyses.values());
        }

        /** Why each analysis left out does not apply ({@link Analysis#whyNotApplicable}), by name. */
        public Map<String, String> reasons() {
            Map<String, String> reasons = new LinkedHashMap<>();
            for (NotApplicable n : notApplicable) {
                reasons.put(n.provider().name(), n.why());
            }
            return reasons;
        }

        /** Those reasons in one line: {@code name: why; name: why}. */
        public String whyNot() {
            return String.join("; ", notApplicable.stream().map(n -> n.provider().name() + ": " + n.why()).toList());
        }
    }

    /**
     * An analysis a run leaves out.
     *
     * @param why     {@link Analysis#whyNotApplicable}
     * @param briefly {@link Analysis#whyNotApplicableBriefly}
     */
    public record NotApplicable(AnalysisProvider provider, String why, String briefly) {
    }

    /** A fresh analysis of each provider, with these options; those that apply to the traces are to run. */
    public static Plan plan(List<AnalysisProvider> providers, TraceSet traces, AnalysisOptions options) {
        return plan(providers, traces, p -> p.create(options));
    }

    /**
     * The same, each analysis made by {@code make}: one with an observer of its own (Trace Compass's state system),
     * or options of its own (the viewer's groupings).
     */
    public static Plan plan(List<AnalysisProvider> providers, TraceSet traces, Function<AnalysisProvider, Analysis> make) {
        Map<String, Analysis> analyses = new LinkedHashMap<>();
        List<NotApplicable> notApplicable = new ArrayList<>();
        for (AnalysisProvider p : providers) {
            Analysis a = make.apply(p);
            String why = a.whyNotApplicable(traces);
            if (why == null) {
                analyses.put(p.name(), a);
            } else {
                notApplicable.add(new NotApplicable(p, why, a.whyNotApplicableBriefly(traces)));
            }
        }
        return new Plan(analyses, List.copyOf(notApplicable));
    }

    /**
     * The plan of a request: analyses asked for by name ({@code asked}) must all apply; by default those that do not
     * apply are left out, and it is a failure ({@link ExitCode#NOT_APPLICABLE}) only when none applies.
     */
    public static Plan select(List<AnalysisProvider> providers, boolean asked, TraceSet traces, AnalysisOptions options)
            throws RunFailure {
        Plan plan = plan(providers, traces, options);
        if ((asked && !plan.notApplicable().isEmpty()) || plan.analyses().isEmpty()) {
            throw new RunFailure(ExitCode.NOT_APPLICABLE,
                    plan.notApplicable().isEmpty() ? "no analysis to run" : plan.whyNot());
        }
        return plan;
    }

    /**
     * What one pass gave: the reports, and the line saying that the traces lost events (null when they lost none,
     * {@link RunNotes#losses}).
     */
    public record Outcome(List<Report> reports, String lossLine) {
    }

    /**
     * One pass as the command line makes it: the analyses, and the run's own tally of the traces' losses beside them.
     *
     * @param staged whether nothing reads an analysis before the pass is over and the pass has a second core to itself,
     *               so that it may be staged ({@link #runStaged}): not when it is shown as it goes ({@code top}), nor
     *               for two passes at once ({@code diff}), each of which already takes a core
     */
    public static Outcome pass(TraceSet traces, List<? extends Analysis> analyses, List<? extends RecordSink> alongside,
            ProgressListener progress, boolean staged) throws IOException {
        LossTally tally = new LossTally();
        List<RecordSink> sinks = new ArrayList<>(alongside);
        sinks.add(tally);
        List<Report> reports = run(traces, analyses, sinks, progress, staged);
        return new Outcome(reports, tally.summaryLine());
    }

    /** Reads the traces once, feeding every analysis, and returns their reports in the same order. */
    public static List<Report> run(TraceSet traces, List<? extends Analysis> analyses, ProgressListener progress)
            throws IOException {
        return run(traces, analyses, List.of(), progress);
    }

    /**
     * The same, with other sinks fed by the same pass (e.g. the loss tally the command line always keeps).
     */
    public static List<Report> run(TraceSet traces, List<? extends Analysis> analyses,
            List<? extends RecordSink> alongside, ProgressListener progress) throws IOException {
        return run(traces, analyses, alongside, progress, false);
    }

    /**
     * The same, for a run whose analyses nobody reads before the pass is over (neither a sink alongside nor the
     * progress listener asks one for a report): the process analyses' sinks (the ledger, the waits, CPU usage and the
     * latencies) may then hear the state machines on a thread of their own, beside the reading one, when the machine
     * has more than one CPU ({@link ProcessPass#handOff}: a staged pass), and the analyses that may hear copies of the
     * records (overhead, discarded) another ({@link RecordHandOff}). Not for two passes at once (see {@link #pass}).
     */
    public static List<Report> runStaged(TraceSet traces, List<? extends Analysis> analyses, ProgressListener progress)
            throws IOException {
        return run(traces, analyses, List.of(), progress, true);
    }

    private static List<Report> run(TraceSet traces, List<? extends Analysis> analyses,
            List<? extends RecordSink> alongside, ProgressListener progress, boolean staged) throws IOException {
        introduce(analyses);
        if (staged) {
            ProcessPass.handOff(analyses);
        }
        List<RecordSink> sinks = new ArrayList<>(analyses);
        sinks.addAll(alongside);
        RecordHandOff later = staged ? RecordHandOff.takeFrom(sinks, traces) : null;
        try {
            traces.read(new RecordFanOut(sinks), progress);
        } catch (IOException | RuntimeException | Error e) {
            ProcessPass.abandon(analyses);
            if (later != null) {
                later.abandon();
            }
            throw e;
        }
        String unread = UnreadFile.note(traces.unreadFiles());
        List<Report> reports = new ArrayList<>();
        for (Analysis a : analyses) {
            Report r = a.report();
            if (unread != null) {
                r.note(unread);
            }
            reports.add(r);
        }
        return reports;
    }

    /**
     * Tells each analysis the others of its pass ({@link Analysis#runsWith}), before the pass starts; for callers
     * that feed the analyses themselves (Trace Compass hands its events to them one by one).
     */
    public static void introduce(List<? extends Analysis> analyses) {
        for (Analysis a : analyses) {
            List<Analysis> others = new ArrayList<>(analyses);
            others.remove(a);
            a.runsWith(others);
        }
    }
}
