package org.lttbench.core.analysis;

import java.util.function.Consumer;
import java.util.function.LongFunction;

/**
 * Thread ID to what an analysis keeps for that thread, looked up at each context switch: a TID below
 * {@value #DIRECT_LIMIT} (Linux's are below its {@code pid_max}) indexes an array directly (one cache miss, where
 * hashing costs two, and a {@code HashMap<Long, V>} an allocation and three); any other (a hostile trace's) goes to
 * an open-addressing table of primitive keys.
 */
public final class TidTable<V> {
    static final int DIRECT_LIMIT = 1 << 20;
    private Object[] direct = new Object[1024];
    private long[] keys = new long[1024];
    private Object[] values = new Object[1024];
    /** Entries in {@code direct}, and in the hashed table. */
    private int directed;
    private int hashed;

    @SuppressWarnings("unchecked")
    public V get(long tid) {
        if (tid >= 0 && tid < DIRECT_LIMIT) {
            return tid < direct.length ? (V) direct[(int) tid] : null;
        }
        return (V) values[slot(tid)];
    }

    /** The value of {@code tid}, made by {@code make} when there is none yet. */
    public V computeIfAbsent(long tid, LongFunction<V> make) {
        V v = get(tid);
        if (v == null) {
            v = make.apply(tid);
            put(tid, v);
        }
        return v;
    }

    public void put(long tid, V value) {
        if (value == null) {
            throw new IllegalArgumentException("no null values (null is an empty slot)");
        }
        if (tid >= 0 && tid < DIRECT_LIMIT) {
            if (tid >= direct.length) {
                direct = java.util.Arrays.copyOf(direct, (int) Math.min(DIRECT_LIMIT, Long.highestOneBit(tid) * 2));
            }
            if (direct[(int) tid] == null) {
                directed++;
            }
            direct[(int) tid] = value;
            return;
        }
        if (2 * (hashed + 1) > keys.length) {
            grow();
        }
        insert(tid, value);
    }

    /** Takes the value of {@code tid} out of the table: it, or null if there was none. */
    @SuppressWarnings("unchecked")
    public V remove(long tid) {
        if (tid >= 0 && tid < DIRECT_LIMIT) {
            if (tid >= direct.length || direct[(int) tid] == null) {
                return null;
            }
            V v = (V) direct[(int) tid];
            direct[(int) tid] = null;
            directed--;
            return v;
        }
        int i = slot(tid);
        V v = (V) values[i];
        if (v == null) {
            return null;
        }
        int mask = keys.length - 1;
        // backward shift: an entry after the hole moves into it unless its home slot lies (cyclically) after the
        // hole, so that every probe from a home slot still meets its key before an empty slot
        for (int hole = i, j = (i + 1) & mask;; j = (j + 1) & mask) {
            if (values[j] == null) {
                values[hole] = null;
                break;
            }
            int home = mix(keys[j]) & mask;
            if (((j - home) & mask) >= ((j - hole) & mask)) {
                keys[hole] = keys[j];
                values[hole] = values[j];
                hole = j;
            }
        }
        hashed--;
        return v;
    }

    public int size() {
        return directed + hashed;
    }

    /** Every value, in no particular order. */
    @SuppressWarnings("unchecked")
    public void forEach(Consumer<? super V> action) {
        for (Object v : direct) {
            if (v != null) {
                action.accept((V) v);
            }
        }
        for (Object v : values) {
            if (v != null) {
                action.accept((V) v);
            }
        }
    }

    private void grow() {
        long[] oldKeys = keys;
        Object[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new Object[oldKeys.length * 2];
        hashed = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] != null) {
                insert(oldKeys[i], oldValues[i]);
            }
        }
    }

    private void insert(long tid, Object value) {
        int i = slot(tid);
        if (values[i] == null) {
            hashed++;
        }
        keys[i] = tid;
        values[i] = value;
    }

    /** The hashed table's slot of {@code tid}, or the empty slot where it would go (linear probing). */
    private int slot(long tid) {
        int mask = keys.length - 1;
        int i = mix(tid) & mask;
        while (values[i] != null && keys[i] != tid) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private static int mix(long tid) {
        long h = tid * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
