package org.lttbench.tests.analysis.dropin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.lttbench.tests.Babeltrace2;
import org.lttbench.tests.DeclaredEvents;
import org.lttbench.tests.Comparisons;
import org.lttbench.tests.Comparisons.Reference;
import org.lttbench.tests.LttngAnalyses;
import org.lttbench.tests.LttngAnalyses.Table;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.InProcessCli;
import org.lttbench.tests.batch.LauncherTest.Result;
import org.lttbench.tests.report.LamiProtocol;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * LTTbench's drop-ins ({@code lttbench lami cputop|syscallstats|irqstats|schedstats|iolatencystats|iolatencytop|
 * iousagetop}) against lttng-analyses 0.6.1 run on the same shared kernel traces (docs/validation.md and
 * docs/commands/lami.md, "lttng-analyses' commands"): row by row, equal, or different exactly as those pages explain, each
 * explanation checked on babeltrace2's reading of the trace. lttng-analyses must be installed (.ci/run does it):
 * missing, these tests fail under CI and are skipped elsewhere, saying how to install it.
 * <p>
 * Durations: lttng-analyses writes means and standard deviations as reals, LTTbench's LAMI output rounds every duration
 * to the nanosecond; so those two are equal within half a nanosecond, counts, minimums and maximums exactly.
 */
@Execution(ExecutionMode.CONCURRENT)
class LttngAnalysesTest {
    /** The shared kernel traces lttng-analyses reads (BUILD-NOTES.md); it cannot read kernel-scp-src and -dest. */
    static List<String> reads() {
        return List.of("kernel-arm-bug446190", "kernel-bigendian", "kernel-many-threads", "kernel-tracefile-rotation",
                "kernel-uneven-streams-partial");
    }
    /** Rounding of LTTbench's LAMI durations to the nanosecond. */
    private static final double ROUNDING_NS = 0.5;
    private static final Pattern TID = Pattern.compile("TID: (\\d+)\\)\\]$");

    @BeforeAll
    static void installed() {
        LttngAnalyses.requireInstalled();
    }

    private static JsonObject ours(String command, Path trace) {
        Result r = InProcessCli.run("lami", command, "--limit", "1000000", trace.toString());
        JsonObject result = LamiProtocol.parseOneLine(r.out());
        if (r.code() == 1) { // not applicable: one LAMI error, no tables
            assertTrue(result.has("error-message"), r.out());
            result.add("results", new JsonArray());
            return result;
        }
        assertEquals(0, r.code(), command + " on " + trace + ": " + r.err());
        return result;
    }

    private static JsonObject theirs(String command, Path trace) throws Exception {
        JsonObject r = LttngAnalyses.result(command, trace);
        assertFalse(r.has("error-message"), "lttng-analyses " + command + " reads " + trace + ": " + r);
        return r;
    }

    private static void counted(long n, String what) {
        assertTrue(n > 0, what + ": nothing compared");
        Comparisons.count(Reference.LTTNG_ANALYSES, n, what);
    }

    /** lttng-analyses cannot read the scp traces ({@code Cannot run analysis: 'tid'}); LTTbench's drop-ins read them. */
    @ParameterizedTest
    @ValueSource(strings = { "kernel-scp-src", "kernel-scp-dest" })
    void theTracesItCannotRead(String name) throws Exception {
        Path trace = TestPaths.trace(name);
        JsonObject r = LttngAnalyses.result("cputop", trace);
        assertEquals("Error: Cannot run analysis: 'tid'", r.has("error-message") ? r.get("error-message").getAsString()
                : r.toString());
        assertFalse(LttngAnalyses.tables(ours("cputop", trace), "per-process").get(0).data().isEmpty());
        counted(1, "cputop cannot read " + name);
    }

