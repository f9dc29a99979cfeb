package org.lttbench.core.analysis.discarded;

import static org.lttbench.core.report.ColumnKind.CPU;
import static org.lttbench.core.report.ColumnKind.INTEGER;
import static org.lttbench.core.report.ColumnKind.BYTE_RATE;
import static org.lttbench.core.report.ColumnKind.NUMBER;
import static org.lttbench.core.report.ColumnKind.RATE;
import static org.lttbench.core.report.ColumnKind.RATIO;
import static org.lttbench.core.report.ColumnKind.SIZE;
import static org.lttbench.core.report.ColumnKind.TEXT;
import static org.lttbench.core.report.ColumnKind.TIMESTAMP;
import static org.lttbench.core.report.ColumnKind.TIME_RANGE;

import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.analysis.discarded.BufferModel.ChannelAdvice;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.SummaryLine;
import org.lttbench.core.report.TraceNames;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.report.WallClock;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.core.trace.Tracer;

/** Turns the per-stream ledgers into the discarded analysis's tables and notes. */
final class LossReport {
    /** Timeline bins merged per report row: a chart gets 32 points per stream. */
    private static final int TIMELINE_MERGE = BinGrid.BINS / 32;

    private static final Column TRACE = col("trace", "Trace", ColumnKind.TRACE, "Trace directory");
    private static final Column STREAM = col("stream", "Stream", TEXT, "Stream file name");
    private static final Column STREAM_CPU = col("cpu", "CPU", CPU, "CPU of the stream's packets");
    /** The losses of a time bin, in the timelines: each loss spread over its time range. */
    private static final Column BIN_DISCARDED_EVENTS = col("discarded_events", "Discarded", NUMBER,
            "Events discarded, each loss spread over its time range");
    private static final Column BIN_LOST_PACKETS = col("discarded_packets", "Lost packets", NUMBER,
            "Packets lost, each loss spread over its time range");

    private LossReport() {
    }

    static Report build(TraceSet traces, TimeRange range, List<StreamLossLedger> ledgers, BinGrid grid) {
        TimeRange span = traces.span();
        TimeRange shown = span == null ? range : range.intersect(span);
        if (shown == null) {
            shown = range;
        }
        Report report = new Report("discarded", TABLES.title(), shown);
        report.add(streams(ledgers, grid));
        report.add(losses(ledgers, grid));
        List<ChannelAdvice> advice = advice(ledgers, grid);
        report.add(adviceTable(advice));
        report.add(timeline(ledgers, grid, shown));
        report.add(zoom(ledgers, grid, shown));
        notes(report, ledgers, advice);
        report.traces(traces.traces().stream().map(t -> t.path().toString()).toList());
        report.summary(summary(traces, ledgers, advice, shown));
        return report;
    }

    /** The report's first line: what was read, the range, what was lost where, and whether there is advice. */
    private static String summary(TraceSet traces, List<StreamLossLedger> ledgers, List<ChannelAdvice> advice, TimeRange shown) {
        SummaryLine line = SummaryLine.of("Losses").read(TraceNames.describe(traces.traces())).range(shown);
        long discarded = 0;
        long packets = 0;
        long records = 0;
        long recorded = 0;
        int lossy = 0;
        int noCounter = 0;
        int noSequence = 0;
        for (StreamLossLedger s : ledgers) {
            discarded += s.discardedEvents;
            packets += s.lostPackets;
            records += s.lossRecords;
            recorded += s.events;
            lossy += s.lossRecords > 0 ? 1 : 0;
            noCounter += s.stream.hasDiscardedEventsCounter() ? 0 : 1;
            noSequence += s.stream.hasPacketSequenceNumber() ? 0 : 1;
        }
        if (records == 0) {
            line.add("nothing lost in " + ledgers.size() + (ledgers.size() == 1 ? " stream" : " streams"));
        } else {
            StringBuilder lost = new StringBuilder("lost ");
            if (discarded > 0) {
                lost.append(SummaryLine.count(discarded)).append(" events (")
                        .append(CellFormat.percent((double) discarded / (discarded + recorded))).append(" of those written)");
            }
            if (packets > 0) {
                lost.append(discarded > 0 ? " and " : "").append(SummaryLine.count(packets)).append(packets == 1 ? " packet" : " packets");
            }
            line.add(lost.append(" in ").append(SummaryLine.count(records)).append(records == 1 ? " place" : " places")
                    .append(" on ").append(lossy).append(" of ").append(ledgers.size()).append(" streams").toString());
        }
        if (noCounter > 0) {
            line.add("discarded events unknown for " + noCounter + " of " + ledgers.size() + " streams");
        }
        if (noSequence > 0) {
            line.add("lost packets unknown for " + noSequence + " of " + ledgers.size() + " streams");
        }
        if (!advice.isEmpty()) {
            line.add("buffer advice for " + advice.size() + (advice.size() == 1 ? " channel" : " channels"));
        }
        return line.toString();
    }

