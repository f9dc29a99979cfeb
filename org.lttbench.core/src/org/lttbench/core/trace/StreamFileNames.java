package org.lttbench.core.trace;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How LTTng names a trace's stream files: {@code <channel>_<cpu>}, and {@code <channel>_<cpu>_<n>} for the files of a
 * stream rotated with {@code --tracefile-size}. What a name says only where the trace's data does not (the reader takes
 * a stream's files from their packet headers, Trace Compass's events give only the file's name).
 */
public final class StreamFileNames {
    private static final Pattern ROTATED = Pattern.compile("(.*)_(\\d+)_(\\d+)");
    private static final Pattern PER_CPU = Pattern.compile("(.*)_(\\d+)");

    private StreamFileNames() {
    }

    /**
     * The channel of a stream file: its name without {@code _<cpu>} (when that is the stream's CPU, or the CPU is not
     * known: -1) and, in a trace whose streams are rotated, without {@code _<n>}; the name itself otherwise.
     */
    public static String channel(String fileName, int cpu, boolean rotation) {
        Matcher m = ROTATED.matcher(fileName);
        if (rotation && m.matches() && (cpu < 0 || m.group(2).equals(Integer.toString(cpu)))) {
            return m.group(1);
        }
        m = PER_CPU.matcher(fileName);
        if (m.matches() && (cpu < 0 || m.group(2).equals(Integer.toString(cpu)))) {
            return m.group(1);
        }
        return fileName;
    }

    /** The CPU a stream's name says ({@code <channel>_<cpu>}), or -1. */
    public static int cpu(String streamName) {
        Matcher m = PER_CPU.matcher(streamName);
        return m.matches() ? Integer.parseInt(m.group(2)) : -1;
    }

    /** The stream a rotated file's name says it belongs to ({@code <channel>_<cpu>}), or null when it is not one. */
    public static String rotatedStream(String fileName) {
        Matcher m = ROTATED.matcher(fileName);
        return m.matches() ? m.group(1) + "_" + m.group(2) : null;
    }

    /** A rotated file's place among its stream's files ({@code _<n>}), or 0. */
    public static long rotation(String fileName) {
        Matcher m = ROTATED.matcher(fileName);
        return m.matches() ? Long.parseLong(m.group(3)) : 0;
    }
}