    /**
     * cputop: each TID's time on a CPU (its share of the range, times the range) to the nanosecond, its migrations,
     * and its chronological priorities: equal, or lttng-analyses' without the TID's first priority where babeltrace2
     * shows that the TID's first sched_switch or sched_migrate_task does not switch it in (lttng-analyses records a
     * priority when a TID first switches in, then only its changes). The CPUs' idle threads (TID 0) are left out: one
     * row for all CPUs there.
     */
    @ParameterizedTest
    @MethodSource("reads")
    void cputop(String name) throws Exception {
        Path trace = TestPaths.trace(name);
        Table t = LttngAnalyses.tables(theirs("cputop", trace), "per-process").get(0);
        Table o = LttngAnalyses.tables(ours("cputop", trace), "per-process").get(0);
        Map<Long, JsonArray> theirs = byTid(t.data());
        Map<Long, JsonArray> ours = byTid(o.data());
        long compared = 0;
        Set<Long> tids = new TreeSet<>(theirs.keySet());
        tids.addAll(ours.keySet());
        tids.remove(0L);
        for (long tid : tids) {
            assertEquals(onCpuNs(theirs.get(tid), t), onCpuNs(ours.get(tid), o), "TID " + tid + "'s time on a CPU (ns)");
            compared++;
        }
        List<Long> oneLess = new ArrayList<>();
        for (long tid : tids) {
            if (!theirs.containsKey(tid) || !ours.containsKey(tid)) {
                continue;
            }
            assertEquals(LttngAnalyses.number(theirs.get(tid).get(1)), LttngAnalyses.number(ours.get(tid).get(1)),
                    "TID " + tid + "'s migrations");
            Map<Long, Integer> a = priorities(LttngAnalyses.text(theirs.get(tid).get(2)));
            Map<Long, Integer> b = priorities(LttngAnalyses.text(ours.get(tid).get(2)));
            if (!a.equals(b)) {
                Map<Long, Integer> left = new HashMap<>(b);
                a.forEach((p, n) -> left.merge(p, -n, Integer::sum));
                left.values().removeIf(n -> n == 0);
                assertTrue(left.size() == 1 && left.values().iterator().next() == 1, "TID " + tid + "'s priorities: "
                        + theirs.get(tid).get(2) + " in lttng-analyses, " + ours.get(tid).get(2) + " in LTTbench");
                oneLess.add(tid);
            }
            compared += 2;
        }
        if (!oneLess.isEmpty()) {
            Map<Long, Boolean> switchedInFirst = firstSwitchIsIn(trace);
            for (long tid : oneLess) {
                assertEquals(Boolean.FALSE, switchedInFirst.get(tid), "TID " + tid + ": lttng-analyses leaves its first "
                        + "priority out, though its first sched_switch or sched_migrate_task switches it in");
            }
        }
        counted(compared, "cputop on " + name + " (" + oneLess.size() + " priority lists without the first priority)");
    }

    private static long onCpuNs(JsonArray row, Table table) {
        return row == null ? 0 : Math.round(LttngAnalyses.number(row.get(3)) * (table.end() - table.begin()));
    }

    private static Map<Long, JsonArray> byTid(JsonArray data) {
        Map<Long, JsonArray> rows = new HashMap<>();
        for (JsonElement r : data) {
            JsonArray row = r.getAsJsonArray();
            JsonArray was = rows.put(row.get(0).getAsJsonObject().get("tid").getAsLong(), row);
            assertEquals(null, was, "one row per TID: " + row);
        }
        return rows;
    }

    /** '[20, 21 (2 times)]' as {20: 1, 21: 2}. */
    private static Map<Long, Integer> priorities(String list) {
        Map<Long, Integer> counts = new TreeMap<>();
        Matcher m = Pattern.compile("(-?\\d+)(?: \\((\\d+) times\\))?").matcher(list == null ? "" : list);
        while (m.find()) {
            counts.merge(Long.parseLong(m.group(1)), m.group(2) == null ? 1 : Integer.parseInt(m.group(2)), Integer::sum);
        }
        return counts;
    }

    /** Per TID, whether its first sched_switch or sched_migrate_task (as babeltrace2 reads them) switches it in. */
    private static Map<Long, Boolean> firstSwitchIsIn(Path trace) throws Exception {
        Map<Long, Boolean> first = new HashMap<>();
        for (JsonObject m : Babeltrace2.events(trace)) {
            JsonObject p = m.getAsJsonObject("payload");
            switch (m.get("event").getAsString()) {
            case "sched_switch" -> {
                first.putIfAbsent(p.get("prev_tid").getAsLong(), false);
                first.putIfAbsent(p.get("next_tid").getAsLong(), true);
            }
            case "sched_migrate_task" -> first.putIfAbsent(p.get("tid").getAsLong(), false);
            default -> {
            }
            }
        }
        return first;
    }

    /** Count, minimum, maximum and total of a row (rows of one key added up), and its standard deviation if alone. */
    record Stats(long count, double min, double max, double total, double stdev, int rows) {
        static final Stats NONE = new Stats(0, 0, 0, 0, Double.NaN, 1);

