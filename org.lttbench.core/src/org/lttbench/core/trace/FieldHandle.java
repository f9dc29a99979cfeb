package org.lttbench.core.trace;

/** A field of one event class, resolved once from its name; opaque to analyses. */
public interface FieldHandle {

    /** Field name, without a leading underscore. */
    String name();

    /** What kind of value the field holds, so an analysis can check it once when it resolves the handle. */
    FieldKind kind();

    enum FieldKind {
        SIGNED_INTEGER, UNSIGNED_INTEGER, ENUMERATION, FLOATING_POINT, STRING, COMPOUND
    }
}
