package org.lttbench.tracecompass.core.provider;

import org.eclipse.tracecompass.tmf.core.model.AbstractTmfTraceDataProvider;
import org.eclipse.tracecompass.tmf.core.model.CommonStatusMessage;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/**
 * What LTTbench's data providers share: the id they are found by, the trace's time base (LTTbench's times against
 * Trace Compass's, read once when the provider is made), and the response of a request answered in full.
 */
abstract class LttbenchDataProvider extends AbstractTmfTraceDataProvider {
    private final String id;
    final TimeBase time;

    LttbenchDataProvider(ITmfTrace trace, String id) {
        super(trace);
        this.id = id;
        this.time = TimeBase.of(trace);
    }

    /** The id Trace Compass finds the provider by ({@code getId} of the provider interfaces the subclasses implement). */
    public String getId() {
        return id;
    }

    static <T> TmfModelResponse<T> completed(T model) {
        return new TmfModelResponse<>(model, ITmfResponse.Status.COMPLETED, CommonStatusMessage.COMPLETED);
    }
}
