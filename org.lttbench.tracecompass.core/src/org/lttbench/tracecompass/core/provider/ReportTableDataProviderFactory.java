package org.lttbench.tracecompass.core.provider;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderFactory;
import org.eclipse.tracecompass.tmf.core.model.DataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.model.ITmfDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.report.TableSchema;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;

/** Makes {@link ReportTableDataProvider}s, one per {@code analysis.grouping.table}, on LTTbench's module of a trace. */
public final class ReportTableDataProviderFactory implements IDataProviderFactory {

    /**
     * The tables of an analysis's report in that grouping, as the analysis declares them (a report may lack some: a
     * share needs a kernel trace), and its notes.
     */
    public static List<String> tables(String analysis, GroupBy groupBy) {
        Set<String> tables = new LinkedHashSet<>();
        for (TableSchema t : schemas(analysis, groupBy)) {
            tables.add(t.key());
        }
        tables.add(ReportTables.NOTES);
        return List.copyOf(tables);
    }

    /** The schemas of the tables an analysis's report in that grouping may have (the notes' aside). */
    static List<TableSchema> schemas(String analysis, GroupBy groupBy) {
        AnalysisTables.Grouping declared = Analyses.byName(analysis).tables().grouping(groupBy);
        List<TableSchema> all = new ArrayList<>(declared.tables());
        all.addAll(declared.optional());
        return all;
    }

    @Override
    public ITmfDataProvider createDataProvider(ITmfTrace trace) {
        return null; // a table is named by its secondary id
    }

    @Override
    public ITmfDataProvider createDataProvider(ITmfTrace trace, String secondaryId) {
        LttbenchAnalysisModule module = LttbenchDataProviders.module(trace);
        try {
            return module == null ? null : new ReportTableDataProvider(trace, RangeReports.of(module), secondaryId);
        } catch (IllegalArgumentException e) {
            return null; // not a table's id: no provider (a trace server says 405, not 500)
        }
    }

    @Override
    public Collection<IDataProviderDescriptor> getDescriptors(ITmfTrace trace) {
        if (LttbenchDataProviders.listed(trace) == null) {
            return List.of();
        }
        List<IDataProviderDescriptor> descriptors = new ArrayList<>();
        for (AnalysisProvider provider : Analyses.all()) {
            String analysis = provider.name();
            AnalysisTables declared = provider.tables();
            for (GroupBy by : GroupBy.values()) {
                // an analysis without groupings declares one report: its tables once
                if (by == GroupBy.PROCESS && declared.byProcess().equals(declared.byThread())) {
                    continue;
                }
                String grouping = by.name().toLowerCase(java.util.Locale.ROOT);
                for (String table : tables(analysis, by)) {
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
