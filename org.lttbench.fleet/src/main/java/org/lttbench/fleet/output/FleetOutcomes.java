package org.lttbench.fleet.output;

import java.util.ArrayList;
import java.util.List;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.fleet.result.FlatColumn;
import org.lttbench.fleet.result.FlatTable;
import org.lttbench.fleet.result.TraceOutcome;

/** The {@code traces} table: one row per unit of the job, what was read and whether it failed, and why. */
public final class FleetOutcomes {
    public static final String TRACES = "traces";

    public static final TableShape SHAPE = new TableShape(TRACES, List.of(
            new FlatColumn("host_origin", "Host from", ColumnKind.TEXT),
            new FlatColumn("directories", "Directories", ColumnKind.TEXT),
            new FlatColumn("traces", "Traces", ColumnKind.INTEGER),
            new FlatColumn("domains", "Domains", ColumnKind.TEXT),
            new FlatColumn("analyses", "Analyses", ColumnKind.TEXT),
            new FlatColumn("status", "Status", ColumnKind.TEXT),
            new FlatColumn("error", "Error", ColumnKind.TEXT),
            new FlatColumn("bytes", "Bytes", ColumnKind.SIZE),
            new FlatColumn("events", "Events", ColumnKind.INTEGER),
            new FlatColumn("discarded_events", "Discarded", ColumnKind.INTEGER),
            new FlatColumn("lost_packets", "Lost packets", ColumnKind.INTEGER),
            new FlatColumn("begin", "First", ColumnKind.TIMESTAMP),
            new FlatColumn("end", "Last", ColumnKind.TIMESTAMP),
            new FlatColumn("seconds", "Seconds", ColumnKind.NUMBER)));

    private FleetOutcomes() {
    }

    public static Dataset<Row> frame(SparkSession spark, List<TraceOutcome> outcomes) {
        List<Row> rows = new ArrayList<>();
        for (TraceOutcome o : outcomes) {
            List<Object[]> cells = new ArrayList<>();
            cells.add(new Object[] { o.hostOrigin(), o.directories(), o.traces(), o.domains(), o.analyses(), o.status(),
                    o.error(), o.bytes(), o.events(), o.discardedEvents(), o.lostPackets(), o.begin(), o.end(),
                    o.seconds() });
            rows.addAll(SHAPE.rows(o.host(), o.session(), new FlatTable(TRACES, SHAPE.columns(), cells)));
        }
        return spark.createDataFrame(rows, SHAPE.schema());
    }
}
