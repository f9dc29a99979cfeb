package org.lttbench.core.calibration;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.lttbench.core.analysis.overhead.CostEstimate;
import org.lttbench.core.analysis.overhead.MachineCalibration;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;

/**
 * The calibration's figures in the shape of the published experiment: what an inactive tracepoint costs
 * (instrumentation), what an event costs with tracing on (per channel configuration), and how much was lost against
 * the buffer size. Every ns figure is the workload's own measurement; the trace only adds counts and the estimate
 * from the trace alone, shown beside the direct measurement.
 */
public final class CalibrationReport {
    public static final String NAME = "calibration";
    public static final String MACHINE = "calibration_machine";
    public static final String INSTRUMENTATION = "calibration_instrumentation";
    public static final String TRACING = "calibration_tracing";
    public static final String LOSS = "calibration_loss";
    public static final String GAP_COST = MachineCalibration.GAP_COST_TABLE;

    private CalibrationReport() {
    }

    public static Report of(Calibration.Result result) {
        Report report = new Report(NAME, "Tracepoint calibration", result.when());
        report.add(machine());
        report.add(instrumentation(result));
        report.add(tracing(result));
        report.add(loss(result));
        if (!result.gapCosts().isEmpty()) {
            report.add(gapCost(result));
        }
        report.note("ns per iteration are the workload's own measurements: the median over " + result.plan().repeats()
                + " repetitions of the CPU time of its thread (cpu) and of the wall-clock time (wall)");
        report.note("overhead_ns = traced cpu ns per iteration - cpu ns per iteration without a tracepoint. "
                + "bound_over_direct compares it with cost_bound_ns only where the trace has every event: with losses "
                + "the trace keeps only the periods the consumer read in time, and discarded events cost less");
        report.note("cost_bound_ns is what the overhead analysis bounds from the trace alone (lttbench analyze "
                + "--analysis overhead); it needs the vtid context");
        double inactive = result.inactive().cpuNsPerIteration() - result.untraced().cpuNsPerIteration();
        if (inactive < 0) {
            report.note(String.format(java.util.Locale.ROOT, "the loop with an inactive tracepoint ran %.3f ns per "
                    + "iteration faster than the loop without one: that is the measurement's noise, so its overhead "
                    + "reads 0 (a cost is never negative)", -inactive));
        }
        for (SweepResult r : result.sweep()) {
            if (overheadNs(result, r) < 0) {
                report.note(r.point().label() + ": the traced loop measured faster than the loop without a tracepoint "
                        + "(the machine was busy while the untraced loop ran?): its overhead reads 0");
            }
        }
        if (!result.gapCosts().isEmpty()) {
            report.note(GAP_COST + ": what an event with vpid, vtid, procname costs with work between events (a chain "
                    + "of xorshift rounds), from " + result.plan().pairs() + " pairs of repetitions of about 0.5 ms, one "
                    + "firing the tracepoint and one not, in " + result.plan().rounds() + " rounds over the amounts: cost_ns is "
                    + "the median of the pairs' difference in CPU time per iteration, gap_ns the median gap between the "
                    + "thread's consecutive events in the run's trace. The overhead analysis takes the median of each "
                    + "over the rounds of an amount, and reads the cost at the gaps before each tracepoint's events");
            if (result.gapCosts().stream().anyMatch(g -> !g.measurement().realTime())) {
                report.note(GAP_COST + ": the paired runs were not granted the real-time policy (run as root for it): "
                        + "on a busy machine, other programs running between two events chill the caches, which adds "
                        + "their load to the cost at long gaps");
            }
            for (GapCostResult g : result.gapCosts()) {
                if (g.measurement().costNs() < 0) {
                    report.note(GAP_COST + ": with " + g.workNs() + " ns of work, round " + g.round() + ", the "
                            + "repetitions that fired the tracepoint measured faster than those that did not (noise): its cost reads 0");
                }
                if (!g.measures()) {
                    report.note(GAP_COST + ": with " + g.workNs() + " ns of work, round " + g.round() + ", the trace "
                            + "did not keep every event (the machine was too busy?): that row is left out of the cost by gap");
                }
            }
        }
        report.summary(String.format(java.util.Locale.ROOT, "Calibration: %d channel configurations traced, %d "
                + "repetitions each; an inactive tracepoint costs %s, an event %s to %s", result.sweep().size(),
                result.plan().repeats(), org.lttbench.core.report.CellFormat.duration(Math.max(0, inactive)),
                org.lttbench.core.report.CellFormat.duration(minOverhead(result)),
                org.lttbench.core.report.CellFormat.duration(maxOverhead(result))));
        return report;
    }

    private static double minOverhead(Calibration.Result result) {
        return result.sweep().stream().mapToDouble(r -> Math.max(0, overheadNs(result, r))).min().orElse(0);
    }

