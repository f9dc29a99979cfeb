package org.lttbench.core.analysis.overhead;

import java.util.List;

import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.ColumnRole;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.SummaryLine;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.report.TraceNames;
import org.lttbench.core.trace.Stream;
import org.lttbench.core.trace.TimeRange;

/** The overhead analysis's tables: tracepoints, their gap histograms, perf counter deltas, and bytes per stream. */
final class OverheadReport {
    static final String TRACEPOINTS = "tracepoints";
    static final String GAPS = "tracepoint_gaps";
    static final String COUNTERS = "tracepoint_counters";
    static final String STREAMS = "overhead_streams";
    /** Chart bins per octave of the gap histogram table. */
    private static final int CHART_BINS_PER_OCTAVE = 4;

    /** Why user-space events without a process ID have no share of CPU time. */
    private static final String NO_PROCESS_ID = "the user-space events carry no vpid (process ID) context, so they"
            + " cannot be attributed to processes";

    private OverheadReport() {
    }

    /**
     * What the report's tables and notes read of one tracepoint, made once: its gaps (each table reads all of them), the
     * trace's estimate of its cost and the calibration's cost, which builds on that estimate.
     */
    private record Figures(TracepointStats tracepoint, GapHistogram gaps, CostEstimate estimate, TracerCost cost) {
        static Figures of(TracepointStats tp, MachineCalibration calibration) {
            CostEstimate e = tp.estimate();
            return new Figures(tp, tp.allGaps(), e, tp.cost(calibration, e));
        }
    }

    static Report of(OverheadAnalysis analysis) {
        TimeRange range = analysis.range();
        Report report = new Report(OverheadAnalysis.NAME, TABLES.title(), range);
        List<TracepointStats> tracepoints = analysis.tracepoints();
        MachineCalibration calibration = analysis.calibration();
        List<Figures> figures = tracepoints.stream().map(tp -> Figures.of(tp, calibration)).toList();
        report.add(tracepoints(figures, range));
        report.add(gaps(figures));
        report.add(counters(tracepoints, analysis.counterNames()));
        report.add(streams(analysis));
        Table share = analysis.shareTable();
        if (share != null) {
            report.add(share);
            report.note("tracing_share: user-space events x what each costs the tracer (cost_ns; share_bound: x "
                    + "cost_bound_ns) over the process's running time in the kernel trace; it matches vpid with kernel "
                    + "PIDs (no PID namespace between them) and assumes both traces cover the same period");
            if (analysis.eventsWithoutProcessId() > 0) {
                report.note("tracing_share leaves out " + SummaryLine.count(analysis.eventsWithoutProcessId())
                        + " user-space events that carry no vpid (process ID) context: they cannot be attributed to"
                        + " processes (lttng add-context --userspace --type=vpid --type=vtid on their channel adds it)");
            }
        } else if (analysis.sawProcessIds()) {
            report.note("give the kernel trace of the same session too (with sched_switch) to get each process's "
                    + "share of CPU time spent tracing");
        }
        if (calibration != null && calibration.gapCost() == null) {
            report.note("cost_ns: what an event costs the tracer on the machine, from its calibration ("
                    + calibration.describe() + "), for the event's contexts, plus the tracepoint's share of sub-buffer "
                    + "switches seen in the trace");
            report.note("the calibration has no cost by the gap between events (an older lttbench calibrate wrote it): "
                    + "cost_ns is its tight loop's, back to back, which can be far from what a program that works "
                    + "between its events pays (the tracer's code and buffer leave the caches); run lttbench calibrate "
                    + "again");
        } else if (calibration != null) {
            report.note("cost_ns: what an event costs the tracer on the machine, from its calibration ("
                    + calibration.describe() + "), at the gaps the trace shows before the tracepoint's events (the time "
                    + "since the thread's previous event: the cost at each gap, interpolated between the calibrated "
                    + "ones, averaged over them), for the event's contexts, plus the tracepoint's share of sub-buffer "
                    + "switches seen in the trace");
            gapCostNotes(report, figures, calibration);
        }
        if (calibration != null) {
            hostCheck(report, analysis, calibration);
            calibrationCheck(report, figures);
        } else {
            report.note("cost_ns needs the calibration of the machine that recorded the trace (lttbench calibrate "
                    + "--out DIR there, then --calibration DIR): the gaps between a program's events hold its own work, "
                    + "which the trace alone cannot tell from the tracer's cost");
        }
        report.note("cost_bound_ns: at most this per event, from the trace alone: the mean gap between back-to-back "
                + "events of one thread on one CPU (the lowest mode of the gaps after each event, up to "
                + CostEstimate.CLUSTER_WIDTH + " times it) plus the tracepoint's share of sub-buffer switches. It is "
                + "the cost only where events come back to back (a tight instrumented loop); otherwise the program's "
                + "work between events is in it. gap_*: the time from an event to its thread's next one, cost and "
                + "work together.");
        if (analysis.discardedEvents() > 0 || analysis.discardedPackets() > 0) {
            report.lossNote("the trace lost " + SummaryLine.count(analysis.discardedEvents()) + " discarded events and "
                    + SummaryLine.count(analysis.discardedPackets()) + " packets: gaps across a loss are left out, and counts miss them");
        }
        report.summary(summary(analysis, tracepoints, range, calibration, share != null));
        if (analysis.traceSet() != null) {
            report.traces(analysis.traceSet().traces().stream().map(t -> t.path().toString()).toList());
        }
        return report;
    }

