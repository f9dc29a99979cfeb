package org.lttbench.core.ctf;

import static org.lttbench.core.ctf.BoundedJsonReader.kind;
import static org.lttbench.core.ctf.Ctf2Fragment.obj;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.lttbench.core.trace.TraceFormatException;

/**
 * Reads CTF 2 field classes (objects, or the names of field class aliases) into the model's types ({@link TypeDecl}),
 * each checked against the scope it is declared in (which roles its fields may have) and the reader's limits; errors
 * name the fragment ({@link Ctf2Fragment}) and where in it.
 */
final class Ctf2FieldClasses {
    /** Field classes nested deeper than this (through aliases too) are refused. */
    static final int MAX_FIELD_CLASS_DEPTH = 64;
    /** Most integer ranges in one field class's mappings, or in one variant's options (as TSDL's enumerations). */
    static final int MAX_RANGES = 1 << 16;
    private static final List<String> FIELD_CLASS_TYPES = List.of("fixed-length-bit-array", "fixed-length-bit-map",
            "fixed-length-boolean", "fixed-length-unsigned-integer", "fixed-length-signed-integer",
            "fixed-length-floating-point-number", "variable-length-unsigned-integer", "variable-length-signed-integer",
            "null-terminated-string", "static-length-string", "dynamic-length-string", "static-length-blob",
            "dynamic-length-blob", "structure", "static-length-array", "dynamic-length-array", "optional", "variant");

    /** The scope a field class is declared in: which roles its fields may have. */
    enum Scope {
        PACKET_HEADER("packet header", EnumSet.of(TypeDecl.Role.PACKET_MAGIC_NUMBER, TypeDecl.Role.METADATA_STREAM_UUID,
                TypeDecl.Role.DATA_STREAM_CLASS_ID, TypeDecl.Role.DATA_STREAM_ID)),
        PACKET_CONTEXT("packet context", EnumSet.of(TypeDecl.Role.DEFAULT_CLOCK_TIMESTAMP,
                TypeDecl.Role.PACKET_END_DEFAULT_CLOCK_TIMESTAMP, TypeDecl.Role.PACKET_CONTENT_LENGTH,
                TypeDecl.Role.PACKET_TOTAL_LENGTH, TypeDecl.Role.PACKET_SEQUENCE_NUMBER,
                TypeDecl.Role.DISCARDED_EVENT_RECORD_COUNTER_SNAPSHOT)),
        EVENT_HEADER("event record header", EnumSet.of(TypeDecl.Role.DEFAULT_CLOCK_TIMESTAMP,
                TypeDecl.Role.EVENT_RECORD_CLASS_ID)),
        OTHER("", EnumSet.noneOf(TypeDecl.Role.class)),
        /** A field class alias: checked for roles where it is used. */
        ALIAS("", EnumSet.allOf(TypeDecl.Role.class));

        final String text;
        final Set<TypeDecl.Role> roles;

        Scope(String text, Set<TypeDecl.Role> roles) {
            this.text = text;
            this.roles = roles;
        }
    }

    private final Ctf2Fragment fragment;
    private final Metadata metadata;
    private final Map<String, Object> aliases = new HashMap<>();
    private int fieldClassDepth;
    /** Index of the root structure member being read, or -1 (the packet magic number must be member 0). */
    private int rootMember = -1;
    /** Whether the data stream class being read has a default clock class. */
    boolean hasDefaultClock;

    Ctf2FieldClasses(Ctf2Fragment fragment, Metadata metadata) {
        this.fragment = fragment;
        this.metadata = metadata;
    }

    /** Whether a field class alias of that name precedes. */
    boolean isAlias(String name) {
        return aliases.containsKey(name);
    }

    /** Declares a field class alias, checked and new: it is compiled where it is used (roles depend on the scope). */
    void alias(String name, Object fieldClass) {
        aliases.put(name, fieldClass);
    }

    /** A scope's root field class: a structure (or the name of a structure alias), or null when absent. */
    TypeDecl.Struct scope(Map<String, Object> f, String key, Scope scope) throws TraceFormatException {
        Object fc = f.get(key);
        if (fc == null) {
            return null;
        }
        TypeDecl t = fieldClass(fc, scope, key, 0);
        if (!(t instanceof TypeDecl.Struct s)) {
            throw fragment.error("\"" + key + "\" must be a structure field class");
        }
        return s;
    }

