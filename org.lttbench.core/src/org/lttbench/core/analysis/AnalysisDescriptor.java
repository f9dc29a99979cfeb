package org.lttbench.core.analysis;

import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

import org.lttbench.core.report.ChartSchema;
import org.lttbench.core.report.Highlight;
import org.lttbench.core.report.Report;

/**
 * An analysis's descriptor as data: its name, description, declared tables and charts, how it is made for a run and
 * what stands out in its reports. The tables and charts are read when asked, not when the descriptor is made: an
 * analysis declares its descriptor first in its class, and its table schemas below it.
 */
public class AnalysisDescriptor implements AnalysisProvider {
    private final String name;
    private final String description;
    private final Supplier<AnalysisTables> tables;
    private final Function<AnalysisOptions, ? extends Analysis> factory;
    private final Supplier<List<ChartSchema>> charts;
    private final Function<Report, List<Highlight>> highlights;
    /** LAMI's tags, or null: the default ones. */
    private final List<String> tags;

    /** An analysis with tables only: no charts, nothing that stands out. */
    public AnalysisDescriptor(String name, String description, Supplier<AnalysisTables> tables,
            Function<AnalysisOptions, ? extends Analysis> factory) {
        this(name, description, tables, factory, List::of, report -> List.of());
    }

    public AnalysisDescriptor(String name, String description, Supplier<AnalysisTables> tables,
            Function<AnalysisOptions, ? extends Analysis> factory, Supplier<List<ChartSchema>> charts,
            Function<Report, List<Highlight>> highlights) {
        this(name, description, tables, factory, charts, highlights, null);
    }

    private AnalysisDescriptor(String name, String description, Supplier<AnalysisTables> tables,
            Function<AnalysisOptions, ? extends Analysis> factory, Supplier<List<ChartSchema>> charts,
            Function<Report, List<Highlight>> highlights, List<String> tags) {
        this.name = name;
        this.description = description;
        this.tables = tables;
        this.factory = factory;
        this.charts = charts;
        this.highlights = highlights;
        this.tags = tags;
    }

    /** The same analysis, with what stands out in its reports. */
    public AnalysisDescriptor withHighlights(Function<Report, List<Highlight>> standOut) {
        return new AnalysisDescriptor(name, description, tables, factory, charts, standOut, tags);
    }

    /** The same analysis, with the charts of its chart-data tables. */
    public AnalysisDescriptor withCharts(Supplier<List<ChartSchema>> declared) {
        return new AnalysisDescriptor(name, description, tables, factory, declared, highlights, tags);
    }

    /** The same analysis, with LAMI's tags for it. */
    public AnalysisDescriptor withTags(List<String> lamiTags) {
        return new AnalysisDescriptor(name, description, tables, factory, charts, highlights, List.copyOf(lamiTags));
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final AnalysisTables tables() {
        return tables.get();
    }

    @Override
    public final Analysis create(AnalysisOptions options) {
        return factory.apply(options);
    }

    @Override
    public final List<ChartSchema> charts() {
        return charts.get();
    }

    @Override
    public final List<Highlight> highlights(Report report) {
        return highlights.apply(report);
    }

    @Override
    public final List<String> tags() {
        return tags != null ? tags : AnalysisProvider.super.tags();
    }
}
