package org.lttbench.core.kernel;

/**
 * What a block request does, from its {@code rwbs} field: lttng-modules writes it as the flags of its
 * {@code RWBS_FLAG_*} enum (instrumentation/events/block.h: write 1 << 0, discard 1 << 1, read 1 << 2, flush 1 << 8
 * from Linux 4.8's op split; the low three have kept their values in every version); perf's CTF conversion as the
 * kernel's letters ({@code "R"}, {@code "WS"}, {@code "FF"}, {@code "D"}: blktrace's {@code rwbs} string).
 */
public enum BlockOperation {
    READ("read"), WRITE("write"), DISCARD("discard"), FLUSH("flush"), OTHER("other");

    private static final long WRITE_FLAG = 1L << 0, DISCARD_FLAG = 1L << 1, READ_FLAG = 1L << 2, FLUSH_FLAG = 1L << 8;

    private final String label;

    BlockOperation(String label) {
        this.label = label;
    }

    /** How tables name it: {@code read}, {@code write}... */
    public String label() {
        return label;
    }

    /** The operation of lttng-modules' {@code rwbs} flags. */
    public static BlockOperation of(long rwbs) {
        if ((rwbs & DISCARD_FLAG) != 0) {
            return DISCARD; // a secure erase too (discard | secure)
        }
        if ((rwbs & WRITE_FLAG) != 0) {
            return WRITE;
        }
        if ((rwbs & READ_FLAG) != 0) {
            return READ;
        }
        return (rwbs & FLUSH_FLAG) != 0 ? FLUSH : OTHER;
    }

    /** The operation of the kernel's {@code rwbs} letters (perf): the first of D, W, R, F that it holds. */
    public static BlockOperation of(String rwbs) {
        if (rwbs == null) {
            return OTHER;
        }
        if (rwbs.indexOf('D') >= 0) {
            return DISCARD;
        }
        if (rwbs.indexOf('W') >= 0) {
            return WRITE;
        }
        if (rwbs.indexOf('R') >= 0) {
            return READ;
        }
        return rwbs.indexOf('F') >= 0 ? FLUSH : OTHER;
    }
}