        /** These and the durations given, as one row of unknown standard deviation. */
        Stats plus(List<Long> durations) {
            Stats s = new Stats(count, min, max, total, Double.NaN, 2);
            for (long d : durations) {
                s = s.plus(new Stats(1, d, d, d, Double.NaN, 1));
            }
            return new Stats(s.count, s.min, s.max, s.total, Double.NaN, 2);
        }

        static Stats of(JsonArray row, int at) {
            long n = (long) LttngAnalyses.number(row.get(at));
            return new Stats(n, n == 0 ? 0 : LttngAnalyses.number(row.get(at + 1)),
                    n == 0 ? 0 : LttngAnalyses.number(row.get(at + 3)), n == 0 ? 0 : n * LttngAnalyses.number(row.get(at + 2)),
                    LttngAnalyses.number(row.get(at + 4)), 1);
        }

        Stats plus(Stats o) {
            if (o.count == 0) {
                return new Stats(count, min, max, total, stdev, rows + o.rows);
            }
            if (count == 0) {
                return new Stats(o.count, o.min, o.max, o.total, o.stdev, rows + o.rows);
            }
            return new Stats(count + o.count, Math.min(min, o.min), Math.max(max, o.max), total + o.total, Double.NaN,
                    rows + o.rows);
        }

        double mean() {
            return count == 0 ? 0 : total / count;
        }

        /** Whether the two are equal as lttng-analyses' and LTTbench's rounded figures can be. */
        boolean sameAs(Stats o) {
            if (count != o.count || min != o.min || max != o.max) {
                return false;
            }
            if (count > 0 && Math.abs(mean() - o.mean()) > ROUNDING_NS) {
                return false;
            }
            // a standard deviation of one row each, where both give one (lttng-analyses gives none for fewer than 3)
            return rows != 1 || o.rows != 1 || Double.isNaN(stdev) || Double.isNaN(o.stdev)
                    || Math.abs(stdev - o.stdev) <= ROUNDING_NS;
        }

        @Override
        public String toString() {
            return count == 0 ? "none" : count + " min " + min + " max " + max + " mean " + mean() + " stdev " + stdev;
        }
    }

    private static <K> Map<K, Stats> add(Map<K, Stats> rows, K key, Stats s) {
        rows.merge(key, s, Stats::plus);
        return rows;
    }

    /** The keys whose rows differ (a key one side lacks is a row of none there). */
    private static <K> List<K> differing(Map<K, Stats> theirs, Map<K, Stats> ours) {
        Set<K> keys = new HashSet<>(theirs.keySet());
        keys.addAll(ours.keySet());
        List<K> differ = new ArrayList<>();
        for (K k : keys) {
            if (!theirs.getOrDefault(k, Stats.NONE).sameAs(ours.getOrDefault(k, Stats.NONE))) {
                differ.add(k);
            }
        }
        return differ;
    }

    private static String describe(Object key, Map<?, Stats> theirs, Map<?, Stats> ours) {
        return key + ": lttng-analyses " + theirs.get(key) + ", LTTbench " + ours.get(key);
    }

    /**
     * syscallstats: per TID and system call, count, minimum, mean, maximum and standard deviation (the rows of a TID
     * LTTbench shows as two threads, a TID reused, added up).
     */
    @ParameterizedTest
    @MethodSource("reads")
    void syscallstats(String name) throws Exception {
        Path trace = TestPaths.trace(name);
        Map<List<Object>, Stats> theirs = syscalls(theirs("syscallstats", trace));
        Map<List<Object>, Stats> ours = syscalls(ours("syscallstats", trace));
        List<List<Object>> differ = differing(theirs, ours);
        // Calls during which the thread was woken onto, or moved to, a CPU the trace lacks: lttng-analyses measures
        // them up to the thread's next event on a traced CPU, LTTbench leaves them unmeasured.
        Map<List<Object>, List<Long>> across = differ.isEmpty() ? Map.of() : Bt2Replay.of(trace).callsAcrossMissingCpus;
        for (List<Object> k : differ) {
            assertTrue(across.containsKey(k) && ours.getOrDefault(k, Stats.NONE).plus(across.get(k)).sameAs(theirs.get(k)),
                    describe(k, theirs, ours) + "; babeltrace2's calls across a missing CPU: " + across.get(k));
        }
        if (theirs.isEmpty() && ours.isEmpty()) {
            assertTrue(Babeltrace2.events(trace).stream()
                    .noneMatch(m -> Bt2Replay.syscallEntry(m.get("event").getAsString()) != null),
                    "no system call on either side: babeltrace2 reads none in the trace");
        }
        counted(Math.max(1, Math.max(theirs.size(), ours.size())), "syscallstats on " + name
                + (differ.isEmpty() ? "" : " (" + differ.size() + " rows with calls across CPUs the trace lacks)"));
    }

