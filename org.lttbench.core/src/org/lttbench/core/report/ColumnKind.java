package org.lttbench.core.report;

/**
 * What a column's cells mean. Writers format by kind (in text, durations scaled with their unit, sizes in KiB/MiB,
 * rates per second; raw ns, bytes and fractions in JSON and CSV) and LAMI maps each kind to its data class. Cell
 * values: {@link Long} for integer kinds, {@link Double} for NUMBER, RATIO, FRACTIONAL_DURATION, RATE and BYTE_RATE,
 * {@link String} for TEXT, PROCESS_NAME and TRACE, {@link org.lttbench.core.trace.TimeRange} for TIME_RANGE;
 * {@code null} when unknown.
 */
public enum ColumnKind {
    TEXT("string"),
    INTEGER("number"),
    NUMBER("number"),
    /** A fraction in [0, 1]; shown as a percentage in text. */
    RATIO("ratio"),
    /** ns since the epoch. */
    TIMESTAMP("timestamp"),
    /** ns. */
    DURATION("duration"),
    /**
     * ns with a fraction ({@link Double}: a mean, a percentile, an estimate): shown as a duration in text, a plain
     * number in LAMI (its title says ns).
     */
    FRACTIONAL_DURATION("number", "ns"),
    TIME_RANGE("time-range"),
    /** bytes. */
    SIZE("size"),
    /** bits per second. */
    BITRATE("bitrate"),
    /** Things (events, packets) per second ({@link Double}). */
    RATE("number", "/s"),
    /** Bytes per second ({@link Double}); shown in KiB/s, MiB/s... in text. */
    BYTE_RATE("number", "B/s"),
    /** LAMI merges PID, TID and PROCESS_NAME columns of one row into one {@code process} object. */
    PID("number"),
    TID("number"),
    CPU("cpu"),
    PROCESS_NAME("string"),
    /**
     * A trace directory (its path, as read): text names every trace of a run the same way in every table, by its
     * path below the directory the run's traces share ({@link TraceNames}).
     */
    TRACE("string"),
    /** A system call's name ({@link String}): LAMI's {@code syscall} object, as lttng-analyses' tables have it. */
    SYSCALL("syscall"),
    /** A disk's name ({@link String}): LAMI's {@code disk} object. */
    DISK("disk"),
    /** A file's path ({@link String}): LAMI's {@code path} object. */
    PATH("path"),
    /** A network interface's name ({@link String}): LAMI's {@code netif} object. */
    NETIF("netif"),
    /** A file descriptor ({@link Long}): LAMI's {@code fd} object. */
    FD("fd"),
    /** Yes or no ({@link Boolean}): LAMI's {@code bool} object. */
    BOOLEAN("bool"),
    /** An interrupt handler ({@link Interrupt}: hard or soft, number, name): LAMI's {@code irq} object. */
    IRQ("irq");

    private final String lamiClass;
    private final String rawUnit;

    ColumnKind(String lamiClass) {
        this(lamiClass, null);
    }

    ColumnKind(String lamiClass, String rawUnit) {
        this.lamiClass = lamiClass;
        this.rawUnit = rawUnit;
    }

    /** The LAMI 1.0 data class a plain cell of this kind has ({@code int} is pre-1.0: LAMI 1.0 integers are {@code number}). */
    public String lamiClass() {
        return lamiClass;
    }

    /**
     * The unit of a raw value that its LAMI class does not say (a plain number of ns, per second, bytes per second),
     * for titles where the cell is a bare number; {@code null} otherwise.
     */
    public String rawUnit() {
        return rawUnit;
    }

    /** The class of this kind's cells (null cells aside): what tables hold and what writers and files expect. */
    public Class<?> cellType() {
        return CELL_TYPES[ordinal()];
    }

    /** Each kind's cell type, looked up once: a table checks every cell it is given. */
    private static final Class<?>[] CELL_TYPES = java.util.Arrays.stream(values()).map(ColumnKind::typeOfCells)
            .toArray(Class<?>[]::new);

    private Class<?> typeOfCells() {
        return switch (this) {
            case TEXT, PROCESS_NAME, TRACE, SYSCALL, DISK, PATH, NETIF -> String.class;
            case BOOLEAN -> Boolean.class;
            case IRQ -> Interrupt.class;
            case NUMBER, RATIO, FRACTIONAL_DURATION, RATE, BYTE_RATE -> Double.class;
            case TIME_RANGE -> org.lttbench.core.trace.TimeRange.class;
            default -> Long.class;
        };
    }
}