    private static double maxOverhead(Calibration.Result result) {
        return result.sweep().stream().mapToDouble(r -> Math.max(0, overheadNs(result, r))).max().orElse(0);
    }

    /** What tracing added to one iteration, measured directly: traced CPU ns per iteration less the untraced loop's. */
    public static double overheadNs(Calibration.Result result, SweepResult r) {
        return r.measurement().cpuNsPerIteration() - result.untraced().cpuNsPerIteration();
    }

    private static Column col(String key, String title, ColumnKind kind, String description) {
        return new Column(key, title, kind, description);
    }

    /** The machine measured: what {@code --calibration} checks a trace's hostname against. */
    private static Table machine() {
        Table t = new Table(MACHINE, "The machine measured", List.of(
                col("host", "Host", ColumnKind.TEXT, "hostname (as LTTng records it in a trace's metadata)"),
                col("cpus", "CPUs", ColumnKind.INTEGER, "CPUs the JVM sees"),
                col("cpu_model", "CPU model", ColumnKind.TEXT, "from /proc/cpuinfo")));
        t.addRow(hostname(), (long) Runtime.getRuntime().availableProcessors(), cpuModel());
        return t;
    }

    private static String hostname() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (java.io.IOException e) {
            return System.getenv("HOSTNAME");
        }
    }

    private static String cpuModel() {
        try (var lines = java.nio.file.Files.lines(java.nio.file.Path.of("/proc/cpuinfo"))) {
            return lines.filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).strip())
                    .findFirst().orElse(null);
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            return null;
        }
    }

    private static Table instrumentation(Calibration.Result result) {
        Table t = new Table(INSTRUMENTATION, "Instrumentation overhead: the loop without tracing", List.of(
                col("case", "Case", ColumnKind.TEXT, "what the loop had"),
                col("iterations", "Iterations", ColumnKind.INTEGER, "iterations per timed repetition"),
                col("cpu_ns_per_iteration", "CPU/iteration", ColumnKind.FRACTIONAL_DURATION, "median CPU ns per iteration"),
                col("ns_per_iteration", "Wall/iteration", ColumnKind.FRACTIONAL_DURATION, "median wall-clock ns per iteration"),
                col("overhead_ns", "Overhead", ColumnKind.FRACTIONAL_DURATION, "cpu ns per iteration beyond the loop "
                        + "without tracepoint (0 where the measurement's noise made it negative)")));
        WorkloadMeasurement base = result.untraced();
        for (WorkloadMeasurement m : List.of(base, result.inactive())) {
            t.addRow(m == base ? "no tracepoint compiled in" : "tracepoint compiled in, no session", m.iterations(),
                    m.cpuNsPerIteration(), m.nsPerIteration(), Math.max(0, m.cpuNsPerIteration() - base.cpuNsPerIteration()));
        }
        return t;
    }

    private static Table tracing(Calibration.Result result) {
        Table t = new Table(TRACING, "Tracing overhead per event, by channel configuration", List.of(
                col("config", "Configuration", ColumnKind.TEXT, "sub-buffer size x count, mode, contexts"),
                // The configuration's label says these (4k-x4-discard-ctx): detail columns in text.
                col("subbuf_bytes", "Sub-buffer", ColumnKind.SIZE, "sub-buffer size").asDetail(),
                col("subbufs", "Count", ColumnKind.INTEGER, "sub-buffers per CPU").asDetail(),
                col("mode", "Mode", ColumnKind.TEXT, "discard or overwrite").asDetail(),
                col("contexts", "Contexts", ColumnKind.TEXT, "vpid, vtid, procname recorded with each event").asDetail(),
                col("cpu_ns_per_iteration", "CPU/iteration", ColumnKind.FRACTIONAL_DURATION, "median CPU ns per traced iteration").asDetail(),
                col("ns_per_iteration", "Wall/iteration", ColumnKind.FRACTIONAL_DURATION, "median wall-clock ns per traced iteration").asDetail(),
                col("overhead_ns", "Overhead", ColumnKind.FRACTIONAL_DURATION, "cpu ns per iteration beyond the loop "
                        + "without tracepoint (0 where the measurement's noise made it negative)"),
                col("emitted", "Emitted", ColumnKind.INTEGER, "events the workload emitted"),
                col("captured", "Captured", ColumnKind.INTEGER, "events found in the trace"),
                col("discarded", "Discarded", ColumnKind.INTEGER, "events the tracer counted as discarded"),
                col("overwritten", "Overwritten", ColumnKind.INTEGER, "events neither captured nor counted: lost packets"),
                col("lost_packets", "Lost packets", ColumnKind.INTEGER, "packets lost between packets read (babeltrace2's count)").asDetail(),
                col("lost_packets_before", "Lost before", ColumnKind.INTEGER, "packets lost before each stream's first packet read").asDetail(),
                col("loss_share", "Lost", ColumnKind.RATIO, "share of the emitted events missing from the trace"),
                col("bytes_per_event", "Bytes/event", ColumnKind.NUMBER, "mean bytes per iteration event").asDetail(),
                col("cost_bound_ns", "Bound from trace", ColumnKind.FRACTIONAL_DURATION, "the overhead analysis's bound of the "
                        + "cost per event from the trace alone: in this tight loop, events come back to back and it is the cost"),
                col("bound_over_direct", "Bound/direct", ColumnKind.NUMBER, "cost_bound_ns / overhead_ns, where nothing was lost"),
                col("why", "Why no bound", ColumnKind.TEXT, "why cost_bound_ns is null").asDetail()));
        for (SweepResult r : result.sweep()) {
            SweepPoint p = r.point();
            double overhead = overheadNs(result, r);
            CostEstimate e = r.estimate();
            Double est = e == null ? null : e.boundNs();
            String why = e == null ? "no iteration event in the trace" : e.why();
            t.addRow(p.label(), p.channel().subbufSize(), (long) p.channel().numSubbuf(), p.mode(),
                    p.contexts() ? "vpid,vtid,procname" : "none", r.measurement().cpuNsPerIteration(),
                    r.measurement().nsPerIteration(), Math.max(0, overhead), r.measurement().allEvents(), r.capturedAll(),
                    r.discarded(), r.overwritten(), r.lostPackets(), r.lostFirstPackets(), r.lossShare(), r.bytesPerEvent(), est,
                    est == null || overhead <= 0 || r.capturedAll() < r.measurement().allEvents() ? null : est / overhead,
                    why);
        }
        return t;
    }

    private static Table gapCost(Calibration.Result result) {
        Table t = new Table(GAP_COST, "Tracing overhead per event by the work between events", List.of(
                col("work_ns", "Work asked", ColumnKind.FRACTIONAL_DURATION, "work between two events asked for"),
                col("round", "Round", ColumnKind.INTEGER, "round over the amounts of work, from 1"),
                col("spins", "Rounds", ColumnKind.INTEGER, "rounds of work that came to on this machine").asDetail(),
                col("untraced_ns", "Work", ColumnKind.FRACTIONAL_DURATION, "median CPU ns per iteration of the "
                        + "repetitions that did not fire the tracepoint: the work alone"),
                col("gap_ns", "Gap", ColumnKind.FRACTIONAL_DURATION, "median gap from an event to the thread's next "
                        + "one in the trace: the work and the tracer's cost, as the overhead analysis sees gaps"),
                col("cost_ns", "Overhead", ColumnKind.FRACTIONAL_DURATION, "median over the pairs of the CPU ns per "
                        + "iteration that firing the tracepoint added (0 where the measurement's noise made it negative)"),
                col("pairs", "Pairs", ColumnKind.INTEGER, "pairs of repetitions, one traced and one not").asDetail(),
                col("iterations", "Iterations", ColumnKind.INTEGER, "iterations per repetition").asDetail(),
                col("emitted", "Emitted", ColumnKind.INTEGER, "events the workload emitted"),
                col("captured", "Captured", ColumnKind.INTEGER, "events found in the trace"),
                col("discarded", "Discarded", ColumnKind.INTEGER, "events the tracer counted as discarded")));
        for (GapCostResult g : result.gapCosts()) {
            PairedMeasurement m = g.measurement();
            t.addRow((double) g.workNs(), (long) g.round(), m.spins(), m.untracedCpuNsPerIteration(), g.gapNs(), Math.max(0, m.costNs()),
                    (long) m.pairs(), m.iterations(), m.events(), g.captured(), g.discarded());
        }
        return t;
    }

    private static Table loss(Calibration.Result result) {
        Table t = new Table(LOSS, "Loss against buffer size", List.of(
                col("mode", "Mode", ColumnKind.TEXT, "discard or overwrite"),
                col("contexts", "Contexts", ColumnKind.TEXT, "whether vpid, vtid, procname were recorded"),
                col("buffer_bytes", "Buffer per CPU", ColumnKind.SIZE, "sub-buffer size x count"),
                col("config", "Configuration", ColumnKind.TEXT, "the sweep point"),
                col("loss_share", "Lost", ColumnKind.RATIO, "share of the emitted events missing from the trace")));
        List<SweepResult> sorted = new ArrayList<>(result.sweep());
        sorted.sort(Comparator.comparing((SweepResult r) -> r.point().mode())
                .thenComparing(r -> r.point().contexts())
                .thenComparingLong(r -> r.point().channel().bytesPerCpu())
                .thenComparingInt(r -> r.point().channel().numSubbuf()));
        for (SweepResult r : sorted) {
            t.addRow(r.point().mode(), r.point().contexts() ? "yes" : "no", r.point().channel().bytesPerCpu(),
                    r.point().label(), r.lossShare());
        }
        return t;
    }
}
