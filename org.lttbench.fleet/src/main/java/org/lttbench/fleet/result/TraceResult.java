package org.lttbench.fleet.result;

import java.io.Serializable;
import java.util.List;

/** One unit's outcome and its tables (none when it failed). */
public record TraceResult(TraceOutcome outcome, List<FlatTable> tables) implements Serializable {

    public TraceResult {
        tables = List.copyOf(tables);
    }
}
