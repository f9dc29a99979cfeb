package org.lttbench.core.analysis.discarded;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Cells;
import org.lttbench.core.report.Highlight;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.WallClock;

/**
 * Every channel that lost data, first of all lines (a loss qualifies every other figure): what it lost, on which CPUs,
 * when, and the {@code lttng enable-channel} line its advice gives.
 */
final class DiscardedHighlights {
    /** The channels shown (each a line, and a line of advice). */
    static final int SHOWN = 2;

    private DiscardedHighlights() {
    }

    /** One channel's losses, summed over its streams. */
    private static final class Lost {
        String trace;
        String channel;
        long events;
        long packets;
        long recorded;
        final TreeSet<Long> cpus = new TreeSet<>();
        Long first;
        Long last;
    }

    static List<Highlight> of(Report report) {
        Table streams = Cells.table(report, LossReport.STREAMS.key());
        if (streams == null) {
            return List.of();
        }
        Map<String, Lost> channels = new LinkedHashMap<>();
        for (Object[] row : streams.rows()) {
            long events = Cells.asLong(Cells.get(streams, row, "discarded_events"));
            long packets = Cells.asLong(Cells.get(streams, row, "discarded_packets"));
            String trace = Cells.asText(Cells.get(streams, row, "trace"));
            String channel = Cells.asText(Cells.get(streams, row, "channel"));
            Lost l = channels.computeIfAbsent(trace + "/" + channel, k -> new Lost());
            l.trace = trace;
            l.channel = channel;
            l.recorded += Cells.asLong(Cells.get(streams, row, "events"));
            if (events == 0 && packets == 0) {
                continue;
            }
            l.events += events;
            l.packets += packets;
            Object cpu = Cells.get(streams, row, "cpu");
            if (cpu != null) {
                l.cpus.add(Cells.asLong(cpu));
            }
            Object first = Cells.get(streams, row, "first_loss");
            Object last = Cells.get(streams, row, "last_loss");
            if (first != null && (l.first == null || Cells.asLong(first) < l.first)) {
                l.first = Cells.asLong(first);
            }
            if (last != null && (l.last == null || Cells.asLong(last) > l.last)) {
                l.last = Cells.asLong(last);
            }
        }
        List<Lost> lossy = new ArrayList<>(channels.values());
        lossy.removeIf(l -> l.events == 0 && l.packets == 0);
        boolean severalTraces = channels.values().stream().map(l -> l.trace).distinct().count() > 1;
        Table advice = Cells.table(report, LossReport.ADVICE.key());
        List<Highlight> lines = new ArrayList<>();
        long rank = Highlight.LOSS;
        for (Lost l : lossy.subList(0, Math.min(SHOWN, lossy.size()))) {
            StringBuilder line = new StringBuilder("Lost: ");
            if (l.events > 0) {
                line.append(String.format(Locale.ROOT, "%,d events", l.events));
                if (l.recorded + l.events > 0) {
                    line.append(String.format(Locale.ROOT, " (%.1f%% of those written)",
                            100.0 * l.events / (l.recorded + l.events)));
                }
            }
            if (l.packets > 0) {
                line.append(l.events > 0 ? " and " : "").append(String.format(Locale.ROOT, "%,d packets", l.packets));
            }
            line.append(" on ").append(severalTraces ? Path.of(l.trace).getFileName() + "/" : "").append(l.channel);
            if (!l.cpus.isEmpty()) {
                line.append(l.cpus.size() == 1 ? ", CPU " : ", CPUs ")
                        .append(String.join(",", l.cpus.stream().map(String::valueOf).toList()));
            }
            if (l.first != null && l.last != null) {
                line.append(", from ").append(WallClock.format(l.first)).append(" over ")
                        .append(CellFormat.duration(l.last - l.first));
            }
            String command = command(advice, l);
            if (command != null) {
                line.append("; would have kept them: ").append(command);
            }
            lines.add(Highlight.of("discarded", rank--, line.toString()));
        }
        return lines;
    }

    /** The advised {@code lttng enable-channel} line for the channel, or {@code null}. */
    private static String command(Table advice, Lost l) {
        if (advice == null) {
            return null;
        }
        for (Object[] row : advice.rows()) {
            if (l.channel.equals(Cells.asText(Cells.get(advice, row, "channel")))
                    && l.trace.equals(Cells.asText(Cells.get(advice, row, "trace")))) {
                return Cells.asText(Cells.get(advice, row, "command"));
            }
        }
        return null;
    }
}