    private static Map<List<Object>, Stats> syscalls(JsonObject result) {
        Map<List<Object>, Stats> rows = new HashMap<>();
        for (Table t : LttngAnalyses.tables(result, "per-tid")) {
            Matcher m = TID.matcher(t.title());
            assertTrue(m.find(), t.title());
            long tid = Long.parseLong(m.group(1));
            for (JsonElement r : t.data()) {
                JsonArray row = r.getAsJsonArray();
                add(rows, List.of(tid, LttngAnalyses.text(row.get(0))), Stats.of(row, 1));
            }
        }
        return rows;
    }

    /**
     * irqstats: per hard IRQ, count, minimum, mean, maximum and standard deviation of the handlers' runs; per softirq
     * vector, those and the same of its raise latencies. Where the trace names its softirq events
     * {@code irq_softirq_*} (babeltrace2's event classes), which lttng-analyses 0.6.1 does not read, it lists no
     * softirq run and LTTbench's softirq rows are not compared.
     */
    @ParameterizedTest
    @MethodSource("reads")
    void irqstats(String name) throws Exception {
        Path trace = TestPaths.trace(name);
        JsonObject t = theirs("irqstats", trace);
        JsonObject o = ours("irqstats", trace);
        Map<List<Object>, Stats> theirs = new HashMap<>();
        Map<List<Object>, Stats> ours = new HashMap<>();
        for (var side : List.of(Map.entry(t, theirs), Map.entry(o, ours))) {
            for (JsonArray row : rows(side.getKey(), "hard-stats")) {
                add(side.getValue(), List.of("hard", nr(row)), Stats.of(row, 1));
            }
            for (JsonArray row : rows(side.getKey(), "soft-stats")) {
                add(side.getValue(), List.of("soft", nr(row)), Stats.of(row, 1));
                add(side.getValue(), List.of("raise", nr(row)), Stats.of(row, 6));
            }
        }
        Set<String> declared = DeclaredEvents.of(trace).events();
        long notCompared = 0;
        if (declared.contains("irq_softirq_entry") && !declared.contains("softirq_entry")) {
            for (var e : theirs.entrySet()) {
                assertTrue(e.getKey().get(0).equals("hard") || e.getValue().count() == 0,
                        "lttng-analyses reads no irq_softirq_* event: " + e);
            }
            notCompared = ours.keySet().stream().filter(k -> !k.get(0).equals("hard")).count();
            assertTrue(notCompared > 0, "LTTbench reads the trace's irq_softirq_* events");
            ours.keySet().removeIf(k -> !k.get(0).equals("hard"));
            theirs.keySet().removeIf(k -> !k.get(0).equals("hard"));
        }
        for (List<Object> k : differing(theirs, ours)) {
            assertTrue(false, describe(k, theirs, ours));
        }
        counted(Math.max(1, Math.max(theirs.size(), ours.size())) + (notCompared > 0 ? 1 : 0), "irqstats on " + name
                + (notCompared > 0 ? " (" + notCompared + " softirq rows of irq_softirq_* events left out)" : ""));
    }

    /** The rows of every table of that class in a LAMI result. */
    private static List<JsonArray> rows(JsonObject result, String tableClass) {
        List<JsonArray> rows = new ArrayList<>();
        for (Table table : LttngAnalyses.tables(result, tableClass)) {
            for (JsonElement r : table.data()) {
                rows.add(r.getAsJsonArray());
            }
        }
        return rows;
    }

    private static long nr(JsonArray row) {
        return row.get(0).getAsJsonObject().get("nr").getAsLong();
    }

