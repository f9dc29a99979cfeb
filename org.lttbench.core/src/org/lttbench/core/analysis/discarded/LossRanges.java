package org.lttbench.core.analysis.discarded;

import java.util.ArrayList;
import java.util.List;

/**
 * When one stream lost data: its loss records as time ranges, touching ones joined into one episode. At most
 * {@link #MAX} ranges are kept; beyond that the two closest neighbours are joined, so memory stays bounded however
 * often the stream lost events.
 */
final class LossRanges {
    static final int MAX = 64;

    /** One episode of loss: what was lost in [begin, end] and how many loss records it joins. */
    static final class Episode {
        long begin;
        long end;
        long discardedEvents;
        long lostPackets;
        long records;

        Episode(long begin, long end) {
            this.begin = begin;
            this.end = end;
        }
    }

    private final List<Episode> episodes = new ArrayList<>();

    void add(long begin, long end, long discardedEvents, long lostPackets) {
        Episode last = episodes.isEmpty() ? null : episodes.get(episodes.size() - 1);
        Episode target;
        if (last != null && begin <= last.end && end >= last.begin) {
            target = last;
            target.begin = Math.min(target.begin, begin);
            target.end = Math.max(target.end, end);
        } else {
            target = new Episode(begin, end);
            insert(target);
        }
        target.discardedEvents += discardedEvents;
        target.lostPackets += lostPackets;
        target.records++;
        if (episodes.size() > MAX) {
            joinClosest();
        }
    }

    List<Episode> episodes() {
        return episodes;
    }

    /** Keeps the list in time order even if records of one stream come slightly out of order. */
    private void insert(Episode e) {
        int i = episodes.size();
        while (i > 0 && episodes.get(i - 1).begin > e.begin) {
            i--;
        }
        episodes.add(i, e);
    }

    private void joinClosest() {
        int best = 0;
        long bestGap = Long.MAX_VALUE;
        for (int i = 0; i + 1 < episodes.size(); i++) {
            long gap = episodes.get(i + 1).begin - episodes.get(i).end;
            if (gap < bestGap) {
                bestGap = gap;
                best = i;
            }
        }
        Episode a = episodes.get(best);
        Episode b = episodes.remove(best + 1);
        a.begin = Math.min(a.begin, b.begin);
        a.end = Math.max(a.end, b.end);
        a.discardedEvents += b.discardedEvents;
        a.lostPackets += b.lostPackets;
        a.records += b.records;
    }
}
