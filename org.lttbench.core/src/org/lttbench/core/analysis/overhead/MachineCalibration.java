package org.lttbench.core.analysis.overhead;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/**
 * What one LTTng-UST event costs on one machine, as {@code lttbench calibrate} measured it there: the workload's own
 * CPU time per iteration with the tracepoint traced, less without it, in the largest lossless discard-mode channel of
 * the sweep, without contexts and with the contexts {@code vpid}, {@code vtid}, {@code procname}. This is the
 * tracer's cost alone, which a trace of a real program cannot isolate from the program's work between its events.
 * And, from calibrations that measured it (those {@code lttbench calibrate} writes since it does), what an event with
 * the three contexts costs after a gap of some work since its thread's previous event ({@link GapCostCurve}): more
 * than back to back, since the tracer's code and buffer have left the caches.
 *
 * @param host             the machine it was measured on (its hostname), or null when the file does not say
 * @param withoutContextsNs ns per event without contexts, back to back (the tight loop)
 * @param withContextsNs   ns per event with the three contexts, back to back
 * @param gapCost          ns per event with the three contexts by the gap before it, or null: an older calibration
 * @param source           the calibration file
 */
public record MachineCalibration(String host, double withoutContextsNs, double withContextsNs, GapCostCurve gapCost,
        Path source) {

    /** A calibration of the tight loop only, as older {@code lttbench calibrate} wrote them. */
    public MachineCalibration(String host, double withoutContextsNs, double withContextsNs, Path source) {
        this(host, withoutContextsNs, withContextsNs, null, source);
    }

    /** The contexts the calibration measures with (and without). */
    public static final List<String> CONTEXTS = List.of("vpid", "vtid", "procname");

    /** The file {@code lttbench calibrate --out DIR} writes the calibration to. */
    public static final String FILE = "calibration.json";
    /**
     * The calibration's table of costs by the gap between events: {@code gap_ns} (the median gap from an event to its
     * thread's next one in the run's trace), {@code cost_ns}, and the counts that say the trace kept every event.
     */
    public static final String GAP_COST_TABLE = "calibration_gap_cost";

    /**
     * What an event costs with these context fields: the cost without contexts, plus a third of the three contexts'
     * cost per context it records (any context field counts as one of them).
     */
    public double eventNs(Collection<String> contexts) {
        int n = Math.min(contexts.size(), CONTEXTS.size());
        return withoutContextsNs + (withContextsNs - withoutContextsNs) * n / CONTEXTS.size();
    }

    /**
     * What an event with these contexts costs after the gaps of a histogram (the time since its thread's previous
     * event): the cost by gap with the three contexts, averaged over the gaps, less a third of the contexts' cost (as
     * the tight loop measured it) per context it does not record. Null without the cost by gap or without gaps.
     */
    public GapCostCurve.Reading eventNs(Collection<String> contexts, GapHistogram gapsBefore) {
        GapCostCurve.Reading r = gapCost == null ? null : gapCost.over(gapsBefore);
        if (r == null) {
            return null;
        }
        double fewerContexts = withContextsNs - eventNs(contexts);
        return new GapCostCurve.Reading(Math.max(0, r.ns() - fewerContexts), r.shortShare(), r.longShare());
    }

    /** One line saying where the figures come from, for notes. */
    public String describe() {
        return String.format(Locale.ROOT, "%s%s: %.1f ns per event without contexts, %.1f ns with vpid, vtid, procname",
                source, host == null ? "" : " (host " + host + ")", withoutContextsNs, withContextsNs)
                + (gapCost == null ? "" : " back to back; by the gap since the thread's previous event, with them: "
                        + gapCost.describe());
    }

    /**
     * Whether a traced run of the sweep measures the cost of an event: a discard-mode channel that kept every event
     * the workload emitted (a lossy run costs less per event than a kept event does). {@code lttbench calibrate} runs
     * again until one of each context set does, so that {@link #read} never refuses what it writes.
     */
    public static boolean measures(boolean overwrite, long discarded, long overwritten, long captured, long emitted) {
        return !overwrite && discarded == 0 && overwritten == 0 && captured == emitted;
    }

    /**
     * Reads the calibration that {@code lttbench calibrate --out DIR} wrote: {@code DIR} or {@code DIR/calibration.json}.
     *
     * @throws IOException naming the file and what it lacks when it is not a calibration
     */
    public static MachineCalibration read(Path path) throws IOException {
        Path file = Files.isDirectory(path) ? path.resolve(FILE) : path;
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + ": no calibration there (lttbench calibrate --out DIR writes DIR/" + FILE + ")");
        }
        JsonObject json;
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            JsonElement e = JsonParser.parseReader(r);
            if (!e.isJsonObject()) {
                throw new IOException(file + ": not a calibration (expected a JSON object)");
            }
            json = e.getAsJsonObject();
        } catch (JsonParseException e) {
            throw new IOException(file + ": not a calibration (not JSON: " + e.getMessage() + ")");
        }
        JsonArray rows = json.has("calibration_tracing") && json.get("calibration_tracing").isJsonArray()
                ? json.getAsJsonArray("calibration_tracing") : null;
        if (rows == null) {
            throw new IOException(file + ": not a calibration (no calibration_tracing table)");
        }
        double[] best = { Double.NaN, Double.NaN };
        long[] bestBuffer = { -1, -1 };
        for (JsonElement e : rows) {
            JsonObject row = e.getAsJsonObject();
            if (!measures("overwrite".equals(text(row, "mode")), (long) number(row, "discarded"),
                    (long) number(row, "overwritten"), (long) number(row, "captured"), (long) number(row, "emitted"))
                    || Double.isNaN(number(row, "overhead_ns"))) {
                continue;
            }
            int k = "none".equals(text(row, "contexts")) ? 0 : 1;
            long buffer = (long) (number(row, "subbuf_bytes") * number(row, "subbufs"));
            if (buffer > bestBuffer[k]) {
                bestBuffer[k] = buffer;
                best[k] = number(row, "overhead_ns");
            }
        }
        if (Double.isNaN(best[0]) || Double.isNaN(best[1])) {
            throw new IOException(file + ": the calibration has no lossless discard-mode run "
                    + (Double.isNaN(best[0]) ? "without contexts" : "with contexts") + " (run lttbench calibrate again)");
        }
        String host = null;
        if (json.has("calibration_machine") && json.get("calibration_machine").isJsonArray()
                && json.getAsJsonArray("calibration_machine").size() > 0) {
            host = text(json.getAsJsonArray("calibration_machine").get(0).getAsJsonObject(), "host");
        }
        return new MachineCalibration(host, best[0], best[1], gapCost(json), file);
    }

    /**
     * The cost by gap, from the rows whose trace kept every event: per amount of work ({@code work_ns}), the median gap
     * and the median cost over its rounds. Null when the calibration has none.
     */
    private static GapCostCurve gapCost(JsonObject json) {
        if (!json.has(GAP_COST_TABLE) || !json.get(GAP_COST_TABLE).isJsonArray()) {
            return null;
        }
        java.util.Map<Double, List<double[]>> byWork = new java.util.TreeMap<>();
        for (JsonElement e : json.getAsJsonArray(GAP_COST_TABLE)) {
            if (!e.isJsonObject()) {
                continue;
            }
            JsonObject row = e.getAsJsonObject();
            double gap = number(row, "gap_ns");
            double cost = number(row, "cost_ns");
            if (number(row, "discarded") == 0 && number(row, "captured") == number(row, "emitted")
                    && Double.isFinite(gap) && Double.isFinite(cost)) {
                double work = number(row, "work_ns");
                byWork.computeIfAbsent(Double.isNaN(work) ? gap : work, w -> new java.util.ArrayList<>())
                        .add(new double[] { gap, cost });
            }
        }
        List<GapCostCurve.Point> points = new java.util.ArrayList<>();
        for (List<double[]> rounds : byWork.values()) {
            points.add(new GapCostCurve.Point(median(rounds, 0), median(rounds, 1)));
        }
        return GapCostCurve.of(points);
    }

    /** The median of one component of the rows (the mean of the middle two of an even count). */
    private static double median(List<double[]> rows, int component) {
        double[] v = rows.stream().mapToDouble(r -> r[component]).sorted().toArray();
        return (v[(v.length - 1) / 2] + v[v.length / 2]) / 2;
    }

    private static String text(JsonObject row, String key) {
        JsonElement e = row.get(key);
        return e == null || e.isJsonNull() ? null : e.getAsString();
    }

    private static double number(JsonObject row, String key) {
        JsonElement e = row.get(key);
        return e == null || e.isJsonNull() || !e.isJsonPrimitive() || !e.getAsJsonPrimitive().isNumber() ? Double.NaN
                : e.getAsDouble();
    }
}
