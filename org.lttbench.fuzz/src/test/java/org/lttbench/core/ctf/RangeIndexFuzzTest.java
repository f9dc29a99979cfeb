package org.lttbench.core.ctf;


import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * {@link RangeIndex} (how variants and optional fields with many selector ranges find the first that holds a value)
 * against the plain scan of the ranges in order it replaces: the same answer for every value, signed or unsigned,
 * with overlapping, empty, single-value and extreme ranges.
 */
class RangeIndexFuzzTest {

    @FuzzTest
    void sameAnswerAsAScan(FuzzedDataProvider data) {
        boolean signed = data.consumeBoolean();
        int n = data.consumeInt(RangeIndex.MIN_RANGES, 200);
        long[] low = new long[n];
        long[] high = new long[n];
        for (int i = 0; i < n; i++) {
            low[i] = bound(data);
            high[i] = data.consumeBoolean() ? low[i] : bound(data);
        }
        RangeIndex index = RangeIndex.of(low, high, signed);
        int probes = data.consumeInt(1, 64);
        for (int k = 0; k < probes && data.remainingBytes() > 0; k++) {
            long v = data.consumeBoolean() ? bound(data) : low[data.consumeInt(0, n - 1)] + data.consumeInt(-2, 2);
            int expected = -1;
            for (int r = 0; r < n && expected < 0; r++) {
                boolean in = signed ? low[r] <= v && v <= high[r]
                        : Long.compareUnsigned(low[r], v) <= 0 && Long.compareUnsigned(v, high[r]) <= 0;
                expected = in ? r : -1;
            }
            int found = index.first(v);
            if (found != expected) {
                throw new AssertionError("value " + v + (signed ? " (signed)" : " (unsigned)") + ": the index says range "
                        + found + ", a scan " + expected);
            }
        }
    }

    /** Bounds around the interesting places: 0, the signed and unsigned extremes, small values. */
    private static long bound(FuzzedDataProvider data) {
        return switch (data.consumeInt(0, 4)) {
        case 0 -> data.consumeLong(-8, 8);
        case 1 -> Long.MAX_VALUE - data.consumeLong(0, 8);
        case 2 -> Long.MIN_VALUE + data.consumeLong(0, 8);
        case 3 -> -1 - data.consumeLong(0, 8);
        default -> data.consumeLong();
        };
    }
}
