package org.lttbench.tracecompass.tests.tracetype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.analysis.os.linux.core.kernel.KernelAnalysisModule;
import org.eclipse.tracecompass.analysis.timing.core.segmentstore.ISegmentStoreProvider;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.lttbench.core.ctf.Ctf2Copy;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.tracecompass.core.tracetype.LttbenchCtfTrace;
import org.lttbench.tracecompass.core.tracetype.LttbenchKernelTrace;
import org.lttbench.tracecompass.tests.TraceCompassTraces;

/**
 * Trace Compass's own kernel analysis ({@link KernelAnalysisModule}, behind Control Flow, Resources, CPU usage...)
 * on a CTF 2 copy of each shared kernel trace read by LTTbench's kernel trace type gives the state system it gives on
 * the CTF 1.8 original read by Trace Compass's own LTTng kernel type: the same attributes, and every interval of each
 * (start, end, value); and Control Flow's rows (Trace Compass's thread status provider) are the same threads. On three
 * of them, every other analysis Trace Compass offers for both gives the same results too.
 */
class KernelAnalysisOnCopiesTest {
    private static final String CONTROL_FLOW = "org.eclipse.tracecompass.internal.analysis.os.linux.core.threadstatus.ThreadStatusDataProvider";

    static List<Path> kernelTraces() throws IOException {
        List<Path> kernel = new ArrayList<>();
        for (Path dir : EventsAgainstDumpTest.ctf18()) {
            try (CtfTraceSet set = CtfTraceSet.open(List.of(dir))) {
                if ("kernel".equals(set.traces().get(0).domain())) {
                    kernel.add(dir);
                }
            }
        }
        return kernel;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kernelTraces")
    void sameStateSystemOnTheCtf2Copy(Path original) throws Exception {
        String name = TraceCompassTraces.shared("").relativize(original).toString().replace('/', '-');
        Path copy = Ctf2Copy.copy(original, TraceCompassTraces.work("kernel-copy-" + name).resolve(name)).get(0);
        ITmfTrace theirs = TraceCompassTraces.kernel(original);
        LttbenchCtfTrace ours = TraceCompassTraces.lttbench(copy);
        try {
            assertTrue(ours instanceof LttbenchKernelTrace, "the copy is a kernel trace of LTTbench's type");
            ITmfStateSystem a = kernelStates(theirs);
            ITmfStateSystem b = kernelStates(ours);
            long intervals = sameStates(a, b);
            List<String> rows = controlFlow(theirs);
            assertEquals(rows, controlFlow(ours), "Control Flow's rows");
            System.out.printf("%s: kernel analysis, %d attributes, %d intervals, %d Control Flow rows, the same on the CTF 2"
                    + " copy (LTTbench's type) as on the original (Trace Compass's)%n", name, a.getNbAttributes(),
                    intervals, rows.size());
        } finally {
            TraceCompassTraces.close(theirs);
            TraceCompassTraces.close(ours);
        }
    }

    /**
     * Every analysis Trace Compass offers for both the original (its type) and the copy (LTTbench's): CPU usage,
     * system call latency, input/output, kernel memory, context switches, TIDs, scheduling latency... each state
     * system the same, each segment store the same segments; which analyses only one of them offers is said (Trace
     * Compass declares some for its own LTTng kernel class only).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = { "kernel-scp-src", "kernel-tracefile-rotation", "kernel-bigendian" })
    void everyAnalysisBothTypesOfferGivesTheSameResults(String name) throws Exception {
        Path original = TraceCompassTraces.shared(name);
        Path copy = Ctf2Copy.copy(original, TraceCompassTraces.work("analyses-copy-" + name).resolve(name)).get(0);
        ITmfTrace theirs = TraceCompassTraces.kernel(original);
        LttbenchCtfTrace ours = TraceCompassTraces.lttbench(copy);
        try {
            Map<String, IAnalysisModule> a = modules(theirs);
            Map<String, IAnalysisModule> b = modules(ours);
            List<String> compared = new ArrayList<>();
            for (Map.Entry<String, IAnalysisModule> e : a.entrySet()) {
                IAnalysisModule x = e.getValue();
                IAnalysisModule y = b.get(e.getKey());
                if (y == null) {
                    continue;
                }
                // one after the other: Trace Compass's TCP event matching fills a shared HashMap, and two execution
                // graphs built at once fail it (ConcurrentModificationException in TcpLttngEventMatching.canMatchTrace)
                x.schedule();
                boolean okX = x.waitForCompletion();
                y.schedule();
                boolean okY = y.waitForCompletion();
                assertEquals(okX, okY, e.getKey() + " completes on both, or on neither");
                long n = 0;
                if (x instanceof ITmfAnalysisModuleWithStateSystems sx && y instanceof ITmfAnalysisModuleWithStateSystems sy) {
                    for (ITmfStateSystem ss : sx.getStateSystems()) {
                        ITmfStateSystem other = sy.getStateSystem(ss.getSSID());
                        assertNotNull(other, e.getKey() + ": state system " + ss.getSSID() + " on the copy");
                        n += sameStates(ss, other);
                    }
                }
                if (x instanceof ISegmentStoreProvider px && y instanceof ISegmentStoreProvider py) {
                    List<String> sx = segments(px);
                    assertEquals(sx, segments(py), e.getKey() + ": segments");
                    n += sx.size();
                }
                compared.add(e.getKey().substring(e.getKey().lastIndexOf('.') + 1) + " (" + n + ")");
            }
            List<String> onlyTheirs = new ArrayList<>(a.keySet());
            onlyTheirs.removeAll(b.keySet());
            List<String> onlyOurs = new ArrayList<>(b.keySet());
            onlyOurs.removeAll(a.keySet());
            assertTrue(compared.size() >= 8, "Trace Compass's kernel analyses apply to the copy: " + compared);
            System.out.printf("%s: the same intervals and segments on the CTF 2 copy for %s; only on Trace Compass's "
                    + "type: %s; only on LTTbench's: %s%n", name, compared, onlyTheirs, onlyOurs);
        } finally {
            TraceCompassTraces.close(theirs);
            TraceCompassTraces.close(ours);
        }
    }

    /** The trace's analyses but LTTbench's own (compared elsewhere), by id. */
    private static Map<String, IAnalysisModule> modules(ITmfTrace trace) {
        Map<String, IAnalysisModule> m = new TreeMap<>();
        for (IAnalysisModule module : trace.getAnalysisModules()) {
            if (!module.getId().startsWith("org.lttbench.")) {
                m.put(module.getId(), module);
            }
        }
        return m;
    }

    private static List<String> segments(ISegmentStoreProvider p) {
        List<String> out = new ArrayList<>();
        var store = p.getSegmentStore();
        if (store != null) {
            for (ISegment seg : store) {
                out.add(seg.getStart() + " " + seg.getEnd() + " " + seg);
            }
        }
        out.sort(null);
        return out;
    }

    static ITmfStateSystem kernelStates(ITmfTrace trace) {
        KernelAnalysisModule module = TmfTraceUtils.getAnalysisModuleOfClass(trace, KernelAnalysisModule.class,
                KernelAnalysisModule.ID);
        assertNotNull(module, "Trace Compass's kernel analysis applies to " + trace.getClass().getSimpleName());
        module.schedule();
        assertTrue(module.waitForCompletion(), "the kernel analysis completes");
        ITmfStateSystem ss = module.getStateSystem();
        assertNotNull(ss);
        return ss;
    }

    /** Same attributes, same intervals; returns how many intervals were compared. */
    static long sameStates(ITmfStateSystem a, ITmfStateSystem b) throws Exception {
        assertEquals(a.getStartTime(), b.getStartTime(), "start");
        assertEquals(a.getCurrentEndTime(), b.getCurrentEndTime(), "end");
        Map<String, Integer> quarksA = quarks(a);
        Map<String, Integer> quarksB = quarks(b);
        List<String> pathsA = new ArrayList<>(quarksA.keySet());
        assertEquals(pathsA, new ArrayList<>(quarksB.keySet()), "attributes");
        long n = 0;
        for (int from = 0; from < pathsA.size(); from += 2000) {
            List<String> chunk = pathsA.subList(from, Math.min(pathsA.size(), from + 2000));
            List<String> x = intervals(a, quarksA, chunk);
            List<String> y = intervals(b, quarksB, chunk);
            if (!x.equals(y)) {
                for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
                    assertEquals(x.get(i), y.get(i), "interval " + i + " of attributes " + chunk.get(0) + "...");
                }
                assertEquals(x.size(), y.size(), "intervals of attributes " + chunk.get(0) + "...");
            }
            n += x.size();
        }
        return n;
    }

