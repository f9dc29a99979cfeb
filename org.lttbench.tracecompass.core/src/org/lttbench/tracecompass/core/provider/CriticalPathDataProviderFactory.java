package org.lttbench.tracecompass.core.provider;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.model.ITmfDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;

/** Makes the critical path time graph provider on LTTbench's module of a trace: an experiment's, for an experiment (one pass for all its traces). */
public final class CriticalPathDataProviderFactory extends ModuleProviderFactory {
    public CriticalPathDataProviderFactory() {
        super(LttbenchDataProviders.CRITICAL_PATH, "LTTbench: critical path",
                "One thread's critical path (its TID in the parameter " + LttbenchDataProviders.THREAD_PARAMETER
                        + "): what its progress waited on at every moment, followed through its wakers",
                ProviderType.TIME_GRAPH);
    }

    @Override
    protected ITmfDataProvider create(ITmfTrace trace, LttbenchAnalysisModule module) {
        return new CriticalPathDataProvider(trace, module);
    }
}