    /** The report's first line: what was read, the range, losses, events and tracepoints, where the cost comes from. */
    private static String summary(OverheadAnalysis analysis, List<TracepointStats> tracepoints, TimeRange range,
            MachineCalibration calibration, boolean share) {
        SummaryLine line = SummaryLine.of("Tracing overhead");
        if (analysis.traceSet() != null) {
            line.read(TraceNames.describe(analysis.traceSet().traces()));
        }
        line.range(range).lost(analysis.discardedEvents(), analysis.discardedPackets(), 0);
        long events = 0;
        for (TracepointStats tp : tracepoints) {
            events += tp.events();
        }
        line.add(SummaryLine.count(events) + (events == 1 ? " event of " : " events of ") + SummaryLine.count(tracepoints.size())
                + (tracepoints.size() == 1 ? " tracepoint" : " tracepoints"));
        line.add(calibration != null ? "cost per event from the calibration"
                + (calibration.host() != null ? " of " + calibration.host() : "")
                : "no --calibration: cost per event bounded only");
        if (!share && analysis.sawProcessIds()) {
            line.skipped("the share of CPU time spent tracing", "needs the kernel trace of the same session");
        } else if (share && !analysis.sawProcessIds() && analysis.eventsWithoutProcessId() > 0) {
            line.skipped("the share of CPU time spent tracing", NO_PROCESS_ID);
        }
        return line.toString();
    }

    /** A share of the gaps beyond the calibrated ones worth saying. */
    private static final double OUTSIDE_SHARE_NOTED = 0.01;
    /** At most this many tracepoints are named in one note. */
    private static final int NAMED = 3;

    /**
     * Where the cost by gap was read outside the calibrated gaps (clamped to its ends), or could not be read (no gap
     * before the events: then the tight loop's cost is given), say which tracepoints and how much.
     */
    private static void gapCostNotes(Report report, List<Figures> figures, MachineCalibration calibration) {
        GapCostCurve curve = calibration.gapCost();
        List<String> longer = new java.util.ArrayList<>();
        List<String> shorter = new java.util.ArrayList<>();
        List<String> tight = new java.util.ArrayList<>();
        for (Figures f : figures) {
            TracepointStats tp = f.tracepoint();
            TracerCost cost = f.cost();
            GapCostCurve.Reading r = cost.byGap();
            if (cost.ns() == null) {
                continue;
            } else if (r == null) {
                tight.add(tp.name());
            } else {
                if (r.longShare() >= OUTSIDE_SHARE_NOTED) {
                    longer.add(String.format(java.util.Locale.ROOT, "%s %.0f%%", tp.name(), 100 * r.longShare()));
                }
                if (r.shortShare() >= OUTSIDE_SHARE_NOTED) {
                    shorter.add(String.format(java.util.Locale.ROOT, "%s %.0f%%", tp.name(), 100 * r.shortShare()));
                }
            }
        }
        if (!longer.isEmpty()) {
            report.note("cost_ns beyond the calibrated gaps: events that came more than "
                    + GapCostCurve.microseconds(curve.longestGapNs()) + " after their thread's previous event are "
                    + "costed as at " + GapCostCurve.microseconds(curve.longestGapNs()) + "; after longer gaps the "
                    + "caches are colder still, so their cost may be higher (share of such events: " + named(longer)
                    + ")");
        }
        if (!shorter.isEmpty()) {
            report.note("cost_ns below the calibrated gaps: events that came less than "
                    + GapCostCurve.microseconds(curve.shortestGapNs()) + " after their thread's previous event are "
                    + "costed as at " + GapCostCurve.microseconds(curve.shortestGapNs()) + ", the calibration's tight "
                    + "loop (share of such events: " + named(shorter) + ")");
        }
        if (!tight.isEmpty()) {
            report.note("cost_ns is the calibration's tight loop's (back to back) where the trace has no gap before "
                    + "a tracepoint's events (a thread context, vtid, gives them): " + named(tight));
        }
    }

