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
 * The TID table against a {@link HashMap} fed the same operations: Linux TIDs (indexed directly) and TIDs no kernel
 * gives (negative, past {@code pid_max}, near the ends of a long: hashed), mixed, with replacements and growth.
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
            if (random.nextBoolean()) {
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

    @Test
    void refusesNull() {
        assertThrows(IllegalArgumentException.class, () -> new TidTable<String>().put(1, null));
    }
}
