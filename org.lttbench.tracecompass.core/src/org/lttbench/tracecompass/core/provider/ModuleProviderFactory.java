package org.lttbench.tracecompass.core.provider;

import java.util.Collection;
import java.util.List;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderFactory;
import org.eclipse.tracecompass.tmf.core.model.DataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.model.ITmfDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TmfTimeGraphCompositeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;

/**
 * Makes one of LTTbench's data providers on its module of a trace, and lists it where there is one. A time graph of
 * one trace's threads is made per trace of an experiment, as Trace Compass composes its own.
 */
abstract class ModuleProviderFactory implements IDataProviderFactory {
    private final IDataProviderDescriptor descriptor;
    private final boolean perTraceOfExperiment;

    /** @param perTraceOfExperiment for an experiment, Trace Compass's composition of one provider per trace */
    ModuleProviderFactory(String id, String name, String description, ProviderType type,
            boolean perTraceOfExperiment) {
        this.descriptor = new DataProviderDescriptor.Builder().setId(id).setName(name).setDescription(description)
                .setProviderType(type).build();
        this.perTraceOfExperiment = perTraceOfExperiment;
    }

    /** The provider on the trace's module. */
    protected abstract ITmfDataProvider create(ITmfTrace trace, LttbenchAnalysisModule module);

    @Override
    public final ITmfDataProvider createDataProvider(ITmfTrace trace) {
        if (perTraceOfExperiment && trace instanceof TmfExperiment) {
            return TmfTimeGraphCompositeDataProvider.create(TmfTraceManager.getTraceSet(trace), descriptor.getId());
        }
        LttbenchAnalysisModule module = LttbenchDataProviders.module(trace);
        return module == null ? null : create(trace, module);
    }

    @Override
    public final Collection<IDataProviderDescriptor> getDescriptors(ITmfTrace trace) {
        return LttbenchDataProviders.module(trace) == null ? List.of() : List.of(descriptor);
    }
}