    /**
     * A field class (or an alias name) as the model's type. {@code at} says where, for errors; {@code level}: 0 for
     * a scope's root structure, 1 for its members, more below.
     */
    TypeDecl fieldClass(Object json, Scope scope, String at, int level) throws TraceFormatException {
        if (json instanceof String alias) {
            Object target = aliases.get(alias);
            if (target == null) {
                throw fragment.error(at + ": no field class alias named \"" + alias + "\" precedes this fragment");
            }
            return fieldClass(target, scope, at + " (alias \"" + alias + "\")", level);
        }
        if (!(json instanceof Map<?, ?> m)) {
            throw fragment.error(at + ": expected a field class object or an alias name, found " + kind(json));
        }
        if (++fieldClassDepth > MAX_FIELD_CLASS_DEPTH) {
            throw fragment.error(at + ": field classes nested more than " + MAX_FIELD_CLASS_DEPTH
                    + " deep (this reader's limit)");
        }
        try {
            return fieldClassObject(obj(m), scope, at, level);
        } finally {
            fieldClassDepth--;
        }
    }

    private TypeDecl fieldClassObject(Map<String, Object> fc, Scope scope, String at, int level)
            throws TraceFormatException {
        Object typeValue = fc.get("type");
        String type;
        if (typeValue instanceof String t) {
            type = t;
        } else {
            throw fragment.error(at + ": a field class needs a \"type\" string, found "
                    + (typeValue == null && !fc.containsKey("type") ? "none" : kind(typeValue)));
        }
        fragment.noExtensions(fc, "field class at " + at);
        // The release candidates' enumeration types: integers with mappings.
        type = switch (type) {
        case "fixed-length-unsigned-enumeration" -> "fixed-length-unsigned-integer";
        case "fixed-length-signed-enumeration" -> "fixed-length-signed-integer";
        case "variable-length-unsigned-enumeration" -> "variable-length-unsigned-integer";
        case "variable-length-signed-enumeration" -> "variable-length-signed-integer";
        default -> type;
        };
        Set<TypeDecl.Role> roles = roles(fc, type, scope, at);
        switch (type) {
        case "fixed-length-unsigned-integer", "fixed-length-signed-integer" -> {
            int length = length(fc, at, 64, "fixed-length integers");
            TypeDecl.Int i = new TypeDecl.Int(length, alignment(fc, at), type.equals("fixed-length-signed-integer"),
                    byteOrder(fc, at), base(fc, at), TypeDecl.Encoding.NONE, null, roles, false, reversed(fc, at));
            checkRoles(roles, i, null, scope, at, level);
            return withMappings(i, fc, at);
        }
        case "variable-length-unsigned-integer", "variable-length-signed-integer" -> {
            TypeDecl.Int i = new TypeDecl.Int(64, 8, type.startsWith("variable-length-signed"), TypeDecl.Order.LITTLE,
                    base(fc, at), TypeDecl.Encoding.NONE, null, roles, true, false);
            checkRoles(roles, i, null, scope, at, level);
            return withMappings(i, fc, at);
        }
        case "fixed-length-boolean", "fixed-length-bit-array", "fixed-length-bit-map" -> {
            int length = length(fc, at, 64, "fixed-length bit arrays");
            List<TypeDecl.Mapping> flags = null;
            if (type.equals("fixed-length-bit-map")) {
                flags = mappings(fragment.required(fc, "flags", at), at + ".flags");
                if (flags.isEmpty()) {
                    throw fragment.error(at + ": a bit map needs at least one flag");
                }
            }
            return new TypeDecl.Bits(length, alignment(fc, at), byteOrder(fc, at), reversed(fc, at),
                    type.equals("fixed-length-boolean"), flags);
        }
        case "fixed-length-floating-point-number" -> {
            long length = fragment.integer(fragment.required(fc, "length", at), at + ".length");
            if (length != 16 && length != 32 && length != 64) {
                throw fragment.error(at + ": floating point numbers of " + length
                        + " bits are not supported (16, 32 or 64)");
            }
            if (reversed(fc, at)) {
                throw fragment.error(at + ": a floating point number in the other bit order is not supported");
            }
            int exp = length == 16 ? 5 : length == 32 ? 8 : 11;
            return new TypeDecl.Float(exp, (int) length - exp, alignment(fc, at), byteOrder(fc, at));
        }
        case "null-terminated-string" -> {
            return new TypeDecl.Str(encoding(fc, at));
        }
        case "static-length-string" -> {
            return new TypeDecl.LengthStr(encoding(fc, at), staticLength(fc, at), null);
        }
        case "dynamic-length-string" -> {
            return new TypeDecl.LengthStr(encoding(fc, at), 0, location(fc, "length-field-location", at));
        }
        case "static-length-blob" -> {
            TypeDecl.Blob b = new TypeDecl.Blob(staticLength(fc, at), null, roles);
            checkRoles(roles, null, b, scope, at, level);
            return b;
        }
        case "dynamic-length-blob" -> {
            return new TypeDecl.Blob(0, location(fc, "length-field-location", at), Set.of());
        }
        case "structure" -> {
            return structure(fc, scope, at, level);
        }
        case "static-length-array", "dynamic-length-array" -> {
            TypeDecl element = fieldClass(fragment.required(fc, "element-field-class", at), scope, at
                    + ".element-field-class",
                    level + 2);
            int minAlign = minimumAlignment(fc, at);
            if (type.startsWith("static")) {
                return new TypeDecl.Array(element, staticLength(fc, at), minAlign);
            }
            return new TypeDecl.Sequence(element, null, location(fc, "length-field-location", at), minAlign);
        }
        case "optional" -> {
            TypeDecl.Location location = location(fc, "selector-field-location", at);
            List<long[]> ranges = fc.containsKey("selector-field-ranges")
                    ? ranges(fc.get("selector-field-ranges"), at + ".selector-field-ranges")
                    : null;
            return new TypeDecl.Optional(fieldClass(fragment.required(fc, "field-class", at), scope, at
                    + ".field-class", level + 2),
                    location, ranges);
        }
        case "variant" -> {
            return variant(fc, scope, at, level);
        }
        default -> throw fragment.error(at + ": unknown field class type \"" + type + "\" (expected one of "
                + String.join(", ", FIELD_CLASS_TYPES) + ")");
        }
    }