    /** The first few of a list, and how many more. */
    private static String named(List<String> items) {
        String shown = String.join(", ", items.subList(0, Math.min(NAMED, items.size())));
        return items.size() > NAMED ? shown + " and " + (items.size() - NAMED) + " more tracepoints" : shown;
    }

    /** A calibration from another machine says little of this trace: say so when the hostnames differ. */
    private static void hostCheck(Report report, OverheadAnalysis analysis, MachineCalibration calibration) {
        if (calibration.host() == null) {
            return;
        }
        for (org.lttbench.core.trace.Trace t : analysis.traceSet().traces()) {
            Object host = t.environment().get("hostname");
            if (host != null && !host.toString().equals(calibration.host())) {
                report.note("the calibration was measured on " + calibration.host() + ", but " + t.path()
                        + " was recorded on " + host + ": cost_ns is that machine's cost");
            }
        }
    }

    /**
     * Where a tracepoint's events come back to back faster than the calibration says one costs, the calibration does
     * not describe the machine that recorded the trace: say so.
     */
    private static void calibrationCheck(Report report, List<Figures> figures) {
        for (Figures f : figures) {
            TracepointStats tp = f.tracepoint();
            Double cost = f.cost().ns();
            Double bound = f.estimate().boundNs();
            if (cost != null && bound != null && bound < 0.75 * cost) {
                report.note(String.format(java.util.Locale.ROOT, "%s: its events follow each other in %.0f ns, faster "
                        + "than the calibration's %.0f ns per event: was the calibration measured on another machine?",
                        tp.name(), bound, cost));
                return;
            }
        }
    }

    private static Column col(String key, String title, ColumnKind kind, String description) {
        return new Column(key, title, kind, description);
    }

    static final TableSchema TRACEPOINTS_TABLE = new TableSchema(TRACEPOINTS,
            "Tracepoints: rate, size, what an event costs, gaps between a thread's events", List.of(
            col("name", "Tracepoint", ColumnKind.TEXT, "provider:event (the event name for kernel tracepoints)")
                    .as(ColumnRole.SUBJECT),
            col("count", "Events", ColumnKind.INTEGER, "events of this tracepoint in the range").as(ColumnRole.COUNT),
            col("rate_hz", "Rate", ColumnKind.RATE, "events per second over the range"),
            col("bytes_per_event", "Bytes/event", ColumnKind.NUMBER, "mean bytes per record (header, contexts, payload)"),
            col("cost_ns", "Cost", ColumnKind.FRACTIONAL_DURATION, "what one event costs the tracer: the machine's "
                    + "calibration for the event's contexts at the gaps before its events, plus the tracepoint's share "
                    + "of sub-buffer switches; empty without a calibration (see why)"),
            col("cost_bound_ns", "Cost at most", ColumnKind.FRACTIONAL_DURATION, "an upper bound of the cost from the trace "
                    + "alone: the back-to-back gap (the cost itself only where events come back to back)"),
            col("gaps", "Gaps", ColumnKind.INTEGER, "gaps measured from an event to its thread's next event on that CPU").asDetail(),
            col("gap_p10_ns", "Gap p10", ColumnKind.FRACTIONAL_DURATION, "10th percentile of the gaps after an event "
                    + "(the tracer's cost and the program's work until its next event)").asDetail(),
            col("gap_p50_ns", "Gap p50", ColumnKind.FRACTIONAL_DURATION, "median gap after an event (the tracer's "
                    + "cost and the program's work until its next event)"),
            col("gap_p90_ns", "Gap p90", ColumnKind.FRACTIONAL_DURATION, "90th percentile of the gaps after an event").asDetail(),
            col("gap_p99_ns", "Gap p99", ColumnKind.FRACTIONAL_DURATION, "99th percentile of the gaps after an event"),
            col("modes", "Modes", ColumnKind.INTEGER, "modes of the distribution of log(gap)").asDetail(),
            col("bimodal", "Bimodal", ColumnKind.TEXT, "whether the gaps have two modes or more").asDetail(),
            col("lowest_mode_ns", "Low mode", ColumnKind.FRACTIONAL_DURATION, "the lowest mode of the gaps").asDetail(),
            col("back_to_back_ns", "Back-to-back", ColumnKind.FRACTIONAL_DURATION,
                    "mean gap in the lowest cluster (back-to-back events, if any)").asDetail(),
            col("switch_ns", "Switch", ColumnKind.FRACTIONAL_DURATION, "extra time of a gap after a sub-buffer switch").asDetail(),
            col("switch_share", "Switches", ColumnKind.RATIO, "share of the events that switched sub-buffers").asDetail(),
            col("cluster_share", "In cluster", ColumnKind.RATIO, "share of the gaps in the lowest cluster").asDetail(),
            col("why", "Why no cost", ColumnKind.TEXT, "why cost_ns (or cost_bound_ns) is empty").asDetail()));

