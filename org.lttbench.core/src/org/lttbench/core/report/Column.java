package org.lttbench.core.report;

/**
 * @param key         name in JSON and CSV headers, e.g. {@code wait_io_ns}
 * @param title       short header for text tables and views, e.g. {@code Wait I/O}; without a unit: text cells carry
 *                    theirs ({@link CellFormat})
 * @param kind        what the cells mean
 * @param description one sentence for LAMI metadata and tooltips
 * @param detail      a detail column: always in CSV, JSON, LAMI and {@code --out} files, but left out of the terminal's
 *                    text tables unless {@code --wide}, and hidden in the views' tables until asked for, so the headline
 *                    columns fit without scrolling
 * @param role        what the column is to a comparison of two runs ({@link ColumnRole}); no writer reads it
 */
public record Column(String key, String title, ColumnKind kind, String description, boolean detail, ColumnRole role) {

    /** A headline column. */
    public Column(String key, String title, ColumnKind kind, String description) {
        this(key, title, kind, description, false);
    }

    /** A column whose role its kind says ({@link ColumnRole#of}). */
    public Column(String key, String title, ColumnKind kind, String description, boolean detail) {
        this(key, title, kind, description, detail, ColumnRole.of(kind));
    }

    /** The same column, as a detail column. */
    public Column asDetail() {
        return new Column(key, title, kind, description, true, role);
    }

    /** The same column, with this role in a comparison. */
    public Column as(ColumnRole comparedAs) {
        return new Column(key, title, kind, description, detail, comparedAs);
    }
}
