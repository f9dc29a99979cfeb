package org.lttbench.core.diff;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.analysis.waits.WaitStacks;
import org.lttbench.core.kernel.ThreadState;

/**
 * One process's change in where its time went, from two runs' {@link WaitStacks}: running, waiting for a CPU, blocked
 * on disk I/O, blocked (and that split by cause, and again by waker), unknown, each per second of its run's traced
 * time, summed over the process's threads (a process of that name in each run: matched by name, never PID). Each part
 * is tested as a total time without a count (two Poisson rates of 1 ms samples), the parts' tests held together at the
 * comparison's family-wise rate.
 *
 * @param tests     how many parts were tested
 * @param threshold a part's p-value below which its change is significant
 */
public record ProcessBreakdown(String process, double secondsA, double secondsB, List<Part> parts, int tests,
        double threshold) {

    /**
     * @param kind what the part is: {@code state}, {@code cause} (of the blocked time) or {@code waker} (of it again)
     * @param nsA  the process's time in it in A, in ns
     */
    public record Part(String kind, String name, long nsA, long nsB, double perSecondA, double perSecondB, double p,
            boolean significant) {
        /** B's ns per second less A's. */
        public double change() {
            return perSecondB - perSecondA;
        }

        /** The change over A's, or null where A spent none. */
        public Double relative() {
            return perSecondA == 0 ? null : change() / perSecondA;
        }
    }

    private static final List<String> RUNNING = List.of(ThreadState.USER.legend(), ThreadState.SYSCALL.legend(),
            ThreadState.IRQ.legend(), ThreadState.USER_OR_SYSTEM.legend());
    private static final String BLOCKED = ThreadState.WAIT_BLOCKED.legend();

    /** The breakdown of that process, or null when neither run has a process of that name. */
    public static ProcessBreakdown of(String process, WaitStacks a, WaitStacks b) {
        Map<List<String>, long[]> parts = new LinkedHashMap<>();
        for (String state : List.of("Running", ThreadState.WAIT_CPU.legend(), ThreadState.WAIT_IO.legend(), BLOCKED,
                ThreadState.UNKNOWN.legend())) {
            parts.put(List.of("state", state), new long[2]);
        }
        boolean seen = tally(process, a, 0, parts) | tally(process, b, 1, parts);
        if (!seen) {
            return null;
        }
        double sa = a.coveredNs() / 1e9;
        double sb = b.coveredNs() / 1e9;
        List<Part> tested = new ArrayList<>();
        int tests = 0;
        for (var e : parts.entrySet()) {
            long[] ns = e.getValue();
            if (ns[0] > 0 || ns[1] > 0) {
                tests++;
            }
        }
        double threshold = RunComparison.FAMILY_RATE / Math.max(1, tests);
        for (var e : parts.entrySet()) {
            long[] ns = e.getValue();
            if (ns[0] == 0 && ns[1] == 0 && !e.getKey().get(0).equals("state")) {
                continue;
            }
            double p = SignificanceTests.poissonRates(Math.round((double) ns[0] / RunComparison.SAMPLE_NS), sa,
                    Math.round((double) ns[1] / RunComparison.SAMPLE_NS), sb);
            double pa = sa > 0 ? ns[0] / sa : 0;
            double pb = sb > 0 ? ns[1] / sb : 0;
            tested.add(new Part(e.getKey().get(0), e.getKey().get(1), ns[0], ns[1], pa, pb, p, p < threshold && pa != pb));
        }
        // the states in their order, then the causes, then the wakers, each the largest first
        List<String> kinds = List.of("state", "cause", "waker");
        tested.sort(java.util.Comparator.<Part>comparingInt(x -> kinds.indexOf(x.kind()))
                .thenComparing(x -> x.kind().equals("state") ? 0 : -Math.max(x.perSecondA(), x.perSecondB())));
        return new ProcessBreakdown(process, sa, sb, List.copyOf(tested), tests, threshold);
    }

    /** Adds the process's stacks of one run to the parts; whether the run has the process. */
    private static boolean tally(String process, WaitStacks stacks, int run, Map<List<String>, long[]> parts) {
        boolean seen = false;
        int skip = stacks.byHost() ? 1 : 0;
        for (var e : stacks.stacks().entrySet()) {
            String[] frames = e.getKey().split(";");
            if (frames.length < skip + 3 || !frames[skip].equals(process)) {
                continue;
            }
            seen = true;
            String state = frames[skip + 2];
            long ns = e.getValue();
            parts.get(List.of("state", RUNNING.contains(state) ? "Running" : state))[run] += ns;
            if (state.equals(BLOCKED) && frames.length == skip + 5) {
                parts.computeIfAbsent(List.of("cause", frames[skip + 3]), k -> new long[2])[run] += ns;
                parts.computeIfAbsent(List.of("waker", frames[skip + 4]), k -> new long[2])[run] += ns;
            }
        }
        return seen;
    }
}
