package org.lttbench.tracecompass.core.trace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.ctf.core.event.IEventDeclaration;
import org.eclipse.tracecompass.ctf.core.event.types.CompoundDeclaration;
import org.eclipse.tracecompass.ctf.core.event.types.EnumDeclaration;
import org.eclipse.tracecompass.ctf.core.event.types.FloatDeclaration;
import org.eclipse.tracecompass.ctf.core.event.types.IDeclaration;
import org.eclipse.tracecompass.ctf.core.event.types.IntegerDeclaration;
import org.eclipse.tracecompass.ctf.core.event.types.StringDeclaration;
import org.eclipse.tracecompass.ctf.core.event.types.StructDeclaration;
import org.eclipse.tracecompass.tmf.ctf.core.CtfConstants;
import org.lttbench.core.trace.NamedEventType;
import org.lttbench.core.trace.FieldHandle;
import org.lttbench.core.trace.FieldHandle.FieldKind;
import org.lttbench.core.trace.Trace;

/** An event class of a trace as Trace Compass's CTF parser declares it, with its fields resolved once. */
final class MetadataEventType extends NamedEventType {
    private final long streamId;
    private final Map<String, ContentField> payload = new LinkedHashMap<>();
    private final Map<String, ContentField> context = new LinkedHashMap<>();

    MetadataEventType(MetadataTrace trace, IEventDeclaration declaration, long streamId, StructDeclaration streamContext,
            int index) {
        super(trace, declaration.getName(), declaration.getId() == null ? -1 : declaration.getId(), index);
        this.streamId = streamId;
        StructDeclaration fields = declaration.getFields();
        if (fields != null) {
            for (String field : fields.getFieldsList()) {
                String bare = withoutUnderscore(field);
                payload.putIfAbsent(bare, new ContentField(bare, kind(fields.getField(field)), bare));
            }
        }
        // The event's own context wins over the stream's, as in Trace Compass's merged "context" struct.
        addContext(declaration.getContext());
        addContext(streamContext);
    }

    private void addContext(StructDeclaration struct) {
        if (struct == null) {
            return;
        }
        for (String field : struct.getFieldsList()) {
            String bare = withoutUnderscore(field);
            context.putIfAbsent(bare, new ContentField(bare, kind(struct.getField(field)),
                    CtfConstants.CONTEXT_FIELD_PREFIX + field));
        }
    }

    private static String withoutUnderscore(String field) {
        return field.startsWith("_") ? field.substring(1) : field;
    }

    /** What Trace Compass will give as the field's value: Long, CtfEnumPair, Double or String for these kinds. */
    private static FieldKind kind(IDeclaration declaration) {
        if (declaration instanceof IntegerDeclaration integer) {
            return integer.isSigned() ? FieldKind.SIGNED_INTEGER : FieldKind.UNSIGNED_INTEGER;
        }
        if (declaration instanceof EnumDeclaration) {
            return FieldKind.ENUMERATION;
        }
        if (declaration instanceof FloatDeclaration) {
            return FieldKind.FLOATING_POINT;
        }
        if (declaration instanceof StringDeclaration
                || declaration instanceof CompoundDeclaration compound && compound.isString()) {
            return FieldKind.STRING;
        }
        return FieldKind.COMPOUND;
    }



    long streamId() {
        return streamId;
    }



    @Override
    public FieldHandle payloadField(String field) {
        return payload.get(field);
    }

    @Override
    public FieldHandle contextField(String field) {
        return context.get(field);
    }

    @Override
    public List<String> contextFieldNames() {
        return Collections.unmodifiableList(new ArrayList<>(context.keySet()));
    }
}