    private static Table tracepoints(List<Figures> figures, TimeRange range) {
        Table t = TRACEPOINTS_TABLE.table();
        double seconds = range.duration() / 1e9;
        for (Figures f : figures) {
            TracepointStats tp = f.tracepoint();
            GapHistogram all = f.gaps();
            CostEstimate e = f.estimate();
            TracerCost cost = f.cost();
            boolean gaps = all.count() > 0;
            List<Double> modes = all.modes();
            String why = cost.why() != null && e.why() != null && e.boundNs() == null ? cost.why() + "; " + e.why()
                    : cost.why() != null ? cost.why() : e.why();
            t.addRow(tp.name(), tp.events(), seconds > 0 ? tp.events() / seconds : null, finite(tp.bytesPerEvent()),
                    cost.ns(), e.boundNs(), all.count(), gaps ? all.percentile(0.10) : null,
                    gaps ? all.percentile(0.50) : null, gaps ? all.percentile(0.90) : null,
                    gaps ? all.percentile(0.99) : null, gaps ? (long) modes.size() : null,
                    gaps ? (modes.size() >= 2 ? "yes" : "no") : null, e.lowestModeNs(), e.eventNs(), e.switchNs(),
                    e.boundNs() == null ? null : e.switchShare(), e.boundNs() == null ? null : e.clusterShare(), why);
        }
        return t;
    }

    static final TableSchema GAPS_TABLE = new TableSchema(GAPS,
            "Gaps between a thread's consecutive events on one CPU (histogram)", List.of(
            col("name", "Tracepoint", ColumnKind.TEXT, "the tracepoint of the event that opens the gap"),
            col("low_ns", "From", ColumnKind.FRACTIONAL_DURATION, "lower bound of the bin"),
            col("high_ns", "To", ColumnKind.FRACTIONAL_DURATION, "upper bound of the bin"),
            col("count", "Gaps", ColumnKind.INTEGER, "gaps in the bin"),
            col("share", "Share", ColumnKind.RATIO, "share of the tracepoint's gaps in the bin"))).asChartData();

    private static Table gaps(List<Figures> figures) {
        Table t = GAPS_TABLE.table();
        for (Figures f : figures) {
            GapHistogram all = f.gaps();
            for (double[] bin : all.coarse(CHART_BINS_PER_OCTAVE)) {
                t.addRow(f.tracepoint().name(), bin[0], bin[1], (long) bin[2], bin[2] / all.count());
            }
        }
        return t;
    }

