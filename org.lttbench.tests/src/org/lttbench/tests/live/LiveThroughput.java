package org.lttbench.tests.live;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How many events per second a live session can be followed at without falling behind: LTTbench ({@code lttbench top
 * --format json}) and babeltrace2 ({@code --input-format=lttng-live}), each on a session of its own (lttng-relayd 2.13
 * takes one viewer per session) through a relay daemon of its own, while the burst workload emits events at a paced
 * rate for a few seconds into 8 x 4 MiB sub-buffers per CPU (what the tracer discards all the same is counted as had: no follower can get it). For each rate and follower: how long after the
 * workload ended the follower had every event (its lag), the rate it followed at (events over the time from the
 * workload's start to then), and the CPU time it used meanwhile. A follower keeps up when its lag stays under
 * {@link #KEPT_UP_S}. Run by {@code releng/bench/live-throughput}.
 *
 * <pre>
 * java -cp ... org.lttbench.tests.live.LiveThroughput RATES SECONDS LTTBENCH BURST WORKDIR
 * </pre>
 */
public final class LiveThroughput {
    /** The lag (workload's end to the follower's last event) under which a follower kept up: a few live timer ticks. */
    static final double KEPT_UP_S = 1.0;
    /** How long a follower may take to get every event before it counts as having fallen behind for good. */
    private static final long GIVE_UP_S = 60;
    private static final Pattern INTERVAL_EVENTS = Pattern.compile(
            "\"interval\":\\[\\{\"begin\":\\d+,\"end\":\\d+,\"events\":(\\d+),\"events_per_s\":[^,]+,\"discarded_events\":(\\d+)");
    /** babeltrace2's warning of a discarded-events message, on stderr. */
    private static final Pattern BT2_DISCARDED = Pattern.compile("discarded (\\d+) events");
    private static final Pattern EMITTED = Pattern.compile("emitted=(\\d+)");
    /** Clock ticks per second of /proc's CPU times (USER_HZ). */
    private static final double TICKS = 100;

    private record Run(String follower, long rate, long emitted, long discarded, double lagS, double followedPerS,
            double cpuS, boolean reached) {
        boolean keptUp() {
            return reached && lagS < KEPT_UP_S;
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 5) {
            System.err.println("usage: LiveThroughput RATES SECONDS LTTBENCH BURST WORKDIR");
            System.exit(2);
        }
        List<Long> rates = new ArrayList<>();
        for (String r : args[0].split(",")) {
            rates.add(Long.parseLong(r.trim()));
        }
        double seconds = Double.parseDouble(args[1]);
        Path lttbench = Path.of(args[2]);
        Path burst = Path.of(args[3]);
        Path work = Path.of(args[4]);
        Files.createDirectories(work);
        System.out.printf("%10s  %-11s %10s %10s %8s %14s %8s %12s%n", "rate/s", "follower", "events", "discarded",
                "lag s", "followed ev/s", "CPU s", "ev/CPU-s");
        List<Run> runs = new ArrayList<>();
        for (long rate : rates) {
            for (String follower : List.of("lttbench", "babeltrace2")) {
                Run run = run(follower, rate, (long) (rate * seconds), lttbench, burst, work);
                runs.add(run);
                System.out.printf("%10d  %-11s %10d %10d %8s %14.0f %8.2f %12.0f%n", rate, follower, run.emitted(),
                        run.discarded(),
                        run.reached() ? String.format(Locale.ROOT, "%.2f", run.lagS()) : "behind", run.followedPerS(),
                        run.cpuS(), run.cpuS() > 0 ? run.emitted() / run.cpuS() : 0);
            }
        }
        long ours = highestKeptUp(runs, "lttbench");
        long theirs = highestKeptUp(runs, "babeltrace2");
        System.out.printf("%nhighest rate followed without falling behind (lag < %.1f s): lttbench %s, babeltrace2 %s",
                KEPT_UP_S, ours == 0 ? "none" : ours + "/s", theirs == 0 ? "none" : theirs + "/s");
        if (ours > 0 && theirs > 0) {
            System.out.printf(" (ratio %.2f%s)", (double) ours / theirs,
                    ours == rates.get(rates.size() - 1) ? ", lttbench kept up at every rate tried: a lower bound" : "");
        }
        System.out.println();
        for (long rate : rates) {
            Run a = find(runs, "lttbench", rate);
            Run b = find(runs, "babeltrace2", rate);
            if (a.keptUp() && b.keptUp() && a.cpuS() > 0) {
                System.out.printf("at %d/s: babeltrace2 used %.2fx the CPU time of lttbench top to follow the same "
                        + "events%n", rate, b.cpuS() / a.cpuS());
            }
        }
    }

    private static Run find(List<Run> runs, String follower, long rate) {
        return runs.stream().filter(r -> r.follower().equals(follower) && r.rate() == rate).findFirst().orElseThrow();
    }

    private static long highestKeptUp(List<Run> runs, String follower) {
        return runs.stream().filter(r -> r.follower().equals(follower) && r.keptUp()).mapToLong(Run::rate).max().orElse(0);
    }

    /** One session, one follower, one paced run of the workload. */
    private static Run run(String follower, long rate, long events, Path lttbench, Path burst, Path work)
            throws Exception {
        Path dir = Files.createDirectories(work.resolve(follower + "-" + rate));
        try (RelayDaemon relayd = RelayDaemon.start(dir.resolve("relayd"))) {
            String name = LiveSessionTest.createSession(relayd, "bench-" + follower + "-" + rate,
                    List.of("--subbuf-size=4M", "--num-subbuf=8"), "lttbench_burst:*");
            Process viewer = null;
            try {
                emit(burst, 1, 0); // the session's buffers exist, so both followers attach to a stream
                String url = LiveSessionTest.sessionUrl(relayd, name);
                // LTTbench reads from the session's beginning (the one event before), babeltrace2 from its last position
                long target = follower.equals("lttbench") ? events + 1 : events;
                List<String> command = follower.equals("lttbench")
                        ? List.of(lttbench.toString(), "top", "--format", "json", "--interval", "100ms", "--window",
                                "100ms", url)
                        : List.of("babeltrace2", "--input-format=lttng-live", url);
                viewer = new ProcessBuilder(command).start();
                long pid = viewer.pid();
                AtomicLong reachedAt = new AtomicLong();
                AtomicLong cpuAtReach = new AtomicLong();
                AtomicLong discarded = new AtomicLong();
                CountDownLatch reached = new CountDownLatch(1);
                Process v = viewer;
                Thread counter = new Thread(() -> count(v, follower, target, pid, reachedAt, cpuAtReach, discarded,
                        reached), "live-bench-count");
                counter.setDaemon(true);
                counter.start();
                Thread errors = new Thread(() -> errors(v, follower, dir.resolve(follower + ".err"), discarded),
                        "live-bench-errors");
                errors.setDaemon(true);
                errors.start();
                Thread.sleep(2000); // the JVM's start and the attach
                long cpu0 = cpuTicks(pid);
                long t0 = System.nanoTime();
                long emitted = emit(burst, events, rate);
                long t1 = System.nanoTime();
                boolean got = reached.await(GIVE_UP_S, TimeUnit.SECONDS);
                long tc = got ? reachedAt.get() : System.nanoTime();
                long cpu1 = got ? cpuAtReach.get() : cpuTicks(pid);
                return new Run(follower, rate, emitted, discarded.get(), (tc - t1) / 1e9,
                        emitted / ((tc - t0) / 1e9), (cpu1 - cpu0) / TICKS, got);
            } finally {
                LiveSessionTest.destroy(name);
                if (viewer != null && !viewer.waitFor(30, TimeUnit.SECONDS)) {
                    viewer.destroyForcibly();
                }
            }
        }
    }

    /**
     * Counts the follower's events as it prints them, and the events the tracer discarded (which it says too: those
     * never reach a follower); notes the time and its CPU time when it has them all.
     */
    private static void count(Process viewer, String follower, long target, long pid, AtomicLong reachedAt,
            AtomicLong cpuAtReach, AtomicLong discarded, CountDownLatch reached) {
        long n = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(viewer.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (follower.equals("lttbench")) {
                    Matcher m = INTERVAL_EVENTS.matcher(line);
                    if (m.find()) {
                        n += Long.parseLong(m.group(1));
                        discarded.addAndGet(Long.parseLong(m.group(2)));
                    }
                } else {
                    n++;
                }
                if (n + discarded.get() >= target && reached.getCount() > 0) {
                    reachedAt.set(System.nanoTime());
                    cpuAtReach.set(cpuTicks(pid));
                    reached.countDown();
                }
            }
        } catch (IOException e) {
            // the follower ended: what it printed is counted
        }
    }

    /** The follower's stderr, kept in a file; babeltrace2 says there what the tracer discarded. */
    private static void errors(Process viewer, String follower, Path file, AtomicLong discarded) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(viewer.getErrorStream(), StandardCharsets.UTF_8));
                java.io.Writer w = Files.newBufferedWriter(file)) {
            String line;
            while ((line = r.readLine()) != null) {
                w.write(line + "\n");
                Matcher m = BT2_DISCARDED.matcher(line);
                if (follower.equals("babeltrace2") && m.find() && m.group(1).length() < 19) { // not a count: unknown
                    discarded.addAndGet(Long.parseLong(m.group(1)));
                }
            }
        } catch (IOException e) {
            // the follower ended
        }
    }

    /** The workload, paced at {@code rate} events/s (0: as fast as it can): the events it says it emitted. */
    private static long emit(Path burst, long events, long rate) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(burst.toString(), "--events", Long.toString(events), "--rate", Long.toString(rate))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new IOException("burst failed: " + out);
        }
        Matcher m = EMITTED.matcher(out);
        if (!m.find()) {
            throw new IOException("burst said: " + out);
        }
        return Long.parseLong(m.group(1));
    }

    /** User + system CPU time of a process so far, in clock ticks (0 once it has ended). */
    private static long cpuTicks(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime, stime: fields 14 and 15 of the line
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
