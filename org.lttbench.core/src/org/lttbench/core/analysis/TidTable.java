package org.lttbench.core.analysis;

import java.util.function.Consumer;
import java.util.function.LongFunction;

/**
 * Thread ID to what an analysis keeps for that thread: open addressing on primitive keys, no boxing. Looked up on
 * most kernel events (each context switch), where a {@code HashMap<Long, V>} costs an allocation and three cache
 * misses.
 */
public final class TidTable<V> {
    private long[] keys = new long[1024];
    private Object[] values = new Object[1024];
    private int size;

    @SuppressWarnings("unchecked")
    public V get(long tid) {
        int mask = keys.length - 1;
        for (int i = mix(tid) & mask;; i = (i + 1) & mask) {
            Object v = values[i];
            if (v == null) {
                return null;
            }
            if (keys[i] == tid) {
                return (V) v;
            }
        }
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
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        insert(tid, value);
    }

    public int size() {
        return size;
    }

    /** Every value, in no particular order. */
    @SuppressWarnings("unchecked")
    public void forEach(Consumer<? super V> action) {
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
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] != null) {
                insert(oldKeys[i], oldValues[i]);
            }
        }
    }

    private void insert(long tid, Object value) {
        int mask = keys.length - 1;
        for (int i = mix(tid) & mask;; i = (i + 1) & mask) {
            if (values[i] == null) {
                keys[i] = tid;
                values[i] = value;
                size++;
                return;
            }
            if (keys[i] == tid) {
                values[i] = value;
                return;
            }
        }
    }

    private static int mix(long tid) {
        long h = tid * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
