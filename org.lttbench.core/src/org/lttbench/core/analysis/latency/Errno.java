package org.lttbench.core.analysis.latency;

/**
 * Linux's error numbers by name, as a failed system call returns them negated: the generic ones of
 * include/uapi/asm-generic/errno-base.h and errno.h (x86, ARM, RISC-V and most architectures share them; alpha, MIPS,
 * PA-RISC and SPARC number some otherwise), and the kernel's own (include/linux/errno.h) that a trace shows where a
 * call was interrupted to restart ({@code ERESTARTSYS}). Where two names share a number, the kernel's first one
 * ({@code EDEADLK}, {@code EOPNOTSUPP}).
 */
final class Errno {
    /** Returns from -{@value #MAX} to -1 are errors (the kernel's {@code IS_ERR_VALUE}); others are results. */
    static final long MAX = 4095;

    private static final String[] GENERIC = {
            null, "EPERM", "ENOENT", "ESRCH", "EINTR", "EIO", "ENXIO", "E2BIG", "ENOEXEC", "EBADF", "ECHILD", "EAGAIN",
            "ENOMEM", "EACCES", "EFAULT", "ENOTBLK", "EBUSY", "EEXIST", "EXDEV", "ENODEV", "ENOTDIR", "EISDIR",
            "EINVAL", "ENFILE", "EMFILE", "ENOTTY", "ETXTBSY", "EFBIG", "ENOSPC", "ESPIPE", "EROFS", "EMLINK", "EPIPE",
            "EDOM", "ERANGE", "EDEADLK", "ENAMETOOLONG", "ENOLCK", "ENOSYS", "ENOTEMPTY", "ELOOP", null, "ENOMSG",
            "EIDRM", "ECHRNG", "EL2NSYNC", "EL3HLT", "EL3RST", "ELNRNG", "EUNATCH", "ENOCSI", "EL2HLT", "EBADE",
            "EBADR", "EXFULL", "ENOANO", "EBADRQC", "EBADSLT", null, "EBFONT", "ENOSTR", "ENODATA", "ETIME", "ENOSR",
            "ENONET", "ENOPKG", "EREMOTE", "ENOLINK", "EADV", "ESRMNT", "ECOMM", "EPROTO", "EMULTIHOP", "EDOTDOT",
            "EBADMSG", "EOVERFLOW", "ENOTUNIQ", "EBADFD", "EREMCHG", "ELIBACC", "ELIBBAD", "ELIBSCN", "ELIBMAX",
            "ELIBEXEC", "EILSEQ", "ERESTART", "ESTRPIPE", "EUSERS", "ENOTSOCK", "EDESTADDRREQ", "EMSGSIZE",
            "EPROTOTYPE", "ENOPROTOOPT", "EPROTONOSUPPORT", "ESOCKTNOSUPPORT", "EOPNOTSUPP", "EPFNOSUPPORT",
            "EAFNOSUPPORT", "EADDRINUSE", "EADDRNOTAVAIL", "ENETDOWN", "ENETUNREACH", "ENETRESET", "ECONNABORTED",
            "ECONNRESET", "ENOBUFS", "EISCONN", "ENOTCONN", "ESHUTDOWN", "ETOOMANYREFS", "ETIMEDOUT", "ECONNREFUSED",
            "EHOSTDOWN", "EHOSTUNREACH", "EALREADY", "EINPROGRESS", "ESTALE", "EUCLEAN", "ENOTNAM", "ENAVAIL",
            "EISNAM", "EREMOTEIO", "EDQUOT", "ENOMEDIUM", "EMEDIUMTYPE", "ECANCELED", "ENOKEY", "EKEYEXPIRED",
            "EKEYREVOKED", "EKEYREJECTED", "EOWNERDEAD", "ENOTRECOVERABLE", "ERFKILL", "EHWPOISON" };
    private static final String[] KERNEL = { "ERESTARTSYS", "ERESTARTNOINTR", "ERESTARTNOHAND", "ENOIOCTLCMD",
            "ERESTART_RESTARTBLOCK", "EPROBE_DEFER", "EOPENSTALE", "ENOPARAM", null, "EBADHANDLE", "ENOTSYNC",
            "EBADCOOKIE", "ENOTSUPP", "ETOOSMALL", "ESERVERFAULT", "EBADTYPE", "EJUKEBOX", "EIOCBQUEUED",
            "ERECALLCONFLICT" };
    /** The first of the kernel's own numbers. */
    private static final int KERNEL_FIRST = 512;

    private Errno() {
    }

    /** Whether a system call's return value is an error. */
    static boolean isError(long ret) {
        return ret < 0 && ret >= -MAX;
    }

    /** The name of an error number ({@code EAGAIN}), or {@code errno N} for one without a name here. */
    static String name(long errno) {
        String n = null;
        if (errno > 0 && errno < GENERIC.length) {
            n = GENERIC[(int) errno];
        } else if (errno >= KERNEL_FIRST && errno < KERNEL_FIRST + KERNEL.length) {
            n = KERNEL[(int) errno - KERNEL_FIRST];
        }
        return n != null ? n : "errno " + errno;
    }
}
