package org.lttbench.core.analysis.discarded;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
        List<String> parts = new ArrayList<>();
        perTrace.forEach((trace, t) -> {
            if (t[0] == 0 && t[1] == 0) {
                return;
            }
            StringBuilder s = new StringBuilder(trace.path().toString()).append(": ");
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
