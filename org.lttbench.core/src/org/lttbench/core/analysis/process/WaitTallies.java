package org.lttbench.core.analysis.process;

import java.util.Arrays;

/**
 * Blocked time and waits per (thread, code) within one range: an open-addressing table on the pair, the sums side by
 * side. Every blocked wait that closes adds to two of these (its cause, its waker), so they are kept without a map per
 * thread, boxed keys or an object per entry.
 */
final class WaitTallies {
    private static final long EMPTY = -1;

    private long[] keys;
    private long[] ns;
    private long[] waits;
    private int size;

    WaitTallies() {
        this(0);
    }

    /**
     * Tallies with room for {@code pairs} pairs without growing (each growth leaves its old tables behind, tens of MB
     * on a busy machine, which the serial collector has often promoted by then).
     */
    WaitTallies(int pairs) {
        int capacity = Math.max(1024, Integer.highestOneBit(Math.max(1, pairs * 4 / 3)) * 2);
        keys = new long[capacity];
        ns = new long[capacity];
        waits = new long[capacity];
        Arrays.fill(keys, EMPTY);
    }

    /** How many pairs. */
    int size() {
        return size;
    }

    /** A copy, which the tallies of this one no longer change. */
    WaitTallies copy() {
        WaitTallies c = new WaitTallies();
        c.keys = keys.clone();
        c.ns = ns.clone();
        c.waits = waits.clone();
        c.size = size;
        return c;
    }

    private static long key(int thread, int code) {
        return (long) thread << 32 | (code & 0xFFFF_FFFFL);
    }

    void add(int thread, int code, long time) {
        add(thread, code, time, 1);
    }

    void add(int thread, int code, long time, long count) {
        int slot = slot(keys, key(thread, code));
        if (keys[slot] == EMPTY) {
            keys[slot] = key(thread, code);
            if (++size * 4 > keys.length * 3) { // three quarters full: probes stay short, the table small
                grow();
                slot = slot(keys, key(thread, code));
            }
        }
        ns[slot] += time;
        waits[slot] += count;
    }

    private static int slot(long[] keys, long key) {
        int mask = keys.length - 1;
        int i = (int) (Long.hashCode(key * 0x9E37_79B9_7F4A_7C15L) & mask);
        while (keys[i] != EMPTY && keys[i] != key) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private void grow() {
        long[] oldKeys = keys;
        long[] oldNs = ns;
        long[] oldWaits = waits;
        keys = new long[oldKeys.length * 2];
        Arrays.fill(keys, EMPTY);
        ns = new long[keys.length];
        waits = new long[keys.length];
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY) {
                int slot = slot(keys, oldKeys[i]);
                keys[slot] = oldKeys[i];
                ns[slot] = oldNs[i];
                waits[slot] = oldWaits[i];
            }
        }
    }

    /** What each pair holds, told in the order of thread index, then code. */
    interface Visitor {
        void visit(int thread, int code, long ns, long waits);
    }

    void forEach(Visitor visitor) {
        long[] sorted = new long[size];
        int n = 0;
        for (long key : keys) {
            if (key != EMPTY) {
                sorted[n++] = key;
            }
        }
        Arrays.sort(sorted); // the thread index major, the code (as unsigned) minor
        for (long key : sorted) {
            int slot = slot(keys, key);
            visitor.visit((int) (key >>> 32), (int) key, ns[slot], waits[slot]);
        }
    }
}
