package org.lttbench.core.ctf;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;

import org.lttbench.core.ctf.TsdlLexer.Kind;
import org.lttbench.core.ctf.TsdlLexer.Token;
import org.lttbench.core.trace.TraceFormatException;

/**
 * The tokens of TSDL text as the parser takes them (looking ahead as far as it needs), and the values they spell:
 * numbers, strings, dotted names, field references, attribute blocks. Errors name the file and the token's line.
 */
final class TsdlTokens {
    private final TsdlLexer lexer;
    private final Path file;
    /** The tokens looked at but not taken yet, first the next one; the lexer gives the others as they are needed. */
    private final ArrayDeque<Token> ahead = new ArrayDeque<>();
    /** The last token taken. */
    private Token last;

    TsdlTokens(java.io.Reader text, Path file) {
        this.lexer = new TsdlLexer(text, file);
        this.file = file;
    }

    /** The last token taken, or null. */
    Token last() {
        return last;
    }

    Token peek() throws TraceFormatException {
        return peek(0);
    }

    /** The token {@code n} places after the next one (the end token when the text ends before). */
    Token peek(int n) throws TraceFormatException {
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

    Token take() throws TraceFormatException {
        Token t = peek();
        if (t.kind() != Kind.END) {
            ahead.removeFirst();
            last = t;
        }
        return t;
    }

    boolean accept(String s) throws TraceFormatException {
        if (peek().is(s)) {
            take();
            return true;
        }
        return false;
    }

    Token expect(String s) throws TraceFormatException {
        Token t = peek();
        if (!t.is(s)) {
            throw error(t, "expected '" + s + "' but found " + t);
        }
        return take();
    }

    String ident() throws TraceFormatException {
        Token t = peek();
        if (t.kind() != Kind.IDENT) {
            throw error(t, "expected a name but found " + t);
        }
        return take().text();
    }

    TraceFormatException error(Token at, String what) {
        return TsdlLexer.error(file, at, what);
    }

    String dottedName() throws TraceFormatException {
        StringBuilder sb = new StringBuilder(ident());
        while (peek().is(".") && peek(1).kind() == Kind.IDENT) {
            take();
            sb.append('.').append(take().text());
        }
        return sb.toString();
    }

    /** A number (Long), a string, or a dotted name (String), as the right side of {@code key = value}. */
    Object value() throws TraceFormatException {
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
    long number() throws TraceFormatException {
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
        String s = t.text();
        int end = s.length();
        while (end > 0 && "uUlL".indexOf(s.charAt(end - 1)) >= 0) {
            end--; // C suffixes (a kernel's metadata has tens of thousands of numbers: no regular expression here)
        }
        s = s.substring(0, end);
        if (decimal(s)) {
            return negative ? -Long.parseLong(s) : Long.parseLong(s);
        }
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

    /** Digits only, no leading 0 (octal) but 0 itself, and short enough to fit a long whatever they are. */
    private static boolean decimal(String s) {
        if (s.isEmpty() || s.length() > 18 || (s.charAt(0) == '0' && s.length() > 1)) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** A reference to another field: {@code name}, {@code a.b}, {@code event.fields.len} ({@code ->} read as a dot). */
    String fieldReference() throws TraceFormatException {
        StringBuilder ref = new StringBuilder(ident());
        while (peek().is(".") || peek().is("->")) {
            take();
            ref.append('.').append(ident());
        }
        return ref.toString();
    }

    Map<String, Object> attributes() throws TraceFormatException {
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
}
