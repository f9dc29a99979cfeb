package org.lttbench.core.analysis.process;

/** TID to the latest record of that TID: open addressing, no boxing (looked up on most kernel events). */
final class TidTable {
    private int[] keys = new int[1024];
    private ThreadRecord[] values = new ThreadRecord[1024];
    private int size;

    ThreadRecord get(int tid) {
        int mask = keys.length - 1;
        for (int i = mix(tid) & mask;; i = (i + 1) & mask) {
            ThreadRecord v = values[i];
            if (v == null) {
                return null;
            }
            if (keys[i] == tid) {
                return v;
            }
        }
    }

    void put(int tid, ThreadRecord record) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        for (int i = mix(tid) & mask;; i = (i + 1) & mask) {
            if (values[i] == null) {
                keys[i] = tid;
                values[i] = record;
                size++;
                return;
            }
            if (keys[i] == tid) {
                values[i] = record;
                return;
            }
        }
    }

    void forEach(java.util.function.Consumer<ThreadRecord> action) {
        for (ThreadRecord v : values) {
            if (v != null) {
                action.accept(v);
            }
        }
    }

    private void grow() {
        int[] oldKeys = keys;
        ThreadRecord[] oldValues = values;
        keys = new int[oldKeys.length * 2];
        values = new ThreadRecord[oldKeys.length * 2];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] != null) {
                put(oldKeys[i], oldValues[i]);
            }
        }
    }

    private static int mix(int tid) {
        int h = tid * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
