package org.lttbench.core.batch;

import org.lttbench.core.analysis.AnalysisOptions;

import picocli.CommandLine;
import picocli.CommandLine.Option;

/** {@code --limit N}: how many of the longest latencies the latency analyses list (lttng-analyses' option). */
final class LimitOption {

    @Option(names = "--limit", paramLabel = "N", converter = Count.class,
            description = "The latency analyses (and lttng-analyses' commands): list the N longest (default: "
                    + AnalysisOptions.DEFAULT_LIMIT + ")")
    int limit = AnalysisOptions.DEFAULT_LIMIT;

    int value() {
        return limit;
    }

    /** A count of 0 or more. */
    static final class Count implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            try {
                int n = Integer.parseInt(value.trim());
                if (n >= 0) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // said below
            }
            throw new CommandLine.TypeConversionException("'" + value + "' is not a count (0 or more)");
        }
    }
}
