package org.lttbench.core.analysis.discarded;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.Trace;
import org.lttbench.core.trace.TraceSet;

/**
 * The always-on loss count: the command line adds it to every run, whatever analyses were asked for, so that a
 * user always hears, in one line, that the trace lost events (DESIGN.md: loss is data, not a warning on stderr).
 */
public final class LossTally implements RecordSink {
    private final Map<Trace, long[]> perTrace = new LinkedHashMap<>();

    @Override
    public void start(TraceSet traces) {
        perTrace.clear();
    }

    @Override
    public void event(Event event) {
        // Counting losses only: events cost nothing here.
    }

    @Override
    public void loss(Loss loss) {
        long[] t = perTrace.computeIfAbsent(loss.stream().trace(), k -> new long[3]);
        t[loss.kind() == Loss.Kind.DISCARDED_EVENTS ? 0 : 1] += loss.count();
        t[2]++;
    }

    public long discardedEvents() {
        return perTrace.values().stream().mapToLong(t -> t[0]).sum();
    }

    public long lostPackets() {
        return perTrace.values().stream().mapToLong(t -> t[1]).sum();
    }

    /**
     * One line saying which traces lost how much, e.g. {@code warning: events were lost: /traces/ust-hello-lost: 967,700
     * discarded events in 562 places (lttbench analyze --analysis discarded tells where, when and which buffers would
     * have kept them)}; {@code null} when nothing was lost.
     */
    public String summaryLine() {
        Map<String, long[]> byPath = new LinkedHashMap<>();
        perTrace.forEach((trace, t) -> byPath.put(trace.path().toString(), t));
        return line(byPath);
    }

    /**
     * The same line from the discarded analysis's report of whole traces (its streams table), for a run that kept
     * its reports and not its records (Trace Compass's module); the traces in the order of their first loss, as a
     * read meets them. {@code null} when nothing was lost.
     */
    public static String summaryLine(Report discarded) {
        Table streams = discarded.table(LossReport.STREAMS.key());
        Map<String, long[]> byPath = new LinkedHashMap<>();
        Map<String, Long> firstLoss = new HashMap<>();
        for (int i = 0; i < streams.rows().size(); i++) {
            long records = ((Number) streams.cell(i, "loss_records")).longValue();
            if (records == 0) {
                continue;
            }
            String trace = (String) streams.cell(i, "trace");
            long[] t = byPath.computeIfAbsent(trace, k -> new long[3]);
            t[0] += orZero(streams.cell(i, "discarded_events"));
            t[1] += orZero(streams.cell(i, "discarded_packets"));
            t[2] += records;
            Object first = streams.cell(i, "first_loss");
            if (first instanceof Number n) {
                firstLoss.merge(trace, n.longValue(), Math::min);
            }
        }
        Map<String, long[]> ordered = new LinkedHashMap<>();
        byPath.keySet().stream()
                .sorted(Comparator.comparingLong(k -> firstLoss.getOrDefault(k, Long.MAX_VALUE)))
                .forEach(k -> ordered.put(k, byPath.get(k)));
        return line(ordered);
    }

    private static long orZero(Object cell) {
        return cell instanceof Number n ? n.longValue() : 0;
    }

    private static String line(Map<String, long[]> byPath) {
        List<String> parts = new ArrayList<>();
        byPath.forEach((path, t) -> {
            if (t[0] == 0 && t[1] == 0) {
                return;
            }
            StringBuilder s = new StringBuilder(path).append(": ");
            if (t[0] > 0) {
                s.append(LossReport.count(t[0])).append(" discarded events");
            }
            if (t[1] > 0) {
                s.append(t[0] > 0 ? " and " : "").append(LossReport.count(t[1])).append(" lost packets");
            }
            parts.add(s.append(" in ").append(LossReport.count(t[2])).append(t[2] == 1 ? " place" : " places").toString());
        });
        if (parts.isEmpty()) {
            return null;
        }
        return "warning: events were lost: " + String.join("; ", parts)
                + " (lttbench analyze --analysis discarded tells where, when and which buffers would have kept them)";
    }
}
