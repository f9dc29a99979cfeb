package org.lttbench.core.analysis;

import java.util.List;

import org.lttbench.core.analysis.cpu.CpuUsageAnalysis;
import org.lttbench.core.analysis.discarded.DiscardedAnalysisProvider;
import org.lttbench.core.analysis.latency.DiskLatencyAnalysis;
import org.lttbench.core.analysis.latency.InterruptLatencyAnalysis;
import org.lttbench.core.analysis.latency.SchedulingLatencyAnalysis;
import org.lttbench.core.analysis.latency.SyscallLatencyAnalysis;
import org.lttbench.core.analysis.overhead.OverheadAnalysisProvider;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.analysis.spans.SpansAnalysis;
import org.lttbench.core.analysis.waits.CriticalPathAnalysis;
import org.lttbench.core.analysis.waits.WaitsAnalysis;

/** Every analysis LTTbench has, in the order reports print. */
public final class Analyses {
    private Analyses() {
    }

    public static List<AnalysisProvider> all() {
        return List.of(ProcessAnalysis.PROVIDER, WaitsAnalysis.PROVIDER, SyscallLatencyAnalysis.PROVIDER,
                InterruptLatencyAnalysis.PROVIDER, SchedulingLatencyAnalysis.PROVIDER, DiskLatencyAnalysis.PROVIDER,
                SpansAnalysis.PROVIDER, new OverheadAnalysisProvider(), new DiscardedAnalysisProvider(),
                CpuUsageAnalysis.PROVIDER);
    }

    /** Analyses that run only when asked for by name (they need an option: the critical path's thread). */
    public static List<AnalysisProvider> onRequest() {
        return List.of(CriticalPathAnalysis.PROVIDER);
    }

    /** The provider of that name, or {@code null}. */
    public static AnalysisProvider byName(String name) {
        for (AnalysisProvider p : java.util.stream.Stream.concat(all().stream(), onRequest().stream()).toList()) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        return null;
    }
}
