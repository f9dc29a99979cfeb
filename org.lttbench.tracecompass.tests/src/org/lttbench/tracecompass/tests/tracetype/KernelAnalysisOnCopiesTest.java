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
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.ctf.Ctf2Copy;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.tracecompass.core.tracetype.LttbenchCtfTrace;
import org.lttbench.tracecompass.core.tracetype.LttbenchKernelTrace;
import org.lttbench.tracecompass.tests.TraceCompassTraces;

/**
 * Trace Compass's own kernel analysis ({@link KernelAnalysisModule}, behind Control Flow, Resources, CPU usage...)
 * on a CTF 2 copy of each shared kernel trace read by LTTbench's kernel trace type gives the state system it gives on
 * the CTF 1.8 original read by Trace Compass's own LTTng kernel type: the same attributes, and every interval of each
 * (start, end, value); and Control Flow's rows (Trace Compass's thread status provider) are the same threads.
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
