package org.lttbench.tracecompass.core.trace;

import org.lttbench.core.trace.FieldHandle;

/**
 * A field of one event class, resolved once from Trace Compass's metadata: {@code key} is the name Trace Compass
 * gives it in an event's content (payload fields without their leading underscore, contexts as
 * {@code context._tid}: see {@code CtfTmfEvent.parseFields} and {@code CtfTmfEventField}'s constructor).
 */
record ContentField(String name, FieldKind kind, String key) implements FieldHandle {
}
