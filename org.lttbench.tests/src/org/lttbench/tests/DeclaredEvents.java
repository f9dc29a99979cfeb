package org.lttbench.tests;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * What a trace declares, as babeltrace2 reads its metadata ({@code scripts/bt2_event_classes.py}): its domain and its
 * event classes. Tests decide from it, apart from the command line, whether an analysis applies to a trace before
 * they skip one ({@link #applies}): a command line that wrongly says "not applicable" then fails them.
 */
public record DeclaredEvents(String domain, Set<String> events) {

    public static DeclaredEvents of(Path trace) throws Exception {
        Set<String> events = new HashSet<>();
        String domain = null;
        for (String line : Babeltrace2.run("bt2_event_classes.py", List.of(trace))) {
            JsonObject o = JsonParser.parseString(line).getAsJsonObject();
            o.getAsJsonArray("events").forEach(e -> events.add(e.getAsString()));
            if (!o.get("domain").isJsonNull()) {
                domain = domain == null || domain.equals(o.get("domain").getAsString()) ? o.get("domain").getAsString()
                        : "kernel+ust";
            }
        }
        return new DeclaredEvents(domain, events);
    }

    /** Whether an event class of that name is declared: LTTng's name, or perf's {@code subsystem:name}. */
    public boolean declares(String name) {
        return events.contains(name) || events.stream().anyMatch(e -> e.endsWith(":" + name));
    }

    private boolean declaresPrefix(String prefix) {
        return events.stream().anyMatch(e -> e.startsWith(prefix));
    }

    /** A kernel trace the thread states can be followed in: LTTng's kernel domain with context switches. */
    public boolean kernel() {
        return domain != null && domain.contains("kernel") && declares("sched_switch");
    }

    /**
     * Whether the analysis (or lttng-analyses drop-in) of that name applies, by the rules its documentation states:
     * the kernel analyses need context switches, the latencies their events, the spans user-space function entries
     * or ROS 2 callbacks, and the overhead and discarded analyses any trace.
     */
    public boolean applies(String analysis) {
        boolean syscalls = declaresPrefix("syscall_entry_") && declaresPrefix("syscall_exit_")
                || declaresPrefix("sys_") && declares("exit_syscall") || declares("raw_syscalls:sys_enter");
        boolean irq = declares("irq_handler_entry") && declares("irq_handler_exit")
                || (declares("irq_softirq_entry") || declares("softirq_entry"))
                        && (declares("irq_softirq_exit") || declares("softirq_exit"));
        boolean disk = declares("block_rq_issue") && declares("block_rq_complete");
        return switch (analysis) {
            case "overhead", "discarded" -> true;
            case "process", "waits", "sched", "cpu", "critical-path", "cputop", "schedstats" -> kernel();
            case "syscalls", "syscallstats", "iolatencytop", "iousagetop" -> kernel() && syscalls;
            case "iolatencystats" -> kernel() && syscalls;
            case "irq", "irqstats" -> kernel() && irq;
            case "io" -> kernel() && disk;
            case "spans" -> domain != null && domain.contains("ust") && (declares("lttng_ust_cyg_profile:func_entry")
                    || declares("lttng_ust_cyg_profile_fast:func_entry") || declares("ros2:callback_start"));
            default -> throw new IllegalArgumentException("no rule for the analysis " + analysis);
        };
    }
}
