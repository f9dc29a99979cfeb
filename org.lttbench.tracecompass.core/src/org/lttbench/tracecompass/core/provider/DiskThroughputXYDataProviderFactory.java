package org.lttbench.tracecompass.core.provider;

import java.util.Collection;
import java.util.List;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderFactory;
import org.eclipse.tracecompass.tmf.core.model.DataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.model.ITmfDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.lttbench.tracecompass.core.latency.DiskLatencyModule;

/** Makes the disk-throughput-over-time provider on LTTbench's disk requests of a kernel trace. */
public final class DiskThroughputXYDataProviderFactory implements IDataProviderFactory {
    private static final IDataProviderDescriptor DESCRIPTOR = new DataProviderDescriptor.Builder()
            .setId(LttbenchDataProviders.DISK_THROUGHPUT_XY).setName("LTTbench: disk throughput over time")
            .setDescription("Bytes of the disk requests completed per second, per device and operation")
            .setProviderType(IDataProviderDescriptor.ProviderType.TREE_TIME_XY).build();

    @Override
    public ITmfDataProvider createDataProvider(ITmfTrace trace) {
        DiskLatencyModule m = requests(trace);
        return m != null ? new DiskThroughputXYDataProvider(trace, m) : null;
    }

    @Override
    public Collection<IDataProviderDescriptor> getDescriptors(ITmfTrace trace) {
        return requests(trace) != null ? List.of(DESCRIPTOR) : List.of();
    }

    /**
     * The disk requests' module of the trace, or of its kernel trace when it is an experiment: the trace server opens
     * every trace in an experiment, which has no module of its own.
     */
    private static DiskLatencyModule requests(ITmfTrace trace) {
        return TmfTraceUtils.getAnalysisModuleOfClass(trace, DiskLatencyModule.class, DiskLatencyModule.ID);
    }
}
