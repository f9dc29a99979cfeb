package org.lttbench.core.ctf;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.lttbench.core.ctf.TsdlLexer.Kind;
import org.lttbench.core.ctf.TsdlLexer.Token;
import org.lttbench.core.trace.TraceFormatException;

/**
 * Parses CTF 1.8 TSDL (what LTTng 2.0 to 2.13 writes) into {@link Metadata}. Unknown attributes are ignored, as
 * babeltrace2 does; anything it cannot make sense of is a {@link TraceFormatException} naming the line.
 */
final class TsdlParser {

    /** Names declared in one lexical scope: type aliases and typedefs, named structures, variants, enumerations. */
    private static final class Scope {
        final Map<String, TypeDecl> aliases = new HashMap<>();
        final Map<String, TypeDecl.Struct> structs = new HashMap<>();
        final Map<String, TypeDecl.Variant> variants = new HashMap<>();
        final Map<String, TypeDecl.Enum> enums = new HashMap<>();
    }

    /**
     * Deepest nesting of type specifiers (structures, variants, enumeration containers) and of types built from
     * aliases, as CTF 2's field classes ({@link Ctf2FieldClasses#MAX_FIELD_CLASS_DEPTH}): real metadata nests a few
     * levels, and hostile metadata must not exhaust the stack of this parser or of the decoder compiler.
     */
    static final int MAX_DEPTH = Ctf2FieldClasses.MAX_FIELD_CLASS_DEPTH;
    /** Most words in a type alias name ({@code unsigned long long int} has four). */
    static final int MAX_ALIAS_WORDS = 16;

    private final TsdlLexer lexer;
    private final Metadata metadata;
    private final Deque<Scope> scopes = new ArrayDeque<>();
    /** The tokens looked at but not taken yet, first the next one; the lexer gives the others as they are needed. */
    private final ArrayDeque<Token> ahead = new ArrayDeque<>();
    /** The last token taken. */
    private Token last;
    /** How deep the type specifiers being parsed are nested. */
    private int nesting;
    /** The depth of each compound type built (1 for scalars, which are not in it), to bound types built from aliases. */
    private final Map<TypeDecl, Integer> depths = new IdentityHashMap<>();

    private TsdlParser(java.io.Reader text, Path file) {
        this.lexer = new TsdlLexer(text, file);
        this.metadata = new Metadata(file);
        scopes.push(new Scope());
    }

    /** The metadata the TSDL text read from {@code text} declares (read as it streams, never held whole). */
    static Metadata parse(java.io.Reader text, Path file) throws TraceFormatException {
        TsdlParser p = new TsdlParser(text, file);
        try {
            p.topLevel();
        } catch (NumberFormatException | ArithmeticException e) {
            throw p.error(p.last != null ? p.last : p.peek(), "bad number: " + e.getMessage());
        }
        p.check();
        return p.metadata;
    }

    // ---- token helpers

    private Token peek() throws TraceFormatException {
        return peek(0);
    }

    /** The token {@code n} places after the next one (the end token when the text ends before). */
    private Token peek(int n) throws TraceFormatException {
        while (ahead.size() <= n) {
            Token tail = ahead.peekLast();
            if (tail != null && tail.kind() == Kind.END) {
                return tail;
            }
            ahead.addLast(lexer.next());
        }
        if (n == 0) {
            return ahead.peekFirst();
        }
        int i = 0;
        for (Token t : ahead) {
            if (i++ == n) {
                return t;
            }
        }
        throw new IllegalStateException();
    }

    private Token take() throws TraceFormatException {
        Token t = peek();
        if (t.kind() != Kind.END) {
            ahead.removeFirst();
            last = t;
        }
        return t;
    }

    private boolean accept(String s) throws TraceFormatException {
        if (peek().is(s)) {
            take();
            return true;
        }
        return false;
    }

    private Token expect(String s) throws TraceFormatException {
        Token t = peek();
        if (!t.is(s)) {
            throw error(t, "expected '" + s + "' but found " + t);
        }
        return take();
    }

    private String ident() throws TraceFormatException {
        Token t = peek();
        if (t.kind() != Kind.IDENT) {
            throw error(t, "expected a name but found " + t);
        }
        return take().text();
    }

    private TraceFormatException error(Token at, String what) {
        return TsdlLexer.error(metadata.file, at, what);
    }

    // ---- top level and blocks

