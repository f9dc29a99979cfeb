package org.lttbench.tracecompass.tests.tracetype;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.ctf.Ctf2Copy;
import org.lttbench.tracecompass.core.tracetype.LttbenchCtfTrace;
import org.lttbench.tracecompass.tests.TraceCompassTraces;

/**
 * What a trace is, beside its events, through LTTbench's type as through Trace Compass's on every shared CTF 1.8
 * trace directory: the host (so that a kernel and a user-space trace of one machine are one host whichever type
 * reads them), the trace's UUID, the environment (Trace Compass keeps TSDL's quotes around strings); and the same
 * host and UUID on a CTF 2 copy.
 */
class TraceFactsTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.lttbench.tracecompass.tests.tracetype.EventsAgainstDumpTest#ctf18")
    void hostUuidAndEnvironmentAreTraceCompasss(Path dir) throws Exception {
        CtfTmfTrace theirs = new CtfTmfTrace();
        theirs.initTrace(null, dir.toString(), org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent.class);
        String name = TraceCompassTraces.shared("").relativize(dir).toString().replace('/', '-');
        Path copy = Ctf2Copy.copy(dir, TraceCompassTraces.work("facts-" + name).resolve(name)).get(0);
        LttbenchCtfTrace ours = TraceCompassTraces.lttbench(dir);
        LttbenchCtfTrace ours2 = TraceCompassTraces.lttbench(copy);
        try {
            assertEquals(theirs.getHostId(), ours.getHostId(), "host");
            assertEquals(theirs.getUUID(), ours.getUUID(), "trace UUID");
            Map<String, String> env = new TreeMap<>();
            theirs.getEnvironment().forEach((k, v) -> env.put(k, v.startsWith("\"") && v.endsWith("\"") && v.length() > 1
                    ? v.substring(1, v.length() - 1) : v));
            // Trace Compass adds the clock's offset and scale to what the metadata's env block says
            env.remove("clock_offset");
            env.remove("clock_scale");
            Map<String, String> ourEnv = new TreeMap<>();
            ours.getEnvironment().forEach((k, v) -> ourEnv.put(k, String.valueOf(v)));
            assertEquals(env, ourEnv, "environment");
            assertEquals(theirs.getHostId(), ours2.getHostId(), "host of the CTF 2 copy");
            assertEquals(theirs.getUUID(), ours2.getUUID(), "trace UUID of the CTF 2 copy");
        } finally {
            theirs.dispose();
            TraceCompassTraces.close(ours);
            TraceCompassTraces.close(ours2);
        }
    }
}
