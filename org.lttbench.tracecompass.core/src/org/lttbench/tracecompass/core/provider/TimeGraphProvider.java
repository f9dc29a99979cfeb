package org.lttbench.tracecompass.core.provider;

import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.tmf.core.model.IOutputStyleProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphArrow;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/** LTTbench's time graphs (thread states, critical paths, spans): rows of styled states, and no arrows between rows. */
abstract class TimeGraphProvider extends LttbenchDataProvider
        implements ITimeGraphDataProvider<TimeGraphEntryModel>, IOutputStyleProvider {

    TimeGraphProvider(ITmfTrace trace, String id) {
        super(trace, id);
    }

    @Override
    public TmfModelResponse<List<ITimeGraphArrow>> fetchArrows(Map<String, Object> parameters, IProgressMonitor monitor) {
        return completed(List.of());
    }
}
