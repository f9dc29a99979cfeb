package org.lttbench.ui.compute;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.swt.widgets.Display;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceFormatException;

/**
 * Runs the analyses the views need over some traces, for the current time range, on a background thread: the UI
 * thread only renders. All requested analyses share one read of the traces (DESIGN.md: one pass, many sinks). A new
 * range abandons the run in progress (its results are dropped, and its reading stops at the next progress call).
 * Where the reports come from is a {@link ReportSource}: by default a {@link TraceReading} of the traces.
 */
public final class AnalysisSession {

    /** Thrown from the progress callback to stop reading for a run nobody waits for any more. */
    private static final class Abandoned extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Abandoned() {
            super("abandoned", null, false, false);
        }
    }

    private static final long PROGRESS_INTERVAL_NS = 100_000_000L;

    private final Display display;
    private final ReportSource source;
    private final List<AnalysisRequest> requests = new CopyOnWriteArrayList<>();
    private final List<SessionListener> listeners = new CopyOnWriteArrayList<>();
    private final ExecutorService worker;
    private final AtomicLong generation = new AtomicLong();
    private volatile TimeRange range = TimeRange.ALL;
    private volatile TimeRange span;
    private volatile ReportSet latest;

    public AnalysisSession(Display display, TraceSource source) {
        this(display, new TraceReading(source));
    }

    public AnalysisSession(Display display, ReportSource source) {
        this.display = display;
        this.source = source;
        this.worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "lttbench-analysis");
            t.setDaemon(true);
            return t;
        });
    }

    /** Adds analyses to every later run (views call this when they attach). */
    public void require(List<AnalysisRequest> more) {
        for (AnalysisRequest r : more) {
            if (!requests.contains(r)) {
                requests.add(r);
            }
        }
    }

    /**
     * Replaces the requests of that analysis by this one (the critical path of another thread) and computes the
     * current range again.
     */
    public void follow(AnalysisRequest request) {
        requests.removeIf(r -> r.analysis().equals(request.analysis()));
        requests.add(request);
        refresh();
    }

    public void addListener(SessionListener listener) {
        listeners.add(listener);
        if (span != null) {
            listener.spanKnown(span);
        }
        if (latest != null) {
            listener.finished(latest);
        }
    }

    public void removeListener(SessionListener listener) {
        listeners.remove(listener);
    }

    public TimeRange range() {
        return range;
    }

    /** The traces' span, or {@code null} before the first run opened them. */
    public TimeRange span() {
        return span;
    }

    /** The results of the last finished run, or {@code null}. */
    public ReportSet latest() {
        return latest;
    }

    /**
     * Recomputes every requested analysis for this range ({@link TimeRange#ALL}: the whole trace). A source read only
     * once (a live session) has its one run, over the whole session: a later range is not computed.
     */
    public void setRange(TimeRange newRange) {
        if (source.readsOnce() && generation.get() > 0) {
            return;
        }
        range = source.readsOnce() ? TimeRange.ALL : newRange;
        long run = generation.incrementAndGet();
        for (SessionListener l : listeners) {
            l.runStarted(range);
        }
        List<AnalysisRequest> wanted = List.copyOf(requests);
        TimeRange runRange = range;
        worker.execute(() -> compute(run, runRange, wanted));
    }

    /** Computes the current range again (first run: the whole trace). */
    public void refresh() {
        setRange(range);
    }

    /** Whether a new range is computed ({@link #setRange}): not for a source read only once (a live session). */
    public boolean rangesComputed() {
        return !source.readsOnce();
    }

    public void dispose() {
        generation.incrementAndGet();
        source.dispose();
        worker.shutdownNow();
    }

    private void compute(long run, TimeRange runRange, List<AnalysisRequest> wanted) {
        if (run != generation.get()) {
            return;
        }
        ReportSet result;
        try {
            result = source.reports(runRange, wanted, span == null ? this::spanFound : null, progressFor(run),
                    sofar -> show(run, sofar));
        } catch (Abandoned e) {
            return;
        } catch (TraceFormatException e) {
            result = ReportSet.failed(runRange, e.getMessage());
        } catch (IOException e) {
            result = ReportSet.failed(runRange, "cannot read the traces: " + e.getMessage());
        } catch (RuntimeException e) {
            e.printStackTrace();
            result = ReportSet.failed(runRange, "the analysis failed: " + e);
        }
        show(run, result);
    }

    /** The run's results (so far, or final) to the views, unless a later run replaced it. */
    private void show(long run, ReportSet results) {
        ui(() -> {
            if (run == generation.get()) {
                latest = results;
                listeners.forEach(l -> l.finished(results));
            }
        });
    }

    private void spanFound(TimeRange s) {
        if (span == null) {
            span = s;
            ui(() -> listeners.forEach(l -> l.spanKnown(s)));
        }
    }

    private org.lttbench.core.trace.ProgressListener progressFor(long run) {
        long[] last = { System.nanoTime() };
        return (done, total) -> {
            if (run != generation.get()) {
                throw new Abandoned();
            }
            long now = System.nanoTime();
            if (now - last[0] >= PROGRESS_INTERVAL_NS) {
                last[0] = now;
                ui(() -> {
                    if (run == generation.get()) {
                        listeners.forEach(l -> l.progress(done, total));
                    }
                });
            }
        };
    }

    private void ui(Runnable r) {
        if (!display.isDisposed()) {
            display.asyncExec(r);
        }
    }
}
