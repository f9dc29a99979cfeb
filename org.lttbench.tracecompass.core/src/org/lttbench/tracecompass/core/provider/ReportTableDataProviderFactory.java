package org.lttbench.tracecompass.core.provider;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderFactory;
import org.eclipse.tracecompass.tmf.core.model.DataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.model.ITmfDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;

/** Makes {@link ReportTableDataProvider}s, one per {@code analysis/grouping/table}, on LTTbench's module of a trace. */
public final class ReportTableDataProviderFactory implements IDataProviderFactory {

    /** The tables LTTbench's reports can have, per analysis (a report may lack some: a share needs a kernel trace). */
    private static final Map<String, List<String>> TABLES = Map.of(
            "process", List.of("threads", "io_devices", ReportTables.NOTES),
            "overhead", List.of("tracepoints", "tracepoint_gaps", "tracepoint_counters", "overhead_streams", "tracing_share",
                    ReportTables.NOTES),
            "discarded", List.of("streams", "losses", "advice", "loss_timeline", "loss_zoom", ReportTables.NOTES),
            "spans", List.of("spans", "span_blocked_by_cause", "span_blocked_by_waker", "spans_slowest",
                    ReportTables.NOTES));

    /** The tables of an analysis's report in that grouping (per process, the process analysis's first is processes). */
    public static List<String> tables(String analysis, GroupBy groupBy) {
        List<String> tables = new ArrayList<>(TABLES.getOrDefault(analysis, List.of()));
        if (analysis.equals("process") && groupBy == GroupBy.PROCESS) {
            tables.set(0, "processes");
        }
        return tables;
    }

    @Override
    public ITmfDataProvider createDataProvider(ITmfTrace trace) {
        return null; // a table is named by its secondary id
    }

    @Override
    public ITmfDataProvider createDataProvider(ITmfTrace trace, String secondaryId) {
        LttbenchAnalysisModule module = LttbenchDataProviders.module(trace);
        return module == null ? null : new ReportTableDataProvider(trace, RangeReports.of(module), secondaryId);
    }

    @Override
    public Collection<IDataProviderDescriptor> getDescriptors(ITmfTrace trace) {
        if (LttbenchDataProviders.module(trace) == null) {
            return List.of();
        }
        List<IDataProviderDescriptor> descriptors = new ArrayList<>();
        for (String analysis : List.of("process", "overhead", "discarded", "spans")) {
            for (GroupBy by : analysis.equals("process") ? GroupBy.values() : new GroupBy[] { GroupBy.THREAD }) {
                String grouping = by.name().toLowerCase(java.util.Locale.ROOT);
                for (String table : tables(analysis, by)) {
                    if (by == GroupBy.PROCESS && !table.equals("processes")) {
                        continue; // the same table as per thread
                    }
                    descriptors.add(new DataProviderDescriptor.Builder()
                            .setId(LttbenchDataProviders.table(analysis, grouping, table))
                            .setName("LTTbench " + analysis + ": " + table.replace('_', ' '))
                            .setDescription("The " + table + " table of LTTbench's " + analysis + " analysis (per "
                                    + grouping + "), for the time range asked")
                            .setProviderType(IDataProviderDescriptor.ProviderType.DATA_TREE).build());
                }
            }
        }
        return descriptors;
    }
}
