package org.lttbench.core.analysis.spans;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.trace.Trace;

/**
 * The spans' wall time split over the states of the kernel threads that run them, as the process analysis tells those
 * states in the pass: each kernel thread's state as told last, and the spans that follow it; a span whose split
 * reaches its end is finished in its tally.
 */
final class SpanSplitter {
    /** Each kernel thread's state as told last (by its index), and the spans its states split. */
    private long[] toldTime = new long[0];
    private ThreadState[] toldState = new ThreadState[0];
    private long[] toldWhy = new long[0];
    private ThreadRecord[] records = new ThreadRecord[0];
    private List<Span>[] following = newLists(0);

    private final SpanTallies tallies;

    SpanSplitter(SpanTallies tallies) {
        this.tallies = tallies;
    }

    @SuppressWarnings("unchecked")
    private static List<Span>[] newLists(int n) {
        return new List[n];
    }

    private void ensure(int index) {
        if (index < toldTime.length) {
            return;
        }
        int n = Math.max(index + 1, toldTime.length * 2 + 16);
        int old = toldTime.length;
        toldTime = Arrays.copyOf(toldTime, n);
        Arrays.fill(toldTime, old, n, Long.MIN_VALUE);
        toldState = Arrays.copyOf(toldState, n);
        toldWhy = Arrays.copyOf(toldWhy, n);
        records = Arrays.copyOf(records, n);
        following = Arrays.copyOf(following, n);
    }

    /** The part of a span the kernel thread's last told state is (unknown before any). */
    private int part(int index) {
        ThreadState s = toldState[index];
        return s == null ? Span.UNKNOWN : Span.part(s);
    }

    /** The span's split follows the kernel thread's states from its {@code upTo} on (what came before is unknown). */
    void follow(Span s, ThreadRecord r) {
        int i = r.index();
        ensure(i);
        records[i] = r;
        if (toldTime[i] > s.upTo) {
            s.splitTo(toldTime[i], Span.UNKNOWN, 0);
        }
        s.kernel = r;
        List<Span> f = following[i];
        if (f == null) {
            f = new ArrayList<>(4);
            following[i] = f;
        }
        f.add(s);
    }

    /** The span no longer follows that thread: split up to now by its last told state. */
    void unfollow(Span s, ThreadRecord r, long now) {
        int i = r.index();
        s.splitTo(now, part(i), toldWhy[i]);
        remove(following[i], s);
    }

    /** A span closed while what the kernel told last is its thread's state now: its split is complete. */
    void complete(Span s, ThreadRecord k, long kernelEnd) {
        int i = k.index();
        s.splitTo(Math.min(s.end, kernelEnd), part(i), toldWhy[i]);
        s.splitTo(s.end, Span.UNKNOWN, 0);
        remove(following[i], s);
        tallies.finish(s);
    }

    /** The kernel thread enters a state: the spans it runs get its previous state up to now. */
    void stateChange(ThreadRecord thread, ThreadState state, long time, long why) {
        int i = thread.index();
        ensure(i);
        List<Span> f = following[i];
        if (f != null && !f.isEmpty()) {
            split(f, i, time);
        }
        toldTime[i] = time;
        toldState[i] = state;
        toldWhy[i] = why;
    }

    /** The spans following thread {@code i} get its last told state up to {@code time}; those split to their end finish. */
    private void split(List<Span> f, int i, long time) {
        int part = part(i);
        long why = toldWhy[i];
        int kept = 0;
        for (int k = 0; k < f.size(); k++) {
            Span s = f.get(k);
            if (!s.dropped) {
                s.splitTo(time, part, why);
                if (s.split()) {
                    tallies.finish(s);
                    continue;
                }
                f.set(kept++, s);
            }
        }
        for (int k = f.size() - 1; k >= kept; k--) {
            f.remove(k);
        }
    }

    /** The kernel trace ended: the spans its threads run get their last told state up to its end. */
    void end(Trace trace, long time) {
        for (int i = 0; i < following.length; i++) {
            List<Span> f = following[i];
            if (f != null && !f.isEmpty() && records[i].trace() == trace) {
                split(f, i, time);
                // closed spans that end after the kernel trace: unknown from its end on
                for (Span s : f) {
                    if (s.closed && !s.dropped) {
                        s.splitTo(s.end, Span.UNKNOWN, 0);
                        tallies.finish(s);
                    }
                }
                f.removeIf(s -> s.closed);
            }
        }
    }

    /** The pass ended: spans still waiting for a kernel that never told the end of their thread's state. */
    void end() {
        for (int i = 0; i < following.length; i++) {
            List<Span> f = following[i];
            if (f != null) {
                for (Span s : f) {
                    if (s.closed && !s.dropped) {
                        s.splitTo(s.end, Span.UNKNOWN, 0);
                        tallies.finish(s);
                    }
                }
            }
        }
    }

    private static void remove(List<Span> list, Span s) {
        if (list == null) {
            return;
        }
        for (int i = list.size() - 1; i >= 0; i--) {
            if (list.get(i) == s) {
                list.remove(i);
                return;
            }
        }
    }
}