    private TypeDecl.Struct structure(Map<String, Object> fc, Scope scope, String at, int level)
            throws TraceFormatException {
        Object members = fc.get("member-classes");
        List<TypeDecl.Member> list = new ArrayList<>();
        int align = minimumAlignment(fc, at);
        if (members != null) {
            if (!(members instanceof List<?> ms)) {
                throw fragment.error(at + ".member-classes must be an array, not " + kind(members));
            }
            Set<String> names = new HashSet<>();
            for (int i = 0; i < ms.size(); i++) {
                String where = at + ".member-classes[" + i + "]";
                Map<String, Object> member = objectAt(ms, i, where, "member class");
                Object name = member.get("name");
                if (!(name instanceof String n)) {
                    throw fragment.error(where + ": a member class needs a \"name\" string");
                }
                if (!names.add(n)) {
                    throw fragment.error(where + ": a second member named \"" + n + "\"");
                }
                where = at + ".member-classes[" + i + "] (\"" + n + "\")";
                Object type = member.get("field-class");
                if (type == null) {
                    throw fragment.error(where + ": a member class needs a \"field-class\"");
                }
                if (level == 0) {
                    rootMember = i;
                }
                TypeDecl t = fieldClass(type, scope, where + ".field-class", level + 1);
                list.add(new TypeDecl.Member(n, t));
                align = Math.max(align, t.align());
            }
        }
        return new TypeDecl.Struct(List.copyOf(list), align);
    }