    static final TableSchema STREAMS = new TableSchema("streams", "Loss per stream", List.of(
            TRACE,
            STREAM,
            col("channel", "Channel", TEXT, "Channel name").asDetail(),
            STREAM_CPU,
            col("packets", "Packets", INTEGER, "Packets read").asDetail(),
            col("subbuf_size", "Sub-buffer", SIZE, "The channel's sub-buffer size: the largest packet; empty for"
                    + " a single packet of whole pages, which LTTng may have trimmed to its content"),
            col("events", "Events", INTEGER, "Events recorded"),
            col("discarded_events", "Discarded", INTEGER,
                    "Events discarded (events_discarded counter); empty when the stream cannot tell"),
            col("discarded_packets", "Lost packets", INTEGER,
                    "Packets lost (packet_seq_num gaps); empty when the stream cannot tell"),
            col("discard_ratio", "Share lost", RATIO, "Discarded events / (recorded + discarded events)"),
            col("loss_records", "Losses", INTEGER, "Places where the stream lost data"),
            col("first_loss", "First loss", TIMESTAMP, "Start of the first loss range").asDetail(),
            col("last_loss", "Last loss", TIMESTAMP, "End of the last loss range").asDetail(),
            col("events_per_s", "Event rate", RATE, "Mean recorded event rate between the first and last event").asDetail(),
            col("peak_bytes_per_s", "Peak rate", BYTE_RATE,
                    "Highest bytes per second the traced code produced (recorded + lost) in one time bin")));

    private static Table streams(List<StreamLossLedger> ledgers, BinGrid grid) {
        Table t = STREAMS.table();
        for (StreamLossLedger s : ledgers) {
            Double ratio = s.stream.hasDiscardedEventsCounter() && s.events + s.discardedEvents > 0
                    ? (double) s.discardedEvents / (s.events + s.discardedEvents) : null;
            Double rate = s.lastEvent > s.firstEvent ? s.events * 1e9 / (s.lastEvent - s.firstEvent) : null;
            t.addRow(s.stream.trace().path().toString(), s.stream.name(), s.stream.channel(),
                    s.stream.cpuOrUnknown(), s.packets, s.subbuf.bytes(), s.events,
                    s.discardedEventsShown(s.discardedEvents), s.lostPacketsShown(s.lostPackets), ratio,
                    s.lossRecords, s.lossRecords > 0 ? s.firstLoss : null, s.lossRecords > 0 ? s.lastLoss : null, rate,
                    grid == null || s.events + s.lossRecords == 0 ? null
                            : peakProducedBytesPerS(s, grid, 0, BinGrid.BINS - 1));
        }
        return t;
    }

    static final TableSchema LOSSES = new TableSchema("losses", "When streams lost data", List.of(
            TRACE,
            STREAM,
            STREAM_CPU.asDetail(),
            col("range", "When", TIME_RANGE, "When the loss happened (touching loss ranges joined): its start and length"),
            col("loss_records", "Losses", INTEGER, "Loss records joined into this range"),
            col("discarded_events", "Discarded", INTEGER,
                    "Events discarded in this range; empty when the stream cannot tell"),
            col("discarded_packets", "Lost packets", INTEGER,
                    "Packets lost in this range; empty when the stream cannot tell (no packet_seq_num)"),
            col("peak_events_per_s", "Peak event rate", RATE,
                    "Highest events per second produced (recorded + discarded) in the bins around the range").asDetail(),
            col("peak_bytes_per_s", "Peak rate", BYTE_RATE,
                    "Highest bytes per second produced (recorded + lost) in the bins around the range")));

