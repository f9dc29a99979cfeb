package org.lttbench.fleet.result;

import java.io.Serializable;

import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;

/** A report column as a table file holds it: its name, what its cells mean, and one of three value types. */
public record FlatColumn(String name, String title, ColumnKind kind) implements Serializable {

    /** Cell values: {@link String}, {@link Long} or {@link Double}; null when unknown. */
    public enum Type {
        STRING, LONG, DOUBLE
    }

    public Type type() {
        Class<?> cells = kind.cellType();
        return cells == String.class ? Type.STRING : cells == Double.class ? Type.DOUBLE : Type.LONG;
    }

    /** The same column in LTTbench's report model, for text tables. */
    public Column column() {
        return new Column(name, title, kind, title);
    }
}
