package org.lttbench.core.report;

/**
 * One line of what stands out in a run, given by the analysis that found it ({@code AnalysisProvider.highlights}):
 * the busiest process, the longest wait and what ended it, the worst latency, a loss, what tracing cost.
 *
 * @param analysis the analysis that gives it (its name)
 * @param rank     the common measure lines of different analyses are ranked by, largest first: how much of the
 *                 traced system's time the line is about, in ns (a process's running time, a wait's blocked time, a
 *                 call's latency, the time spent tracing); {@link #LOSS} for a loss, which qualifies every other line
 * @param line     the line itself, as a reader reads it (units included)
 * @param detail   the options of {@code lttbench analyze} that give its detail ({@code --analysis waits --by process})
 */
public record Highlight(String analysis, long rank, String line, String detail) {
    /** The rank of a loss: above any duration, since the trace's other figures miss what was lost. */
    public static final long LOSS = Long.MAX_VALUE;

    /** A line whose detail is its analysis alone ({@code --analysis NAME}). */
    public static Highlight of(String analysis, long rank, String line) {
        return new Highlight(analysis, rank, line, "--analysis " + analysis);
    }

    /** The same line, with these options giving its detail. */
    public Highlight detail(String options) {
        return new Highlight(analysis, rank, line, options);
    }
}
