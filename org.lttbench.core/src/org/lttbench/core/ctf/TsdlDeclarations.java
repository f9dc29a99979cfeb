package org.lttbench.core.ctf;

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
 * TSDL's type declarations: type aliases and typedefs, and the type specifiers (integer, floating_point, string,
 * struct, variant, enum, or a name declared before) with their attributes, in nested lexical scopes. Types built
 * from aliases are bounded in depth as nested ones are.
 */
final class TsdlDeclarations {

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

    private final TsdlTokens tokens;
    private final Deque<Scope> scopes = new ArrayDeque<>();
    /** How deep the type specifiers being parsed are nested. */
    private int nesting;
    /** The depth of each compound type built (1 for scalars, which are not in it), to bound types built from aliases. */
    private final Map<TypeDecl, Integer> depths = new IdentityHashMap<>();

    TsdlDeclarations(TsdlTokens tokens) {
        this.tokens = tokens;
        scopes.push(new Scope());
    }

    /** Opens a lexical scope (a block's, a structure's, a variant's): what it declares is gone at its end. */
    void enterScope() {
        scopes.push(new Scope());
    }

    void exitScope() {
        scopes.pop();
    }

    void typealias() throws TraceFormatException {
        tokens.expect("typealias");
        TypeDecl target = typeSpecifier(false);
        tokens.expect(":=");
        StringBuilder name = new StringBuilder();
        int words = 0;
        while (tokens.peek().kind() == Kind.IDENT || tokens.peek().is("*")) {
            if (++words > MAX_ALIAS_WORDS) {
                throw tokens.error(tokens.peek(), "a type alias name of more than " + MAX_ALIAS_WORDS + " words");
            }
            if (name.length() > 0) {
                name.append(' ');
            }
            name.append(tokens.take().text());
        }
        if (name.length() == 0) {
            throw tokens.error(tokens.peek(), "expected the alias name after ':='");
        }
        scopes.peek().aliases.put(name.toString(), target);
    }

    void typedef() throws TraceFormatException {
        tokens.expect("typedef");
        TypeDecl base = typeSpecifier(true);
        do {
            Map.Entry<String, TypeDecl> d = declarator(base);
            scopes.peek().aliases.put(d.getKey(), d.getValue());
        } while (tokens.accept(","));
    }

    /**
     * A type: a class ({@code integer {...}}, {@code struct ...}) or a name given by typealias/typedef.
     *
     * @param declaratorFollows whether a field name follows (then the last of several words is that name)
     */
    TypeDecl typeSpecifier(boolean declaratorFollows) throws TraceFormatException {
        Token t = tokens.peek();
        if (t.kind() != Kind.IDENT) {
            throw tokens.error(t, "expected a type but found " + t);
        }
        if (nesting >= MAX_DEPTH) {
            throw tokens.error(t, "types nested more than " + MAX_DEPTH + " levels deep (this reader's limit)");
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
            throw tokens.error(at, "types nested more than " + MAX_DEPTH + " levels deep, counting the types aliases"
                    + " stand for and array dimensions (this reader's limit)");
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
            tokens.take();
            return integer(tokens.attributes());
        case "floating_point":
            tokens.take();
            return floating(tokens.attributes());
        case "string":
            tokens.take();
            if (tokens.peek().is("{")) {
                Map<String, Object> a = tokens.attributes();
                return new TypeDecl.Str(encoding(a.get("encoding"), t));
            }
            return new TypeDecl.Str(TypeDecl.Encoding.UTF8);
        case "struct":
            tokens.take();
            return structSpecifier(t);
        case "variant":
            tokens.take();
            return variantSpecifier(t);
        case "enum":
            tokens.take();
            return enumSpecifier(t);
        default:
            return aliasReference(declaratorFollows);
        }
    }

