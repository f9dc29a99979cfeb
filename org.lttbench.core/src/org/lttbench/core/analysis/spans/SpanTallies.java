package org.lttbench.core.analysis.spans;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.latency.LongestKept;
import org.lttbench.core.trace.Event;

/**
 * What the spans analysis accumulates during the pass: a tally per span name (each name given an index once: a
 * function's by its address, a ROS 2 callback's by what registered it), the slowest spans, and every span when asked to
 * keep them. Its tables are made from it after the pass ({@link SpanTables}).
 */
final class SpanTallies {
    private final AnalysisOptions options;
    private final List<SpanTally> tallies = new ArrayList<>();
    private final Map<String, Integer> names = new HashMap<>();
    private final Map<Long, Integer> functions = new HashMap<>();
    /** A callback's address is its process's: its name per trace, process and address. */
    private record Callback(int trace, long vpid, long address) {
    }

    private final Map<Callback, String> callbackNames = new HashMap<>();
    private final Map<Callback, Integer> callbacks = new HashMap<>();
    private final LongestKept<Span> slowest;
    /** Every span that counts in the range, when asked to keep them ({@link #keepEvery}), else null. */
    private List<Span> every;

    SpanTallies(AnalysisOptions options) {
        this.options = options;
        this.slowest = new LongestKept<>(options.limit());
    }

    void keepEvery() {
        every = new ArrayList<>();
    }

    /** The spans kept by {@link #keepEvery}, or null. */
    List<Span> every() {
        return every;
    }

    /** The slowest spans, longest first. */
    List<Span> slowest() {
        return slowest.longestFirst();
    }

    /** Every name's tally, by the name's index. */
    List<SpanTally> all() {
        return tallies;
    }

    /** The tally of the name of that index. */
    SpanTally of(int name) {
        return tallies.get(name);
    }

    /** The index of a span name, its tally made the first time. */
    int name(String name) {
        Integer id = names.get(name);
        if (id == null) {
            id = tallies.size();
            names.put(name, id);
            tallies.add(new SpanTally(name));
        }
        return id;
    }

    /** The span name of a function: its address. */
    int functionName(long address) {
        Integer id = functions.get(address);
        if (id == null) {
            id = name("0x" + Long.toHexString(address));
            functions.put(address, id);
        }
        return id;
    }

    /** The span name of a callback: its registered symbol, else what it was added as and its address. */
    int callbackName(UstThread thread, long address) {
        Callback c = new Callback(thread.trace, thread.vpid, address);
        Integer id = callbacks.get(c);
        if (id == null) {
            String name = callbackNames.get(c);
            id = name(name != null ? name : "callback 0x" + Long.toHexString(address));
            callbacks.put(c, id);
        }
        return id;
    }

    /** Names a callback: a registered symbol, or (unless it has one) what it was added as. */
    void register(SpanBinding b, Event event) {
        long vpid = b.vpid != null ? event.longValue(b.vpid) : -1;
        long address = event.longValue(b.address);
        Callback c = new Callback(b.trace, vpid, address);
        if (b.symbol != null) {
            callbackNames.put(c, event.stringValue(b.symbol));
        } else if (!callbackNames.containsKey(c)) {
            callbackNames.put(c, b.addedAs + " callback 0x" + Long.toHexString(address));
        }
        callbacks.remove(c); // named anew from its next start
    }

    /** A span that will not close: counted as abandoned, never in the wall times. */
    void drop(Span s, long ts) {
        s.dropped = true;
        s.closed = true;
        s.end = Math.max(ts, s.begin);
        if (options.range().contains(s.end)) {
            tallies.get(s.name).abandoned++;
        }
    }

    /** A span whose split is complete: in its name's tally, and the slowest, when it ends in the range (once). */
    void finish(Span s) {
        if (s.finished || s.dropped) {
            return;
        }
        s.finished = true;
        if (!options.range().contains(s.end)) {
            return;
        }
        tallies.get(s.name).add(s);
        if (every != null) {
            every.add(s);
        }
        if (slowest.keeps(s.wall(), s.begin)) {
            slowest.offer(s.wall(), s.begin, s);
        }
    }

    /** A span still open when the pass ended. */
    void unfinished(Span s) {
        if (options.range().contains(s.begin)) {
            tallies.get(s.name).unfinished++;
        }
    }
}
