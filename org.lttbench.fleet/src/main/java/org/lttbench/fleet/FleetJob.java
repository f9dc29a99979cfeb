package org.lttbench.fleet;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.apache.spark.util.LongAccumulator;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TaskFailure;
import org.lttbench.core.report.TextReportWriter;
import org.lttbench.fleet.inventory.FleetTrace;
import org.lttbench.fleet.output.FleetOutcomes;
import org.lttbench.fleet.output.FleetSummary;
import org.lttbench.fleet.output.TableFiles;
import org.lttbench.fleet.output.TableShape;
import org.lttbench.fleet.result.FlatTable;
import org.lttbench.fleet.result.TraceOutcome;
import org.lttbench.fleet.result.TraceResult;
import org.lttbench.fleet.result.TraceRun;

/**
 * The fleet job on a Spark session: one task per trace runs LTTbench's one pass ({@link TraceRun}); their tables,
 * with {@code host} and {@code session} columns, are written as Parquet and CSV; then Spark answers the fleet-wide
 * questions from the written tables ({@link FleetSummary}).
 */
public final class FleetJob {
    public static final String SUMMARY_FILE = "summary.txt";
    private static final int CONCURRENT_WRITES = 4;

    /** What the job did: every trace's outcome, and the summary as text. */
    public record Outcome(List<TraceOutcome> traces, String summary) {

        public long failed() {
            return traces.stream().filter(TraceOutcome::failed).count();
        }
    }

    private final SparkSession spark;
    private final TableFiles files;
    private final int top;

    /**
     * @param out where the tables go: a local directory or a Hadoop file system URI
     * @param top rows of each "top" table of the summary
     */
    public FleetJob(SparkSession spark, String out, int top) throws IOException {
        this.spark = spark;
        this.files = new TableFiles(spark, out);
        this.top = top;
    }

    /**
     * @param progressMode how the progress line is shown
     * @param err          where it goes (stderr)
     */
    public Outcome run(List<FleetTrace> traces, FleetProgress.Mode progressMode, PrintWriter err) throws IOException {
        SparkContext sc = spark.sparkContext();
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(sc);
        // The largest first: Spark starts tasks in partition order, so the longest ones do not end the job alone.
        List<FleetTrace> ordered = new ArrayList<>(traces);
        ordered.sort(Comparator.comparingLong(FleetTrace::bytes).reversed());
        LongAccumulator failed = sc.longAccumulator("LTTbench traces failed");
        LongAccumulator readInPart = sc.longAccumulator("LTTbench traces read in part");
        LongAccumulator bytesRead = sc.longAccumulator("LTTbench bytes read");
        LongAccumulator eventsRead = sc.longAccumulator("LTTbench events read");
        String group = "lttbench-fleet-" + UUID.randomUUID();
        FleetProgress progress = new FleetProgress(group, ordered, failed, readInPart, progressMode, err,
                System::nanoTime);

        JavaRDD<TraceResult> results = jsc.parallelize(ordered, Math.max(1, ordered.size())).map(trace -> {
            TraceResult r = TraceRun.run(trace);
            TraceOutcome o = r.outcome();
            if (o.failed()) {
                failed.add(1);
            } else if (o.readInPart()) {
                readInPart.add(1);
            }
            bytesRead.add(o.bytes());
            eventsRead.add(o.events() == null ? 0 : o.events());
            return r;
        }).setName("LTTbench: one pass per trace").persist(StorageLevel.MEMORY_AND_DISK());

        List<TraceOutcome> outcomes;
        boolean completed = false;
        sc.addSparkListener(progress);
        try {
            jsc.setJobGroup(group, "LTTbench: one pass per trace (" + ordered.size() + " traces)", false);
            outcomes = new ArrayList<>(results.map(TraceResult::outcome).collect());
            completed = true;
        } finally {
            jsc.clearJobGroup();
            progress.finish(completed);
            sc.removeSparkListener(progress);
        }
        outcomes.sort(Comparator.comparing(TraceOutcome::host).thenComparing(TraceOutcome::session)
                .thenComparing(TraceOutcome::directories));
        try {
            jsc.setJobDescription("LTTbench: writing the tables");
            Map<String, TableShape> shapes = writeTables(results);
            shapes.put(FleetOutcomes.TRACES, FleetOutcomes.SHAPE);
            files.write(FleetOutcomes.TRACES, FleetOutcomes.frame(spark, outcomes));
            Map<String, Dataset<Row>> written = new LinkedHashMap<>();
            shapes.values().forEach(shape -> written.put(shape.key(), files.read(shape)));

            jsc.setJobDescription("LTTbench: the fleet summary");
            FleetSummary summary = new FleetSummary(written, shapes, top);
            writeSummary(summary.hosts());
            List<Table> tables = new ArrayList<>();
            for (FleetSummary.Part part : summary.parts()) {
                tables.add(writeSummary(part));
            }
            String text = text(outcomes, tables);
            files.text(SUMMARY_FILE, text);
            return new Outcome(outcomes, text);
        } finally {
            jsc.setJobDescription(null);
            results.unpersist(false);
        }
    }