    private TypeDecl aliasReference(boolean declaratorFollows) throws TraceFormatException {
        Token start = tokens.peek();
        // The words that may name the alias (no alias has more than MAX_ALIAS_WORDS), and one for a declarator.
        List<Token> words = new ArrayList<>();
        while (words.size() <= MAX_ALIAS_WORDS
                && (tokens.peek(words.size()).kind() == Kind.IDENT || tokens.peek(words.size()).is("*"))) {
            words.add(tokens.peek(words.size()));
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
                    tokens.take();
                }
                return found;
            }
        }
        String shown = words.isEmpty() ? start.toString() : "'" + words.get(0).text() + "'";
        throw tokens.error(start, "unknown type " + shown);
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

    /**
     * The type a specifier without a body refers to by its name: declared in this scope or an enclosing one; else the
     * error saying it has no name, or that no such type ({@code what}: its kind, as the errors name it) is declared.
     */
    private <T> T named(Token keyword, String name, Function<Scope, Map<String, T>> table, String what)
            throws TraceFormatException {
        if (name == null) {
            throw tokens.error(keyword, what + " without a body or a name");
        }
        T found = lookup(table, name);
        if (found == null) {
            throw tokens.error(keyword, "unknown " + what + " " + name);
        }
        return found;
    }

    private TypeDecl.Int integer(Map<String, Object> a) throws TraceFormatException {
        Token here = tokens.last();
        Object sizeValue = a.get("size");
        if (!(sizeValue instanceof Long size) || size < 1 || size > 64) {
            throw tokens.error(here, "integer size must be 1 to 64 bits, not " + sizeValue);
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
        Token here = tokens.last();
        Object exp = a.get("exp_dig");
        Object mant = a.get("mant_dig");
        if (!(exp instanceof Long e) || !(mant instanceof Long m)) {
            throw tokens.error(here, "floating_point needs exp_dig and mant_dig");
        }
        if (!((e == 8 && m == 24) || (e == 11 && m == 53))) {
            throw tokens.error(here,
                    "only 32-bit (exp_dig 8, mant_dig 24) and 64-bit (11, 53) floating point are supported, not "
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
        throw tokens.error(here, "alignment must be a power of two, not " + v);
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
        default -> throw tokens.error(here, "expected true or false, not " + v);
        };
    }

    TypeDecl.Order byteOrder(String v, Token here) throws TraceFormatException {
        return switch (v) {
        case "le", "little_endian" -> TypeDecl.Order.LITTLE;
        case "be", "big_endian", "network" -> TypeDecl.Order.BIG;
        case "native" -> TypeDecl.Order.NATIVE;
        default -> throw tokens.error(here, "unknown byte_order " + v);
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
            throw tokens.error(here, "integer base must be 2, 8, 10 or 16, not " + l);
        }
        return switch (v.toString()) {
        case "decimal", "dec", "d", "i", "u" -> 10;
        case "hexadecimal", "hex", "x", "X", "p" -> 16;
        case "octal", "oct", "o" -> 8;
        case "binary", "b" -> 2;
        default -> throw tokens.error(here, "unknown integer base " + v);
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
        default -> throw tokens.error(here, "unknown encoding " + v);
        };
    }

    private TypeDecl structSpecifier(Token keyword) throws TraceFormatException {
        String name = tokens.peek().kind() == Kind.IDENT && !tokens.peek().is("align") ? tokens.take().text() : null;
        if (name != null && !tokens.peek().is("{")) {
            return withAlign(named(keyword, name, sc -> sc.structs, "structure"));
        }
        tokens.expect("{");
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
        if (tokens.peek().is("align") && tokens.peek(1).is("(")) {
            Token here = tokens.take();
            tokens.expect("(");
            long a = tokens.number();
            tokens.expect(")");
            int align = alignment(a, 1, here);
            return new TypeDecl.Struct(s.members(), Math.max(s.align(), align));
        }
        return s;
    }

    /** Members of a structure or options of a variant, up to the closing brace. */
    private List<TypeDecl.Member> body(Token keyword) throws TraceFormatException {
        List<TypeDecl.Member> members = new ArrayList<>();
        while (!tokens.accept("}")) {
            Token t = tokens.peek();
            if (t.kind() == Kind.END) {
                throw tokens.error(keyword, "the " + keyword.text() + " opened here is never closed");
            }
            if (tokens.accept(";")) {
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
                } while (tokens.accept(","));
            }
            tokens.expect(";");
        }
        return members;
    }

    /** A field name with its array or sequence dimensions: {@code name}, {@code name[4]}, {@code name[_len]}. */
    private Map.Entry<String, TypeDecl> declarator(TypeDecl base) throws TraceFormatException {
        while (tokens.accept("*")) {
            // pointers are plain integers in the metadata LTTng writes
        }
        Token nameToken = tokens.peek();
        String name = tokens.ident();
        List<Object> dims = new ArrayList<>();
        while (tokens.accept("[")) {
            Token t = tokens.peek();
            if (dims.size() >= MAX_DEPTH) {
                throw tokens.error(t, "more than " + MAX_DEPTH + " array dimensions (this reader's limit)");
            }
            if (t.kind() == Kind.NUMBER) {
                long n = tokens.number();
                if (n < 0) {
                    throw tokens.error(t, "negative array length " + n);
                }
                dims.add(n);
            } else {
                dims.add(tokens.fieldReference());
            }
            tokens.expect("]");
        }
        TypeDecl type = base;
        for (int i = dims.size() - 1; i >= 0; i--) {
            Object d = dims.get(i);
            type = checkedDepth(nameToken, d instanceof Long n ? new TypeDecl.Array(type, n)
                    : new TypeDecl.Sequence(type, (String) d));
        }
        return Map.entry(name, type);
    }

    private TypeDecl variantSpecifier(Token keyword) throws TraceFormatException {
        String name = tokens.peek().kind() == Kind.IDENT ? tokens.take().text() : null;
        String tag = null;
        if (tokens.accept("<")) {
            tag = tokens.fieldReference();
            tokens.expect(">");
        }
        if (!tokens.peek().is("{")) {
            TypeDecl.Variant found = named(keyword, name, sc -> sc.variants, "variant");
            return tag == null ? found : new TypeDecl.Variant(tag, found.options());
        }
        tokens.expect("{");
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
        String name = tokens.peek().kind() == Kind.IDENT ? tokens.take().text() : null;
        TypeDecl.Int container = null;
        if (tokens.accept(":")) {
            TypeDecl c = typeSpecifier(false);
            if (!(c instanceof TypeDecl.Int i)) {
                throw tokens.error(keyword, "an enumeration's container must be an integer");
            }
            container = i;
        }
        if (!tokens.peek().is("{")) {
            return named(keyword, name, sc -> sc.enums, "enumeration");
        }
        if (container == null) {
            TypeDecl c = lookupAlias("int");
            if (!(c instanceof TypeDecl.Int i)) {
                throw tokens.error(keyword, "enumeration without a container type, and no 'int' type alias");
            }
            container = i;
        }
        tokens.expect("{");
        Map<String, TypeDecl.Mapping> mappings = new LinkedHashMap<>();
        long next = 0;
        int ranges = 0;
        while (!tokens.accept("}")) {
            Token t = tokens.peek();
            if (++ranges > Ctf2FieldClasses.MAX_RANGES) {
                throw tokens.error(t, "an enumeration of more than " + Ctf2FieldClasses.MAX_RANGES
                        + " ranges (this reader's limit)");
            }
            String label;
            if (t.kind() == Kind.STRING || t.kind() == Kind.IDENT) {
                label = tokens.take().text();
            } else {
                throw tokens.error(t, "expected an enumeration label but found " + t);
            }
            long lo = next;
            long hi = next;
            if (tokens.accept("=")) {
                lo = tokens.number();
                hi = lo;
                if (tokens.accept("...")) {
                    hi = tokens.number();
                }
            }
            mappings.computeIfAbsent(label, l -> new TypeDecl.Mapping(l, new ArrayList<>())).ranges()
                    .add(new long[] { lo, hi });
            next = hi + 1;
            if (!tokens.accept(",")) {
                tokens.expect("}");
                break;
            }
        }
        TypeDecl.Enum e = new TypeDecl.Enum(container, List.copyOf(mappings.values()));
        if (name != null) {
            scopes.peek().enums.put(name, e);
        }
        return e;
    }}
