package org.lttbench.fleet.output;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.collect_list;
import static org.apache.spark.sql.functions.collect_set;
import static org.apache.spark.sql.functions.concat_ws;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.countDistinct;
import static org.apache.spark.sql.functions.desc;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.sort_array;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Table;
import org.lttbench.fleet.result.FlatColumn;

/**
 * The fleet's answers across hosts, computed by Spark from the written tables: the top processes by I/O wait and by
 * CPU, the hosts that lost events (with their buffers and the advised ones), the busiest tracepoints, the traces that
 * failed, and one row per host. Each is a table file and, being short, a text table in {@code summary.txt}.
 */
public final class FleetSummary {
    public static final String HOSTS = "hosts";

    /** A summary table: its frame (written as files) and its columns (for the text). */
    public record Part(String key, String title, Dataset<Row> frame, List<FlatColumn> columns) {

        /** Rows of the frame in LTTbench's table model, for text. */
        public Table table(List<Row> rows) {
            Table t = new Table(key, title, columns.stream().map(FlatColumn::column).toList());
            for (Row row : rows) {
                Object[] cells = new Object[columns.size()];
                for (int i = 0; i < cells.length; i++) {
                    cells[i] = row.isNullAt(i) ? null : row.get(i);
                }
                t.addRow(cells);
            }
            return t;
        }
    }

    private final Map<String, Dataset<Row>> tables;
    private final Map<String, TableShape> shapes;
    private final int top;

    /**
     * @param tables the written tables by key (read back), {@code traces} among them
     * @param shapes their columns
     * @param top    rows of each "top" table
     */
    public FleetSummary(Map<String, Dataset<Row>> tables, Map<String, TableShape> shapes, int top) {
        this.tables = tables;
        this.shapes = shapes;
        this.top = top;
    }

    /** The summary tables, in the order the text shows them. */
    public List<Part> parts() {
        List<Part> parts = new ArrayList<>();
        Dataset<Row> processes = tables.get("processes");
        parts.add(pick("top_io_wait", "Top processes by I/O wait, across hosts",
                processes.filter(col("wait_io_ns").gt(0)).orderBy(desc("wait_io_ns"), col("host"), col("pid")),
                "processes", "host", "session", "pid", "name", "threads", "wait_io_ns", "running_ns", "wait_blocked_ns"));
        parts.add(pick("top_cpu", "Top processes by CPU (running time), across hosts",
                processes.filter(working()).orderBy(desc("running_ns"), col("host"), col("pid")),
                "processes", "host", "session", "pid", "name", "threads", "running_ns", "user_ns", "system_ns",
                "running_ratio"));
        parts.add(lossyHosts());
        parts.add(pick("top_tracepoints", "Top tracepoints by events recorded, across hosts",
                tables.get("tracepoints").orderBy(desc("count"), col("host"), col("name")),
                "tracepoints", "host", "session", "name", "count", "rate_hz", "bytes_per_event", "cost_ns",
                "cost_bound_ns"));
        Dataset<Row> failed = tables.get(FleetOutcomes.TRACES).filter(col("status").equalTo(lit("failed")))
                .orderBy("host", "session").select("host", "session", "directories", "error");
        parts.add(new Part("failed_traces", "Traces that failed (their error; the other traces' results are written)",
                failed, List.of(text("host", "Host"), text("session", "Session"), text("directories", "Directories"),
                        text("error", "Error"))));
        return parts;
    }

    /** The top rows of a table, some of its columns (with their report kinds). */
    private Part pick(String key, String title, Dataset<Row> ordered, String from, String... names) {
        TableShape shape = shapes.get(from);
        List<FlatColumn> columns = new ArrayList<>();
        for (String name : names) {
            columns.add(shape.fileColumns().stream().filter(c -> c.name().equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalStateException("table " + from + " has no column " + name)));
        }
        Column[] select = columns.stream().map(c -> col(c.name())).toArray(Column[]::new);
        return new Part(key, title, ordered.select(select).limit(top), columns);
    }

