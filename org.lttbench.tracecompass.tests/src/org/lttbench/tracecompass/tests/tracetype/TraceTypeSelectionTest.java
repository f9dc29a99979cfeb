package org.lttbench.tracecompass.tests.tracetype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lttbench.tracecompass.core.tracetype.TraceTypeChoice.CTF_TYPE;
import static org.lttbench.tracecompass.core.tracetype.TraceTypeChoice.KERNEL_TYPE;
import static org.lttbench.tracecompass.core.tracetype.TraceTypeChoice.UST_TYPE;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.lttng2.ust.core.trace.LttngUstTrace;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceType;
import org.eclipse.tracecompass.tmf.core.project.model.TraceTypeHelper;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.tracecompass.core.tracetype.LttbenchCtfTrace;
import org.lttbench.tracecompass.core.tracetype.TraceTypeChoice;
import org.lttbench.tracecompass.tests.TraceCompassTraces;

/**
 * Which trace type a trace gets, with LTTbench's trace types installed beside Trace Compass's: every CTF 1.8 trace
 * Trace Compass reads keeps Trace Compass's own type (its choice, {@code TmfTraceType.selectTraceType}, is what it
 * was), and so does every CTF 2 trace Trace Compass's reader reads; a trace its reader cannot read gets LTTbench's
 * (the highest confidence where Trace Compass's validation answers; LTTbench's own choice where one of Trace
 * Compass's types throws while validating, which stops Trace Compass's choice).
 */
class TraceTypeSelectionTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.lttbench.tracecompass.tests.tracetype.EventsAgainstDumpTest#ctf18")
    void ctf18TraceKeepsTraceCompasssType(Path dir) throws Exception {
        List<TraceTypeHelper> chosen = TmfTraceType.selectTraceType(dir.toString(), null);
        assertFalse(chosen.isEmpty(), "Trace Compass chooses a type for " + dir);
        Class<?> type = chosen.get(0).getTraceClass();
        assertTrue(type == LttngKernelTrace.class || type == LttngUstTrace.class, dir + " gets " + type);
        for (String ours : List.of(KERNEL_TYPE, UST_TYPE, CTF_TYPE)) {
            int confidence = TmfTraceType.getTraceType(ours).validateWithConfidence(dir.toString());
            assertTrue(confidence <= 1, ours + " stays below Trace Compass's types on " + dir + ": " + confidence);
        }
        // LTTbench's own choice for the headless application is Trace Compass's
        assertEquals(chosen.get(0).getTraceTypeId(), TraceTypeChoice.lttng(dir.toString()).getTraceTypeId());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.lttbench.tracecompass.tests.tracetype.EventsAgainstDumpTest#ctf2")
    void ctf2TraceGetsLttbenchsTypeWhereTraceCompassCannotReadIt(Path dir) throws Exception {
        String path = dir.toString();
        boolean tcReads = validates(new CtfTmfTrace(), path);
        String domain = domain(dir);
        String ours = domain.equals("kernel") ? KERNEL_TYPE : domain.equals("ust") ? UST_TYPE : CTF_TYPE;
        int confidence = TmfTraceType.getTraceType(ours).validateWithConfidence(path);
        List<TraceTypeHelper> chosen = null;
        RuntimeException thrown = null;
        try {
            chosen = TmfTraceType.selectTraceType(path, null);
        } catch (RuntimeException e) {
            thrown = e;
        }
        if (tcReads) {
            assertEquals(1, confidence, ours + " validates below Trace Compass's types");
            assertNotNull(chosen, "Trace Compass chooses");
            assertEquals(CtfTmfTrace.class, chosen.get(0).getTraceClass(), "Trace Compass keeps its generic CTF type");
        } else {
            assertEquals(50, confidence, ours + " validates above Trace Compass's types");
            int best = 0;
            RuntimeException validationThrew = null;
            for (TraceTypeHelper tc : List.of(TmfTraceType.getTraceType("org.eclipse.linuxtools.tmf.ui.type.ctf"),
                    TmfTraceType.getTraceType("org.eclipse.linuxtools.lttng2.kernel.tracetype"),
                    TmfTraceType.getTraceType("org.eclipse.linuxtools.lttng2.ust.tracetype"))) {
                try {
                    best = Math.max(best, tc.validateWithConfidence(path));
                } catch (RuntimeException e) {
                    validationThrew = e; // Trace Compass's CTF 2 parser throws instead of saying no
                }
            }
            assertTrue(confidence > best, "above Trace Compass's best, " + best);
            if (validationThrew == null) {
                assertEquals(null, thrown, "Trace Compass's types say no without throwing: its choice completes");
                assertEquals(ours, chosen.get(0).getTraceTypeId(), "Trace Compass chooses LTTbench's type");
            } else {
                // One of Trace Compass's own types throws while validating (LTTng's CTF 2: a field location as a bare
                // array), and TmfTraceType.selectTraceType catches nothing: its choice fails with that exception...
                assertNotNull(thrown, "Trace Compass's choice fails as its type's validation does: " + validationThrew);
                assertEquals(validationThrew.getClass(), thrown.getClass(), String.valueOf(thrown));
                assertEquals(validationThrew.getMessage(), thrown.getMessage());
                // ...and what LTTbench does then: its own choice (the headless application's, Open Trace with
                // LTTbench...) gives the trace LTTbench's type
                assertEquals(ours, TraceTypeChoice.lttbench(dir).type().getTraceTypeId());
            }
            if (!ours.equals(CTF_TYPE)) {
                assertEquals(ours, TraceTypeChoice.lttng(path).getTraceTypeId());
            }
        }
        System.out.printf("%s: Trace Compass's reader %s it; %s validates with confidence %d; Trace Compass's choice: %s%n",
                dir.getFileName(), tcReads ? "reads" : "cannot read", ours, confidence,
                thrown != null ? "fails with " + thrown.getClass().getSimpleName() : chosen.get(0).getTraceTypeId());
    }

    private static String domain(Path dir) throws IOException {
        try (org.lttbench.core.ctf.CtfTraceSet set = org.lttbench.core.ctf.CtfTraceSet.open(List.of(dir))) {
            return String.valueOf(set.traces().get(0).environment().get("domain"));
        }
    }

    private static boolean validates(CtfTmfTrace t, String path) {
        try {
            return t.validate(null, path) instanceof org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTraceValidationStatus;
        } catch (RuntimeException e) {
            return false;
        } finally {
            t.dispose();
        }
    }

    /**
     * A CTF 1.8 trace Trace Compass's reader refuses (a variant whose tag is an absolute path, {@code
     * event.fields._tag}, which its TSDL grammar does not take) gets LTTbench's type from Trace Compass's own choice,
     * and reads: the same events as Trace Compass reads from the trace without that declaration.
     */
    @Test
    void ctf18TraceTraceCompassRefusesGetsLttbenchsType() throws Exception {
        Path original = TraceCompassTraces.shared("ust-lttng-crash");
        Path dir = TraceCompassTraces.work("refused-ctf18").resolve("ust-lttng-crash");
        TraceCompassTraces.copy(original, dir);
        Files.writeString(dir.resolve("metadata"), """
                event {
                	name = "my_app:tagged";
                	id = 1;
                	stream_id = 0;
                	fields := struct {
                		enum : uint8_t { a = 0, b = 1 } _tag;
                		variant <event.fields._tag> { uint8_t a; uint16_t b; } _v;
                	};
                };
                """, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
        assertFalse(validates(new CtfTmfTrace(), dir.toString()), "Trace Compass's reader refuses it");
        List<TraceTypeHelper> chosen = TmfTraceType.selectTraceType(dir.toString(), null);
        assertEquals(UST_TYPE, chosen.get(0).getTraceTypeId(), "Trace Compass chooses LTTbench's type: " + chosen);
        assertEquals(UST_TYPE, TraceTypeChoice.lttng(dir.toString()).getTraceTypeId());

        LttbenchCtfTrace ours = TraceCompassTraces.lttbench(dir);
        LttngUstTrace theirs = TraceCompassTraces.ust(original);
        try {
            List<String> a = events(theirs);
            List<String> b = events(ours);
            assertEquals(400, a.size());
            assertEquals(a, b, "the events Trace Compass reads from the original");
        } finally {
            TraceCompassTraces.close(ours);
            TraceCompassTraces.close(theirs);
        }
    }

    /**
     * The choice Open Trace with LTTbench makes: always LTTbench's type, kernel, else user-space, else generic CTF,
     * whatever Trace Compass's reader makes of the trace (CTF 1.8 it reads, CTF 2 it cannot); for what is no trace,
     * why, naming the path (and the traces below a session's directory).
     */
    @Test
    void lttbenchsTypeWhateverTraceCompassReads() throws Exception {
        assertEquals(KERNEL_TYPE, TraceTypeChoice.lttbench(TraceCompassTraces.shared("kernel-scp-src")).type().getTraceTypeId());
        assertEquals(UST_TYPE, TraceTypeChoice.lttbench(TraceCompassTraces.shared("ust-trace-with-index")).type().getTraceTypeId());
        assertEquals(UST_TYPE, TraceTypeChoice.lttbench(TraceCompassTraces.ctf2("trace-with-index")).type().getTraceTypeId());
        assertEquals(CTF_TYPE, TraceTypeChoice.lttbench(TraceCompassTraces.ctf2("succeed1")).type().getTraceTypeId());

        Path empty = TraceCompassTraces.work("choice-not-a-trace");
        TraceTypeChoice.LttbenchType none = TraceTypeChoice.lttbench(empty);
        assertEquals(null, none.type());
        assertEquals(empty.toAbsolutePath().normalize() + " is not a trace directory (it has no metadata file), nor does"
                + " any directory below it", none.refusal());
        Path session = TraceCompassTraces.shared("session-multi-domains");
        assertEquals(session.toAbsolutePath().normalize() + " is not a trace directory (it has no metadata file) but"
                + " holds 2 traces: kernel, ust; open one of them", TraceTypeChoice.lttbench(session).refusal());
        Path garbage = TraceCompassTraces.work("choice-garbage");
        Files.writeString(garbage.resolve("metadata"), "no CTF here\n", StandardCharsets.UTF_8);
        String refusal = TraceTypeChoice.lttbench(garbage).refusal();
        assertTrue(refusal.contains(garbage.resolve("metadata").toString()), refusal);
        System.out.println("not a trace: " + refusal);
    }

    /** Time, name, CPU and fields by value, as Trace Compass's own CTF events give them. */
    static List<String> events(org.eclipse.tracecompass.tmf.core.trace.ITmfTrace trace) {
        List<String> out = new ArrayList<>();
        ITmfContext c = trace.seekEvent(0);
        ITmfEvent e;
        while ((e = trace.getNext(c)) != null) {
            StringBuilder sb = new StringBuilder().append(e.getTimestamp().toNanos()).append(' ').append(e.getName());
            for (var f : e.getContent().getFields()) {
                sb.append(' ').append(f.getName()).append('=').append(value(f.getValue()));
            }
            out.add(sb.toString());
        }
        c.dispose();
        return out;
    }

    private static String value(Object v) {
        if (v instanceof long[] a) {
            return java.util.Arrays.toString(a);
        }
        return String.valueOf(v);
    }

}
