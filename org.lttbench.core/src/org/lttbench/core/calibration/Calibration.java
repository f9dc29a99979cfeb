package org.lttbench.core.calibration;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.overhead.OverheadAnalysis;
import org.lttbench.core.analysis.overhead.TracepointStats;
import org.lttbench.core.calibration.CalibrationWorkload.Build;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.lttng.ChannelConfig;
import org.lttbench.core.lttng.LttngSession;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;

/**
 * The calibration experiment: the workload without a tracepoint, with an inactive one, then traced under each channel
 * configuration of the plan (one real LTTng session each, destroyed afterwards), each trace read back to count what it
 * captured and lost and to estimate the cost per event from the trace alone. Then the cost by the gap between events:
 * the workload in paired mode at each amount of work of the plan, with the contexts, in a buffer that holds the run,
 * each trace read back for the gaps between the thread's events.
 */
public final class Calibration {
    private final CalibrationWorkload workload;
    private final CalibrationPlan plan;
    private final Path output;
    private final String sessionPrefix;
    private final PrintWriter log;

    /**
     * @param output        an empty or missing directory: one subdirectory per sweep point (trace, workload output)
     * @param sessionPrefix prefix of the LTTng session names (a unique suffix is added)
     * @param log           where progress lines go (one per step)
     */
    public Calibration(CalibrationWorkload workload, CalibrationPlan plan, Path output, String sessionPrefix,
            PrintWriter log) {
        this.workload = workload;
        this.plan = plan;
        this.output = output;
        this.sessionPrefix = sessionPrefix;
        this.log = log;
    }

    /**
     * Everything the experiment measured.
     *
     * @param gapCosts the cost by gap, one run per amount of work of the plan
     * @param when     wall-clock time of the experiment, ns since the epoch
     */
    public record Result(CalibrationPlan plan, WorkloadMeasurement untraced, WorkloadMeasurement inactive,
            List<SweepResult> sweep, List<GapCostResult> gapCosts, TimeRange when) {
    }

    /** Rounds of work of the run that measures how long one takes on this machine. */
    private static final long SPIN_PROBE = 1_000;
    /**
     * About this long per repetition of a paired run, ns: long against the clock's resolution, short enough that few
     * repetitions hold a timer tick or another program's turn on the CPU.
     */
    private static final double REPETITION_NS = 500_000;
    /** An event's cost assumed when sizing a paired run, ns (a repetition's length need not be exact). */
    private static final double ASSUMED_EVENT_NS = 200;

    public Result run() throws IOException {
        long begin = System.currentTimeMillis() * 1_000_000;
        LttngSession.checkDaemon();
        Files.createDirectories(output);
        log.println("calibrate: loop without tracepoint (" + plan.baselineIterations() + " iterations x " + plan.repeats() + ")");
        WorkloadMeasurement untraced = workload.run(Build.UNTRACED, plan.baselineIterations(), plan.repeats(), plan.warmup());
        log.println("calibrate: loop with an inactive tracepoint");
        WorkloadMeasurement inactive = workload.run(Build.TRACED, plan.baselineIterations(), plan.repeats(), plan.warmup());
        if (!"inactive".equals(inactive.tracing())) {
            throw new IOException("another recording session enables " + CalibrationWorkload.PROVIDER
                    + " events, so the inactive-tracepoint baseline is traced (see lttng list)");
        }
        Files.writeString(output.resolve("untraced.txt"), untraced.output());
        Files.writeString(output.resolve("inactive.txt"), inactive.output());
        List<SweepResult> sweep = new ArrayList<>();
        for (int i = 0; i < plan.points().size(); i++) {
            SweepPoint point = plan.points().get(i);
            log.println("calibrate: [" + (i + 1) + "/" + plan.points().size() + "] traced, " + point.label());
            sweep.add(runPoint(i, point));
        }
        // A busy machine's consumer daemon may not keep up even with the plan's largest buffer: again, in a buffer that
        // holds the whole run, which loses nothing however late the consumer reads it.
        for (int attempt = 0; attempt < WHOLE_RUN_ATTEMPTS; attempt++) {
            for (boolean contexts : withoutMeasure(plan.points(), sweep)) {
                SweepPoint point = wholeRun(sweep, contexts, attempt);
                log.println("calibrate: no discard-mode run " + (contexts ? "with" : "without") + " contexts kept every "
                        + "event (a busy machine?): again in a buffer that holds the whole run, " + point.label());
                sweep.add(runPoint(sweep.size(), point));
            }
        }
        List<Boolean> missing = withoutMeasure(plan.points(), sweep);
        if (!missing.isEmpty()) {
            throw new IOException("no discard-mode run " + (missing.get(0) ? "with" : "without") + " contexts kept "
                    + "every event, even in a buffer that holds the whole run (" + SweepPoint.size(sweep
                            .get(sweep.size() - 1).point().channel().bytesPerCpu()) + " per CPU): the machine is too busy "
                    + "to measure; no calibration written (run lttbench calibrate again on a quieter machine)");
        }
        List<GapCostResult> gapCosts = new ArrayList<>();
        if (!plan.gapWorkNs().isEmpty()) {
            double nsPerSpin = workload.runPaired(2_000, 3, 0, SPIN_PROBE).untracedCpuNsPerIteration() / SPIN_PROBE;
            int runs = plan.rounds() * plan.gapWorkNs().size();
            for (int round = 1; round <= plan.rounds(); round++) {
                for (int i = 0; i < plan.gapWorkNs().size(); i++) {
                    long work = plan.gapWorkNs().get(i);
                    long spins = nsPerSpin > 0 ? Math.round(work / nsPerSpin) : 0;
                    log.println(String.format(java.util.Locale.ROOT, "calibrate: [%d/%d] cost by gap, round %d: %d ns "
                            + "of work between events (%d rounds of work), %d pairs traced and not", gapCosts.size() + 1,
                            runs, round, work, spins, plan.pairs()));
                    gapCosts.add(runGapPoint(round, i, work, spins, bytesPerEvent(sweep, true)));
                }
            }
        }
        return new Result(plan, untraced, inactive, sweep, gapCosts,
                new TimeRange(begin, System.currentTimeMillis() * 1_000_000));
    }

