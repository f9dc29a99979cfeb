package org.lttbench.tracecompass.core.provider;

import java.util.Collection;
import java.util.List;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderFactory;
import org.eclipse.tracecompass.tmf.core.model.DataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.model.ITmfDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;

/**
 * Makes the spans' time graph provider on LTTbench's module of a trace; for an experiment, on the experiment's own
 * module, whose one run matches the user-space trace's threads to the kernel trace's.
 */
public final class ThreadSpansDataProviderFactory implements IDataProviderFactory {
    private static final IDataProviderDescriptor DESCRIPTOR = new DataProviderDescriptor.Builder()
            .setId(LttbenchDataProviders.THREAD_SPANS).setName("LTTbench: spans")
            .setDescription("The spans of a thread (its TID, or its vtid when no kernel thread was matched, in the "
                    + "parameter " + LttbenchDataProviders.THREAD_PARAMETER + "; every thread's without it): a row of "
                    + "spans per depth, their breakdown in the tooltips, and the thread's kernel states beside them")
            .setProviderType(IDataProviderDescriptor.ProviderType.TIME_GRAPH).build();

    @Override
    public ITmfDataProvider createDataProvider(ITmfTrace trace) {
        LttbenchAnalysisModule module = LttbenchDataProviders.module(trace);
        return module == null ? null : new ThreadSpansDataProvider(trace, module);
    }

    @Override
    public Collection<IDataProviderDescriptor> getDescriptors(ITmfTrace trace) {
        return LttbenchDataProviders.module(trace) == null ? List.of() : List.of(DESCRIPTOR);
    }
}
