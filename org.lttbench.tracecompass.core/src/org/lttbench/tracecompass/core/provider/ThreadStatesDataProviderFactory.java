package org.lttbench.tracecompass.core.provider;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.model.ITmfDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;

/** Makes the thread states' time graph provider on LTTbench's module of a trace: an experiment's, for an experiment (one pass for all its traces). */
public final class ThreadStatesDataProviderFactory extends ModuleProviderFactory {
    public ThreadStatesDataProviderFactory() {
        super(LttbenchDataProviders.THREAD_STATES, "LTTbench: thread states",
                "Each thread's state over time as LTTbench's state machine tells it: user, system call, IRQ, "
                        + "waiting for a CPU, blocked on disk I/O, blocked on anything else, unknown",
                ProviderType.TIME_GRAPH);
    }

    @Override
    protected ITmfDataProvider create(ITmfTrace trace, LttbenchAnalysisModule module) {
        return new ThreadStatesDataProvider(trace, module);
    }
}
