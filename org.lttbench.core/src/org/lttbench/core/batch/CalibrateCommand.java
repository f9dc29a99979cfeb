package org.lttbench.core.batch;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import org.lttbench.core.analysis.overhead.MachineCalibration;
import org.lttbench.core.calibration.Calibration;
import org.lttbench.core.calibration.CalibrationPlan;
import org.lttbench.core.calibration.CalibrationReport;
import org.lttbench.core.calibration.CalibrationWorkload;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.ReportFormat;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code lttbench calibrate}: measures what a tracepoint costs on this machine, with real LTTng sessions. */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
        description = { "Measures what an LTTng-UST tracepoint costs on this machine, with real LTTng sessions.",
                "A timed loop without a tracepoint, with an inactive one, and traced under a sweep of channel configurations (sub-buffer size and count, "
                + "discard and overwrite, with and without vpid/vtid/procname contexts). Prints the loop's own ns per "
                + "iteration, events captured and lost, and the cost per event estimated from each trace.",
                "Needs gcc, liblttng-ust-dev (to build the workload once) and a running lttng-sessiond." })
public final class CalibrateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--quick", description = "A short sweep (well under a minute) instead of the full one.")
    boolean quick;

    @Option(names = "--out", paramLabel = "DIR", description = "Keep the traces, the workload's output and the report "
            + "(calibration.txt, calibration.json) in DIR, which must be empty or absent. Default: a temporary "
            + "directory, deleted at the end.")
    Path out;

    @Option(names = "--workloads", paramLabel = "DIR", description = "Directory holding the built calibrate and "
            + "calibrate-notp programs. Default: releng/workloads/target/bin of this checkout, built when missing.")
    Path workloads;

    @Option(names = "--session-prefix", hidden = true, defaultValue = "lttbench-calibrate",
            description = "Prefix of the LTTng session names.")
    String sessionPrefix;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter outWriter = spec.commandLine().getOut();
        Path dir = out;
        boolean temporary = dir == null;
        try {
            if (temporary) {
                dir = Files.createTempDirectory("lttbench-calibrate");
            } else if (Files.exists(dir) && !Files.isDirectory(dir)) {
                err.println("lttbench calibrate: " + dir + " is not a directory");
                return 2;
            } else if (Files.isDirectory(dir)) {
                try (Stream<Path> entries = Files.list(dir)) {
                    if (entries.findAny().isPresent()) {
                        err.println("lttbench calibrate: " + dir + " is not empty");
                        return 2;
                    }
                }
            }
            CalibrationWorkload workload = CalibrationWorkload.locate(workloads);
            CalibrationPlan plan = quick ? CalibrationPlan.quick() : CalibrationPlan.full();
            String prefix = sessionPrefix + "-" + ProcessHandle.current().pid();
            Calibration.Result result = new Calibration(workload, plan, dir, prefix, err).run();
            Report report = CalibrationReport.of(result);
            org.lttbench.core.report.TextReportWriter.write(List.of(report), outWriter,
                    org.lttbench.core.report.TextReportWriter.Layout.terminal(org.lttbench.core.report.TextReportWriter.ALL_ROWS, false));
            if (!temporary) {
                write(report, ReportFormat.TEXT, dir.resolve("calibration.txt"));
                Path json = dir.resolve(MachineCalibration.FILE);
                write(report, ReportFormat.JSON, json);
                try {
                    MachineCalibration.read(json); // what --calibration will read: never leave one it refuses
                } catch (IOException refused) {
                    Files.delete(json);
                    throw refused;
                }
                err.println("lttbench calibrate: traces and report in " + dir);
            }
            return 0;
        } catch (IOException e) {
            err.println("lttbench calibrate: " + message(e));
            return 1;
        } finally {
            if (temporary && dir != null) {
                deleteTree(dir);
            }
        }
    }

    /** NIO's file exceptions say only the path: add what went wrong with it. */
    private static String message(IOException e) {
        if (e instanceof AccessDeniedException f) {
            return f.getFile() + ": permission denied";
        }
        if (e instanceof NoSuchFileException f) {
            return f.getFile() + ": no such file or directory";
        }
        if (e instanceof FileAlreadyExistsException f) {
            return f.getFile() + ": exists and is not a directory";
        }
        return e.getMessage();
    }

    private static void write(Report report, ReportFormat format, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            format.write(List.of(report), w);
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // A temporary directory left behind is not worth failing the run for.
        }
    }
}
