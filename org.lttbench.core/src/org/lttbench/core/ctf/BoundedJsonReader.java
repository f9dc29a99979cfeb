package org.lttbench.core.ctf;

import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.lttbench.core.trace.TraceFormatException;

import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;

/**
 * The JSON of a CTF 2 metadata fragment ({@link Ctf2Parser}), read without recursion and within bounds: the text must
 * be UTF-8 and one JSON value, nested at most {@value #MAX_JSON_DEPTH} levels deep, of at most
 * {@value #MAX_JSON_VALUES} values.
 */
final class BoundedJsonReader {
    /** JSON nesting deeper than this is refused (without recursion: the tree is built with an explicit stack). */
    static final int MAX_JSON_DEPTH = 200;
    /**
     * Most JSON values in one fragment: an event record class has hundreds, an enumeration of 65,536 mappings a few
     * hundred thousand; a fragment of millions would only fill the heap (a JSON value takes tens of bytes here).
     */
    static final int MAX_JSON_VALUES = 1 << 20;

    private BoundedJsonReader() {
    }

    /**
     * One JSON text, {@code bytes} from {@code from} to {@code to}: a tree of maps, lists, strings, numbers
     * (BigDecimal), booleans and nulls.
     *
     * @param error the exception to throw with a message saying what is wrong (the caller's says where)
     */
    static Object read(byte[] bytes, int from, int to, Function<String, TraceFormatException> error)
            throws TraceFormatException {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, from, to - from))
                    .toString();
        } catch (CharacterCodingException e) {
            throw error.apply("invalid JSON: the text is not UTF-8");
        }
        if (text.isBlank()) {
            throw error.apply("empty fragment: expected a JSON object after the record separator");
        }
        JsonReader in = new JsonReader(new StringReader(text));
        try {
            List<Object> stack = new ArrayList<>();
            Object root = null;
            String key = null;
            int values = 0;
            do {
                JsonToken t = in.peek();
                if (t != JsonToken.NAME && t != JsonToken.END_OBJECT && t != JsonToken.END_ARRAY
                        && ++values > MAX_JSON_VALUES) {
                    throw error.apply("more than " + MAX_JSON_VALUES + " JSON values in one fragment (this reader's limit)");
                }
                Object value;
                switch (t) {
                case BEGIN_OBJECT, BEGIN_ARRAY -> {
                    if (stack.size() >= MAX_JSON_DEPTH) {
                        throw error.apply("JSON nested more than " + MAX_JSON_DEPTH + " levels deep (this reader's limit)");
                    }
                    Object container;
                    if (t == JsonToken.BEGIN_OBJECT) {
                        in.beginObject();
                        container = new LinkedHashMap<String, Object>();
                    } else {
                        in.beginArray();
                        container = new ArrayList<Object>();
                    }
                    add(stack, key, container);
                    if (stack.isEmpty()) {
                        root = container;
                    }
                    stack.add(container);
                    key = null;
                    continue;
                }
                case END_OBJECT, END_ARRAY -> {
                    if (t == JsonToken.END_OBJECT) {
                        in.endObject();
                    } else {
                        in.endArray();
                    }
                    stack.remove(stack.size() - 1);
                    key = null;
                    continue;
                }
                case NAME -> {
                    key = in.nextName();
                    continue;
                }
                case STRING -> value = in.nextString();
                case NUMBER -> value = new BigDecimal(in.nextString());
                case BOOLEAN -> value = in.nextBoolean();
                case NULL -> {
                    in.nextNull();
                    value = null;
                }
                default -> throw error.apply("invalid JSON: unexpected " + t);
                }
                if (stack.isEmpty()) {
                    root = value;
                } else {
                    add(stack, key, value);
                }
                key = null;
            } while (!stack.isEmpty());
            if (in.peek() != JsonToken.END_DOCUMENT) {
                throw error.apply("invalid JSON: more than one JSON value in the fragment");
            }
            return root;
        } catch (TraceFormatException e) {
            throw e;
        } catch (IOException | IllegalStateException | NumberFormatException e) {
            String why = String.valueOf(e.getMessage());
            int see = why.indexOf("\nSee ");
            throw error.apply("invalid JSON: " + (see >= 0 ? why.substring(0, see) : why).strip());
        }
    }

    @SuppressWarnings("unchecked")
    private static void add(List<Object> stack, String key, Object value) {
        if (stack.isEmpty()) {
            return;
        }
        Object top = stack.get(stack.size() - 1);
        if (top instanceof Map<?, ?> m) {
            ((Map<String, Object>) m).put(key, value);
        } else {
            ((List<Object>) top).add(value);
        }
    }

    /** A JSON value in words, for error messages: {@code an object}, {@code the string "x"}... */
    static String kind(Object json) {
        if (json == null) {
            return "null";
        }
        if (json instanceof Map) {
            return "an object";
        }
        if (json instanceof List) {
            return "an array";
        }
        if (json instanceof String s) {
            return "the string \"" + s + "\"";
        }
        if (json instanceof Boolean b) {
            return b.toString();
        }
        return "the number " + json;
    }
}