    /**
     * schedstats: per TID woken, count, minimum, mean, maximum and standard deviation of the waits from the wakeup to
     * running (lttng-analyses leaves preemptions out, and so does the drop-in); the total and per priority too where
     * no TID differs. Where they differ, as docs/validation.md explains: without sched_wakeup_new in the trace, a new thread's
     * wait from its fork (the drop-in's, which lttng-analyses does not see); on kernel-many-threads, a thread woken
     * while still runnable after a preemption (lttng-analyses counts a wakeup there, LTTbench a preemption); on
     * kernel-uneven-streams-partial, a wakeup onto a CPU the trace lacks.
     */
    @ParameterizedTest
    @MethodSource("reads")
    void schedstats(String name) throws Exception {
        Path trace = TestPaths.trace(name);
        JsonObject t = theirs("schedstats", trace);
        JsonObject o = ours("schedstats", trace);
        Map<Long, Stats> theirs = new HashMap<>();
        Map<Long, Stats> ours = new HashMap<>();
        for (var side : List.of(Map.entry(t, theirs), Map.entry(o, ours))) {
            for (JsonArray row : rows(side.getKey(), "per_tid_stats")) {
                add(side.getValue(), row.get(0).getAsJsonObject().get("tid").getAsLong(), Stats.of(row, 1));
            }
        }
        List<Long> differ = differing(theirs, ours);
        Bt2Replay bt2 = differ.isEmpty() ? null : Bt2Replay.of(trace);
        int newThreads = 0;
        int runnable = 0;
        int missing = 0;
        for (Long tid : differ) {
            Stats a = theirs.getOrDefault(tid, Stats.NONE);
            Stats b = ours.getOrDefault(tid, Stats.NONE);
            String why = describe(tid, theirs, ours);
            if (bt2.newThreadWait.containsKey(tid) && a.plus(List.of(bt2.newThreadWait.get(tid))).sameAs(b)) {
                // no sched_wakeup_new in the trace: the drop-in counts a new thread's wait from its fork, which
                // lttng-analyses does not see
                newThreads++;
            } else if (bt2.wokenOntoMissingCpus.contains(tid)) {
                // woken onto, or moved to, a CPU the trace lacks: lttng-analyses measures up to the thread's next
                // switch on a traced CPU, LTTbench leaves the wait unmeasured
                missing++;
            } else {
                // woken (sched_waking) while still runnable after a preemption: a wakeup for lttng-analyses, the end of
                // a preemption for LTTbench (which schedstats leaves out)
                assertTrue(bt2.wokenWhileRunnable.containsKey(tid), why);
                assertEquals(b.count() + bt2.wokenWhileRunnable.get(tid), a.count(), why);
                runnable++;
            }
        }
        String says = differ.isEmpty() ? "" : " (" + newThreads + " TIDs with a new thread's wait from its fork, "
                + runnable + " woken while runnable, " + missing + " woken onto a CPU the trace lacks)";
        long compared = Math.max(theirs.size(), ours.size());
        if (differ.isEmpty()) {
            for (String cls : List.of("total_stats", "per_prio_stats")) {
                Map<Object, Stats> a = new HashMap<>();
                Map<Object, Stats> b = new HashMap<>();
                for (var side : List.of(Map.entry(t, a), Map.entry(o, b))) {
                    for (JsonArray row : rows(side.getKey(), cls)) {
                        boolean total = cls.equals("total_stats");
                        add(side.getValue(), total ? "total" : LttngAnalyses.number(row.get(0)),
                                Stats.of(row, total ? 0 : 1));
                    }
                }
                for (Object k : differing(a, b)) {
                    assertTrue(false, cls + " " + describe(k, a, b));
                }
                compared += Math.max(a.size(), b.size());
            }
        }
        counted(Math.max(1, compared), "schedstats on " + name + says);
    }

    /**
     * iolatencystats: per category of system call (open, read, write, sync) and per disk, count, minimum, mean,
     * maximum and standard deviation; iolatencytop: the durations of every call of each category, longest first.
     */
    @ParameterizedTest
    @MethodSource("reads")
    void iolatency(String name) throws Exception {
        Path trace = TestPaths.trace(name);
        long compared = 0;
        Map<Object, Stats> theirs = new HashMap<>();
        Map<Object, Stats> ours = new HashMap<>();
        for (var side : List.of(Map.entry(theirs("iolatencystats", trace), theirs),
                Map.entry(ours("iolatencystats", trace), ours))) {
            for (String cls : List.of("syscall-latency-stats", "disk-latency-stats")) {
                for (JsonArray row : rows(side.getKey(), cls)) {
                    Stats s = Stats.of(row, 1);
                    if (s.count() > 0) {
                        add(side.getValue(), List.of(cls, LttngAnalyses.text(row.get(0))), s);
                    }
                }
            }
        }
        for (Object k : differing(theirs, ours)) {
            assertTrue(false, "iolatencystats " + describe(k, theirs, ours));
        }
        compared += Math.max(theirs.size(), ours.size());

        Map<String, List<Double>> a = new TreeMap<>();
        Map<String, List<Double>> b = new TreeMap<>();
        for (var side : List.of(Map.entry(theirs("iolatencytop", trace), a), Map.entry(ours("iolatencytop", trace), b))) {
            for (Table table : LttngAnalyses.tables(side.getKey(), "top-syscall")) {
                List<Double> durations = new ArrayList<>();
                for (JsonElement r : table.data()) {
                    durations.add(LttngAnalyses.number(r.getAsJsonArray().get(2)));
                }
                durations.sort(java.util.Comparator.reverseOrder());
                if (!durations.isEmpty()) {
                    side.getValue().put(table.title(), durations);
                }
            }
        }
        assertEquals(a, b, "iolatencytop: each category's calls' durations");
        compared += a.values().stream().mapToInt(List::size).sum();
        counted(Math.max(1, compared), "iolatencystats and iolatencytop on " + name);
    }