    /** Hosts whose streams lost events or packets: how much, on which channels, with what buffers, and the advice. */
    private Part lossyHosts() {
        Dataset<Row> streams = tables.get("streams");
        Column lost = col("loss_records").gt(0);
        Dataset<Row> perHost = streams.groupBy("host").agg(
                sum("discarded_events").as("discarded_events"),
                sum("discarded_packets").as("discarded_packets"),
                count(when(lost, true)).as("streams_lost"),
                concat_ws(" ", sort_array(collect_set(when(lost, col("channel"))))).as("channels"),
                min(when(lost, col("subbuf_size"))).as("subbuf_min"),
                max(when(lost, col("subbuf_size"))).as("subbuf_max"))
                .filter(col("discarded_events").gt(0).or(col("discarded_packets").gt(0)));
        Dataset<Row> advice = tables.get("advice").groupBy("host")
                .agg(concat_ws("; ", sort_array(collect_list(col("command")))).as("advice"));
        Dataset<Row> frame = perHost.join(advice, perHost.col("host").equalTo(advice.col("host")), "left")
                .select(perHost.col("host"), col("discarded_events"), col("discarded_packets"), col("streams_lost"),
                        col("channels"), col("subbuf_min"), col("subbuf_max"), col("advice"))
                .orderBy(desc("discarded_events"), desc("discarded_packets"), perHost.col("host"));
        return new Part("lossy_hosts", "Hosts that lost events: where, with what sub-buffers, and the advice", frame,
                List.of(text("host", "Host"), number("discarded_events", "Discarded", ColumnKind.INTEGER),
                        number("discarded_packets", "Lost packets", ColumnKind.INTEGER),
                        number("streams_lost", "Streams", ColumnKind.INTEGER), text("channels", "Channels"),
                        number("subbuf_min", "Sub-buffer min", ColumnKind.SIZE),
                        number("subbuf_max", "Sub-buffer max", ColumnKind.SIZE), text("advice", "Advice")));
    }

    /** One row per host: its traces, what was read, what was lost, and its threads' totals (idle threads left out). */
    public Part hosts() {
        Dataset<Row> traces = tables.get(FleetOutcomes.TRACES);
        Dataset<Row> perHost = traces.groupBy("host").agg(
                count(lit(1)).as("sessions"),
                count(when(col("status").equalTo(lit("failed")), true)).as("failed"),
                sum("bytes").as("bytes"),
                sum("events").as("events"),
                sum("discarded_events").as("discarded_events"),
                sum("lost_packets").as("lost_packets"),
                min("begin").as("first"),
                max("end").as("last"));
        Dataset<Row> threads = tables.get("threads").groupBy("host").agg(
                countDistinct(when(working(), col("pid"))).as("processes"),
                count(when(working(), true)).as("threads"),
                sum(when(working(), col("running_ns"))).as("running_ns"),
                sum("wait_io_ns").as("wait_io_ns"));
        Dataset<Row> frame = perHost.join(threads, perHost.col("host").equalTo(threads.col("host")), "left")
                .select(perHost.col("host"), col("sessions"), col("failed"), col("bytes"), col("events"),
                        col("discarded_events"), col("lost_packets"), col("first"), col("last"), col("processes"),
                        col("threads"), col("running_ns"), col("wait_io_ns"))
                .orderBy(perHost.col("host"));
        return new Part(HOSTS, "Hosts", frame, List.of(text("host", "Host"),
                number("sessions", "Traces", ColumnKind.INTEGER), number("failed", "Failed", ColumnKind.INTEGER),
                number("bytes", "Bytes", ColumnKind.SIZE), number("events", "Events", ColumnKind.INTEGER),
                number("discarded_events", "Discarded", ColumnKind.INTEGER),
                number("lost_packets", "Lost packets", ColumnKind.INTEGER),
                number("first", "First", ColumnKind.TIMESTAMP), number("last", "Last", ColumnKind.TIMESTAMP),
                number("processes", "Processes", ColumnKind.INTEGER), number("threads", "Threads", ColumnKind.INTEGER),
                number("running_ns", "Running", ColumnKind.DURATION), number("wait_io_ns", "Wait I/O", ColumnKind.DURATION)));
    }

    /** Not a CPU's idle thread: PID 0 is, and its "running" time is idle time (an unknown PID is not). */
    private static Column working() {
        return col("pid").isNull().or(col("pid").notEqual(0));
    }

    private static FlatColumn text(String name, String title) {
        return new FlatColumn(name, title, ColumnKind.TEXT);
    }

    private static FlatColumn number(String name, String title, ColumnKind kind) {
        return new FlatColumn(name, title, kind);
    }
}
