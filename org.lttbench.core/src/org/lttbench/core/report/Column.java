package org.lttbench.core.report;

/**
 * @param key         name in JSON and CSV headers, e.g. {@code wait_io_ns}
 * @param title       short header for text tables and views, e.g. {@code Wait I/O}
 * @param kind        what the cells mean
 * @param description one sentence for LAMI metadata and tooltips
 */
public record Column(String key, String title, ColumnKind kind, String description) {
}
