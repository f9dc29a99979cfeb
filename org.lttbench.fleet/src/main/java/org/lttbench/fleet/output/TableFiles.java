package org.lttbench.fleet.output;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;

import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

/**
 * The fleet job's output directory (a local path, or any file system Spark writes to: {@code hdfs://},
 * {@code s3a://}...): {@code parquet/<table>/} (a Parquet dataset per table), {@code csv/<table>.csv} (one CSV file per
 * table, RFC 4180, a header line) and text files such as {@code summary.txt}.
 */
public final class TableFiles {
    private final SparkSession spark;
    private final Path out;

    /** @param out a URI ({@code file:///tmp/a%20b/}, {@code hdfs://...}) or a plain path */
    public TableFiles(SparkSession spark, String out) throws IOException {
        this.spark = spark;
        this.out = root(out);
        // Hadoop's local file system writes a hidden .crc beside every file; the instance is shared (cached) by
        // Spark's writers in this JVM, so this spares the output directory those
        this.out.getFileSystem(spark.sparkContext().hadoopConfiguration()).setWriteChecksum(false);
    }

    /**
     * Hadoop's {@code Path(String)} keeps a URI's escapes as they are (a clone under "with space" became a directory
     * "with%20space"); a URI is decoded here, a plain path taken as it is, spaces and all.
     */
    static Path root(String out) {
        try {
            URI uri = new URI(out);
            if (uri.getScheme() != null) {
                return new Path(uri);
            }
        } catch (URISyntaxException e) {
            // a plain path
        }
        return new Path(out);
    }

    public String parquet(String key) {
        return new Path(new Path(out, "parquet"), key).toString();
    }

    public String csv(String key) {
        return new Path(new Path(out, "csv"), key + ".csv").toString();
    }

    /** A written table, read back with its known schema (no job to infer it). */
    public Dataset<Row> read(TableShape shape) {
        return spark.read().schema(shape.schema()).parquet(parquet(shape.key()));
    }

    /** Writes the table in both formats, replacing what a previous run wrote there. */
    public void write(String key, Dataset<Row> frame) throws IOException {
        // a few files, not one per trace: the job has a partition per trace
        int files = Math.max(1, Math.min(frame.rdd().getNumPartitions(), spark.sparkContext().defaultParallelism()));
        frame.coalesce(files).write().mode(SaveMode.Overwrite).parquet(parquet(key));
        writeCsv(key, frame);
    }

    /** Spark writes a directory of parts: one part, renamed to the table's file, is what a spreadsheet wants. */
    private void writeCsv(String key, Dataset<Row> frame) throws IOException {
        Path parts = new Path(new Path(out, "csv"), "." + key + ".parts");
        frame.coalesce(1).write().mode(SaveMode.Overwrite)
                .option("header", true)
                .option("escape", "\"") // RFC 4180 doubles quotes; Spark's default escapes them with a backslash
                .option("ignoreLeadingWhiteSpace", false) // names are kept exactly as the trace has them
                .option("ignoreTrailingWhiteSpace", false)
                .option("emptyValue", "")
                .csv(parts.toString());
        FileSystem fs = parts.getFileSystem(spark.sparkContext().hadoopConfiguration());
        Path target = new Path(csv(key));
        fs.delete(target, false);
        FileStatus[] written = fs.globStatus(new Path(parts, "part-*"));
        if (written == null || written.length != 1) {
            throw new IOException(parts + ": Spark wrote " + (written == null ? 0 : written.length)
                    + " CSV parts where one was expected");
        }
        if (!fs.rename(written[0].getPath(), target)) {
            throw new IOException("cannot move " + written[0].getPath() + " to " + target);
        }
        fs.delete(parts, true);
    }

    /** A text file directly in the output directory, e.g. {@code summary.txt}. */
    public void text(String name, String content) throws IOException {
        Path file = new Path(out, name);
        FileSystem fs = file.getFileSystem(spark.sparkContext().hadoopConfiguration());
        try (OutputStream stream = fs.create(file, true)) {
            stream.write(content.getBytes(StandardCharsets.UTF_8));
        }
    }
}
