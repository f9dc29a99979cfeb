package org.lttbench.tracecompass.core.provider;

import java.util.Collection;
import java.util.List;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderFactory;
import org.eclipse.tracecompass.tmf.core.model.DataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.model.ITmfDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.lttbench.tracecompass.core.latency.DiskLatencyModule;

/** Makes the disk-throughput-over-time provider on LTTbench's disk requests of a kernel trace. */
public final class DiskThroughputXYDataProviderFactory implements IDataProviderFactory {
    private static final IDataProviderDescriptor DESCRIPTOR = new DataProviderDescriptor.Builder()
            .setId(LttbenchDataProviders.DISK_THROUGHPUT_XY).setName("LTTbench: disk throughput over time")
            .setDescription("Bytes of the disk requests completed per second, per device and operation")
            .setProviderType(IDataProviderDescriptor.ProviderType.TREE_TIME_XY).build();

    @Override
    public ITmfDataProvider createDataProvider(ITmfTrace trace) {
        return trace.getAnalysisModule(DiskLatencyModule.ID) instanceof DiskLatencyModule m
                ? new DiskThroughputXYDataProvider(trace, m) : null;
    }

    @Override
    public Collection<IDataProviderDescriptor> getDescriptors(ITmfTrace trace) {
        return trace.getAnalysisModule(DiskLatencyModule.ID) instanceof DiskLatencyModule ? List.of(DESCRIPTOR)
                : List.of();
    }
}