    /** A summary table is small: computed once, then written from the driver's copy and shown as text. */
    private Table writeSummary(FleetSummary.Part part) throws IOException {
        List<Row> rows = part.frame().collectAsList();
        // one partition, so one file per format whose rows are in the summary's order (Spark reads several files of
        // a table largest first)
        files.write(part.key(), spark.createDataFrame(rows, part.frame().schema()).coalesce(1));
        return part.table(rows);
    }

    /** Every table any trace gave (and every table the analyses have, even with no rows), by key. */
    private Map<String, TableShape> writeTables(JavaRDD<TraceResult> results) throws IOException {
        List<TableShape> all = new ArrayList<>();
        for (FlatTable t : TraceRun.emptyTables()) {
            all.add(TableShape.of(t));
        }
        all.addAll(results.flatMap(r -> r.tables().stream().map(TableShape::of).iterator()).distinct().collect());
        Map<String, TableShape> shapes = new LinkedHashMap<>();
        List<Future<?>> writes = new ArrayList<>();
        // Each write is a Spark job of little work: several at once keep the executors busy between them.
        ExecutorService pool = Executors.newFixedThreadPool(CONCURRENT_WRITES);
        try {
            for (TableShape shape : TableShape.union(all)) {
                shapes.put(shape.key(), shape);
                JavaRDD<Row> rows = results.flatMap(r -> {
                    List<Row> out = new ArrayList<>();
                    for (FlatTable t : r.tables()) {
                        if (t.key().equals(shape.key())) {
                            out.addAll(shape.rows(r.outcome().host(), r.outcome().session(), t));
                        }
                    }
                    return out.iterator();
                });
                writes.add(pool.submit(() -> {
                    files.write(shape.key(), spark.createDataFrame(rows, shape.schema()));
                    return null;
                }));
            }
            for (Future<?> w : writes) {
                w.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while writing the tables", e);
        } catch (ExecutionException e) {
            throw new IOException(TaskFailure.rethrow(e));
        } finally {
            pool.shutdownNow();
        }
        return shapes;
    }

    private static String text(List<TraceOutcome> outcomes, List<Table> tables) throws IOException {
        long hosts = outcomes.stream().map(TraceOutcome::host).distinct().count();
        long bytes = outcomes.stream().mapToLong(TraceOutcome::bytes).sum();
        long events = outcomes.stream().mapToLong(o -> o.events() == null ? 0 : o.events()).sum();
        long failed = outcomes.stream().filter(TraceOutcome::failed).count();
        long inPart = outcomes.stream().filter(TraceOutcome::readInPart).count();
        StringWriter s = new StringWriter();
        s.write(String.format(Locale.ROOT, "LTTbench fleet: %d traces of %d hosts, %s and %,d events read; %d failed%s%n",
                outcomes.size(), hosts, CellFormat.bytes(bytes), events, failed, inPart == 0 ? ""
                        : String.format(Locale.ROOT, ", %d read in part (the traces table's status and error)", inPart)));
        // no time range in the titles: a fleet's traces need not share one
        for (Table table : tables) {
            s.write("\n" + table.title() + "\n");
            TextReportWriter.writeTable(table, s);
        }
        return s.toString();
    }
}
