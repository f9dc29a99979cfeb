package org.lttbench.tracecompass.core.provider;

import java.util.Collection;
import java.util.List;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderFactory;
import org.eclipse.tracecompass.tmf.core.model.DataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.model.ITmfDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TmfTimeGraphCompositeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;

/** Makes the critical path time graph provider on LTTbench's module of a trace (per trace of an experiment). */
public final class CriticalPathDataProviderFactory implements IDataProviderFactory {
    private static final IDataProviderDescriptor DESCRIPTOR = new DataProviderDescriptor.Builder()
            .setId(LttbenchDataProviders.CRITICAL_PATH).setName("LTTbench: critical path")
            .setDescription("One thread's critical path (its TID in the parameter " + LttbenchDataProviders.THREAD_PARAMETER
                    + "): what its progress waited on at every moment, followed through its wakers")
            .setProviderType(IDataProviderDescriptor.ProviderType.TIME_GRAPH).build();

    @Override
    public ITmfDataProvider createDataProvider(ITmfTrace trace) {
        if (trace instanceof TmfExperiment) {
            return TmfTimeGraphCompositeDataProvider.create(TmfTraceManager.getTraceSet(trace), LttbenchDataProviders.CRITICAL_PATH);
        }
        LttbenchAnalysisModule module = LttbenchDataProviders.module(trace);
        return module == null ? null : new CriticalPathDataProvider(trace, module);
    }

    @Override
    public Collection<IDataProviderDescriptor> getDescriptors(ITmfTrace trace) {
        return LttbenchDataProviders.module(trace) == null ? List.of() : List.of(DESCRIPTOR);
    }
}
