package org.lttbench.core.ctf;

import java.util.List;

/**
 * A field type as the TSDL metadata declares it, before it is compiled into a decoder. Byte orders stay
 * {@link Order#NATIVE} until compilation, because LTTng declares its type aliases before the {@code trace} block
 * that says what "native" is.
 */
sealed interface TypeDecl {

    /** Alignment in bits, as babeltrace2 computes it (structures take their widest member's, variants 1). */
    int align();

    enum Order {
        NATIVE, LITTLE, BIG
    }

    enum Encoding {
        NONE, UTF8, ASCII
    }

    /** @param clock name of the clock this integer maps to ({@code map = clock.NAME.value}), or null */
    record Int(int size, int align, boolean signed, Order order, int base, Encoding encoding, String clock)
            implements TypeDecl {
        Int withClock(String name) {
            return new Int(size, align, signed, order, base, encoding, name);
        }
    }

    /** One label and the value ranges it covers (bounds compared as signed or unsigned per the container). */
    record Mapping(String label, List<long[]> ranges) {
    }

    record Enum(Int container, List<Mapping> mappings) implements TypeDecl {
        @Override
        public int align() {
            return container.align();
        }
    }

    record Float(int expDig, int mantDig, int align, Order order) implements TypeDecl {
        int size() {
            return expDig + mantDig;
        }
    }

    record Str(Encoding encoding) implements TypeDecl {
        @Override
        public int align() {
            return 8;
        }
    }

    /** A member of a structure or an option of a variant; {@code name} is the name as written (with its underscore). */
    record Member(String name, TypeDecl type) {
    }

    record Struct(List<Member> members, int align) implements TypeDecl {
    }

    /** @param tag the tag reference as written (relative or absolute path), or null until a declaration gives it */
    record Variant(String tag, List<Member> options) implements TypeDecl {
        @Override
        public int align() {
            return 1;
        }
    }

    record Array(TypeDecl element, long length) implements TypeDecl {
        @Override
        public int align() {
            return element.align();
        }
    }

    /** @param lengthRef the length field reference as written (relative or absolute path) */
    record Sequence(TypeDecl element, String lengthRef) implements TypeDecl {
        @Override
        public int align() {
            return element.align();
        }
    }
}
