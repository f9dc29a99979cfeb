package org.lttbench.core.analysis;

import java.util.List;

import org.lttbench.core.analysis.overhead.MachineCalibration;
import org.lttbench.core.analysis.spans.SpanDefinition;
import org.lttbench.core.trace.TimeRange;

/**
 * What the user asked of a run.
 *
 * @param range   the time range the results cover ({@link TimeRange#ALL} for the whole trace); analyses still see
 *                every record, since state at the range's start depends on what came before
 * @param groupBy rows per thread or per process, where the analysis has both
 * @param calibration what an event costs on the machine that recorded the traces ({@code lttbench calibrate}), or
 *                    null: the overhead analysis then bounds the cost from the trace alone
 * @param thread  the thread whose critical path is asked for (a TID, or a command name), or null
 * @param limit   how many of the longest latencies the latency analyses (and the slowest spans) list
 *                ({@value #DEFAULT_LIMIT} unless told)
 * @param spans   the user's span definitions ({@code --span}), besides the functions the spans analysis always follows
 */
public record AnalysisOptions(TimeRange range, GroupBy groupBy, MachineCalibration calibration, String thread,
        int limit, List<SpanDefinition> spans) {

    /** The longest latencies listed unless told: lttng-analyses' {@code --limit} default. */
    public static final int DEFAULT_LIMIT = 10;

    public static final AnalysisOptions DEFAULT = new AnalysisOptions(TimeRange.ALL, GroupBy.THREAD);

    public AnalysisOptions {
        spans = List.copyOf(spans);
    }

    public AnalysisOptions(TimeRange range, GroupBy groupBy, MachineCalibration calibration, String thread, int limit) {
        this(range, groupBy, calibration, thread, limit, List.of());
    }

    public AnalysisOptions(TimeRange range, GroupBy groupBy, MachineCalibration calibration, String thread) {
        this(range, groupBy, calibration, thread, DEFAULT_LIMIT);
    }

    public AnalysisOptions(TimeRange range, GroupBy groupBy) {
        this(range, groupBy, null);
    }

    public AnalysisOptions(TimeRange range, GroupBy groupBy, MachineCalibration calibration) {
        this(range, groupBy, calibration, null);
    }

    /** The same options, for the thread a critical path follows (a TID, or a command name). */
    public AnalysisOptions withThread(String selector) {
        return new AnalysisOptions(range, groupBy, calibration, selector, limit, spans);
    }

    /** The same options, grouped that way. */
    public AnalysisOptions withGroupBy(GroupBy grouping) {
        return new AnalysisOptions(range, grouping, calibration, thread, limit, spans);
    }

    /** The same options, listing that many of the longest latencies. */
    public AnalysisOptions withLimit(int longest) {
        return new AnalysisOptions(range, groupBy, calibration, thread, longest, spans);
    }

    /** The same options, with these span definitions. */
    public AnalysisOptions withSpans(List<SpanDefinition> definitions) {
        return new AnalysisOptions(range, groupBy, calibration, thread, limit, definitions);
    }

    public enum GroupBy {
        THREAD, PROCESS
    }
}