    /** One paired run with some work between events, in a buffer that holds every event of it, with the contexts. */
    private GapCostResult runGapPoint(int round, int index, long workNs, long spins, double bytesPerEvent)
            throws IOException {
        Path dir = output.resolve(String.format("gap-%d-%02d-%dns", round, index, workNs));
        Path traceRoot = dir.resolve("trace");
        long iterations = Math.max(100, Math.round(REPETITION_NS / (workNs + ASSUMED_EVENT_NS)));
        long events = iterations * (plan.pairs() + 1);
        PairedMeasurement m;
        try (LttngSession session = LttngSession.create(sessionPrefix + "-gap-" + round + "-" + index, traceRoot)) {
            session.enableChannel(holding(events * bytesPerEvent * 2));
            session.enableUserEvents(CalibrationPlan.CHANNEL, CalibrationWorkload.PROVIDER + ":*");
            session.addUserContexts(CalibrationPlan.CHANNEL, SweepPoint.CONTEXTS.toArray(new String[0]));
            session.start();
            m = workload.runPaired(iterations, plan.pairs(), iterations, spins);
            session.stop();
        }
        Files.writeString(dir.resolve("workload.txt"), m.output());
        if (!"active".equals(m.tracing())) {
            throw new IOException("the workload was not traced in its paired run (it says tracing=" + m.tracing()
                    + "): is lttng-sessiond running as this user or root?");
        }
        List<Path> traces = traceDirectories(traceRoot);
        if (traces.isEmpty()) {
            throw new IOException("the session wrote no trace under " + traceRoot);
        }
        OverheadAnalysis overhead = read(traces);
        TracepointStats it = overhead.tracepoint(CalibrationWorkload.ITERATION_EVENT);
        double gap = it == null ? Double.NaN : it.allGaps().percentile(0.5);
        return new GapCostResult(round, workNs, m, traces, it == null ? 0 : it.events(), overhead.discardedEvents(),
                Double.isNaN(gap) ? null : gap);
    }

    /** Mean bytes per iteration event of the sweep's runs with (or without) contexts; 64 when none says. */
    private static double bytesPerEvent(List<SweepResult> sweep, boolean contexts) {
        double bytes = 64;
        for (SweepResult r : sweep) {
            if (r.point().contexts() == contexts && r.bytesPerEvent() != null) {
                bytes = r.bytesPerEvent();
            }
        }
        return bytes;
    }

    private static OverheadAnalysis read(List<Path> traces) throws IOException {
        OverheadAnalysis overhead = new OverheadAnalysis(AnalysisOptions.DEFAULT);
        try (TraceSet set = CtfTraceSet.open(traces)) {
            AnalysisRun.run(set, List.of(overhead), ProgressListener.NONE);
        }
        return overhead;
    }

