package org.lttbench.tests.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.TidTable;

/**
 * The TID table against a {@link HashMap} fed the same operations (puts, lookups and removals): Linux TIDs (indexed
 * directly) and TIDs no kernel gives (negative, past {@code pid_max}, near the ends of a long: hashed), mixed, with
 * replacements and growth.
 */
class TidTableTest {

    @Test
    void holdsWhatAMapHolds() {
        TidTable<String> table = new TidTable<>();
        Map<Long, String> map = new HashMap<>();
        Random random = new Random(42);
        long[] hostile = { -1, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 20, (1L << 20) - 1, 1L << 40, 4_194_304 };
        for (int i = 0; i < 200_000; i++) {
            long tid = switch (i % 4) {
                case 0 -> random.nextInt(40_000);
                case 1 -> random.nextInt(1 << 21) - (1 << 19);
                case 2 -> random.nextLong();
                default -> hostile[random.nextInt(hostile.length)];
            };
            String v = "v" + i;
            int op = random.nextInt(5);
            if (op == 0) {
                assertEquals(map.remove(tid), table.remove(tid), "remove " + tid);
            } else if (op % 2 == 1) {
                table.put(tid, v);
                map.put(tid, v);
            } else {
                String made = table.computeIfAbsent(tid, t -> v);
                assertEquals(map.computeIfAbsent(tid, t -> v), made, "computeIfAbsent " + tid);
            }
        }
        assertEquals(map.size(), table.size());
        for (var e : map.entrySet()) {
            assertSame(e.getValue(), table.get(e.getKey()), "tid " + e.getKey());
        }
        Set<String> seen = new HashSet<>();
        table.forEach(seen::add);
        assertEquals(new HashSet<>(map.values()), seen);
        assertNull(table.get(123_456_789_012L));
        assertNull(table.get(999_999));
    }

    /** Hashed TIDs only, from a set small enough that removals keep breaking clusters the probes must still cross. */
    @Test
    void removalsKeepHashedKeysFound() {
        TidTable<Long> table = new TidTable<>();
        Map<Long, Long> map = new HashMap<>();
        Random random = new Random(7);
        for (int i = 0; i < 300_000; i++) {
            long tid = -1 - random.nextInt(3_000);
            if (random.nextInt(3) == 0) {
                assertEquals(map.remove(tid), table.remove(tid), "remove " + tid);
            } else {
                table.put(tid, tid);
                map.put(tid, tid);
            }
            if (i % 1_000 == 0) {
                for (long t = -1; t >= -3_000; t--) {
                    assertEquals(map.get(t), table.get(t), "tid " + t + " after " + i + " operations");
                }
            }
        }
        assertEquals(map.size(), table.size());
    }

    @Test
    void refusesNull() {
        assertThrows(IllegalArgumentException.class, () -> new TidTable<String>().put(1, null));
    }
}