    /**
     * iousagetop: per file, the bytes of all files read and written (rows may be named otherwise where the two follow
     * descriptors differently: docs/commands/lami.md); per TID, its bytes read and written in all and on disk, network and unknown
     * descriptors, equal but for reads or writes on a descriptor {@code accept} made (network for LTTbench, unknown for
     * lttng-analyses, which does not follow that call), those bytes as babeltrace2's events give them; per network
     * interface, each side's bytes as babeltrace2's packets give them (lttng-analyses does not read
     * {@code net_if_receive_skb}, the name lttng-modules 2.7 gives received packets).
     */
    @ParameterizedTest
    @MethodSource("reads")
    void iousagetop(String name) throws Exception {
        Path trace = TestPaths.trace(name);
        JsonObject t = theirs("iousagetop", trace);
        JsonObject o = ours("iousagetop", trace);
        Io bt2 = Io.of(trace);
        long compared = 0;
        for (String way : List.of("read", "written")) {
            assertEquals(bytes(t, "per-file-top", way), bytes(o, "per-file-top", way), "bytes " + way + " of all files");
            compared++;
            Map<Long, List<Long>> a = perTid(t, way);
            Map<Long, List<Long>> b = perTid(o, way);
            Set<Long> tids = new TreeSet<>(a.keySet());
            tids.addAll(b.keySet());
            List<Long> none = List.of(0L, 0L, 0L, 0L);
            for (long tid : tids) {
                List<Long> x = a.getOrDefault(tid, none);
                List<Long> y = b.getOrDefault(tid, none);
                if (!x.equals(y)) {
                    long accepted = bt2.onAccepted.getOrDefault(List.of(tid, way), 0L);
                    assertEquals(List.of(x.get(0), x.get(1), x.get(2) + accepted, x.get(3) - accepted), y, "TID " + tid
                            + " " + way + " (total, disk, network, unknown): lttng-analyses " + x + ", LTTbench " + y
                            + "; babeltrace2: " + accepted + " bytes on descriptors accept made");
                    assertTrue(accepted > 0, "TID " + tid);
                }
                compared++;
            }
        }
        for (String direction : List.of("received", "sent")) {
            assertEquals(bt2.packets(direction, false), perInterface(t, direction), "lttng-analyses' " + direction);
            assertEquals(bt2.packets(direction, true), perInterface(o, direction), "LTTbench's " + direction);
            compared += 2;
        }
        counted(compared, "iousagetop on " + name);
    }

    private static List<Table> titled(JsonObject result, String cls, String sub) {
        return LttngAnalyses.tables(result, cls).stream().filter(t -> t.title().endsWith("[" + sub + "]")).toList();
    }

    private static long bytes(JsonObject result, String cls, String way) {
        long sum = 0;
        for (Table table : titled(result, cls, way)) {
            for (JsonElement r : table.data()) {
                sum += (long) LttngAnalyses.number(r.getAsJsonArray().get(1));
            }
        }
        return sum;
    }

    /** Per TID of some bytes: total, disk, network, unknown. */
    private static Map<Long, List<Long>> perTid(JsonObject result, String way) {
        Map<Long, List<Long>> rows = new HashMap<>();
        for (Table table : titled(result, "per-process-top", way)) {
            for (JsonElement r : table.data()) {
                JsonArray row = r.getAsJsonArray();
                List<Long> v = new ArrayList<>();
                for (int i = 1; i <= 4; i++) {
                    double d = LttngAnalyses.number(row.get(i));
                    v.add(Double.isNaN(d) ? 0 : (long) d);
                }
                if (v.get(0) > 0) {
                    rows.put(row.get(0).getAsJsonObject().get("tid").getAsLong(), v);
                }
            }
        }
        return rows;
    }