    static final TableSchema COUNTERS_TABLE = new TableSchema(COUNTERS,
            "Perf counter deltas between a thread's consecutive events on one CPU", List.of(
            col("name", "Tracepoint", ColumnKind.TEXT, "the tracepoint of the event that opens the interval"),
            col("counter", "Counter", ColumnKind.TEXT, "perf counter context field"),
            col("deltas", "Deltas", ColumnKind.INTEGER, "intervals measured"),
            col("mean", "Mean", ColumnKind.NUMBER, "mean delta"),
            col("stddev", "Std dev", ColumnKind.NUMBER, "sample standard deviation of the delta"),
            col("min", "Min", ColumnKind.INTEGER, "smallest delta"),
            col("max", "Max", ColumnKind.INTEGER, "largest delta")));

    private static Table counters(List<TracepointStats> tracepoints, List<String> names) {
        Table t = COUNTERS_TABLE.table();
        for (TracepointStats tp : tracepoints) {
            for (int id : tp.counterIds()) {
                CounterDeltas d = tp.counters[id];
                t.addRow(tp.name(), names.get(id), d.count(), finite(d.mean()), finite(d.standardDeviation()), d.min(),
                        d.max());
            }
        }
        return t;
    }

    static final TableSchema STREAMS_TABLE = new TableSchema(STREAMS, "Bytes per stream: events against packets", List.of(
            col("trace", "Trace", ColumnKind.TRACE, "trace directory"),
            col("stream", "Stream", ColumnKind.TEXT, "stream file"),
            col("cpu", "CPU", ColumnKind.CPU, "CPU of the stream"),
            col("packets", "Packets", ColumnKind.INTEGER, "packets read"),
            col("events", "Events", ColumnKind.INTEGER, "events in the range"),
            col("packet_size", "Packet size", ColumnKind.SIZE, "the stream's packet size: its largest packet (the"
                    + " channel's sub-buffer size); empty for a single packet of whole pages, which LTTng may have"
                    + " trimmed to its content"),
            col("packet_bytes", "Packet bytes", ColumnKind.SIZE, "sum of packet sizes").asDetail(),
            col("content_bytes", "Content", ColumnKind.SIZE, "sum of packet content sizes").asDetail(),
            col("event_bytes", "Event bytes", ColumnKind.SIZE, "sum of the events' own sizes").asDetail(),
            col("bytes_per_event", "Bytes/event", ColumnKind.NUMBER, "packet content per event, headers included"),
            col("header_bytes_per_packet", "Header/packet", ColumnKind.NUMBER,
                    "content not in any event, per packet: packet header, context and padding").asDetail(),
            col("fill", "Fill", ColumnKind.RATIO, "content over packet size"),
            col("discarded_events", "Discarded", ColumnKind.INTEGER, "events the tracer discarded"),
            col("lost_packets", "Lost packets", ColumnKind.INTEGER, "packets lost (overwritten) between packets read").asDetail(),
            col("lost_packets_before", "Lost before", ColumnKind.INTEGER,
                    "packets lost before the first one read (its packet_seq_num; babeltrace2 does not report them)").asDetail()));

    /** The report's tables, declared once; the same whatever the grouping. */
    static final AnalysisTables TABLES = AnalysisTables.ungrouped(new AnalysisTables.Grouping("Tracing overhead per tracepoint",
            List.of(TRACEPOINTS_TABLE, GAPS_TABLE, COUNTERS_TABLE, STREAMS_TABLE), List.of(TracingShare.SCHEMA)));

    private static Table streams(OverheadAnalysis analysis) {
        Table t = STREAMS_TABLE.table();
        List<? extends Stream> streams = analysis.traceSet().streams();
        List<StreamTally> tallies = analysis.streamTallies();
        for (int i = 0; i < tallies.size(); i++) {
            StreamTally s = tallies.get(i);
            Stream stream = streams.get(i);
            long content = s.contentBits / 8;
            boolean allSized = s.sizedEvents == s.events && s.events > 0;
            t.addRow(stream.trace().path().toString(), stream.name(),
                    stream.cpuOrUnknown(), s.packets, s.events, s.subbuf.bytes(), s.packetBits / 8, content,
                    s.sizedEvents > 0 ? s.eventBytes : null, s.events > 0 ? content / (double) s.events : null,
                    allSized && s.packets > 0 ? (content - s.eventBytes) / (double) s.packets : null,
                    s.packetBits > 0 ? s.contentBits / (double) s.packetBits : null, s.discardedEvents,
                    s.discardedPackets, s.firstSequence >= 0 ? s.firstSequence : null);
        }
        return t;
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }
}