    /** The array's object number {@code i}, at {@code where}, a {@code what} ("member class"), with no extensions. */
    private Map<String, Object> objectAt(List<?> array, int i, String where, String what) throws TraceFormatException {
        if (!(array.get(i) instanceof Map<?, ?> m)) {
            throw fragment.error(where + ": expected a " + what + " object, found " + kind(array.get(i)));
        }
        Map<String, Object> object = obj(m);
        fragment.noExtensions(object, what + " at " + where);
        return object;
    }

    private TypeDecl variant(Map<String, Object> fc, Scope scope, String at, int level) throws TraceFormatException {
        TypeDecl.Location location = location(fc, "selector-field-location", at);
        Object options = fragment.required(fc, "options", at);
        if (!(options instanceof List<?> os) || os.isEmpty()) {
            throw fragment.error(at + ".options must be a non-empty array of variant options, not " + kind(options));
        }
        List<TypeDecl.Member> members = new ArrayList<>();
        List<List<long[]>> ranges = new ArrayList<>();
        Set<String> names = new HashSet<>();
        int total = 0;
        for (int i = 0; i < os.size(); i++) {
            String where = at + ".options[" + i + "]";
            Map<String, Object> option = objectAt(os, i, where, "variant option");
            String name = null;
            if (option.get("name") instanceof String n) {
                name = n;
                if (!names.add(n)) {
                    throw fragment.error(where + ": a second option named \"" + n + "\"");
                }
                where += " (\"" + n + "\")";
            }
            List<long[]> r = ranges(fragment.required(option, "selector-field-ranges", where), where
                    + ".selector-field-ranges");
            if (total + r.size() > MAX_RANGES) {
                throw fragment.error(where + ": the variant's options have more than " + MAX_RANGES
                        + " selector ranges (this reader's limit)");
            }
            total += r.size();
            ranges.add(r);
            members.add(new TypeDecl.Member(name,
                    fieldClass(fragment.required(option, "field-class", where), scope, where + ".field-class", level + 2)));
        }
        int[] clash = intersecting(ranges);
        if (clash != null) {
            throw fragment.error(at + ".options[" + clash[1] + "]: its selector ranges intersect those of option "
                    + clash[0]);
        }
        return new TypeDecl.Variant(null, List.copyOf(members), location, List.copyOf(ranges));
    }

    /**
     * Two options (earlier, later) whose selector ranges share a value, or null: in one sweep over the ranges sorted
     * by their lower bound (a check of every pair is quadratic in the ranges). A range that crosses the signed
     * boundary is empty for one signedness of the selector, so it intersects nothing (a share must hold for both); every
     * other range holds the same 64-bit patterns for both, ordered alike.
     */
    private static int[] intersecting(List<List<long[]>> ranges) {
        List<long[]> all = new ArrayList<>(); // {low, high, option}
        for (int o = 0; o < ranges.size(); o++) {
            for (long[] r : ranges.get(o)) {
                if (r[0] <= r[1] && Long.compareUnsigned(r[0], r[1]) <= 0) {
                    all.add(new long[] { r[0], r[1], o });
                }
            }
        }
        all.sort((a, b) -> Long.compare(a[0], b[0]));
        // The highest upper bound so far and its option, and the highest among the other options.
        long bestHigh = Long.MIN_VALUE;
        long bestOption = -1;
        long otherHigh = Long.MIN_VALUE;
        long otherOption = -1;
        for (long[] r : all) {
            long option = r[2];
            if (bestOption >= 0 && bestOption != option && bestHigh >= r[0]) {
                return new int[] { (int) Math.min(bestOption, option), (int) Math.max(bestOption, option) };
            }
            if (otherOption >= 0 && otherOption != option && otherHigh >= r[0]) {
                return new int[] { (int) Math.min(otherOption, option), (int) Math.max(otherOption, option) };
            }
            if (option == bestOption) {
                bestHigh = Math.max(bestHigh, r[1]);
            } else if (bestOption < 0 || r[1] > bestHigh) {
                otherHigh = bestHigh;
                otherOption = bestOption;
                bestHigh = r[1];
                bestOption = option;
            } else if (r[1] > otherHigh) {
                otherHigh = r[1];
                otherOption = option;
            }
        }
        return null;
    }

