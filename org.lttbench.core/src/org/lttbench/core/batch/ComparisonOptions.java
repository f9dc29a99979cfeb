package org.lttbench.core.batch;

import java.nio.file.Path;
import java.util.List;

import org.lttbench.core.run.RunFailure;
import org.lttbench.core.run.TimeBound;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;

import picocli.CommandLine.Option;

/** The options of {@code lttbench analyze} that name a second run to compare a critical path with. */
public final class ComparisonOptions {

    @Option(names = "--against", arity = "1", paramLabel = "TRACE",
            description = "With --analysis critical-path: compare the path with the same thread's in this trace (another "
                    + "run), side by side per state and per thread; repeat for several traces")
    List<Path> traces;

    @Option(names = "--against-begin", paramLabel = "TIME",
            description = "With --analysis critical-path: compare with the path over this range instead (of the --against "
                    + "traces, or of the same traces), same forms as --begin")
    String begin;

    @Option(names = "--against-end", paramLabel = "TIME", description = "End of that range, same forms as --begin")
    String end;

    @Option(names = "--against-thread", paramLabel = "TID|NAME",
            description = "The thread to follow in the other run (default: --thread; a TID rarely names the same thread in "
                    + "two runs, a command name does)")
    String thread;

    private TimeBound beginBound;
    private TimeBound endBound;

    /** Whether a comparison is asked for. */
    boolean asked() {
        return traces != null || begin != null || end != null || thread != null;
    }

    void parse() throws RunFailure {
        beginBound = begin == null ? null : TimeBound.parse("--against-begin", begin);
        endBound = end == null ? null : TimeBound.parse("--against-end", end);
    }

    /** The other run's traces: the --against ones, else the same. */
    List<Path> traces(List<Path> same) {
        return traces != null ? traces : same;
    }

    TimeRange range(TraceSet set) throws RunFailure {
        return TimeBound.range(beginBound, endBound, set);
    }

    String thread(String same) {
        return thread != null ? thread : same;
    }

    /** What the other run is, for the comparison's notes. */
    String describe(List<Path> same) {
        String where = traces != null ? String.join(" ", traces.stream().map(Path::toString).toList()) : "the same traces";
        return where + RangeOptions.described(begin, end);
    }
}