    private static Table losses(List<StreamLossLedger> ledgers, BinGrid grid) {
        Table t = LOSSES.table();
        for (StreamLossLedger s : ledgers) {
            for (LossRanges.Episode e : s.ranges.episodes()) {
                int first = Math.max(0, grid.bin(e.begin) - 1);
                int last = Math.min(BinGrid.BINS - 1, grid.bin(e.end) + 1);
                double peakEvents = 0;
                for (int b = first; b <= last; b++) {
                    peakEvents = Math.max(peakEvents,
                            (s.eventsIn(b) + s.discardedEventsIn(b)) * 1e9 / grid.width());
                }
                t.addRow(s.stream.trace().path().toString(), s.stream.name(), s.stream.cpuOrUnknown(),
                        new TimeRange(e.begin, e.end), e.records, s.discardedEventsShown(e.discardedEvents),
                        s.lostPacketsShown(e.lostPackets), peakEvents,
                        peakProducedBytesPerS(s, grid, first, last));
            }
        }
        return t;
    }

    private static List<ChannelAdvice> advice(List<StreamLossLedger> ledgers, BinGrid grid) {
        Map<Trace, Map<String, List<StreamLossLedger>>> channels = new LinkedHashMap<>();
        for (StreamLossLedger s : ledgers) {
            channels.computeIfAbsent(s.stream.trace(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(s.stream.channel(), k -> new ArrayList<>()).add(s);
        }
        List<ChannelAdvice> advice = new ArrayList<>();
        channels.forEach((trace, byName) -> byName.forEach((channel, streams) -> {
            ChannelAdvice a = grid == null ? null : BufferModel.advise(trace, channel, streams, grid);
            if (a != null) {
                advice.add(a);
            }
        }));
        return advice;
    }

    static final TableSchema ADVICE = new TableSchema("advice", "Buffer advice per channel", List.of(
            TRACE,
            col("channel", "Channel", TEXT, "Channel name"),
            col("mode", "Mode", TEXT, "discard (events discarded) or overwrite (packets lost)"),
            col("observed_subbuf_size", "Had sub-buffer", SIZE,
                    "Sub-buffer size the trace shows; empty when its packets cannot tell").asDetail(),
            col("drain_bytes_per_s", "Drain rate", BYTE_RATE, "Consumer drain rate seen while the channel lost data").asDetail(),
            col("extra_needed", "Extra needed", SIZE, "Buffer per CPU the channel lacked at its worst moment"),
            col("subbuf_size", "Sub-buffer", SIZE, "Recommended --subbuf-size"),
            col("num_subbuf", "Count", INTEGER, "Recommended --num-subbuf"),
            col("memory_per_cpu", "Memory/CPU", SIZE, "Ring-buffer memory per CPU the recommendation costs"),
            col("command", "Command", TEXT, "The lttng enable-channel line to use (empty when unreasonable)"),
            col("assumptions", "Assumes", TEXT, "What the advice assumes").asDetail()));

    private static Table adviceTable(List<ChannelAdvice> advice) {
        Table t = ADVICE.table();
        for (ChannelAdvice a : advice) {
            t.addRow(a.trace().path().toString(), a.channel(), a.overwrite() ? "overwrite" : "discard",
                    a.observedSubbuf() > 0 ? a.observedSubbuf() : null, a.drainBytesPerS(), a.extraBytes(),
                    a.reasonable() ? a.subbufSize() : null, a.reasonable() ? (long) a.numSubbuf() : null,
                    a.memoryPerCpu(), a.command(), a.assumptions());
        }
        return t;
    }

    static final TableSchema TIMELINE = new TableSchema("loss_timeline", "Rates and losses over time", List.of(
            TRACE,
            STREAM,
            STREAM_CPU,
            col("bin", "Time", TIME_RANGE, "Time bin"),
            col("events", "Events", INTEGER, "Events recorded in the bin"),
            col("events_per_s", "Event rate", RATE, "Recorded events per second"),
            col("bytes_per_s", "Byte rate", BYTE_RATE, "Recorded bytes per second"),
            BIN_DISCARDED_EVENTS,
            BIN_LOST_PACKETS)).asChartData();

    /** Bins cut to the report's range: the first and last bins of a range start and end where it does. */
    private static Table timeline(List<StreamLossLedger> ledgers, BinGrid grid, TimeRange shown) {
        Table t = TIMELINE.table();
        if (grid == null) {
            return t;
        }
        long width = grid.width() * TIMELINE_MERGE;
        for (StreamLossLedger s : ledgers) {
            double mean = s.meanEventBytes();
            for (int first = 0; first < BinGrid.BINS; first += TIMELINE_MERGE) {
                long events = 0;
                double bytes = 0;
                double discarded = 0;
                double packets = 0;
                for (int b = first; b < first + TIMELINE_MERGE; b++) {
                    events += s.eventsIn(b);
                    bytes += s.recordedBytes(b, mean);
                    discarded += s.discardedEventsIn(b);
                    packets += s.lostPacketsIn(b);
                }
                long begin = Math.max(grid.binBegin(first), shown.begin());
                long end = Math.min(grid.binBegin(first) + width - 1, shown.end());
                // a loss spread over a time range that goes past the range shown leaves its share there: not shown
                if (events == 0 && discarded == 0 && packets == 0 || begin > end) {
                    continue;
                }
                double seconds = Math.max(1, end - begin + 1) / 1e9;
                t.addRow(s.stream.trace().path().toString(), s.stream.name(), s.stream.cpuOrUnknown(),
                        new TimeRange(begin, Math.max(begin, end)), events, events / seconds, bytes / seconds,
                        discarded, packets);
            }
        }
        return t;
    }

    /** Bins of the zoomed loss timeline at most: fine enough to see a burst of losses in a long range. */
    static final int ZOOM_BINS = 64;

    static final TableSchema ZOOM = new TableSchema("loss_zoom", "Losses over time where 99% of them happened", List.of(
            TRACE,
            STREAM,
            STREAM_CPU,
            col("bin", "Time", TIME_RANGE, "Time bin, within the part of the range that holds 99% of the losses"),
            BIN_DISCARDED_EVENTS,
            BIN_LOST_PACKETS)).asChartData();

    /** The report's tables, declared once; the same whatever the grouping. */
    static final AnalysisTables TABLES = AnalysisTables.ungrouped(new AnalysisTables.Grouping("What the traces lost",
            List.of(STREAMS, LOSSES, ADVICE, TIMELINE, ZOOM), List.of()));

    /**
     * Losses over time where they happened: per stream that lost data, over the part of the range that holds 99% of
     * the losses (from the first 0.5% to the last 0.5%: a long loss range at the end of the trace does not stretch it),
     * in up to {@value #ZOOM_BINS} bins (the analysis's finest bins, merged as needed), so a chart of losses shows
     * where they are rather than squeezed into a corner of the range. Bins where nothing was lost are left out.
     */
    private static Table zoom(List<StreamLossLedger> ledgers, BinGrid grid, TimeRange shown) {
        Table t = ZOOM.table();
        if (grid == null) {
            return t;
        }
        // Where the bulk of the losses are: the bins from the first 0.5% of the lost events (and packets) to the last
        // 0.5%, so that one long loss range at the end (a counter that moved in the last packet) does not stretch it.
        double[] eventWeights = new double[BinGrid.BINS];
        double[] packetWeights = new double[BinGrid.BINS];
        for (StreamLossLedger s : ledgers) {
            for (int b = 0; b < BinGrid.BINS; b++) {
                eventWeights[b] += s.discardedEventsIn(b);
                packetWeights[b] += s.lostPacketsIn(b);
            }
        }
        int[] eventsExtent = bulk(eventWeights);
        int[] packetsExtent = bulk(packetWeights);
        int first = Math.min(eventsExtent[0], packetsExtent[0]);
        int last = Math.max(eventsExtent[1], packetsExtent[1]);
        if (last < 0) {
            return t;
        }
        int merge = (last - first + ZOOM_BINS) / ZOOM_BINS;
        for (StreamLossLedger s : ledgers) {
            if (!s.lost()) {
                continue;
            }
            for (int from = first; from <= last; from += merge) {
                double discarded = 0;
                double packets = 0;
                for (int b = from; b < from + merge && b < BinGrid.BINS; b++) {
                    discarded += s.discardedEventsIn(b);
                    packets += s.lostPacketsIn(b);
                }
                long begin = Math.max(grid.binBegin(from), shown.begin());
                long end = Math.min(grid.binBegin(from) + grid.width() * merge - 1, shown.end());
                if (discarded == 0 && packets == 0 || begin > end) {
                    continue;
                }
                t.addRow(s.stream.trace().path().toString(), s.stream.name(), s.stream.cpuOrUnknown(),
                        new TimeRange(begin, Math.max(begin, end)), discarded, packets);
            }
        }
        return t;
    }

    /** The first and last bins of the middle 99% of the weights ({BINS, -1} when there are none). */
    private static int[] bulk(double[] weights) {
        double total = 0;
        for (double w : weights) {
            total += w;
        }
        if (total <= 0) {
            return new int[] { BinGrid.BINS, -1 };
        }
        int first = -1;
        int last = -1;
        double sum = 0;
        for (int b = 0; b < weights.length; b++) {
            sum += weights[b];
            if (first < 0 && weights[b] > 0 && sum > total * 0.005) {
                first = b;
            }
            if (last < 0 && sum >= total * 0.995) {
                last = b;
            }
        }
        return new int[] { first, Math.max(first, last) };
    }

    private static void notes(Report report, List<StreamLossLedger> ledgers, List<ChannelAdvice> advice) {
        long discarded = 0;
        long packets = 0;
        long records = 0;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        List<String> noCounter = new ArrayList<>();
        List<String> noSequence = new ArrayList<>();
        java.util.Set<Trace> noCounterTraces = new java.util.LinkedHashSet<>();
        java.util.Set<Trace> noSequenceTraces = new java.util.LinkedHashSet<>();
        for (StreamLossLedger s : ledgers) {
            discarded += s.discardedEvents;
            packets += s.lostPackets;
            records += s.lossRecords;
            if (s.lossRecords > 0) {
                first = Math.min(first, s.firstLoss);
                last = Math.max(last, s.lastLoss);
            }
            if (!s.stream.hasDiscardedEventsCounter()) {
                noCounter.add(s.stream.trace().path().getFileName() + "/" + s.stream.name());
                noCounterTraces.add(s.stream.trace());
            }
            if (!s.stream.hasPacketSequenceNumber()) {
                noSequence.add(s.stream.trace().path().getFileName() + "/" + s.stream.name());
                noSequenceTraces.add(s.stream.trace());
            }
        }
        if (records == 0) {
            if (noCounter.isEmpty()) {
                report.note("no events lost: no stream's events_discarded counter moved"
                        + (noSequence.size() < ledgers.size() ? " and no packet_seq_num gap was found" : ""));
            } else if (noCounter.size() < ledgers.size()) {
                report.note("no events lost in the streams that count them; in the others loss cannot be known");
            }
        } else {
            report.lossNote("the traces lost " + count(discarded) + " events (discarded) and " + count(packets)
                    + " packets in " + count(records) + (records == 1 ? " place" : " places") + ", from " + WallClock.format(first) + " to "
                    + WallClock.format(last) + ": see the advice table for buffers that would have kept them");
        }
        if (!noCounter.isEmpty()) {
            report.note("discarded events cannot be known for " + noCounter.size() + " of " + ledgers.size()
                    + " streams (their packet context has no events_discarded, so their count is empty, not 0; from "
                    + Tracer.describe(List.copyOf(noCounterTraces)) + "): " + shortList(noCounter));
        }
        if (!noSequence.isEmpty()) {
            report.note("lost packets cannot be known for " + noSequence.size() + " of " + ledgers.size()
                    + " streams (their packet context has no packet_seq_num, which LTTng writes from 2.8 on; from "
                    + Tracer.describe(List.copyOf(noSequenceTraces)) + "): " + shortList(noSequence));
        }
        for (ChannelAdvice a : advice) {
            if (!a.reasonable()) {
                report.note("channel " + a.channel() + " of " + a.trace().path().getFileName()
                        + " would need more than 1 GiB of buffer per CPU: reduce its event rate instead");
            }
        }
    }

    private static double peakProducedBytesPerS(StreamLossLedger s, BinGrid grid, int first, int last) {
        double mean = s.meanEventBytes();
        double peak = 0;
        for (int b = first; b <= last; b++) {
            peak = Math.max(peak, s.recordedBytes(b, mean) + s.lostBytes(b, mean));
        }
        return peak * 1e9 / grid.width();
    }

    private static String shortList(List<String> names) {
        int shown = Math.min(names.size(), 4);
        String list = String.join(", ", names.subList(0, shown));
        return names.size() > shown ? list + " and " + (names.size() - shown) + " more" : list;
    }

    static String count(long n) {
        return NumberFormat.getIntegerInstance(Locale.ROOT).format(n);
    }

    private static Column col(String key, String title, ColumnKind kind, String description) {
        return new Column(key, title, kind, description);
    }
}
