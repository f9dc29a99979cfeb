package org.lttbench.tracecompass.core.provider;

import java.util.Collection;
import java.util.List;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderFactory;
import org.eclipse.tracecompass.tmf.core.model.DataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.model.ITmfDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;

/** Makes the discarded-events-over-time provider on LTTbench's module of a trace (an experiment's own). */
public final class DiscardedXYDataProviderFactory implements IDataProviderFactory {
    private static final IDataProviderDescriptor DESCRIPTOR = new DataProviderDescriptor.Builder()
            .setId(LttbenchDataProviders.DISCARDED_XY).setName("LTTbench: discarded events over time")
            .setDescription("Events the tracer discarded (and packets lost), per stream, over time")
            .setProviderType(IDataProviderDescriptor.ProviderType.TREE_TIME_XY).build();

    @Override
    public ITmfDataProvider createDataProvider(ITmfTrace trace) {
        LttbenchAnalysisModule module = LttbenchDataProviders.module(trace);
        return module == null ? null : new DiscardedXYDataProvider(trace, RangeReports.of(module));
    }

    @Override
    public Collection<IDataProviderDescriptor> getDescriptors(ITmfTrace trace) {
        return LttbenchDataProviders.module(trace) == null ? List.of() : List.of(DESCRIPTOR);
    }
}
