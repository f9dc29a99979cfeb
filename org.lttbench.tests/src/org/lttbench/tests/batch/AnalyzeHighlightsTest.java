package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.HighlightsWriter;
import org.lttbench.core.report.TextReportWriter;
import org.lttbench.tests.DeclaredEvents;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.LauncherTest.Result;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * {@code lttbench analyze TRACE} opens with what stands out: at most {@link HighlightsWriter#MAX_LINES} lines, ranked
 * across the analyses, each naming the options that give its detail; the full tables come with {@code --all} or
 * {@code --analysis}. Each line is held to the full tables of the same run (JSON), and on the built-in example to the
 * answer it was written with ({@code examples/README.md}).
 */
class AnalyzeHighlightsTest {

    /** One highlight as printed: its text (its lines joined) and the options that give its detail. */
    record Shown(String text, String detail) {
    }

    static Stream<Path> traces() throws IOException {
        List<Path> dirs;
        try (Stream<Path> s = Files.list(TestPaths.traces())) {
            dirs = s.filter(Files::isDirectory).sorted().toList();
        }
        Path examples = TestPaths.repository().resolve("examples");
        return Stream.concat(dirs.stream(), Stream.of(examples.resolve("kernel-demo"), examples.resolve("ust-calibrate"),
                examples.resolve("spans-session")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("traces")
    void theDefaultReportIsAtMostTwentyLinesOf120Columns(Path trace) {
        String out = analyze(trace.toString());
        List<String> lines = out.lines().toList();
        String what = trace.getFileName() + ":\n" + out;
        assertTrue(lines.size() <= HighlightsWriter.MAX_LINES, lines.size() + " lines: " + what);
        assertTrue(lines.get(0).startsWith("What stands out: "), what);
        assertTrue(lines.get(lines.size() - 1).startsWith("Every table of every analysis: --all"), what);
        for (String line : lines) {
            assertTrue(line.codePointCount(0, line.length()) <= TextReportWriter.WIDTH, line);
        }
        for (Shown s : shown(out)) {
            assertTrue(s.detail().startsWith("--analysis "), "each line names the analysis that gives its detail: " + s);
        }
    }

    /**
     * The built-in example: its loss first (500 events on CPU 1, and the buffers that would have kept them), then the
     * figures it was written with: render ran 900 ms, web waited in epoll until the network softirq woke it, backup slept
     * until a timer; the longest system call is web's epoll_wait; backup's disk request.
     */
    @Test
    void theExampleSaysWhatItWasWrittenWith() {
        String out = analyze(TestPaths.repository().resolve("examples/kernel-demo").toString());
        assertTrue(out.startsWith("What stands out: kernel-demo (kernel), 1.00 s from "), out);
        List<Shown> shown = shown(out);
        Shown lost = shown.get(0);
        assertTrue(lost.text().startsWith("Lost: 500 events (12.5% of those written) on channel0, CPU 1, from ")
                && lost.text().contains("; would have kept them: lttng enable-channel --kernel "), lost.text());
        assertEquals("--analysis discarded", lost.detail());
        assertShown(shown, "Busy: render (PID 1000) ran 900 ms, 89.9% of a CPU, waited 101 ms for one (user 845 ms, "
                + "system 50.0 ms)", "--analysis process --by process");
        assertShown(shown, "Blocked: web (PID 2000) 894 ms, 894 ms waiting for events (poll, select, epoll); woken most by "
                + "softirq NET_RX: 891 ms", "--analysis waits --by process");
        assertShown(shown, "Blocked: backup (PID 3000) 445 ms, 445 ms sleeping by choice (nanosleep); woken most by timer",
                "--analysis waits --by process");
        assertShown(shown, "Longest system call: epoll_wait 9.10 ms in web (TID 2000)", "--analysis syscalls");
        assertShown(shown, "Longest disk request: 8:0 write of 4.0 KiB, 4.13 ms, issued by backup (TID 3000)", "--analysis io");
        assertFalse(out.contains("kworker"), "a kernel thread asleep the whole trace, woken by nothing, does not stand out");
        assertTrue(index(shown, "Busy: render") < index(shown, "Longest system call"),
                "900 ms of running ranks above a 9.10 ms call:\n" + out);
    }

    /** On a real trace, each line says what the full tables of the same run say. */
    @Test
    void theLinesAreTheFullTablesFigures() {
        String trace = TestPaths.trace("kernel-many-threads").toString();
        String out = analyze(trace);
        List<Shown> shown = shown(out);
        JsonObject processes = json("analyze", "--analysis", "process", "--by", "process", "--format", "json", trace);
        JsonObject busiest = processes.getAsJsonArray("processes").asList().stream().map(e -> e.getAsJsonObject())
                .filter(p -> !p.get("pid").isJsonNull() && p.get("pid").getAsLong() != 0)
                .max((a, b) -> Long.compare(a.get("running_ns").getAsLong(), b.get("running_ns").getAsLong())).orElseThrow();
        assertShown(shown, "Busy: " + busiest.get("name").getAsString() + " (PID " + busiest.get("pid").getAsLong() + ", "
                + String.format("%,d", busiest.get("threads").getAsLong()) + " threads) ran "
                + CellFormat.duration(busiest.get("running_ns").getAsLong()) + ", "
                + CellFormat.percent(busiest.get("running_ratio").getAsDouble()) + " of a CPU",
                "--analysis process --by process");
        JsonObject syscalls = json("analyze", "--analysis", "syscalls", "--format", "json", trace);
        JsonObject longest = syscalls.getAsJsonArray("syscalls_longest").get(0).getAsJsonObject();
        assertShown(shown, "Longest system call: " + longest.get("syscall").getAsString() + " "
                + CellFormat.duration(longest.get("duration_ns").getAsLong()) + " in " + longest.get("name").getAsString()
                + " (TID " + longest.get("tid").getAsLong() + ")", "--analysis syscalls");
        JsonObject sched = json("analyze", "--analysis", "sched", "--format", "json", trace);
        JsonObject wait = sched.getAsJsonArray("sched_latency_longest").get(0).getAsJsonObject();
        assertShown(shown, "Longest wait for a CPU: " + wait.get("name").getAsString() + " (TID " + wait.get("tid").getAsLong()
                + ") " + CellFormat.duration(wait.get("latency_ns").getAsLong()), "--analysis sched");
        JsonObject waits = json("analyze", "--analysis", "waits", "--by", "process", "--format", "json", trace);
        Shown blocked = shown.stream().filter(s -> s.text().startsWith("Blocked: ")).findFirst().orElseThrow();
        String pid = blocked.text().replaceAll("^Blocked: .*? \\(PID (\\d+).*$", "$1");
        long total = waits.getAsJsonArray("blocked_by_cause").asList().stream().map(e -> e.getAsJsonObject())
                .filter(c -> !c.get("pid").isJsonNull() && c.get("pid").getAsString().equals(pid))
                .mapToLong(c -> c.get("blocked_ns").getAsLong()).sum();
        assertTrue(blocked.text().contains(") " + CellFormat.duration(total) + ", "),
                "the process's blocked time, its causes summed: " + CellFormat.duration(total) + " in " + blocked.text());
        assertFalse(out.contains("Lost:"), "nothing lost: " + out);
    }

    /**
     * Traces whose threads' processes are partly untold (no statedump: a rotated trace, a partial one, which tells
     * none): each "Blocked" line names a process of the waits table by process (not PID 0: the threads of no known
     * process are not one process), with its blocked time summed from that table.
     */
    @Test
    void aBlockedLineIsOneProcessOfTheWaitsTable() {
        int checked = 0;
        for (String name : List.of("kernel-tracefile-rotation", "kernel-uneven-streams-partial")) {
            String trace = TestPaths.trace(name).toString();
            List<Shown> lines = shown(analyze(trace)).stream().filter(s -> s.text().startsWith("Blocked: ")).toList();
            checked += lines.size();
            JsonObject waits = json("analyze", "--analysis", "waits", "--by", "process", "--format", "json", trace);
            for (Shown blocked : lines) {
                String pid = blocked.text().replaceAll("^Blocked: .*? \\(PID (\\d+).*$", "$1");
                assertNotEquals("0", pid, name + ": " + blocked.text());
                long total = waits.getAsJsonArray("blocked_by_cause").asList().stream().map(e -> e.getAsJsonObject())
                        .filter(c -> !c.get("pid").isJsonNull() && c.get("pid").getAsString().equals(pid))
                        .mapToLong(c -> c.get("blocked_ns").getAsLong()).sum();
                assertTrue(total > 0 && blocked.text().contains(") " + CellFormat.duration(total) + ", "),
                        name + ": the process's blocked time, its causes summed: " + CellFormat.duration(total) + " in "
                                + blocked.text());
            }
        }
        assertTrue(checked > 0, "a process blocked");
    }

    /**
     * On each shared kernel trace, a line naming a thread as a waker says that it may have been an interrupt it took
     * exactly when the trace declares no interrupt events (as babeltrace2 reads its metadata: no hard IRQ, x86 vector,
     * softirq or timer callback event), where a wakeup made in an interrupt is put down to the thread it stopped; and
     * that it may have been a timer interrupt exactly when the trace declares interrupt events but none of a timer's
     * expiry (no hrtimer or timer callback, no x86 local timer vector). Both only where it has wakeup events: without
     * them it names no waker. kernel-tracefile-rotation is of the first kind; kernel-many-threads (hard IRQs and
     * softirqs only, on x86) of the second.
     */
    @Test
    void aThreadWakerMayBeAnInterruptOnlyWhereNoneIsTraced() throws Exception {
        List<String> untraced = new ArrayList<>();
        List<String> timersUntraced = new ArrayList<>();
        for (Path trace : traces().toList()) {
            DeclaredEvents declared = DeclaredEvents.of(trace);
            if (!declared.kernel()) {
                continue;
            }
            boolean timers = declared.events().stream().anyMatch(e -> e.matches(
                    "(timer:)?(timer_)?(hrtimer_)?expire_entry|timer_expire_entry|(irq_vectors:|x86_irq_vectors_)"
                            + "local_timer_entry"));
            boolean interrupts = timers || declared.events().stream().anyMatch(e -> e.matches(
                    "(irq:)?(irq_handler|irq_softirq|softirq)_entry|(irq_vectors:|x86_irq_vectors_).*_entry"));
            boolean wakeups = declared.events().stream().anyMatch(e -> e.matches("(sched:)?sched_wak(eup|ing)"));
            String name = trace.getFileName().toString();
            if (wakeups && !interrupts) {
                untraced.add(name);
            } else if (wakeups && !timers) {
                timersUntraced.add(name);
            }
            String out = analyze(trace.toString());
            for (Shown s : shown(out)) {
                if (s.text().matches(".*woken (most )?by thread .*")) {
                    assertEquals(!interrupts, s.text().contains(" or an interrupt it took (none traced)"),
                            name + ": " + s.text());
                    assertEquals(interrupts && !timers, s.text().contains(" or an untraced timer"),
                            name + ": " + s.text());
                }
            }
        }
        assertEquals(List.of("kernel-tracefile-rotation"), untraced, "the shared traces without interrupt events");
        assertEquals(List.of("kernel-many-threads"), timersUntraced,
                "the shared traces with interrupt events but none of a timer's expiry");
    }

    /**
     * A process whose longest blocked time has no known cause (waits begun before the trace) also names the cause the
     * trace does tell most of, the line whole (the unknown one's reason left to the table): on kernel-many-threads,
     * vlc's, pulseaudio's and xchat's; each time the process's causes summed from the waits analysis's table.
     */
    @Test
    void aBlockedProcessNamesItsLargestKnownCauseToo() {
        String trace = TestPaths.trace("kernel-many-threads").toString();
        String out = analyze(trace);
        JsonObject waits = json("analyze", "--analysis", "waits", "--by", "process", "--format", "json", trace);
        int checked = 0;
        for (Shown blocked : shown(out)) {
            if (!blocked.text().startsWith("Blocked: ")) {
                continue;
            }
            String pid = blocked.text().replaceAll("^Blocked: .*? \\(PID (\\d+).*$", "$1");
            java.util.Map<String, Long> causes = new java.util.HashMap<>();
            for (var e : waits.getAsJsonArray("blocked_by_cause")) {
                JsonObject c = e.getAsJsonObject();
                if (!c.get("pid").isJsonNull() && c.get("pid").getAsString().equals(pid)) {
                    causes.merge(c.get("cause").getAsString(), c.get("blocked_ns").getAsLong(), Long::sum);
                }
            }
            var largest = causes.entrySet().stream().max(java.util.Map.Entry.comparingByValue()).orElseThrow();
            if (!largest.getKey().startsWith("unknown")) {
                continue;
            }
            var known = causes.entrySet().stream().filter(c -> !c.getKey().startsWith("unknown"))
                    .max(java.util.Map.Entry.comparingByValue()).orElseThrow();
            assertTrue(blocked.text().contains(", " + CellFormat.duration(largest.getValue()) + " unknown, "
                    + CellFormat.duration(known.getValue()) + " " + known.getKey() + "; woken most by "), known + " in "
                    + blocked.text());
            assertFalse(blocked.text().contains("…"), "the line is whole: " + blocked.text());
            checked++;
        }
        assertTrue(checked >= 1, "kernel-many-threads has a process blocked mostly since before the trace: " + out);
    }

    /** A loss: its count as babeltrace2 gives it (967,700 events, shared traces' README), and the advised channel. */
    @Test
    void aLossComesFirstWithTheAdvice() {
        String trace = TestPaths.trace("ust-hello-lost").toString();
        String out = analyze(trace);
        List<Shown> shown = shown(out);
        JsonObject discarded = json("analyze", "--analysis", "discarded", "--format", "json", trace);
        String command = discarded.getAsJsonArray("advice").get(0).getAsJsonObject().get("command").getAsString();
        assertTrue(shown.get(0).text().startsWith("Lost: 967,700 events (96.8% of those written) on channel1, CPU 2, ")
                && shown.get(0).text().endsWith("; would have kept them: " + command), shown.get(0).text());
        assertShown(shown, "Tracing: 32,300 events of 1 tracepoint, the busiest ust_tests_hello:tptest",
                "--analysis overhead --calibration DIR");
    }

    /** The full tables come when asked: --all gives every analysis's tables; --analysis NAME its own, as before. */
    @Test
    void theFullTablesComeWhenAsked() {
        String trace = TestPaths.repository().resolve("examples/kernel-demo").toString();
        Result all = InProcessCli.run("analyze", "--all", trace);
        assertEquals(0, all.code(), all.err());
        assertTrue(all.out().startsWith("Process time: kernel-demo (kernel), "), all.out());
        for (String summary : List.of("Why threads were blocked", "System call latency: ", "Tracing overhead: ",
                "Losses: ", "CPU usage: ")) {
            assertTrue(all.out().contains("\n" + summary), summary);
        }
        assertFalse(all.out().contains("What stands out"), "--all is the tables alone");
        Result one = InProcessCli.run("analyze", "--analysis", "process", trace);
        assertTrue(one.out().startsWith("Process time: kernel-demo (kernel), ") && !one.out().contains("What stands out"));
        Result rows = InProcessCli.run("analyze", "--rows", "5", trace);
        assertTrue(rows.out().startsWith("Process time: "), "a table layout asked for is the tables");
        Result json = InProcessCli.run("analyze", "--format", "json", trace);
        assertTrue(json.out().startsWith("{") && json.out().contains("\"threads\""), "JSON is every table, as before");
    }

    /** The highlights of a default report: each first line's text and detail, with its indented continuation. */
    /** What {@code lttbench analyze} prints of the trace (what stands out in it), asserting it succeeded. */
    private static String analyze(String trace) {
        Result r = InProcessCli.run("analyze", trace);
        assertEquals(0, r.code(), r.err());
        return r.out();
    }

    static List<Shown> shown(String out) {
        List<String> lines = out.lines().toList();
        List<Shown> shown = new ArrayList<>();
        for (String line : lines.subList(1, lines.size() - 1)) {
            if (line.startsWith("    ") && !shown.isEmpty()) {
                Shown last = shown.remove(shown.size() - 1);
                shown.add(new Shown(last.text() + " " + line.strip(), last.detail()));
            } else {
                int at = line.lastIndexOf("  --analysis ");
                shown.add(at < 0 ? new Shown(line, "") : new Shown(line.substring(0, at).strip(), line.substring(at + 2)));
            }
        }
        return shown;
    }

    private static JsonObject json(String... args) {
        Result r = InProcessCli.run(args);
        assertEquals(0, r.code(), r.err());
        return JsonParser.parseString(r.out()).getAsJsonObject();
    }

    private static void assertShown(List<Shown> shown, String start, String detail) {
        assertTrue(shown.stream().anyMatch(s -> s.text().startsWith(start) && s.detail().equals(detail)),
                "a highlight starting \"" + start + "\" with the detail \"" + detail + "\" in:\n"
                        + String.join("\n", shown.stream().map(Shown::toString).toList()));
    }

    private static int index(List<Shown> shown, String start) {
        for (int i = 0; i < shown.size(); i++) {
            if (shown.get(i).text().startsWith(start)) {
                return i;
            }
        }
        throw new AssertionError(start + " in " + shown);
    }
}
