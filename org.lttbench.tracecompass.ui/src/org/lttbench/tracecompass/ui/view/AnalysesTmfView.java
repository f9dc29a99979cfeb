package org.lttbench.tracecompass.ui.view;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.swt.SWT;
import org.lttbench.ui.compute.AnalysisRequest;
import org.lttbench.ui.view.AnalysesView;
import org.lttbench.ui.view.DiscardedView;
import org.lttbench.ui.view.OverheadView;
import org.lttbench.ui.view.ProcessTimeView;
import org.lttbench.ui.view.SpansView;

/**
 * Trace Compass's view of every LTTbench analysis that no other LTTbench view here shows (the latency analyses' tables,
 * and any analysis added later), a tab each, as each declares itself: hosts LTTbench's {@link AnalysesView}.
 */
public final class AnalysesTmfView extends LttbenchView {
    public static final String ID = "org.lttbench.tracecompass.view.analyses";

    public AnalysesTmfView() {
        super("LTTbench Analyses", parent -> new AnalysesView(parent, SWT.NONE, shownElsewhere()));
    }

    /** The analyses the other LTTbench views show. */
    private static Set<String> shownElsewhere() {
        Set<String> elsewhere = new HashSet<>();
        for (List<AnalysisRequest> requests : List.of(ProcessTimeView.REQUESTS, OverheadView.REQUESTS,
                DiscardedView.REQUESTS, SpansView.REQUESTS)) {
            requests.forEach(r -> elsewhere.add(r.analysis()));
        }
        return elsewhere;
    }
}
