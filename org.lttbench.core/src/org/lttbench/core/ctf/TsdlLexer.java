package org.lttbench.core.ctf;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;

import org.lttbench.core.trace.TraceFormatException;

/**
 * Splits TSDL metadata text into tokens (identifiers, numbers, string literals, punctuation), one at a time, as the
 * text streams in: the parser holds only the few tokens it looks ahead at and the lexer a buffer of the text, so
 * memory grows with neither the number of tokens nor the text's size (a comment of any length costs nothing).
 */
final class TsdlLexer {

    enum Kind {
        IDENT, NUMBER, STRING, CHAR_LITERAL, PUNCT, END
    }

    /**
     * One token; where it starts in the metadata text, for error messages: {@code offset} in characters from the
     * text's start, {@code line} and {@code column} from 1.
     */
    record Token(Kind kind, String text, long offset, long line, long column) {
        boolean is(String punctOrWord) {
            return (kind == Kind.PUNCT || kind == Kind.IDENT) && text.equals(punctOrWord);
        }

        @Override
        public String toString() {
            return kind == Kind.END ? "end of metadata" : kind == Kind.STRING ? "\"" + text + "\"" : "'" + text + "'";
        }
    }

    /**
     * The longest number literal read: 64 binary digits, a prefix and C suffixes fit; a longer one would only make
     * the conversion slow (hostile metadata).
     */
    static final int MAX_NUMBER_CHARS = 100;
    /**
     * The longest name or string literal kept (characters): far beyond any event, field or environment value LTTng
     * writes, while a hostile one cannot fill the memory the text itself no longer takes.
     */
    static final int MAX_TEXT_CHARS = 1 << 20;

    private final Reader in;
    private final Path file;
    private final char[] buf = new char[1 << 16];
    private int pos;
    private int lim;
    private boolean eof;
    /** Characters of text before {@code buf[pos]}. */
    private long offset;
    private long line = 1;
    /** Offset of the current line's first character. */
    private long lineStart;

    TsdlLexer(Reader in, Path file) {
        this.in = in;
        this.file = file;
    }

    /** The next token; at the end of the text, an {@link Kind#END} token (again on every later call). */
    Token next() throws TraceFormatException {
        skipBlanksAndComments();
        if (peekChar(0) < 0) {
            return new Token(Kind.END, "", offset, line, offset - lineStart + 1);
        }
        return token();
    }

    /** The character {@code ahead} places after the next one, or -1 past the text's end. */
    private int peekChar(int ahead) throws TraceFormatException {
        if (pos + ahead >= lim) {
            fill(ahead + 1);
        }
        return pos + ahead < lim ? buf[pos + ahead] : -1;
    }