    private void topLevel() throws TraceFormatException {
        while (peek().kind() != Kind.END) {
            Token t = peek();
            if (t.is(";")) {
                take();
                continue;
            }
            if (t.is("typealias")) {
                typealias();
            } else if (t.is("typedef")) {
                typedef();
            } else if (t.kind() == Kind.IDENT && peek(1).is("{") && isBlockKeyword(t.text())) {
                take();
                block(t);
            } else {
                // A type declared on its own, e.g. "struct packet_context { ... } align(8);".
                typeSpecifier(false);
            }
            expect(";");
        }
    }

    private static boolean isBlockKeyword(String word) {
        return switch (word) {
        case "trace", "env", "clock", "stream", "event", "callsite" -> true;
        default -> false;
        };
    }

    private void block(Token keyword) throws TraceFormatException {
        expect("{");
        scopes.push(new Scope());
        Map<String, Object> values = new LinkedHashMap<>();
        Map<String, TypeDecl> types = new LinkedHashMap<>();
        Map<String, Token> where = new HashMap<>();
        while (!accept("}")) {
            Token t = peek();
            if (t.kind() == Kind.END) {
                throw error(keyword, "the " + keyword.text() + " block opened here is never closed");
            }
            if (t.is(";")) {
                take();
                continue;
            }
            if (t.is("typealias")) {
                typealias();
            } else if (t.is("typedef")) {
                typedef();
            } else {
                String key = dottedName();
                where.put(key, t);
                if (accept(":=")) {
                    types.put(key, typeSpecifier(false));
                } else {
                    expect("=");
                    values.put(key, value());
                }
            }
            expect(";");
        }
        scopes.pop();
        switch (keyword.text()) {
        case "trace" -> trace(values, types, where);
        case "env" -> metadata.environment.putAll(values);
        case "clock" -> clock(keyword, values);
        case "stream" -> stream(keyword, values, types);
        case "event" -> event(keyword, values, types);
        default -> {
            // callsite: nothing we use
        }
        }
    }

    private String dottedName() throws TraceFormatException {
        StringBuilder sb = new StringBuilder(ident());
        while (peek().is(".") && peek(1).kind() == Kind.IDENT) {
            take();
            sb.append('.').append(take().text());
        }
        return sb.toString();
    }

    /** A number (Long), a string, or a dotted name (String), as the right side of {@code key = value}. */
    private Object value() throws TraceFormatException {
        Token t = peek();
        if (t.is("-") || t.is("+") || t.kind() == Kind.NUMBER) {
            return number();
        }
        if (t.kind() == Kind.STRING || t.kind() == Kind.CHAR_LITERAL) {
            return take().text();
        }
        if (t.kind() == Kind.IDENT) {
            return dottedName();
        }
        throw error(t, "expected a value but found " + t);
    }

    /** An integer literal (decimal, 0x hex, 0 octal, C suffixes), as a 64-bit pattern (unsigned values wrap). */
    private long number() throws TraceFormatException {
        boolean negative = false;
        if (accept("-")) {
            negative = true;
        } else {
            accept("+");
        }
        Token t = peek();
        if (t.kind() != Kind.NUMBER) {
            throw error(t, "expected a number but found " + t);
        }
        take();
        String s = t.text().replaceAll("[uUlL]+$", "");
        BigInteger v;
        if (s.startsWith("0x") || s.startsWith("0X")) {
            v = new BigInteger(s.substring(2), 16);
        } else if (s.startsWith("0b") || s.startsWith("0B")) {
            v = new BigInteger(s.substring(2), 2);
        } else if (s.length() > 1 && s.startsWith("0")) {
            v = new BigInteger(s.substring(1), 8);
        } else {
            v = new BigInteger(s);
        }
        if (v.bitLength() > 64) {
            throw error(t, "number " + t.text() + " does not fit in 64 bits");
        }
        return negative ? -v.longValue() : v.longValue();
    }

    private void trace(Map<String, Object> values, Map<String, TypeDecl> types, Map<String, Token> where)
            throws TraceFormatException {
        metadata.major = longValue(values, "major", -1, where);
        metadata.minor = longValue(values, "minor", -1, where);
        Object order = values.get("byte_order");
        if (order != null) {
            metadata.byteOrder = byteOrder(order.toString(), where.get("byte_order"));
            if (metadata.byteOrder == TypeDecl.Order.NATIVE) {
                throw error(where.get("byte_order"), "the trace's byte_order must be le or be, not native");
            }
        }
        Object uuid = values.get("uuid");
        if (uuid != null) {
            metadata.uuid = uuid(uuid.toString(), where.get("uuid"));
        }
        TypeDecl header = types.get("packet.header");
        if (header != null) {
            metadata.packetHeader = struct(header, "packet.header", where.get("packet.header"));
        }
    }

