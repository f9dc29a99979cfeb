package org.lttbench.core.analysis.discarded;

import java.util.List;

import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.report.Report;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.Packet;
import org.lttbench.core.trace.Stream;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;

/**
 * What the traces lost, per trace, channel, stream and CPU, and what buffers would have kept it: a ledger per
 * stream fed by packets, events and loss records (discarded events, lost packets), then {@link LossReport}.
 * Memory grows with streams and a fixed number of time bins, not with events.
 */
public final class DiscardedAnalysis implements Analysis {
    private final TimeRange range;
    private TraceSet traces;
    private StreamLossLedger[] ledgers;
    private BinGrid grid;

    public DiscardedAnalysis(AnalysisOptions options) {
        this.range = options.range();
    }

    @Override
    public String whyNotApplicable(TraceSet traceSet) {
        return null; // every trace can be asked; streams that cannot tell say so in the report
    }

    @Override
    public void start(TraceSet traceSet) {
        this.traces = traceSet;
        List<? extends Stream> streams = traceSet.streams();
        ledgers = new StreamLossLedger[streams.size()];
        for (Stream s : streams) {
            ledgers[s.index()] = new StreamLossLedger(s);
        }
    }

    @Override
    public void packet(Packet packet) {
        long t = packet.beginNs();
        if (t >= 0 && !range.contains(t)) {
            return;
        }
        ledger(packet.stream()).packet(packet);
    }

    @Override
    public void event(Event event) {
        long t = event.timestamp();
        if (!range.contains(t)) {
            return;
        }
        fit(t);
        ledger(event.stream()).event(t, grid.bin(t), event.sizeBytes());
    }

    @Override
    public void loss(Loss loss) {
        StreamLossLedger ledger = ledger(loss.stream());
        long begin = loss.beginNs();
        long end = loss.endNs();
        if (begin < 0 || end < begin) {
            // No timestamps in the packet context: the loss is known to be here, not when.
            begin = end = Math.max(ledger.lastTime, grid == null ? 0 : grid.origin());
        }
        if (end < range.begin() || begin > range.end()) {
            return;
        }
        fit(begin);
        fit(end);
        boolean packets = loss.kind() == Loss.Kind.DISCARDED_PACKETS;
        ledger.loss(grid, packets, loss.count(), begin, end);
    }

    /** It reads of an event its time, stream and size only: it may hear copies, on a thread of its own. */
    @Override
    public boolean mayHearCopies() {
        return true;
    }

    @Override
    public Report report() {
        if (ledgers == null) {
            throw new IllegalStateException("the discarded analysis has not read any trace");
        }
        return LossReport.build(traces, range, List.of(ledgers), grid);
    }

    private StreamLossLedger ledger(Stream s) {
        if (s.index() >= ledgers.length) {
            grow();
        }
        return ledgers[s.index()];
    }

    /** A live session's set grows while it is read: ledgers for the streams that came after {@link #start}. */
    private void grow() {
        List<? extends Stream> streams = traces.streams();
        int from = ledgers.length;
        ledgers = java.util.Arrays.copyOf(ledgers, streams.size());
        for (int i = from; i < ledgers.length; i++) {
            ledgers[i] = new StreamLossLedger(streams.get(i));
        }
    }

    private void fit(long t) {
        if (grid == null) {
            grid = new BinGrid(t);
        }
        int doublings = grid.fit(t);
        if (doublings > 0) {
            for (StreamLossLedger l : ledgers) {
                l.merge(doublings);
            }
        }
    }
}