    /** Reads until at least {@code n} characters are buffered from {@code pos}, or the text ends. */
    private void fill(int n) throws TraceFormatException {
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, lim - pos);
            lim -= pos;
            pos = 0;
        }
        try {
            while (lim < n && !eof) {
                int r = in.read(buf, lim, buf.length - lim);
                if (r < 0) {
                    eof = true;
                } else {
                    lim += r;
                }
            }
        } catch (TraceFormatException e) {
            throw e;
        } catch (IOException e) {
            throw new TraceFormatException(file, -1, "cannot read the metadata: " + e.getMessage(), e);
        }
    }

    /** Takes the next character (there is one). */
    private char take() {
        char c = buf[pos++];
        offset++;
        if (c == '\n') {
            line++;
            lineStart = offset;
        }
        return c;
    }

    private boolean startsWith(String s) throws TraceFormatException {
        for (int i = 0; i < s.length(); i++) {
            if (peekChar(i) != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private void skipBlanksAndComments() throws TraceFormatException {
        while (true) {
            int c = peekChar(0);
            if (c < 0) {
                return;
            }
            if (Character.isWhitespace(c) || c == 0) {
                take();
            } else if (c == '/' && peekChar(1) == '*') {
                Position start = here();
                take();
                take();
                int previous = 0;
                while (true) {
                    int d = peekChar(0);
                    if (d < 0) {
                        throw error(start, "a comment opened here is never closed");
                    }
                    take();
                    if (previous == '*' && d == '/') {
                        break;
                    }
                    previous = d;
                }
            } else if (c == '/' && peekChar(1) == '/') {
                while (peekChar(0) >= 0 && take() != '\n') {
                    // to the end of the line
                }
            } else {
                return;
            }
        }
    }

    private record Position(long offset, long line, long column) {
    }

    private Position here() {
        return new Position(offset, line, offset - lineStart + 1);
    }

    private Token token() throws TraceFormatException {
        Position start = here();
        int c = peekChar(0);
        if (Character.isLetter(c) || c == '_' || c == '$') {
            String name = run(start, true, MAX_TEXT_CHARS, "a name");
            return new Token(Kind.IDENT, name, start.offset, start.line, start.column);
        }
        if (Character.isDigit(c)) {
            String number = run(start, false, MAX_NUMBER_CHARS, "a number");
            return new Token(Kind.NUMBER, number, start.offset, start.line, start.column);
        }
        if (c == '"' || c == '\'') {
            return quoted(start, (char) c);
        }
        String p = punct(c);
        if (p == null) {
            throw error(start, "unexpected character '" + (char) c + "'");
        }
        for (int i = 0; i < p.length(); i++) {
            take();
        }
        return new Token(Kind.PUNCT, p, start.offset, start.line, start.column);
    }

    /** The punctuation starting with {@code c}, the longest that matches ({@code :=} before {@code :}); or null. */
    private String punct(int c) throws TraceFormatException {
        return switch (c) {
        case ':' -> peekChar(1) == '=' ? ":=" : ":";
        case '.' -> startsWith("...") ? "..." : ".";
        case '-' -> peekChar(1) == '>' ? "->" : "-";
        case '{' -> "{";
        case '}' -> "}";
        case '(' -> "(";
        case ')' -> ")";
        case '[' -> "[";
        case ']' -> "]";
        case ';' -> ";";
        case ',' -> ",";
        case '=' -> "=";
        case '<' -> "<";
        case '>' -> ">";
        case '*' -> "*";
        case '+' -> "+";
        case '&' -> "&";
        default -> null;
        };
    }

    /**
     * A name (letters, digits, {@code _} and {@code $}) or a number (letters and digits), of at most {@code max}
     * characters: a longer one is read to its end, to say how long it is, and refused.
     */
    private String run(Position start, boolean name, int max, String what) throws TraceFormatException {
        // most runs end inside the buffer: one string from it, without a builder (a kernel's metadata has hundreds of
        // thousands of tokens); a run holds no line break, so only the offset moves
        int end = pos;
        while (end < lim && end - pos <= max && inRun(buf[end], name)) {
            end++;
        }
        if (end < lim && end - pos <= max) {
            String text = new String(buf, pos, end - pos);
            offset += end - pos;
            pos = end;
            return text;
        }
        StringBuilder sb = new StringBuilder();
        long n = 0;
        while (true) {
            int c = peekChar(0);
            if (c < 0 || !inRun(c, name)) {
                break;
            }
            take();
            if (n++ < max) {
                sb.append((char) c);
            }
        }
        if (n > max) {
            throw error(start, what + " of " + n + " characters (at most " + max + " expected)");
        }
        return sb.toString();
    }

    private static boolean inRun(int c, boolean name) {
        return Character.isLetterOrDigit(c) || name && (c == '_' || c == '$');
    }

    private Token quoted(Position start, char quote) throws TraceFormatException {
        take();
        StringBuilder sb = new StringBuilder();
        while (true) {
            int c = peekChar(0);
            if (c < 0) {
                throw error(start, "a string literal opened here is never closed");
            }
            take();
            if (c == quote) {
                break;
            }
            if (c == '\\' && peekChar(0) >= 0) {
                char e = take();
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
                sb.append((char) c);
            }
            if (sb.length() > MAX_TEXT_CHARS) {
                throw error(start, "a string literal of more than " + MAX_TEXT_CHARS + " characters");
            }
        }
        return new Token(quote == '"' ? Kind.STRING : Kind.CHAR_LITERAL, sb.toString(), start.offset, start.line,
                start.column);
    }

    private TraceFormatException error(Position at, String what) {
        return error(file, at.line, at.column, at.offset, what);
    }

    /** A metadata error at a token: the line and column in the metadata text as well as the character offset. */
    static TraceFormatException error(Path file, Token at, String what) {
        return error(file, at.line(), at.column(), at.offset(), what);
    }

    private static TraceFormatException error(Path file, long line, long column, long offset, String what) {
        return new TraceFormatException(file, -1,
                "metadata line " + line + ", column " + column + " (character " + offset + "): " + what);
    }
}
