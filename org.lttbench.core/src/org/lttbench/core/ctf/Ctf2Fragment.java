package org.lttbench.core.ctf;

import static org.lttbench.core.ctf.BoundedJsonReader.kind;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.Map;

import org.lttbench.core.trace.TraceFormatException;

/**
 * The CTF 2 metadata fragment being read: where it is (its number, first is 1, its byte offset in the metadata file,
 * and what it is), the errors that name it, and its JSON properties read as the types CTF 2 gives them.
 */
final class Ctf2Fragment {
    private static final BigInteger MIN_LONG = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger MAX_ULONG = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private final Path file;
    /** The fragment being read (numbered from 1), its file offset, and what it is (its type, then its name or ID). */
    int number;
    long offset;
    String description;

    Ctf2Fragment(Path file) {
        this.file = file;
    }

    /** A metadata error at the current fragment. */
    TraceFormatException error(String what) {
        String where = "fragment " + number + (description == null ? "" : " (" + description + ")");
        return new TraceFormatException(file, offset, "CTF 2 metadata " + where + ": " + what);
    }

    /** Where the fragment is, for the model's declarations to name it. */
    Metadata.Origin origin() {
        return new Metadata.Origin(number, offset, description);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> obj(Map<?, ?> map) {
        return (Map<String, Object>) map;
    }

    /** Extensions may change the format: a consumer must refuse the trace when it does not know them. */
    void noExtensions(Map<String, Object> object, String what) throws TraceFormatException {
        Object ext = object.get("extensions");
        if (ext instanceof Map<?, ?> m && !m.isEmpty()) {
            Object ns = m.keySet().iterator().next();
            Object names = m.get(ns);
            String name = names instanceof Map<?, ?> n && !n.isEmpty() ? "/" + n.keySet().iterator().next() : "";
            throw error("the " + what + " uses the extension " + ns + name
                    + ", which this reader does not support (CTF 2 readers must refuse unknown extensions)");
        }
        if (ext != null && !(ext instanceof Map)) {
            throw error("\"extensions\" must be an object, not " + kind(ext));
        }
    }

    Object required(Map<String, Object> object, String key, String at) throws TraceFormatException {
        Object v = object.get(key);
        if (v == null) {
            throw error(at + ": \"" + key + "\" is required");
        }
        return v;
    }

    Object required(Map<String, Object> object, String key) throws TraceFormatException {
        Object v = object.get(key);
        if (v == null) {
            throw error("\"" + key + "\" is required");
        }
        return v;
    }

    String string(Map<String, Object> object, String key, boolean required) throws TraceFormatException {
        Object v = object.get(key);
        if (v instanceof String s) {
            return s;
        }
        if (v == null && !required) {
            return null;
        }
        throw error("\"" + key + "\" must be a string, not " + (v == null ? "missing" : kind(v)));
    }

    BigInteger bigInteger(Object json, String what) throws TraceFormatException {
        if (json instanceof BigDecimal d) {
            if (d.signum() != 0 && d.precision() - d.scale() > 21) {
                // more than 21 digits before the point (1e999999999): too large, said without computing it
                throw error(what + ": " + d + " does not fit in 64 bits");
            }
            try {
                BigInteger v = d.toBigIntegerExact();
                if (v.compareTo(MIN_LONG) < 0 || v.compareTo(MAX_ULONG) > 0) {
                    throw error(what + ": " + v + " does not fit in 64 bits");
                }
                return v;
            } catch (ArithmeticException e) {
                // not an integer
            }
        }
        throw error(what + " must be an integer, not " + kind(json));
    }

    /** A JSON integer as a 64-bit pattern (above the signed range: unsigned). */
    long integer(Object json, String what) throws TraceFormatException {
        return bigInteger(json, what).longValue();
    }

    long unsigned(Object json, String what) throws TraceFormatException {
        BigInteger v = bigInteger(json, what);
        if (v.signum() < 0) {
            throw error("\"" + what + "\" must not be negative (" + v + ")");
        }
        return v.longValue();
    }
}