    private TypeDecl withMappings(TypeDecl.Int i, Map<String, Object> fc, String at) throws TraceFormatException {
        Object m = fc.get("mappings");
        if (m == null) {
            return i;
        }
        List<TypeDecl.Mapping> mappings = mappings(m, at + ".mappings");
        return mappings.isEmpty() ? i : new TypeDecl.Enum(i, mappings);
    }

    private List<TypeDecl.Mapping> mappings(Object json, String at) throws TraceFormatException {
        if (!(json instanceof Map<?, ?> m)) {
            throw fragment.error(at + " must be an object (name: integer range set), not " + kind(json));
        }
        List<TypeDecl.Mapping> mappings = new ArrayList<>();
        int total = 0;
        for (Map.Entry<?, ?> e : m.entrySet()) {
            List<long[]> r = ranges(e.getValue(), at + "." + e.getKey());
            if ((total += r.size()) > MAX_RANGES) {
                throw fragment.error(at + ": more than " + MAX_RANGES + " integer ranges (this reader's limit)");
            }
            mappings.add(new TypeDecl.Mapping((String) e.getKey(), r));
        }
        return mappings;
    }

    /** An integer range set: bounds as 64-bit patterns (values above the signed range wrap, compared unsigned). */
    private List<long[]> ranges(Object json, String at) throws TraceFormatException {
        if (!(json instanceof List<?> list) || list.isEmpty()) {
            throw fragment.error(at + " must be a non-empty array of integer ranges, not " + kind(json));
        }
        List<long[]> ranges = new ArrayList<>();
        for (Object r : list) {
            if (!(r instanceof List<?> pair) || pair.size() != 2) {
                throw fragment.error(at + ": an integer range is an array of two integers, not " + kind(r));
            }
            BigInteger lo = fragment.bigInteger(pair.get(0), at);
            BigInteger hi = fragment.bigInteger(pair.get(1), at);
            if (lo.compareTo(hi) > 0) {
                throw fragment.error(at + ": the range [" + lo + ", " + hi + "] has its lower bound above its upper bound");
            }
            ranges.add(new long[] { lo.longValue(), hi.longValue() });
        }
        return ranges;
    }

    /** The roles of a field class, checked against its scope. */
    private Set<TypeDecl.Role> roles(Map<String, Object> fc, String type, Scope scope, String at)
            throws TraceFormatException {
        Object json = fc.get("roles");
        if (json == null) {
            return Set.of();
        }
        if (!(json instanceof List<?> list)) {
            throw fragment.error(at + ".roles must be an array of role names, not " + kind(json));
        }
        if (list.isEmpty()) {
            return Set.of();
        }
        if (!type.equals("fixed-length-unsigned-integer") && !type.equals("variable-length-unsigned-integer")
                && !type.equals("static-length-blob")) {
            throw fragment.error(at + ": a " + type
                    + " field class cannot have roles (only unsigned integers and static-length"
                    + " BLOBs can)");
        }
        Set<TypeDecl.Role> roles = EnumSet.noneOf(TypeDecl.Role.class);
        for (Object r : list) {
            TypeDecl.Role role = r instanceof String s ? TypeDecl.Role.of(s) : null;
            if (role == null) {
                throw fragment.error(at + ": unknown role " + (r instanceof String name ? "\"" + name + "\"" : kind(r))
                        + " (expected one of " + roleNames(EnumSet.allOf(TypeDecl.Role.class)) + ")");
            }
            if (!scope.roles.contains(role)) {
                throw fragment.error(at + ": the role " + role.json + " is not allowed "
                        + (scope == Scope.OTHER ? "here (only in packet headers, packet contexts and event record headers)"
                                : "in the " + scope.text + " (allowed there: " + roleNames(scope.roles) + ")"));
            }
            roles.add(role);
        }
        return roles;
    }

    private static String roleNames(Set<TypeDecl.Role> roles) {
        List<String> names = new ArrayList<>();
        for (TypeDecl.Role r : roles) {
            names.add(r.json);
        }
        return String.join(", ", names);
    }

