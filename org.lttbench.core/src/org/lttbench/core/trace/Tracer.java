package org.lttbench.core.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * The tracer that wrote a trace, as its environment says ({@code tracer_name}, {@code tracer_major},
 * {@code tracer_minor}, {@code tracer_patchlevel} or {@code tracer_patch}, {@code domain}): what a message names when
 * a trace lacks what an analysis needs, since a CTF trace need not come from LTTng (barectf, DPDK, perf's
 * conversion...).
 *
 * @param name    {@code tracer_name}, or null
 * @param version the version the environment gives ({@code 2.13}, {@code 2.11.0}), or null
 * @param domain  {@code domain}, or null
 */
public record Tracer(String name, String version, String domain) {

    public static Tracer of(Trace trace) {
        var env = trace.environment();
        Object name = env.get("tracer_name");
        Object major = env.get("tracer_major");
        Object minor = env.get("tracer_minor");
        Object patch = env.get("tracer_patchlevel") != null ? env.get("tracer_patchlevel") : env.get("tracer_patch");
        String version = major == null ? null
                : major + (minor == null ? "" : "." + minor + (patch == null ? "" : "." + patch));
        return new Tracer(name == null ? null : name.toString(), version, trace.domain());
    }

    /**
     * {@code lttng-ust 2.13 (domain ust)}, {@code barectf 2.3.0 (domain bare)}; {@code a tracer its environment does
     * not name (no tracer_name, no domain)} when it says neither.
     */
    @Override
    public String toString() {
        String who = name != null ? name + (version != null ? " " + version : "")
                : "a tracer its environment does not name (no tracer_name";
        if (name == null) {
            return who + (domain != null ? ", domain " + domain + ")" : ", no domain)");
        }
        return who + (domain != null ? " (domain " + domain + ")" : " (no domain)");
    }

    /** The tracers of these traces, each once, in order: {@code lttng-ust 2.11 (domain ust) and barectf 2.3.0 ...}. */
    public static String describe(List<? extends Trace> traces) {
        List<String> tracers = new ArrayList<>();
        for (Trace t : traces) {
            String s = of(t).toString();
            if (!tracers.contains(s)) {
                tracers.add(s);
            }
        }
        if (tracers.size() <= 1) {
            return tracers.isEmpty() ? "no trace" : tracers.get(0);
        }
        return String.join(", ", tracers.subList(0, tracers.size() - 1)) + " and " + tracers.get(tracers.size() - 1);
    }
}
