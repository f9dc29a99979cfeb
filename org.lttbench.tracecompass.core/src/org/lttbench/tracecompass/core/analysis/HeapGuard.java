package org.lttbench.tracecompass.core.analysis;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.List;

/**
 * Says when the heap is nearly full after a collection, so that the pass can stop before an OutOfMemoryError: one
 * thrown in Trace Compass's history tree thread kills that thread, and the pass then waits forever on its queue.
 */
final class HeapGuard {
    /** Live data above this share of a pool's maximum, after a collection, is too close to the end. */
    private static final double LIMIT = 0.9;
    private static final long CHECK_EVERY_NS = 100_000_000L;

    private final List<MemoryPoolMXBean> pools = ManagementFactory.getMemoryPoolMXBeans().stream()
            // the pools where live data lasts (old or tenured generation): eden and survivor pools, full after a
            // collection by design, do not support a usage threshold
            .filter(p -> p.getType() == MemoryType.HEAP && p.isUsageThresholdSupported()
                    && p.isCollectionUsageThresholdSupported() && p.getUsage().getMax() > 0)
            .toList();
    private long lastCheck = System.nanoTime();

    /** True when some heap pool held more than 90 % of its maximum after its last collection (checked ten times a second). */
    boolean nearlyFull() {
        long now = System.nanoTime();
        if (now - lastCheck < CHECK_EVERY_NS) {
            return false;
        }
        lastCheck = now;
        for (MemoryPoolMXBean p : pools) {
            MemoryUsage after = p.getCollectionUsage();
            long max = p.getUsage().getMax();
            if (after != null && max > 0 && after.getUsed() > LIMIT * max) {
                return true;
            }
        }
        return false;
    }
}
