package org.lttbench.core.diff;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;

/**
 * The summaries of one comparison's runs ({@link RunComparison.Summary}), made on the runs' own threads: each run's
 * compared tables are grouped as tasks that any of those threads takes, the largest first. The thread whose pass ends
 * first groups its own tables, then waits for the other run's and groups some of them, rather than leave the other
 * thread to group them alone while a core stays idle (a busy machine's per-thread latency tables take hundreds of
 * milliseconds each). Tables of one run are grouped at once on two threads: each reads its own rows, made from figures
 * that are final once the pass is over.
 */
public final class RunSummaries {
    private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();
    /** The runs that have not yet handed their tables over, nor given up. */
    private int runsToCome;

    /** For {@code runs} runs, each summarised once ({@link #summarise}) or given up ({@link #giveUp}). */
    public RunSummaries(int runs) {
        this.runsToCome = runs;
    }

    /** Where a run's reports come from: its pass, or reports already made. */
    public interface Reports {
        List<Report> make() throws IOException;
    }

    /**
     * Two runs' reports made and summarised at once, A's on a new thread named {@code threadA}, B's on this one, each
     * thread grouping either run's tables: A's summary, then B's. A failure on either thread is thrown here as it was
     * thrown, and a run whose reports fail never leaves the other thread waiting for its tables.
     */
    public static List<RunComparison.Summary> both(String threadA, Reports a, Reports b) throws IOException {
        RunSummaries summaries = new RunSummaries(2);
        CompletableFuture<RunComparison.Summary> inA = CompletableFuture.supplyAsync(() -> {
            try {
                return summaries.summarise(summaries.reportsOf(a));
            } catch (IOException e) {
                throw new CompletionException(e);
            }
        }, runnable -> new Thread(runnable, threadA).start());
        RunComparison.Summary inB = summaries.summarise(summaries.reportsOf(b));
        try {
            return List.of(inA.join(), inB);
        } catch (CompletionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    /** A run's reports; when they fail, this run gives up. */
    private List<Report> reportsOf(Reports reports) throws IOException {
        try {
            return reports.make();
        } catch (IOException | RuntimeException | Error e) {
            giveUp();
            throw e;
        }
    }

    /** One run's tables being grouped: their groups as they come, how many are left, the first failure. */
    private static final class Run {
        final List<Table> tables;
        final List<Map<String, RunComparison.Group>> groups;
        int left;
        Throwable failure;

        Run(List<Table> tables) {
            this.tables = tables;
            this.groups = new ArrayList<>(java.util.Collections.nCopies(tables.size(), null));
            this.left = tables.size();
        }
    }

    /**
     * A run's reports summarised: its tables handed over, then any run's tables grouped on this thread until its own are
     * all grouped and no run is to come.
     */
    public RunComparison.Summary summarise(List<Report> reports) {
        List<Table> tables = new ArrayList<>();
        List<Integer> largestFirst = new ArrayList<>();
        try {
            for (Report r : reports) {
                for (Table t : r.tables()) {
                    if (!t.isChartData() && RunComparison.compared(t)) {
                        largestFirst.add(tables.size());
                        tables.add(t);
                    }
                }
            }
            // a table filled when first read is filled here, by code of its analysis's
            largestFirst.sort(Comparator.comparingInt((Integer i) -> -tables.get(i).rows().size()));
        } catch (RuntimeException | Error e) {
            giveUp();
            throw e;
        }
        Run run = new Run(tables);
        synchronized (this) {
            for (int i : largestFirst) {
                tasks.add(() -> group(run, i));
            }
            runsToCome--;
            notifyAll();
        }
        help(run);
        if (run.failure instanceof RuntimeException e) {
            throw e;
        }
        if (run.failure instanceof Error e) {
            throw e;
        }
        RunComparison.Summary s = new RunComparison.Summary(reports);
        for (int i = 0; i < tables.size(); i++) {
            s.groups.put(tables.get(i), run.groups.get(i));
        }
        return s;
    }

    /** A run that hands over no tables (its pass failed): the other thread no longer waits for them. */
    private synchronized void giveUp() {
        runsToCome--;
        notifyAll();
    }

    /** Groups any run's tables until {@code own}'s are all grouped and no run is to come. */
    private void help(Run own) {
        while (true) {
            Runnable next;
            synchronized (this) {
                while ((next = tasks.poll()) == null) {
                    if (own.left == 0 && runsToCome == 0) {
                        return;
                    }
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new CancellationException("the comparison was interrupted");
                    }
                }
            }
            next.run();
        }
    }

    private void group(Run run, int table) {
        Map<String, RunComparison.Group> g = null;
        Throwable failure = null;
        try {
            g = RunComparison.grouped(run.tables.get(table));
        } catch (RuntimeException | Error e) {
            failure = e;
        }
        synchronized (this) {
            run.groups.set(table, g);
            if (failure != null && run.failure == null) {
                run.failure = failure;
            }
            run.left--;
            notifyAll();
        }
    }
}
