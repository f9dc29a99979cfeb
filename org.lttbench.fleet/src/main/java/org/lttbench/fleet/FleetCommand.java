package org.lttbench.fleet;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.lttbench.core.run.ExitCode;
import org.lttbench.core.run.RunFailure;
import org.lttbench.fleet.inventory.FleetInventory;
import org.lttbench.fleet.inventory.FleetTrace;
import org.lttbench.fleet.result.TraceOutcome;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code lttbench fleet ROOT --out DIR}: every LTTng trace under ROOT, one Spark task each, LTTbench's one pass on
 * each; tables with a {@code host} column as Parquet and CSV under DIR, and the fleet summary on stdout and in
 * {@code DIR/summary.txt}. A trace that fails is in the summary with its error; the others' results are written.
 */
@Command(name = "fleet", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs LTTbench's analyses over every LTTng trace under ROOT (many hosts: lttng-relayd's "
                + "HOST/SESSION-DATE-TIME layout, or plain trace directories) on Apache Spark, one task per trace, "
                + "and writes per-host, per-thread and per-process tables as Parquet and CSV, and a fleet summary.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = { "0:done", "2:usage error (or DIR cannot be written)",
                "3:ROOT is missing or holds no trace, or some traces failed (the others' tables are written; the "
                        + "summary says which failed and why)",
                "5:internal error" })
public final class FleetCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "ROOT", description = "Directory holding the fleet's traces (every executor "
            + "must see it at this path: a shared file system on a cluster)")
    Path root;

    @Option(names = "--out", required = true, paramLabel = "DIR",
            description = "Where the tables go: DIR/csv/<table>.csv, DIR/parquet/<table>/, DIR/summary.txt (a local "
                    + "directory, or a URI Spark writes to: hdfs://..., s3a://...)")
    String out;

    @Option(names = "--master", paramLabel = "URL",
            description = "Spark master (default: spark-submit's, else local[*]: every core of this machine)")
    String master;

    @Option(names = "--top", paramLabel = "N", defaultValue = "10",
            description = "Rows of each top table of the summary (default: ${DEFAULT-VALUE})")
    int top;

    @Option(names = "--conf", paramLabel = "KEY=VALUE", description = "A Spark setting (repeatable), e.g. "
            + "--conf spark.executor.memory=4g")
    Map<String, String> settings = new LinkedHashMap<>();

    @Option(names = "--no-ui", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Spark's web UI while the job runs (default: on; its address is printed on stderr)")
    boolean ui;

    @Option(names = { "-q", "--quiet" }, description = "No progress line on stderr")
    boolean quiet;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        try {
            if (top <= 0) {
                throw RunFailure.usage("--top " + top + ": give a positive number of rows");
            }
            List<FleetTrace> traces = FleetInventory.scan(root);
            String output = output(out);
            try (SparkLease lease = SparkLease.open(master, settings, ui, System.getProperty("lttbench.fleet.jar"))) {
                String url = lease.uiUrl();
                if (url != null && !quiet) {
                    err.println("fleet: " + traces.size() + " traces; Spark UI at " + url + " while the job runs");
                    err.flush();
                }
                FleetJob.Outcome outcome = new FleetJob(lease.spark(), output, top).run(traces, progressMode(), err);
                PrintWriter stdout = spec.commandLine().getOut();
                stdout.print(outcome.summary());
                stdout.flush();
                return failures(outcome, err);
            }
        } catch (Exception | OutOfMemoryError e) {
            return RunFailure.tell("lttbench fleet", e, err);
        }
    }

    /**
     * Exit 3 when traces failed, after one line saying how many and the first one's error; else 6 when traces were read
     * in part, after one warning line saying how many and what the first one lacks.
     */
    private int failures(FleetJob.Outcome outcome, PrintWriter err) {
        long failed = outcome.failed();
        if (failed == 0) {
            List<TraceOutcome> inPart = outcome.traces().stream().filter(TraceOutcome::readInPart).toList();
            if (inPart.isEmpty()) {
                return ExitCode.OK;
            }
            TraceOutcome first = inPart.get(0);
            err.println("lttbench fleet: warning: " + inPart.size() + " of " + outcome.traces().size() + " traces were"
                    + " read in part (the traces table says which), first: " + first.host() + " " + first.session()
                    + ": " + first.error());
            err.flush();
            return ExitCode.READ_IN_PART;
        }
        TraceOutcome first = outcome.traces().stream().filter(TraceOutcome::failed).findFirst().orElseThrow();
        err.println("lttbench fleet: " + failed + " of " + outcome.traces().size() + " traces failed (the others' "
                + "tables are written; the summary lists every failure), first: " + first.host() + " "
                + first.session() + ": " + first.error());
        err.flush();
        return ExitCode.UNREADABLE_TRACE;
    }

    /**
     * The output as Spark takes it. A local directory is made now, so that one that cannot be written is a usage
     * error before any trace is read; a URI (hdfs://, s3a://...) is Spark's to check.
     */
    static String output(String out) throws RunFailure {
        URI uri = null;
        try {
            uri = URI.create(out);
        } catch (IllegalArgumentException e) {
            // a local path with characters a URI does not take
        }
        if (uri != null && uri.getScheme() != null && uri.getScheme().length() > 1 && !"file".equals(uri.getScheme())) {
            return out;
        }
        Path dir = uri != null && "file".equals(uri.getScheme()) ? Path.of(uri) : Path.of(out);
        dir = dir.toAbsolutePath().normalize();
        try {
            if (Files.exists(dir) && !Files.isDirectory(dir)) {
                throw RunFailure.usage("--out " + dir + ": is a file, not a directory");
            }
            Files.createDirectories(dir);
            if (!Files.isWritable(dir)) {
                throw RunFailure.usage("--out " + dir + ": cannot write there (permission denied)");
            }
        } catch (AccessDeniedException e) {
            throw RunFailure.usage("--out " + dir + ": cannot make this directory: " + e.getFile() + ": permission denied");
        } catch (FileSystemException e) {
            throw RunFailure.usage("--out " + dir + ": cannot make this directory: " + e.getFile() + ": "
                    + (e.getReason() != null ? e.getReason() : e.getClass().getSimpleName()));
        } catch (IOException e) {
            throw RunFailure.usage("--out " + dir + ": cannot make this directory: " + e.getMessage());
        }
        return dir.toUri().toString();
    }

    private FleetProgress.Mode progressMode() {
        if (quiet) {
            return FleetProgress.Mode.QUIET;
        }
        return Boolean.getBoolean("lttbench.stderr.tty") ? FleetProgress.Mode.TERMINAL : FleetProgress.Mode.LOG;
    }
}