    /** Each attribute's quark by its path (its names joined; an attribute's own name may hold a slash). */
    private static Map<String, Integer> quarks(ITmfStateSystem ss) {
        Map<String, Integer> quarks = new TreeMap<>();
        for (int q = 0; q < ss.getNbAttributes(); q++) {
            quarks.put(String.join("\u0000", ss.getFullAttributePathArray(q)), q);
        }
        return quarks;
    }

    private static List<String> intervals(ITmfStateSystem ss, Map<String, Integer> quarks, List<String> paths)
            throws Exception {
        Map<Integer, String> byQuark = new HashMap<>();
        for (String p : paths) {
            byQuark.put(quarks.get(p), p.replace('\u0000', '/'));
        }
        List<String> out = new ArrayList<>();
        for (ITmfStateInterval i : ss.query2D(byQuark.keySet(), ss.getStartTime(), ss.getCurrentEndTime())) {
            out.add(byQuark.get(i.getAttribute()) + " " + i.getStartTime() + " " + i.getEndTime() + " " + i.getValue());
        }
        out.sort(null);
        return out;
    }

    /** Control Flow's entries: each thread's labels under its parent's, with its time span. */
    static List<String> controlFlow(ITmfTrace trace) {
        ITimeGraphDataProvider<TimeGraphEntryModel> p = DataProviderManager.getInstance().fetchOrCreateDataProvider(trace,
                CONTROL_FLOW, ITimeGraphDataProvider.class);
        assertNotNull(p, "Control Flow's provider for " + trace.getClass().getSimpleName());
        TmfModelResponse<TmfTreeModel<TimeGraphEntryModel>> r;
        do {
            r = p.fetchTree(Map.of(), new NullProgressMonitor());
        } while (r.getStatus() == ITmfResponse.Status.RUNNING);
        assertEquals(ITmfResponse.Status.COMPLETED, r.getStatus(), r.getStatusMessage());
        Map<Long, TimeGraphEntryModel> byId = new HashMap<>();
        r.getModel().getEntries().forEach(e -> byId.put(e.getId(), e));
        List<String> rows = new ArrayList<>();
        for (TimeGraphEntryModel e : r.getModel().getEntries()) {
            StringBuilder sb = new StringBuilder();
            for (TimeGraphEntryModel at = e; at != null; at = byId.get(at.getParentId())) {
                sb.insert(0, at.getLabels() + "/");
            }
            rows.add(sb + " " + e.getStartTime() + " " + e.getEndTime());
        }
        rows.sort(null);
        return rows;
    }

}
