package org.lttbench.tracecompass.ui.view;

import java.util.HashMap;
import java.util.Map;

import org.eclipse.swt.widgets.Display;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.ui.compute.AnalysisSession;

/** One analysis session per trace, shared by the LTTbench views showing it: one run serves them all. UI thread only. */
final class TraceSessions {
    private static final Map<ITmfTrace, AnalysisSession> SESSIONS = new HashMap<>();

    private TraceSessions() {
    }

    static AnalysisSession of(ITmfTrace trace, LttbenchAnalysisModule module, Display display) {
        return SESSIONS.computeIfAbsent(trace, t -> new AnalysisSession(display, new ProviderReports(t, module)));
    }

    static void closed(ITmfTrace trace) {
        AnalysisSession session = SESSIONS.remove(trace);
        if (session != null) {
            session.dispose();
        }
    }
}
