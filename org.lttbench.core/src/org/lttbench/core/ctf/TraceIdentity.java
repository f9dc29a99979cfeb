package org.lttbench.core.ctf;

import java.util.List;

/**
 * What a trace's metadata says about the trace itself, beside its events: its UUID, the CTF version it is written
 * in, and its clock classes (the clock's UUID names the clock's source: LTTng gives the traces of one machine's boot
 * the same one, which is how tools tell which traces come from one host).
 *
 * @param uuid    the trace's UUID in canonical form, or null when the metadata gives none
 * @param version {@code "1.8"} (TSDL) or {@code "2"} (JSON)
 * @param clocks  in the metadata's order
 */
public record TraceIdentity(String uuid, String version, List<Clock> clocks) {

    /** A clock class: ns since the epoch = offset + cycles / frequency; {@code uuid} canonical, or null. */
    public record Clock(String name, long frequency, long offsetSeconds, long offsetCycles, String uuid) {
    }

    static TraceIdentity of(Metadata md) {
        List<Clock> clocks = md.clocks.values().stream()
                .map(c -> new Clock(c.name(), c.frequency(), c.offsetSeconds(), c.offsetCycles(), c.uuid())).toList();
        return new TraceIdentity(md.uuidString(), md.ctf2 ? "2" : "1.8", clocks);
    }
}
