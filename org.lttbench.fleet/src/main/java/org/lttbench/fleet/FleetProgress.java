package org.lttbench.fleet;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

import org.apache.spark.Success$;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.util.LongAccumulator;
import org.lttbench.core.report.CellFormat;
import org.lttbench.fleet.inventory.FleetTrace;

import scala.jdk.javaapi.CollectionConverters;

/**
 * The fleet job's one-line progress on stderr: traces done of the total, traces failed and read in part, bytes read of
 * the total, rate and time. Told by Spark's listener bus as each trace's task ends (a task is one trace: its
 * partition's index is the trace's place in the job's list). On a terminal the line is redrawn in place; otherwise
 * (logs, spark-submit) a line is printed at most every {@link #LOG_INTERVAL_NS}, and the last one always.
 */
public final class FleetProgress extends SparkListener {
    /** Spark's job property holding the job group that {@code setJobGroup} sets. */
    private static final String JOB_GROUP = "spark.jobGroup.id";
    private static final long REDRAW_NS = 200_000_000L;
    static final long LOG_INTERVAL_NS = 10_000_000_000L;

    /** Where the line goes. */
    public enum Mode {
        /** redrawn in place (stderr is a terminal) */
        TERMINAL,
        /** a new line now and then */
        LOG,
        /** nothing */
        QUIET
    }

    private final String jobGroup;
    private final long[] bytes;
    private final long totalBytes;
    private final LongAccumulator failed;
    private final LongAccumulator readInPart;
    private final Mode mode;
    private final PrintWriter err;
    private final LongSupplier nanoClock;
    private final long start;
    private final Set<Integer> stages = ConcurrentHashMap.newKeySet();
    private final boolean[] done;
    private int doneCount;
    private long doneBytes;
    private long lastPrint;
    private boolean printed;

    /**
     * @param jobGroup the job group the analysis job runs in: only its tasks count
     * @param traces   the job's traces, in partition order
     * @param failed     the job's count of failed traces
     * @param readInPart the job's count of traces read in part
     */
    public FleetProgress(String jobGroup, List<FleetTrace> traces, LongAccumulator failed, LongAccumulator readInPart,
            Mode mode, PrintWriter err, LongSupplier nanoClock) {
        this.jobGroup = jobGroup;
        this.bytes = traces.stream().mapToLong(FleetTrace::bytes).toArray();
        this.totalBytes = traces.stream().mapToLong(FleetTrace::bytes).sum();
        this.failed = failed;
        this.readInPart = readInPart;
        this.mode = mode;
        this.err = err;
        this.nanoClock = nanoClock;
        this.start = nanoClock.getAsLong();
        this.lastPrint = start;
        this.done = new boolean[traces.size()];
    }

    @Override
    public void onJobStart(SparkListenerJobStart jobStart) {
        if (jobStart.properties() != null && jobGroup.equals(jobStart.properties().getProperty(JOB_GROUP))) {
            for (Object id : CollectionConverters.asJava(jobStart.stageIds())) {
                stages.add((Integer) id);
            }
        }
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd taskEnd) {
        if (!stages.contains(taskEnd.stageId()) || taskEnd.reason() != Success$.MODULE$) {
            return;
        }
        synchronized (this) {
            int index = taskEnd.taskInfo().index();
            if (index < 0 || index >= done.length || done[index]) {
                return; // a speculative or retried copy of a trace already counted
            }
            done[index] = true;
            doneCount++;
            doneBytes += bytes[index];
            print(false);
        }
    }

    /** Traces whose task has ended. */
    public synchronized int done() {
        return doneCount;
    }

    /** The line as it stands. */
    public synchronized String line() {
        long elapsed = nanoClock.getAsLong() - start;
        StringBuilder s = new StringBuilder("fleet: ").append(doneCount).append('/').append(done.length)
                .append(" traces");
        long failures = failed.value();
        long inPart = readInPart.value();
        List<String> counts = new ArrayList<>();
        if (failures > 0) {
            counts.add(failures + " failed");
        }
        if (inPart > 0) {
            counts.add(inPart + " read in part");
        }
        if (!counts.isEmpty()) {
            s.append(" (").append(String.join(", ", counts)).append(')');
        }
        s.append(", ").append(CellFormat.bytes(doneBytes)).append(" of ").append(CellFormat.bytes(totalBytes));
        double seconds = elapsed / 1e9;
        if (seconds > 0 && doneBytes > 0) {
            s.append(", ").append(CellFormat.bytes((long) (doneBytes / seconds))).append("/s");
        }
        return s.append(String.format(Locale.ROOT, ", %.1f s", seconds)).toString();
    }

    /**
     * The last line, whatever the throttle, once the analysis job has ended.
     *
     * @param completed whether the job returned: then every trace is done, even those the listener bus has not told yet
     */
    public synchronized void finish(boolean completed) {
        for (int i = 0; completed && i < done.length; i++) {
            if (!done[i]) {
                done[i] = true;
                doneCount++;
                doneBytes += bytes[i];
            }
        }
        print(true);
        if (mode == Mode.TERMINAL && printed) {
            err.println();
            err.flush();
        }
    }

    private void print(boolean last) {
        long now = nanoClock.getAsLong();
        switch (mode) {
            case TERMINAL -> {
                if (last || now - lastPrint >= REDRAW_NS || !printed) {
                    err.print("\r" + line() + "\033[K");
                    err.flush();
                    lastPrint = now;
                    printed = true;
                }
            }
            case LOG -> {
                if (last || now - lastPrint >= LOG_INTERVAL_NS) {
                    err.println(line());
                    err.flush();
                    lastPrint = now;
                    printed = true;
                }
            }
            case QUIET -> {
                // nothing
            }
        }
    }
}
