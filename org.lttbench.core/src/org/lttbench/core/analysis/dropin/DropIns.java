package org.lttbench.core.analysis.dropin;

import java.util.List;

import org.lttbench.core.analysis.AnalysisProvider;

/**
 * lttng-analyses' commands that {@code lttbench lami} runs as a drop-in ({@code lttbench lami cputop}): their table
 * classes, columns and titles, from LTTbench's analyses.
 */
public final class DropIns {
    private DropIns() {
    }

    public static List<AnalysisProvider> all() {
        return List.of(CpuTop.PROVIDER, SyscallStats.PROVIDER, IrqStats.PROVIDER, SchedStats.PROVIDER,
                IoLatencyStats.PROVIDER, IoLatencyTop.PROVIDER, IoUsageTop.PROVIDER);
    }

    /** The drop-in of that command name ({@code syscallstats}), or null. */
    public static AnalysisProvider byName(String name) {
        return all().stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
    }
}
