package org.lttbench.tracecompass.core.provider;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.model.ITmfDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;

/** Makes the discarded-events-over-time provider on LTTbench's module of a trace (an experiment's own). */
public final class DiscardedXYDataProviderFactory extends ModuleProviderFactory {
    public DiscardedXYDataProviderFactory() {
        super(LttbenchDataProviders.DISCARDED_XY, "LTTbench: discarded events over time",
                "Events the tracer discarded (and packets lost), per stream, over time",
                ProviderType.TREE_TIME_XY);
    }

    @Override
    protected ITmfDataProvider create(ITmfTrace trace, LttbenchAnalysisModule module) {
        return new DiscardedXYDataProvider(trace, RangeReports.of(module));
    }
}