    /** Each role's constraints on the field class that has it. */
    private void checkRoles(Set<TypeDecl.Role> roles, TypeDecl.Int i, TypeDecl.Blob blob, Scope scope, String at,
            int level) throws TraceFormatException {
        for (TypeDecl.Role role : roles) {
            switch (role) {
            case METADATA_STREAM_UUID -> {
                if (blob == null || blob.length() != 16) {
                    throw fragment.error(at + ": the role metadata-stream-uuid needs a static-length BLOB of 16 bytes");
                }
                if (metadata.uuid == null && scope != Scope.ALIAS) {
                    throw fragment.error(at + ": the role metadata-stream-uuid needs the preamble's \"uuid\"");
                }
            }
            case PACKET_MAGIC_NUMBER -> {
                if (i == null || i.varLength() || i.size() != 32) {
                    throw fragment.error(at
                            + ": the role packet-magic-number needs a 32-bit fixed-length unsigned integer");
                }
                if (scope != Scope.ALIAS && (level != 1 || rootMember != 0)) {
                    throw fragment.error(at
                            + ": the field with the role packet-magic-number must be the packet header's first"
                            + " member");
                }
            }
            case DEFAULT_CLOCK_TIMESTAMP, PACKET_END_DEFAULT_CLOCK_TIMESTAMP -> {
                if (blob != null) {
                    throw fragment.error(at + ": the role " + role.json + " needs an unsigned integer");
                }
                if (!hasDefaultClock && scope != Scope.ALIAS) {
                    throw fragment.error(at + ": the role " + role.json + " needs the data stream class to have a default"
                            + " clock class (\"default-clock-class-id\")");
                }
            }
            default -> {
                if (blob != null) {
                    throw fragment.error(at + ": the role " + role.json + " needs an unsigned integer, not a BLOB");
                }
            }
            }
        }
    }

    /**
     * A field location: {@code {"origin": ..., "path": [...]}} (CTF2-SPEC-2.0), or an array whose first element is
     * an origin (the release candidates' form).
     */
    private TypeDecl.Location location(Map<String, Object> fc, String key, String at) throws TraceFormatException {
        Object json = fragment.required(fc, key, at);
        String where = at + "." + key;
        String originName = null;
        List<?> path;
        if (json instanceof Map<?, ?> m) {
            Object o = m.get("origin");
            if (o != null && !(o instanceof String)) {
                throw fragment.error(where + ".origin must be a string, not " + kind(o));
            }
            originName = (String) o;
            Object p = m.get("path");
            if (!(p instanceof List<?> list)) {
                throw fragment.error(where + ".path must be an array of member names, not "
                        + (p == null ? "missing" : kind(p)));
            }
            path = list;
        } else if (json instanceof List<?> list) {
            path = list;
            if (!list.isEmpty() && list.get(0) instanceof String first && DecoderCompiler.CTF2_ORIGINS.containsKey(first)) {
                originName = first;
                path = list.subList(1, list.size());
            }
        } else {
            throw fragment.error(where + " must be a field location object, not " + kind(json));
        }
        String origin = null;
        if (originName != null) {
            origin = DecoderCompiler.CTF2_ORIGINS.get(originName);
            if (origin == null) {
                throw fragment.error(where + ": unknown origin \"" + originName + "\" (expected one of "
                        + String.join(", ", new java.util.TreeSet<>(DecoderCompiler.CTF2_ORIGINS.keySet())) + ")");
            }
        }
        List<String> steps = new ArrayList<>();
        for (Object step : path) {
            if (step != null && !(step instanceof String)) {
                throw fragment.error(where + ": a path element is a member name or null, not " + kind(step));
            }
            steps.add((String) step);
        }
        if (steps.isEmpty() || steps.get(steps.size() - 1) == null) {
            throw fragment.error(where + ": the path must end with a member name");
        }
        StringBuilder text = new StringBuilder("[");
        if (originName != null) {
            text.append(originName).append(": ");
        }
        for (int i = 0; i < steps.size(); i++) {
            text.append(i == 0 ? "" : ", ").append(steps.get(i) == null ? "null" : "\"" + steps.get(i) + "\"");
        }
        return new TypeDecl.Location(origin, java.util.Collections.unmodifiableList(steps), text.append("]").toString());
    }

