package org.lttbench.tracecompass.core.provider;

import java.util.Collection;
import java.util.List;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderFactory;
import org.eclipse.tracecompass.tmf.core.model.DataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.model.ITmfDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;

/**
 * Makes one of LTTbench's data providers on its module of a trace, and lists it where there is one. On an experiment,
 * the experiment's module: one pass reads all its traces (a provider per trace would read each trace again, as a
 * trace server, which opens every trace in an experiment, did).
 */
abstract class ModuleProviderFactory implements IDataProviderFactory {
    private final IDataProviderDescriptor descriptor;

    ModuleProviderFactory(String id, String name, String description, ProviderType type) {
        this.descriptor = new DataProviderDescriptor.Builder().setId(id).setName(name).setDescription(description)
                .setProviderType(type).build();
    }

    /** The provider on the trace's module. */
    protected abstract ITmfDataProvider create(ITmfTrace trace, LttbenchAnalysisModule module);

    @Override
    public final ITmfDataProvider createDataProvider(ITmfTrace trace) {
        LttbenchAnalysisModule module = LttbenchDataProviders.module(trace);
        return module == null ? null : create(trace, module);
    }

    @Override
    public final Collection<IDataProviderDescriptor> getDescriptors(ITmfTrace trace) {
        return LttbenchDataProviders.listed(trace) == null ? List.of() : List.of(descriptor);
    }
}