    private byte[] uuid(String s, Token at) throws TraceFormatException {
        String hex = s.replace("-", "");
        if (hex.length() != 32 || !hex.matches("[0-9a-fA-F]+")) {
            throw error(at, "bad UUID \"" + s + "\"");
        }
        byte[] b = new byte[16];
        for (int i = 0; i < 16; i++) {
            b[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }

    private void clock(Token at, Map<String, Object> values) throws TraceFormatException {
        Object name = values.get("name");
        if (name == null) {
            throw error(at, "clock without a name");
        }
        long freq = longValue(values, "freq", 1_000_000_000L, null);
        if (freq <= 0) {
            throw error(at, "clock " + name + " has frequency " + freq + " (must be positive)");
        }
        Metadata.Clock clock = new Metadata.Clock(name.toString(), freq, longValue(values, "offset_s", 0, null),
                longValue(values, "offset", 0, null), clockUuid(values.get("uuid")));
        metadata.clocks.put(clock.name(), clock.calibrated());
    }

    /** A clock's UUID in canonical form; null when absent or malformed (it only names the clock's source). */
    private static String clockUuid(Object value) {
        String hex = value == null ? "" : value.toString().replace("-", "");
        if (hex.length() != 32 || !hex.matches("[0-9a-fA-F]+")) {
            return null;
        }
        byte[] b = new byte[16];
        for (int i = 0; i < 16; i++) {
            b[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return Metadata.uuidString(b);
    }

    private void stream(Token at, Map<String, Object> values, Map<String, TypeDecl> types) throws TraceFormatException {
        Metadata.StreamDecl s = new Metadata.StreamDecl();
        s.id = longValue(values, "id", -1, null);
        s.packetContext = optionalStruct(types.get("packet.context"), "packet.context", at);
        s.eventHeader = optionalStruct(types.get("event.header"), "event.header", at);
        s.eventContext = optionalStruct(types.get("event.context"), "event.context", at);
        if (metadata.streams.containsKey(s.id)) {
            throw error(at, "two stream classes have id " + s.id);
        }
        metadata.streams.put(s.id, s);
    }

    private void event(Token at, Map<String, Object> values, Map<String, TypeDecl> types) throws TraceFormatException {
        Metadata.EventDecl e = new Metadata.EventDecl();
        Object name = values.get("name");
        if (name == null) {
            throw error(at, "event without a name");
        }
        e.name = name.toString();
        e.id = longValue(values, "id", -1, null);
        e.streamId = longValue(values, "stream_id", -1, null);
        e.context = optionalStruct(types.get("context"), "context", at);
        e.fields = optionalStruct(types.get("fields"), "fields", at);
        metadata.events.add(e);
    }

    private TypeDecl.Struct optionalStruct(TypeDecl t, String what, Token at) throws TraceFormatException {
        return t == null ? null : struct(t, what, at);
    }

    private TypeDecl.Struct struct(TypeDecl t, String what, Token at) throws TraceFormatException {
        if (t instanceof TypeDecl.Struct s) {
            return s;
        }
        throw error(at, what + " must be a structure");
    }

    private long longValue(Map<String, Object> values, String key, long otherwise, Map<String, Token> where)
            throws TraceFormatException {
        Object v = values.get(key);
        if (v == null) {
            return otherwise;
        }
        if (v instanceof Long l) {
            return l;
        }
        throw error(where != null && where.get(key) != null ? where.get(key) : peek(), key + " must be an integer, not " + v);
    }

    // ---- declarations

    private void typealias() throws TraceFormatException {
        expect("typealias");
        TypeDecl target = typeSpecifier(false);
        expect(":=");
        StringBuilder name = new StringBuilder();
        int words = 0;
        while (peek().kind() == Kind.IDENT || peek().is("*")) {
            if (++words > MAX_ALIAS_WORDS) {
                throw error(peek(), "a type alias name of more than " + MAX_ALIAS_WORDS + " words");
            }
            if (name.length() > 0) {
                name.append(' ');
            }
            name.append(take().text());
        }
        if (name.length() == 0) {
            throw error(peek(), "expected the alias name after ':='");
        }
        scopes.peek().aliases.put(name.toString(), target);
    }

    private void typedef() throws TraceFormatException {
        expect("typedef");
        TypeDecl base = typeSpecifier(true);
        do {
            Map.Entry<String, TypeDecl> d = declarator(base);
            scopes.peek().aliases.put(d.getKey(), d.getValue());
        } while (accept(","));
    }

    /**
     * A type: a class ({@code integer {...}}, {@code struct ...}) or a name given by typealias/typedef.
     *
     * @param declaratorFollows whether a field name follows (then the last of several words is that name)
     */
    private TypeDecl typeSpecifier(boolean declaratorFollows) throws TraceFormatException {
        Token t = peek();
        if (t.kind() != Kind.IDENT) {
            throw error(t, "expected a type but found " + t);
        }
        if (nesting >= MAX_DEPTH) {
            throw error(t, "types nested more than " + MAX_DEPTH + " levels deep (this reader's limit)");
        }
        nesting++;
        try {
            return checkedDepth(t, typeClass(t, declaratorFollows));
        } finally {
            nesting--;
        }
    }

    /**
     * The depth of a type: 1 for a scalar, one more than its deepest member, option or element for the others. Types
     * given by an alias nest as deep as their alias, so a chain of aliases can build a deep type without nesting
     * braces: it is refused like a nested one.
     */
    private int depth(TypeDecl t) {
        Integer d = depths.get(t);
        return d == null ? 1 : d;
    }

    private <T extends TypeDecl> T checkedDepth(Token at, T t) throws TraceFormatException {
        int d;
        if (t instanceof TypeDecl.Struct s) {
            d = 1 + maxDepth(s.members());
        } else if (t instanceof TypeDecl.Variant v) {
            d = 1 + maxDepth(v.options());
        } else if (t instanceof TypeDecl.Array a) {
            d = 1 + depth(a.element());
        } else if (t instanceof TypeDecl.Sequence q) {
            d = 1 + depth(q.element());
        } else {
            return t;
        }
        if (d > MAX_DEPTH) {
            throw error(at, "types nested more than " + MAX_DEPTH + " levels deep, counting the types aliases stand for"
                    + " and array dimensions (this reader's limit)");
        }
        depths.put(t, d);
        return t;
    }

    private int maxDepth(List<TypeDecl.Member> members) {
        int d = 0;
        for (TypeDecl.Member m : members) {
            d = Math.max(d, depth(m.type()));
        }
        return d;
    }

    private TypeDecl typeClass(Token t, boolean declaratorFollows) throws TraceFormatException {
        switch (t.text()) {
        case "integer":
            take();
            return integer(attributes());
        case "floating_point":
            take();
            return floating(attributes());
        case "string":
            take();
            if (peek().is("{")) {
                Map<String, Object> a = attributes();
                return new TypeDecl.Str(encoding(a.get("encoding"), t));
            }
            return new TypeDecl.Str(TypeDecl.Encoding.UTF8);
        case "struct":
            take();
            return structSpecifier(t);
        case "variant":
            take();
            return variantSpecifier(t);
        case "enum":
            take();
            return enumSpecifier(t);
        default:
            return aliasReference(declaratorFollows);
        }
    }

    private TypeDecl aliasReference(boolean declaratorFollows) throws TraceFormatException {
        Token start = peek();
        // The words that may name the alias (no alias has more than MAX_ALIAS_WORDS), and one for a declarator.
        List<Token> words = new ArrayList<>();
        while (words.size() <= MAX_ALIAS_WORDS && (peek(words.size()).kind() == Kind.IDENT || peek(words.size()).is("*"))) {
            words.add(peek(words.size()));
        }
        // Prefer the longest alias that still leaves a declarator name when one must follow.
        int max = Math.min(MAX_ALIAS_WORDS, declaratorFollows ? words.size() - 1 : words.size());
        for (int n = max; n >= 1; n--) {
            StringBuilder name = new StringBuilder();
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    name.append(' ');
                }
                name.append(words.get(i).text());
            }
            TypeDecl found = lookupAlias(name.toString());
            if (found != null) {
                for (int i = 0; i < n; i++) {
                    take();
                }
                return found;
            }
        }
        String shown = words.isEmpty() ? start.toString() : "'" + words.get(0).text() + "'";
        throw error(start, "unknown type " + shown);
    }

    private TypeDecl lookupAlias(String name) {
        return lookup(sc -> sc.aliases, name);
    }

    /** A name declared in the innermost scope that declares it, or null. */
    private <T> T lookup(Function<Scope, Map<String, T>> table, String name) {
        for (Scope sc : scopes) {
            T t = table.apply(sc).get(name);
            if (t != null) {
                return t;
            }
        }
        return null;
    }

    private Map<String, Object> attributes() throws TraceFormatException {
        expect("{");
        Map<String, Object> a = new LinkedHashMap<>();
        while (!accept("}")) {
            if (accept(";")) {
                continue;
            }
            String key = dottedName();
            expect("=");
            a.put(key, value());
            if (!peek().is("}")) {
                expect(";");
            }
        }
        return a;
    }

    private TypeDecl.Int integer(Map<String, Object> a) throws TraceFormatException {
        Token here = last;
        Object sizeValue = a.get("size");
        if (!(sizeValue instanceof Long size) || size < 1 || size > 64) {
            throw error(here, "integer size must be 1 to 64 bits, not " + sizeValue);
        }
        int s = (int) (long) size;
        int align = alignment(a.get("align"), s % 8 == 0 ? 8 : 1, here);
        boolean signed = bool(a.get("signed"), here);
        TypeDecl.Order order = a.containsKey("byte_order") ? byteOrder(a.get("byte_order").toString(), here)
                : TypeDecl.Order.NATIVE;
        int base = base(a.get("base"), here);
        TypeDecl.Encoding encoding = encoding(a.get("encoding"), here);
        String clock = null;
        Object map = a.get("map");
        if (map != null) {
            String m = map.toString();
            if (m.startsWith("clock.") && m.endsWith(".value")) {
                clock = m.substring("clock.".length(), m.length() - ".value".length());
            }
        }
        return new TypeDecl.Int(s, align, signed, order, base, encoding, clock);
    }

    private TypeDecl.Float floating(Map<String, Object> a) throws TraceFormatException {
        Token here = last;
        Object exp = a.get("exp_dig");
        Object mant = a.get("mant_dig");
        if (!(exp instanceof Long e) || !(mant instanceof Long m)) {
            throw error(here, "floating_point needs exp_dig and mant_dig");
        }
        if (!((e == 8 && m == 24) || (e == 11 && m == 53))) {
            throw error(here, "only 32-bit (exp_dig 8, mant_dig 24) and 64-bit (11, 53) floating point are supported, not "
                    + e + "/" + m);
        }
        int size = (int) (e + m);
        int align = alignment(a.get("align"), size % 8 == 0 ? 8 : 1, here);
        TypeDecl.Order order = a.containsKey("byte_order") ? byteOrder(a.get("byte_order").toString(), here)
                : TypeDecl.Order.NATIVE;
        return new TypeDecl.Float((int) (long) e, (int) (long) m, align, order);
    }

    private int alignment(Object v, int otherwise, Token here) throws TraceFormatException {
        if (v == null) {
            return otherwise;
        }
        if (v instanceof Long l && l > 0 && l <= (1 << 20) && Long.bitCount(l) == 1) {
            return (int) (long) l;
        }
        throw error(here, "alignment must be a power of two, not " + v);
    }

    private boolean bool(Object v, Token here) throws TraceFormatException {
        if (v == null) {
            return false;
        }
        if (v instanceof Long l) {
            return l != 0;
        }
        return switch (v.toString().toLowerCase()) {
        case "true" -> true;
        case "false" -> false;
        default -> throw error(here, "expected true or false, not " + v);
        };
    }

    private TypeDecl.Order byteOrder(String v, Token here) throws TraceFormatException {
        return switch (v) {
        case "le", "little_endian" -> TypeDecl.Order.LITTLE;
        case "be", "big_endian", "network" -> TypeDecl.Order.BIG;
        case "native" -> TypeDecl.Order.NATIVE;
        default -> throw error(here, "unknown byte_order " + v);
        };
    }

    private int base(Object v, Token here) throws TraceFormatException {
        if (v == null) {
            return 10;
        }
        if (v instanceof Long l) {
            if (l == 2 || l == 8 || l == 10 || l == 16) {
                return (int) (long) l;
            }
            throw error(here, "integer base must be 2, 8, 10 or 16, not " + l);
        }
        return switch (v.toString()) {
        case "decimal", "dec", "d", "i", "u" -> 10;
        case "hexadecimal", "hex", "x", "X", "p" -> 16;
        case "octal", "oct", "o" -> 8;
        case "binary", "b" -> 2;
        default -> throw error(here, "unknown integer base " + v);
        };
    }

    private TypeDecl.Encoding encoding(Object v, Token here) throws TraceFormatException {
        if (v == null) {
            return TypeDecl.Encoding.NONE;
        }
        return switch (v.toString()) {
        case "none" -> TypeDecl.Encoding.NONE;
        case "UTF8", "utf8" -> TypeDecl.Encoding.UTF8;
        case "ASCII", "ascii" -> TypeDecl.Encoding.ASCII;
        default -> throw error(here, "unknown encoding " + v);
        };
    }

    private TypeDecl structSpecifier(Token keyword) throws TraceFormatException {
        String name = peek().kind() == Kind.IDENT && !peek().is("align") ? take().text() : null;
        if (name != null && !peek().is("{")) {
            TypeDecl.Struct found = lookup(sc -> sc.structs, name);
            if (found == null) {
                throw error(keyword, "unknown structure " + name);
            }
            return withAlign(found);
        }
        expect("{");
        scopes.push(new Scope());
        List<TypeDecl.Member> members = body(keyword);
        scopes.pop();
        int align = 1;
        for (TypeDecl.Member m : members) {
            align = Math.max(align, m.type().align());
        }
        TypeDecl.Struct s = withAlign(new TypeDecl.Struct(members, align));
        if (name != null) {
            scopes.peek().structs.put(name, s);
        }
        return s;
    }

    private TypeDecl.Struct withAlign(TypeDecl.Struct s) throws TraceFormatException {
        if (peek().is("align") && peek(1).is("(")) {
            Token here = take();
            expect("(");
            long a = number();
            expect(")");
            int align = alignment(a, 1, here);
            return new TypeDecl.Struct(s.members(), Math.max(s.align(), align));
        }
        return s;
    }

    /** Members of a structure or options of a variant, up to the closing brace. */
    private List<TypeDecl.Member> body(Token keyword) throws TraceFormatException {
        List<TypeDecl.Member> members = new ArrayList<>();
        while (!accept("}")) {
            Token t = peek();
            if (t.kind() == Kind.END) {
                throw error(keyword, "the " + keyword.text() + " opened here is never closed");
            }
            if (accept(";")) {
                continue;
            }
            if (t.is("typealias")) {
                typealias();
            } else if (t.is("typedef")) {
                typedef();
            } else {
                TypeDecl base = typeSpecifier(true);
                do {
                    Map.Entry<String, TypeDecl> d = declarator(base);
                    members.add(new TypeDecl.Member(d.getKey(), d.getValue()));
                } while (accept(","));
            }
            expect(";");
        }
        return members;
    }

    /** A field name with its array or sequence dimensions: {@code name}, {@code name[4]}, {@code name[_len]}. */
    private Map.Entry<String, TypeDecl> declarator(TypeDecl base) throws TraceFormatException {
        while (accept("*")) {
            // pointers are plain integers in the metadata LTTng writes
        }
        Token nameToken = peek();
        String name = ident();
        List<Object> dims = new ArrayList<>();
        while (accept("[")) {
            Token t = peek();
            if (dims.size() >= MAX_DEPTH) {
                throw error(t, "more than " + MAX_DEPTH + " array dimensions (this reader's limit)");
            }
            if (t.kind() == Kind.NUMBER) {
                long n = number();
                if (n < 0) {
                    throw error(t, "negative array length " + n);
                }
                dims.add(n);
            } else {
                dims.add(fieldReference());
            }
            expect("]");
        }
        TypeDecl type = base;
        for (int i = dims.size() - 1; i >= 0; i--) {
            Object d = dims.get(i);
            type = checkedDepth(nameToken, d instanceof Long n ? new TypeDecl.Array(type, n)
                    : new TypeDecl.Sequence(type, (String) d));
        }
        return Map.entry(name, type);
    }

    /** A reference to another field: {@code name}, {@code a.b}, {@code event.fields.len} ({@code ->} read as a dot). */
    private String fieldReference() throws TraceFormatException {
        StringBuilder ref = new StringBuilder(ident());
        while (peek().is(".") || peek().is("->")) {
            take();
            ref.append('.').append(ident());
        }
        return ref.toString();
    }

    private TypeDecl variantSpecifier(Token keyword) throws TraceFormatException {
        String name = peek().kind() == Kind.IDENT ? take().text() : null;
        String tag = null;
        if (accept("<")) {
            tag = fieldReference();
            expect(">");
        }
        if (!peek().is("{")) {
            if (name == null) {
                throw error(keyword, "variant without a body or a name");
            }
            TypeDecl.Variant found = lookup(sc -> sc.variants, name);
            if (found == null) {
                throw error(keyword, "unknown variant " + name);
            }
            return tag == null ? found : new TypeDecl.Variant(tag, found.options());
        }
        expect("{");
        scopes.push(new Scope());
        List<TypeDecl.Member> options = body(keyword);
        scopes.pop();
        TypeDecl.Variant v = new TypeDecl.Variant(tag, options);
        if (name != null) {
            scopes.peek().variants.put(name, v);
        }
        return v;
    }

    private TypeDecl enumSpecifier(Token keyword) throws TraceFormatException {
        String name = peek().kind() == Kind.IDENT ? take().text() : null;
        TypeDecl.Int container = null;
        if (accept(":")) {
            TypeDecl c = typeSpecifier(false);
            if (!(c instanceof TypeDecl.Int i)) {
                throw error(keyword, "an enumeration's container must be an integer");
            }
            container = i;
        }
        if (!peek().is("{")) {
            if (name == null) {
                throw error(keyword, "enumeration without a body or a name");
            }
            TypeDecl.Enum found = lookup(sc -> sc.enums, name);
            if (found == null) {
                throw error(keyword, "unknown enumeration " + name);
            }
            return found;
        }
        if (container == null) {
            TypeDecl c = lookupAlias("int");
            if (!(c instanceof TypeDecl.Int i)) {
                throw error(keyword, "enumeration without a container type, and no 'int' type alias");
            }
            container = i;
        }
        expect("{");
        Map<String, TypeDecl.Mapping> mappings = new LinkedHashMap<>();
        long next = 0;
        int ranges = 0;
        while (!accept("}")) {
            Token t = peek();
            if (++ranges > Ctf2FieldClasses.MAX_RANGES) {
                throw error(t, "an enumeration of more than " + Ctf2FieldClasses.MAX_RANGES + " ranges (this reader's limit)");
            }
            String label;
            if (t.kind() == Kind.STRING || t.kind() == Kind.IDENT) {
                label = take().text();
            } else {
                throw error(t, "expected an enumeration label but found " + t);
            }
            long lo = next;
            long hi = next;
            if (accept("=")) {
                lo = number();
                hi = lo;
                if (accept("...")) {
                    hi = number();
                }
            }
            mappings.computeIfAbsent(label, l -> new TypeDecl.Mapping(l, new ArrayList<>())).ranges()
                    .add(new long[] { lo, hi });
            next = hi + 1;
            if (!accept(",")) {
                expect("}");
                break;
            }
        }
        TypeDecl.Enum e = new TypeDecl.Enum(container, List.copyOf(mappings.values()));
        if (name != null) {
            scopes.peek().enums.put(name, e);
        }
        return e;
    }

    // ---- final checks

    private void check() throws TraceFormatException {
        Token end = peek();
        if (metadata.byteOrder == null) {
            throw error(end, "the metadata has no trace block with a byte_order");
        }
        if (metadata.streams.isEmpty()) {
            Metadata.StreamDecl implicit = new Metadata.StreamDecl();
            metadata.streams.put(-1L, implicit);
        }
        for (Metadata.EventDecl e : metadata.events) {
            if (e.streamId == -1) {
                if (metadata.streams.size() != 1) {
                    throw error(end, "event " + e.name + " has no stream_id and there are several stream classes");
                }
                e.streamId = metadata.streams.keySet().iterator().next();
            } else if (!metadata.streams.containsKey(e.streamId)) {
                if (metadata.streams.size() == 1 && metadata.streams.containsKey(-1L)) {
                    // A stream block without an id: babeltrace2 gives it id 0.
                    e.streamId = -1;
                } else {
                    throw error(end, "event " + e.name + " refers to stream class " + e.streamId + ", which is not declared");
                }
            }
        }
    }
}
