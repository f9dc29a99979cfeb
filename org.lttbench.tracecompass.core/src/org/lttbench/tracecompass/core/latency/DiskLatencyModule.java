package org.lttbench.tracecompass.core.latency;

import org.lttbench.core.analysis.latency.DiskLatencyAnalysis;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.kernel.BlockDevice;
import org.lttbench.core.kernel.BlockOperation;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.trace.Trace;

/**
 * Disk requests, issue to completion, named by the device (major:minor) and the operation ({@code 8:0 write}): the
 * requests LTTbench's io tables count. Named by number: the statedump names devices, but a trace may lack it.
 */
public final class DiskLatencyModule extends LatencyStoreModule {
    public static final String ID = "org.lttbench.tracecompass.analysis.io";

    public DiskLatencyModule() {
        super(DiskLatencyAnalysis.PROVIDER, LatencyAspects.of("Request",
                "the device (major:minor) and the operation (read, write, discard, flush, other)",
                "the thread that issued it (empty when the trace does not say)", "Bytes", "its size"),
                "LTTbench: disk request latency, every block request LTTbench measures (issue to completion), with the "
                        + "device, the operation, the issuing thread and the size.");
    }

    /** A request's segment's name. */
    public static String name(long device, BlockOperation op) {
        return BlockDevice.label(device, null) + " " + op.label();
    }

    @Override
    protected ThreadStateSink sink(LatencySegmentWriter segments, ProcessAnalysis read) {
        return new ThreadStateSink.WithoutStates() {
            @Override
            public void blockRequest(Trace trace, long device, BlockOperation op, long sectors, long inserted,
                    long issued, long completed, ThreadRecord issuer) {
                segments.add(issued, completed, name(device, op), issuer == null ? -1 : issuer.tid(),
                        issuer == null ? null : issuer.name(), sectors * DiskLatencyAnalysis.SECTOR_BYTES);
            }
        };
    }
}