    /** Per interface of some bytes. */
    private static Map<String, Long> perInterface(JsonObject result, String direction) {
        Map<String, Long> rows = new TreeMap<>();
        for (Table table : titled(result, "per-netif-top", direction)) {
            for (JsonElement r : table.data()) {
                long n = (long) LttngAnalyses.number(r.getAsJsonArray().get(1));
                if (n > 0) {
                    rows.put(LttngAnalyses.text(r.getAsJsonArray().get(0)), n);
                }
            }
        }
        return rows;
    }

    /** What babeltrace2's events say of the bytes moved: on descriptors {@code accept} made, and in packets. */
    static final class Io {
        private static final Set<String> READS = Set.of("read", "readv", "pread", "pread64", "preadv", "recvfrom", "recvmsg");
        private static final Set<String> WRITES = Set.of("write", "writev", "pwrite", "pwrite64", "pwritev", "sendto", "sendmsg");
        /** Per (TID, "read" or "written"), bytes its calls returned on descriptors its process's accept or accept4 made. */
        final Map<List<Object>, Long> onAccepted = new HashMap<>();
        /** Per direction, per interface: all packets' bytes, and those of the events lttng-analyses reads. */
        private final Map<String, Map<String, Long>> all = new HashMap<>();
        private final Map<String, Map<String, Long>> read = new HashMap<>();

        Map<String, Long> packets(String direction, boolean everyName) {
            return new TreeMap<>((everyName ? all : read).getOrDefault(direction, Map.of()));
        }

        static Io of(Path trace) throws Exception {
            Io io = new Io();
            Map<Long, Long> current = new HashMap<>();
            Map<Long, Long> pids = new HashMap<>();
            Map<Long, Object[]> calls = new HashMap<>(); // tid -> name, fd
            Map<Long, Set<Long>> accepted = new HashMap<>(); // pid -> descriptors
            for (JsonObject m : Babeltrace2.events(trace)) {
                String e = m.get("event").getAsString();
                JsonObject p = m.getAsJsonObject("payload");
                long cpu = m.get("cpu").getAsLong();
                Long tid = current.get(cpu);
                switch (e) {
                case "sched_switch" -> current.put(cpu, p.get("next_tid").getAsLong());
                case "lttng_statedump_process_state" -> pids.put(p.get("tid").getAsLong(), p.get("pid").getAsLong());
                case "sched_process_fork" -> pids.put(p.get("child_tid").getAsLong(), p.get("child_pid").getAsLong());
                case "net_dev_xmit", "netif_receive_skb", "net_if_receive_skb" -> {
                    String way = e.equals("net_dev_xmit") ? "sent" : "received";
                    String nic = p.get("name").getAsString();
                    long len = p.get("len").getAsLong();
                    io.all.computeIfAbsent(way, k -> new TreeMap<>()).merge(nic, len, Long::sum);
                    if (!e.equals("net_if_receive_skb")) {
                        io.read.computeIfAbsent(way, k -> new TreeMap<>()).merge(nic, len, Long::sum);
                    }
                }
                default -> {
                    String entry = Bt2Replay.syscallEntry(e);
                    if (tid == null) {
                        break;
                    }
                    if (entry != null) {
                        calls.put(tid, new Object[] { entry, p.has("fd") ? p.get("fd").getAsLong() : null });
                    } else if (e.startsWith("syscall_exit_") || e.equals("exit_syscall")) {
                        Object[] call = calls.remove(tid);
                        if (call == null) {
                            break;
                        }
                        String c = (String) call[0];
                        long ret = p.get("ret").getAsLong();
                        Set<Long> fds = accepted.computeIfAbsent(pids.getOrDefault(tid, tid), k -> new HashSet<>());
                        if ((c.equals("accept") || c.equals("accept4")) && ret >= 0) {
                            fds.add(ret);
                        } else if (c.equals("close")) {
                            fds.remove(call[1]);
                        } else if (c.equals("open") || c.equals("openat") || c.equals("socket")) {
                            fds.remove(ret);
                        } else if ((READS.contains(c) || WRITES.contains(c)) && fds.contains(call[1]) && ret >= 0) {
                            io.onAccepted.merge(List.of(tid, READS.contains(c) ? "read" : "written"), ret, Long::sum);
                        }
                    }
                }
                }
            }
            return io;
        }
    }

