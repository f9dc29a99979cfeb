package org.lttbench.core.batch;

import org.lttbench.core.run.RunFailure;
import org.lttbench.core.run.TimeBound;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;

import picocli.CommandLine.Option;

/** The {@code --begin} and {@code --end} options of commands that read traces. */
public final class RangeOptions {

    @Option(names = "--begin", paramLabel = "TIME", description = "Start of the time range: " + TimeBound.FORMATS + ".")
    String begin;

    @Option(names = "--end", paramLabel = "TIME", description = "End of the time range, same forms as --begin.")
    String end;

    private TimeBound beginBound;
    private TimeBound endBound;

    /** Parses the times, so that a malformed one is a usage error before any trace is opened. */
    public void parse() throws RunFailure {
        beginBound = begin == null ? null : TimeBound.parse("--begin", begin);
        endBound = end == null ? null : TimeBound.parse("--end", end);
    }

    /** Whether {@code --begin} or {@code --end} was given. */
    public boolean given() {
        return begin != null || end != null;
    }

    /** The range asked for as notes name it: {@code ", range START to END"}, or nothing when neither is given. */
    String described() {
        return described(begin, end);
    }

    /** The same, of a run's own bounds as given (either may be null): {@code start} and {@code end} stand for none. */
    static String described(String begin, String end) {
        return begin != null || end != null ? ", range " + (begin == null ? "start" : begin) + " to "
                + (end == null ? "end" : end) : "";
    }

    /** The range asked for, inside the traces' span; {@link TimeRange#ALL} when neither option is given. */
    public TimeRange range(TraceSet traces) throws RunFailure {
        return TimeBound.range(beginBound, endBound, traces);
    }

    /**
     * The range of a run given a range of its own (the other run of a comparison: diff's {@code --b-begin}, view's
     * {@code --against-begin}...) when either bound is given, else this one, inside that run's span.
     */
    public TimeRange range(TimeBound ownBegin, TimeBound ownEnd, TraceSet traces) throws RunFailure {
        return ownBegin != null || ownEnd != null ? TimeBound.range(ownBegin, ownEnd, traces) : range(traces);
    }
}
