package org.lttbench.core.analysis.spans;

import java.util.LinkedHashMap;
import java.util.Map;

import org.lttbench.core.analysis.latency.DurationStats;

/** The spans of one name: their wall times, self times, the parts of their wall time, and how many never closed. */
final class SpanTally {
    final String name;
    final DurationStats wall = new DurationStats();
    long self;
    final long[] parts = new long[Span.PARTS];
    /** Blocked time by reason (a wait's cause and waker, as {@code ThreadStateSink} packs them). */
    final Map<Long, Long> blocked = new LinkedHashMap<>();
    /** Open when the trace ended (their end never came, or was lost). */
    long unfinished;
    /** Left open when an outer span closed (a function whose exit the trace lost), or begun again before their end. */
    long abandoned;

    SpanTally(String name) {
        this.name = name;
    }

    void add(Span s) {
        wall.add(s.wall());
        self += s.self();
        for (int i = 0; i < Span.PARTS; i++) {
            parts[i] += s.parts[i];
        }
        for (int i = 0; i < s.blockedSize; i++) {
            blocked.merge(s.blocked[2 * i], s.blocked[2 * i + 1], Long::sum);
        }
    }
}
