package org.lttbench.core.report;

/**
 * What a column's cells mean. Writers format by kind (durations in ms in text, ns in JSON) and LAMI maps each kind
 * to its data class. Cell values: {@link Long} for integer kinds, {@link Double} for NUMBER and RATIO, {@link String}
 * for TEXT, {@link org.lttbench.core.trace.TimeRange} for TIME_RANGE; {@code null} when unknown.
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
    TIME_RANGE("time-range"),
    /** bytes. */
    SIZE("size"),
    /** bits per second. */
    BITRATE("bitrate"),
    /** LAMI merges PID, TID and PROCESS_NAME columns of one row into one {@code process} object. */
    PID("number"),
    TID("number"),
    CPU("cpu"),
    PROCESS_NAME("string");

    private final String lamiClass;

    ColumnKind(String lamiClass) {
        this.lamiClass = lamiClass;
    }

    /** The LAMI 1.0 data class a plain cell of this kind has ({@code int} is pre-1.0: LAMI 1.0 integers are {@code number}). */
    public String lamiClass() {
        return lamiClass;
    }
}
