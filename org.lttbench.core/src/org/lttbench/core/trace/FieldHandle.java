package org.lttbench.core.trace;

/** A field of one event class, resolved once from its name; opaque to analyses. */
public interface FieldHandle {

    /** Field name, without a leading underscore. */
    String name();

    /** What kind of value the field holds, so an analysis can check it once when it resolves the handle. */
    FieldKind kind();

    /** The field when it holds an integer (or an enumeration's integer), else null: a handle checked once. */
    static FieldHandle integer(FieldHandle f) {
        if (f == null) {
            return null;
        }
        FieldKind k = f.kind();
        return k == FieldKind.SIGNED_INTEGER || k == FieldKind.UNSIGNED_INTEGER || k == FieldKind.ENUMERATION ? f : null;
    }

    enum FieldKind {
        SIGNED_INTEGER, UNSIGNED_INTEGER, ENUMERATION, FLOATING_POINT, STRING, COMPOUND
    }
}
