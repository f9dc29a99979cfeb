package org.lttbench.core.analysis.process;

import java.util.Arrays;

/**
 * The reasons of waits seen, each a small code: a wait's reason is its cause and its waker together (a {@code why} of
 * {@code ThreadStateSink}), and a machine sees a few thousand of them, so that the ledger tallies a thread's blocked
 * time once per reason and its splits by cause and by waker are sums of those tallies.
 */
final class WaitReasons {
    private long[] slots = new long[1024];
    private int[] codes = new int[1024];
    private long[] byCode = new long[256];
    private int size;

    WaitReasons() {
        Arrays.fill(codes, -1);
    }

    /** A copy: codes given from now on by either are its own. */
    WaitReasons copy() {
        WaitReasons c = new WaitReasons();
        c.slots = slots.clone();
        c.codes = codes.clone();
        c.byCode = byCode.clone();
        c.size = size;
        return c;
    }

    /** The code of that reason, given the first time it is asked for. */
    int code(long why) {
        int mask = slots.length - 1;
        int i = (int) (Long.hashCode(why * 0x9E37_79B9_7F4A_7C15L) & mask);
        while (codes[i] >= 0) {
            if (slots[i] == why) {
                return codes[i];
            }
            i = (i + 1) & mask;
        }
        if (size == byCode.length) {
            byCode = Arrays.copyOf(byCode, size * 2);
        }
        byCode[size] = why;
        slots[i] = why;
        codes[i] = size;
        if (++size * 2 > slots.length) {
            grow();
        }
        return size - 1;
    }

    /** The reason of that code. */
    long why(int code) {
        return byCode[code];
    }

    private void grow() {
        long[] old = Arrays.copyOf(byCode, size);
        slots = new long[slots.length * 2];
        codes = new int[slots.length];
        Arrays.fill(codes, -1);
        int mask = slots.length - 1;
        for (int c = 0; c < old.length; c++) {
            int i = (int) (Long.hashCode(old[c] * 0x9E37_79B9_7F4A_7C15L) & mask);
            while (codes[i] >= 0) {
                i = (i + 1) & mask;
            }
            slots[i] = old[c];
            codes[i] = c;
        }
    }
}
