package org.lttbench.core.batch;

import java.io.IOException;
import java.nio.file.Path;

import org.lttbench.core.analysis.overhead.MachineCalibration;
import org.lttbench.core.run.RunFailure;

import picocli.CommandLine.Option;

/** The {@code --calibration} option of commands that run the overhead analysis. */
public final class CalibrationOption {

    @Option(names = "--calibration", paramLabel = "DIR|FILE", description = "What an event costs on the machine that "
            + "recorded the traces, as `lttbench calibrate --out DIR` measured it there (DIR or DIR/"
            + MachineCalibration.FILE + "): the overhead analysis then gives each tracepoint's cost per event and each "
            + "process's share of CPU time spent tracing. Without it, the trace alone only bounds them.")
    Path path;

    /** The calibration given, or null; a file that is not one is a usage error naming it. */
    public MachineCalibration read() throws RunFailure {
        if (path == null) {
            return null;
        }
        try {
            return MachineCalibration.read(path);
        } catch (IOException e) {
            throw RunFailure.usage("--calibration " + e.getMessage());
        }
    }
}