    /** How many times a buffer holding the whole run is tried (twice as large each time). */
    static final int WHOLE_RUN_ATTEMPTS = 2;

    /**
     * The context sets (without, with) the plan has discard-mode runs for but no run of the sweep measures the cost of
     * an event for. A plan without discard-mode runs (overwrite mode only, as the accuracy tests sweep) asks for none.
     */
    private static List<Boolean> withoutMeasure(List<SweepPoint> planned, List<SweepResult> sweep) {
        List<Boolean> missing = new ArrayList<>();
        for (boolean contexts : new boolean[] { false, true }) {
            boolean asked = planned.stream().anyMatch(p -> p.contexts() == contexts && !p.channel().overwrite());
            if (asked && sweep.stream().noneMatch(r -> r.point().contexts() == contexts && r.measures())) {
                missing.add(contexts);
            }
        }
        return missing;
    }

    /**
     * A discard-mode channel whose buffer holds every event of the run with room to spare (twice the bytes the
     * lossy runs' events took, doubled at each attempt), in 1 MiB sub-buffers of a power-of-two count as LTTng wants.
     */
    private static SweepPoint wholeRun(List<SweepResult> sweep, boolean contexts, int attempt) {
        long events = 0;
        for (SweepResult r : sweep) {
            if (r.point().contexts() == contexts) {
                events = Math.max(events, r.measurement().allEvents());
            }
        }
        return new SweepPoint(holding(events * bytesPerEvent(sweep, contexts) * 2 * (1L << attempt)), contexts);
    }

    /** A discard-mode channel of 1 MiB sub-buffers, a power-of-two count of them (4 at least) holding {@code bytes}. */
    private static ChannelConfig holding(double bytes) {
        long subbuf = 1 << 20;
        int count = Integer.highestOneBit((int) Math.max(4, Math.ceil(bytes / subbuf)) - 1) << 1;
        return new ChannelConfig(CalibrationPlan.CHANNEL, subbuf, count, false);
    }

    private SweepResult runPoint(int index, SweepPoint point) throws IOException {
        Path dir = output.resolve(String.format("%02d-%s", index, point.label()));
        Path traceRoot = dir.resolve("trace");
        WorkloadMeasurement m;
        try (LttngSession session = LttngSession.create(sessionPrefix + "-" + index, traceRoot)) {
            session.enableChannel(point.channel());
            session.enableUserEvents(CalibrationPlan.CHANNEL, CalibrationWorkload.PROVIDER + ":*");
            if (point.contexts()) {
                session.addUserContexts(CalibrationPlan.CHANNEL, SweepPoint.CONTEXTS.toArray(new String[0]));
            }
            session.start();
            m = workload.run(Build.TRACED, plan.iterations(), plan.repeats(), plan.warmup());
            session.stop();
        }
        Files.writeString(dir.resolve("workload.txt"), m.output());
        if (!"active".equals(m.tracing())) {
            throw new IOException("the workload was not traced under " + point.label() + " (it says tracing=" + m.tracing()
                    + "): is lttng-sessiond running as this user or root?");
        }
        List<Path> traces = traceDirectories(traceRoot);
        if (traces.isEmpty()) {
            throw new IOException("the session wrote no trace under " + traceRoot);
        }
        OverheadAnalysis overhead = read(traces);
        long all = 0;
        for (TracepointStats t : overhead.tracepoints()) {
            if (t.name().startsWith(CalibrationWorkload.PROVIDER + ":")) {
                all += t.events();
            }
        }
        TracepointStats it = overhead.tracepoint(CalibrationWorkload.ITERATION_EVENT);
        long captured = it == null ? 0 : it.events();
        Double bytes = it == null || Double.isNaN(it.bytesPerEvent()) ? null : it.bytesPerEvent();
        return new SweepResult(point, m, traces, captured, all, overhead.discardedEvents(), overhead.discardedPackets(),
                overhead.packetsMissingAtStart(), bytes, it == null ? null : it.estimate());
    }

    /** Directories holding a {@code metadata} file under a session's output. */
    static List<Path> traceDirectories(Path root) throws IOException {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> p.getFileName().toString().equals("metadata") && Files.isRegularFile(p))
                    .map(Path::getParent).sorted().toList();
        }
    }
}
