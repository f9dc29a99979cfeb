package org.lttbench.core.ctf;

import java.nio.file.Path;

import org.lttbench.core.trace.TraceFormatException;

/**
 * Splits TSDL metadata text into tokens (identifiers, numbers, string literals, punctuation), one at a time: the
 * parser holds only the few it looks ahead at, so memory does not grow with the number of tokens.
 */
final class TsdlLexer {

    enum Kind {
        IDENT, NUMBER, STRING, CHAR_LITERAL, PUNCT, END
    }

    /** One token; {@code offset} is its character offset in the metadata text, for error messages. */
    record Token(Kind kind, String text, int offset) {
        boolean is(String punctOrWord) {
            return (kind == Kind.PUNCT || kind == Kind.IDENT) && text.equals(punctOrWord);
        }

        @Override
        public String toString() {
            return kind == Kind.END ? "end of metadata" : kind == Kind.STRING ? "\"" + text + "\"" : "'" + text + "'";
        }
    }

    private static final String[] PUNCTS = { ":=", "...", "->", "{", "}", "(", ")", "[", "]", ";", ",", "=", "<", ">", ":",
            ".", "*", "+", "-", "&" };

    /**
     * The longest number literal read: 64 binary digits, a prefix and C suffixes fit; a longer one would only make
     * the conversion slow (hostile metadata).
     */
    static final int MAX_NUMBER_CHARS = 100;

    private final String text;
    private final Path file;
    private int at;

    TsdlLexer(String text, Path file) {
        this.text = text;
        this.file = file;
    }

    /** The next token; at the end of the text, an {@link Kind#END} token (again on every later call). */
    Token next() throws TraceFormatException {
        skipBlanksAndComments();
        if (at >= text.length()) {
            return new Token(Kind.END, "", at);
        }
        return token();
    }

    private void skipBlanksAndComments() throws TraceFormatException {
        while (at < text.length()) {
            char c = text.charAt(at);
            if (Character.isWhitespace(c) || c == 0) {
                at++;
            } else if (text.startsWith("/*", at)) {
                int end = text.indexOf("*/", at + 2);
                if (end < 0) {
                    throw error(at, "a comment opened here is never closed");
                }
                at = end + 2;
            } else if (text.startsWith("//", at)) {
                int end = text.indexOf('\n', at);
                at = end < 0 ? text.length() : end + 1;
            } else {
                return;
            }
        }
    }

    private Token token() throws TraceFormatException {
        int start = at;
        char c = text.charAt(at);
        if (Character.isLetter(c) || c == '_' || c == '$') {
            while (at < text.length() && (Character.isLetterOrDigit(text.charAt(at)) || text.charAt(at) == '_'
                    || text.charAt(at) == '$')) {
                at++;
            }
            return new Token(Kind.IDENT, text.substring(start, at), start);
        }
        if (Character.isDigit(c)) {
            while (at < text.length() && (Character.isLetterOrDigit(text.charAt(at)))) {
                at++;
            }
            if (at - start > MAX_NUMBER_CHARS) {
                throw error(start, "a number of " + (at - start) + " characters (at most " + MAX_NUMBER_CHARS
                        + " expected)");
            }
            return new Token(Kind.NUMBER, text.substring(start, at), start);
        }
        if (c == '"' || c == '\'') {
            return quoted(c);
        }
        for (String p : PUNCTS) {
            if (text.startsWith(p, at)) {
                at += p.length();
                return new Token(Kind.PUNCT, p, start);
            }
        }
        throw error(at, "unexpected character '" + c + "'");
    }

    private Token quoted(char quote) throws TraceFormatException {
        int start = at++;
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (at >= text.length()) {
                throw error(start, "a string literal opened here is never closed");
            }
            char c = text.charAt(at++);
            if (c == quote) {
                break;
            }
            if (c == '\\' && at < text.length()) {
                char e = text.charAt(at++);
                switch (e) {
                case 'n' -> sb.append('\n');
                case 't' -> sb.append('\t');
                case 'r' -> sb.append('\r');
                case '0' -> sb.append('\0');
                case 'a' -> sb.append('\u0007');
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'v' -> sb.append('\u000b');
                default -> sb.append(e);
                }
            } else {
                sb.append(c);
            }
        }
        return new Token(quote == '"' ? Kind.STRING : Kind.CHAR_LITERAL, sb.toString(), start);
    }

    private TraceFormatException error(int offset, String what) {
        return TsdlLexer.error(file, text, offset, what);
    }

    /** A metadata error that says the line and column in the metadata text as well as the character offset. */
    static TraceFormatException error(Path file, String text, int offset, String what) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < Math.min(offset, text.length()); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new TraceFormatException(file, -1,
                "metadata line " + line + ", column " + (offset - lineStart + 1) + " (character " + offset + "): " + what);
    }
}