    // ---- field class properties

    private int length(Map<String, Object> fc, String at, int max, String what) throws TraceFormatException {
        BigInteger length = fragment.bigInteger(fragment.required(fc, "length", at), at + ".length");
        if (length.signum() <= 0) {
            throw fragment.error(at + ".length must be positive, not " + length);
        }
        if (length.compareTo(BigInteger.valueOf(max)) > 0) {
            throw fragment.error(at + ": " + what + " of " + length + " bits are not supported (at most " + max + ")");
        }
        return length.intValue();
    }

    private long staticLength(Map<String, Object> fc, String at) throws TraceFormatException {
        BigInteger length = fragment.bigInteger(fragment.required(fc, "length", at), at + ".length");
        if (length.signum() < 0 || length.bitLength() > 62) {
            throw fragment.error(at + ".length must be 0 or more (and below 2^62), not " + length);
        }
        return length.longValue();
    }

    private int alignment(Map<String, Object> fc, String at) throws TraceFormatException {
        return powerOfTwo(fc, "alignment", at);
    }

    private int minimumAlignment(Map<String, Object> fc, String at) throws TraceFormatException {
        return powerOfTwo(fc, "minimum-alignment", at);
    }

    private int powerOfTwo(Map<String, Object> fc, String key, String at) throws TraceFormatException {
        Object v = fc.get(key);
        if (v == null) {
            return 1;
        }
        long a = fragment.integer(v, at + "." + key);
        if (a == 0) {
            return 1; // LTTng writes the alignment of every fixed-length field; read 0 as none
        }
        if (a < 0 || a > (1 << 20) || Long.bitCount(a) != 1) {
            throw fragment.error(at + "." + key + " must be a positive power of two, not " + a);
        }
        return (int) a;
    }

    private TypeDecl.Order byteOrder(Map<String, Object> fc, String at) throws TraceFormatException {
        Object v = fragment.required(fc, "byte-order", at);
        if ("little-endian".equals(v)) {
            return TypeDecl.Order.LITTLE;
        }
        if ("big-endian".equals(v)) {
            return TypeDecl.Order.BIG;
        }
        throw fragment.error(at + ".byte-order must be \"big-endian\" or \"little-endian\", not " + kind(v));
    }

    /** Whether the bit order is not the byte order's usual one. */
    private boolean reversed(Map<String, Object> fc, String at) throws TraceFormatException {
        Object v = fc.get("bit-order");
        if (v == null) {
            return false;
        }
        boolean little = byteOrder(fc, at) == TypeDecl.Order.LITTLE;
        if ("first-to-last".equals(v)) {
            return !little;
        }
        if ("last-to-first".equals(v)) {
            return little;
        }
        throw fragment.error(at + ".bit-order must be \"first-to-last\" or \"last-to-first\", not " + kind(v));
    }

    private int base(Map<String, Object> fc, String at) throws TraceFormatException {
        Object v = fc.get("preferred-display-base");
        if (v == null) {
            return 10;
        }
        long b = fragment.integer(v, at + ".preferred-display-base");
        if (b != 2 && b != 8 && b != 10 && b != 16) {
            throw fragment.error(at + ".preferred-display-base must be 2, 8, 10 or 16, not " + b);
        }
        return (int) b;
    }

    private TypeDecl.Encoding encoding(Map<String, Object> fc, String at) throws TraceFormatException {
        Object v = fc.get("encoding");
        if (v == null) {
            return TypeDecl.Encoding.UTF8;
        }
        if (v instanceof String s) {
            switch (s) {
            case "utf-8":
                return TypeDecl.Encoding.UTF8;
            case "utf-16be":
                return TypeDecl.Encoding.UTF16BE;
            case "utf-16le":
                return TypeDecl.Encoding.UTF16LE;
            case "utf-32be":
                return TypeDecl.Encoding.UTF32BE;
            case "utf-32le":
                return TypeDecl.Encoding.UTF32LE;
            default:
                break;
            }
        }
        throw fragment.error(at + ".encoding must be one of utf-8, utf-16be, utf-16le, utf-32be, utf-32le, not " + kind(v));
    }
}