    /**
     * What babeltrace2's reading of a trace says about the rows where lttng-analyses and LTTbench differ, each worked
     * out here from the events (the thread on each CPU from {@code sched_switch}; the CPUs the trace has are those of
     * its events).
     */
    static final class Bt2Replay {
        /** Per (TID, system call), the durations of its calls during which it was woken onto, or moved to, a CPU the trace lacks. */
        final Map<List<Object>, List<Long>> callsAcrossMissingCpus = new HashMap<>();
        /** TIDs woken onto ({@code target_cpu}), or moved to ({@code dest_cpu}), a CPU the trace lacks. */
        final Set<Long> wokenOntoMissingCpus = new HashSet<>();
        /** Where the trace declares no sched_wakeup_new: per new thread, from its fork to its first switch in. */
        final Map<Long, Long> newThreadWait = new HashMap<>();
        /** Per TID, its wakeups while switched out runnable ({@code prev_state} without a sleeping bit) and not yet back. */
        final Map<Long, Integer> wokenWhileRunnable = new HashMap<>();

        static Bt2Replay of(Path trace) throws Exception {
            List<JsonObject> messages = Babeltrace2.messages(trace);
            Set<Long> cpus = new HashSet<>();
            Set<String> names = new HashSet<>();
            for (JsonObject m : messages) {
                if (m.has("event")) {
                    cpus.add(m.get("cpu").getAsLong());
                    names.add(m.get("event").getAsString());
                }
            }
            String wakeup = names.contains("sched_waking") ? "sched_waking" : "sched_wakeup";
            boolean wakeupNew = DeclaredEvents.of(trace).events().contains("sched_wakeup_new");
            Bt2Replay r = new Bt2Replay();
            Map<Long, Long> current = new HashMap<>();
            Map<Long, Object[]> inCall = new HashMap<>(); // tid -> name, entry time, across a missing CPU
            Map<Long, Long> forked = new HashMap<>();
            Set<Long> runnableOut = new HashSet<>();
            for (JsonObject m : messages) {
                if (!m.has("event")) {
                    continue;
                }
                String e = m.get("event").getAsString();
                JsonObject p = m.getAsJsonObject("payload");
                long ts = m.get("ts").getAsLong();
                Long tid = current.get(m.get("cpu").getAsLong());
                String entry = syscallEntry(e);
                if (entry != null && tid != null) {
                    inCall.put(tid, new Object[] { entry, ts, false });
                } else if ((e.startsWith("syscall_exit_") || e.startsWith("compat_syscall_exit_")
                        || e.equals("exit_syscall")) && tid != null) {
                    Object[] call = inCall.remove(tid);
                    if (call != null && (Boolean) call[2]) {
                        r.callsAcrossMissingCpus.computeIfAbsent(List.of(tid, call[0]), k -> new ArrayList<>())
                                .add(ts - (Long) call[1]);
                    }
                } else if (e.equals("sched_switch")) {
                    long next = p.get("next_tid").getAsLong();
                    long prev = p.get("prev_tid").getAsLong();
                    current.put(m.get("cpu").getAsLong(), next);
                    Long fork = forked.remove(next);
                    if (fork != null && !wakeupNew) {
                        r.newThreadWait.put(next, ts - fork);
                    }
                    runnableOut.remove(next);
                    if (prev != 0 && (p.get("prev_state").getAsLong() & 0xff) == 0) {
                        runnableOut.add(prev);
                    }
                } else if (e.equals("sched_process_fork")) {
                    forked.putIfAbsent(p.get("child_tid").getAsLong(), ts);
                } else if (e.equals(wakeup) || e.equals("sched_migrate_task")) {
                    long woken = p.get("tid").getAsLong();
                    long to = p.get(e.equals("sched_migrate_task") ? "dest_cpu" : "target_cpu").getAsLong();
                    if (!cpus.contains(to)) {
                        r.wokenOntoMissingCpus.add(woken);
                        Object[] call = inCall.get(woken);
                        if (call != null) {
                            call[2] = true;
                        }
                    }
                    if (e.equals(wakeup) && runnableOut.contains(woken)) {
                        r.wokenWhileRunnable.merge(woken, 1, Integer::sum);
                    }
                }
            }
            return r;
        }

        /** The system call an entry event names, or null: LTTng 2.6's {@code syscall_entry_X}, before it {@code sys_X}. */
        static String syscallEntry(String event) {
            for (String prefix : List.of("syscall_entry_", "compat_syscall_entry_", "sys_")) {
                if (event.startsWith(prefix)) {
                    return event.substring(prefix.length());
                }
            }
            return null;
        }
    }
}
