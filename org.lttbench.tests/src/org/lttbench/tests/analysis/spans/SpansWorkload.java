package org.lttbench.tests.analysis.spans;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.lttbench.core.lttng.ChannelConfig;
import org.lttbench.core.lttng.LttngSession;
import org.lttbench.tests.Workloads;

/**
 * The {@code spans} workload recorded by LTTng through {@code LD_PRELOAD=liblttng-ust-cyg-profile.so}, in a session of
 * its own (callers hold {@link org.lttbench.tests.LttngRecording}): what it printed, its request function's address and
 * each call's duration as it measured it.
 */
public record SpansWorkload(String request, List<Long> measured) {
    private static final String CYG_PROFILE = "/usr/lib/x86_64-linux-gnu/liblttng-ust-cyg-profile.so";

    /**
     * @param extraUs          a further sleep in each request (a known change between two runs)
     * @param fixedAddresses   without address space randomisation ({@code setarch -R}), so that two runs' functions
     *                         have the same addresses, as spans name them
     */
    public static SpansWorkload record(Path out, int calls, long extraUs, boolean fixedAddresses) throws Exception {
        List<String> printed;
        try (LttngSession session = LttngSession.create("spans-" + ProcessHandle.current().pid(), out)) {
            session.enableChannel(new ChannelConfig("spans", 1 << 20, 4, false));
            session.enableUserEvents("spans", "lttng_ust_cyg_profile:*");
            session.addUserContexts("spans", "vpid", "vtid", "procname");
            session.start();
            List<String> command = new ArrayList<>();
            if (fixedAddresses) {
                command.addAll(List.of("setarch", System.getProperty("os.arch").equals("amd64") ? "x86_64" : System.getProperty("os.arch"), "-R"));
            }
            command.addAll(List.of(Workloads.program("spans").toString(), Integer.toString(calls), Long.toString(extraUs)));
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
            pb.environment().put("LD_PRELOAD", CYG_PROFILE);
            Process p = pb.start();
            printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip().lines().toList();
            assertTrue(p.waitFor(2, TimeUnit.MINUTES), "spans finished");
            assertEquals(0, p.exitValue(), "spans: " + printed);
            session.stop();
        }
        String request = "0x" + Long.toHexString(Long.parseUnsignedLong(printed.get(0).substring(2), 16));
        List<Long> measured = printed.subList(1, printed.size()).stream().map(Long::parseLong).toList();
        assertEquals(calls, measured.size());
        return new SpansWorkload(request, measured);
    }

    /** The mean of the durations the program measured, in ns. */
    public double measuredMean() {
        return measured.stream().mapToLong(Long::longValue).average().orElseThrow();
    }
}
