package org.lttbench.tests.analysis.process;

import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.report.Report;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordFanOut;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.TraceSet;

/** Runs the process analysis over traces read by our CTF reader, with optional observers. */
final class ProcessRun {
    private ProcessRun() {
    }

    record Result(ProcessAnalysis analysis, Report report) {
    }

    /**
     * @param observer told every thread state change besides the ledger, or null
     * @param records  another record sink fed in the same pass (e.g. to see each CPU's first event), or null
     */
    static Result run(List<Path> traces, AnalysisOptions options, ThreadStateSink observer, RecordSink records)
            throws IOException {
        try (TraceSet set = CtfTraceSet.open(traces)) {
            ProcessAnalysis a = new ProcessAnalysis(options, observer);
            assertNull(a.whyNotApplicable(set), "the process analysis applies to " + traces);
            List<RecordSink> sinks = new ArrayList<>(List.of(a));
            if (records != null) {
                sinks.add(records);
            }
            set.read(new RecordFanOut(sinks), ProgressListener.NONE);
            return new Result(a, a.report());
        }
    }

    static Report run(Path trace, AnalysisOptions options) throws IOException {
        return run(List.of(trace), options, null, null).report();
    }
}
