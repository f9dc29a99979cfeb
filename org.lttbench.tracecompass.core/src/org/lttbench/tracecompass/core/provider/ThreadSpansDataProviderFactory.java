package org.lttbench.tracecompass.core.provider;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.model.ITmfDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;

/**
 * Makes the spans' time graph provider on LTTbench's module of a trace; for an experiment, on the experiment's own
 * module, whose one run matches the user-space trace's threads to the kernel trace's.
 */
public final class ThreadSpansDataProviderFactory extends ModuleProviderFactory {
    public ThreadSpansDataProviderFactory() {
        super(LttbenchDataProviders.THREAD_SPANS, "LTTbench: spans",
                "The spans of a thread (its TID, or its vtid when no kernel thread was matched, in the "
                        + "parameter " + LttbenchDataProviders.THREAD_PARAMETER + "; every thread's without it): a row of "
                        + "spans per depth, their breakdown in the tooltips, and the thread's kernel states beside them",
                ProviderType.TIME_GRAPH);
    }

    @Override
    protected ITmfDataProvider create(ITmfTrace trace, LttbenchAnalysisModule module) {
        return new ThreadSpansDataProvider(trace, module);
    }
}
