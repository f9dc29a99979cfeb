package org.lttbench.core.ctf;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import org.lttbench.core.ctf.TsdlLexer.Kind;
import org.lttbench.core.ctf.TsdlLexer.Token;
import org.lttbench.core.trace.TraceFormatException;

/**
 * Parses CTF 1.8 TSDL (what LTTng 2.0 to 2.13 writes) into {@link Metadata}. Unknown attributes are ignored, as
 * babeltrace2 does; anything it cannot make sense of is a {@link TraceFormatException} naming the line.
 */
final class TsdlParser {
    private final TsdlTokens tokens;
    private final TsdlDeclarations declarations;
    private final Metadata metadata;

    private TsdlParser(java.io.Reader text, Path file) {
        this.tokens = new TsdlTokens(text, file);
        this.declarations = new TsdlDeclarations(tokens);
        this.metadata = new Metadata(file);
    }

    /** The metadata the TSDL text read from {@code text} declares (read as it streams, never held whole). */
    static Metadata parse(java.io.Reader text, Path file) throws TraceFormatException {
        TsdlParser p = new TsdlParser(text, file);
        try {
            p.topLevel();
        } catch (NumberFormatException | ArithmeticException e) {
            Token at = p.tokens.last() != null ? p.tokens.last() : p.tokens.peek();
            throw p.tokens.error(at, "bad number: " + e.getMessage());
        }
        p.check();
        return p.metadata;
    }

    private void topLevel() throws TraceFormatException {
        while (tokens.peek().kind() != Kind.END) {
            Token t = tokens.peek();
            if (emptyOrTypeDeclaration(t)) {
                continue;
            }
            if (t.kind() == Kind.IDENT && tokens.peek(1).is("{") && isBlockKeyword(t.text())) {
                tokens.take();
                block(t);
            } else {
                // A type declared on its own, e.g. "struct packet_context { ... } align(8);".
                declarations.typeSpecifier(false);
            }
            tokens.expect(";");
        }
    }

    /**
     * Reads a lone {@code ;}, or a typealias or typedef with its {@code ;}: both stand at the top level and in every
     * block. False, having read nothing, when {@code t} starts neither.
     */
    private boolean emptyOrTypeDeclaration(Token t) throws TraceFormatException {
        if (t.is(";")) {
            tokens.take();
            return true;
        }
        if (t.is("typealias")) {
            declarations.typealias();
        } else if (t.is("typedef")) {
            declarations.typedef();
        } else {
            return false;
        }
        tokens.expect(";");
        return true;
    }

    private static boolean isBlockKeyword(String word) {
        return switch (word) {
        case "trace", "env", "clock", "stream", "event", "callsite" -> true;
        default -> false;
        };
    }

    private void block(Token keyword) throws TraceFormatException {
        tokens.expect("{");
        declarations.enterScope();
        Map<String, Object> values = new LinkedHashMap<>();
        Map<String, TypeDecl> types = new LinkedHashMap<>();
        Map<String, Token> where = new HashMap<>();
        while (!tokens.accept("}")) {
            Token t = tokens.peek();
            if (t.kind() == Kind.END) {
                throw tokens.error(keyword, "the " + keyword.text() + " block opened here is never closed");
            }
            if (emptyOrTypeDeclaration(t)) {
                continue;
            }
            String key = tokens.dottedName();
            where.put(key, t);
            if (tokens.accept(":=")) {
                types.put(key, declarations.typeSpecifier(false));
            } else {
                tokens.expect("=");
                values.put(key, tokens.value());
            }
            tokens.expect(";");
        }
        declarations.exitScope();
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

    private void trace(Map<String, Object> values, Map<String, TypeDecl> types, Map<String, Token> where)
            throws TraceFormatException {
        metadata.major = longValue(values, "major", -1, where);
        metadata.minor = longValue(values, "minor", -1, where);
        Object order = values.get("byte_order");
        if (order != null) {
            metadata.byteOrder = declarations.byteOrder(order.toString(), where.get("byte_order"));
            if (metadata.byteOrder == TypeDecl.Order.NATIVE) {
                throw tokens.error(where.get("byte_order"), "the trace's byte_order must be le or be, not native");
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
            throw tokens.error(at, "bad UUID \"" + s + "\"");
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
            throw tokens.error(at, "clock without a name");
        }
        long freq = longValue(values, "freq", 1_000_000_000L, null);
        if (freq <= 0) {
            throw tokens.error(at, "clock " + name + " has frequency " + freq + " (must be positive)");
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
            throw tokens.error(at, "two stream classes have id " + s.id);
        }
        metadata.streams.put(s.id, s);
    }

    private void event(Token at, Map<String, Object> values, Map<String, TypeDecl> types) throws TraceFormatException {
        Metadata.EventDecl e = new Metadata.EventDecl();
        Object name = values.get("name");
        if (name == null) {
            throw tokens.error(at, "event without a name");
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
        throw tokens.error(at, what + " must be a structure");
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
        Token at = where != null && where.get(key) != null ? where.get(key) : tokens.peek();
        throw tokens.error(at, key + " must be an integer, not " + v);
    }

    // ---- final checks

    private void check() throws TraceFormatException {
        Token end = tokens.peek();
        if (metadata.byteOrder == null) {
            throw tokens.error(end, "the metadata has no trace block with a byte_order");
        }
        if (metadata.streams.isEmpty()) {
            Metadata.StreamDecl implicit = new Metadata.StreamDecl();
            metadata.streams.put(-1L, implicit);
        }
        for (Metadata.EventDecl e : metadata.events) {
            if (e.streamId == -1) {
                if (metadata.streams.size() != 1) {
                    throw tokens.error(end, "event " + e.name + " has no stream_id and there are several stream classes");
                }
                e.streamId = metadata.streams.keySet().iterator().next();
            } else if (!metadata.streams.containsKey(e.streamId)) {
                if (metadata.streams.size() == 1 && metadata.streams.containsKey(-1L)) {
                    // A stream block without an id: babeltrace2 gives it id 0.
                    e.streamId = -1;
                } else {
                    throw tokens.error(end, "event " + e.name + " refers to stream class " + e.streamId
                            + ", which is not declared");
                }
            }
        }
    }
}
