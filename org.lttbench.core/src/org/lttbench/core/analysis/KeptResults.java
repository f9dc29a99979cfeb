package org.lttbench.core.analysis;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.lttbench.core.analysis.process.ProcessAnalysis.TraceFacts;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.ReportArchive;
import org.lttbench.core.trace.KernelLayout;

/**
 * What one pass made, kept beside a history of the threads' states (Trace Compass's state system) so that a later
 * session shows it again without reading the traces: the reports, and what a replay of the kept states for another
 * range needs. Traces are named by their position in the set, threads by their dense index.
 *
 * <p>The file is a {@link ReportArchive} whose properties are:
 * <pre>
 * kept                      {@link #VERSION}: this layout's version
 * fingerprint               the traces' files as the caller fingerprints them: results of other files are not read
 * not-applicable.ANALYSIS   why that analysis did not apply
 * end.TRACE                 the kernel trace's end (ns)
 * facts.TRACE               userSystemKnown,ioWaitKnown,lostEvents,lostPackets,ioWaitCheckedNs,ioWaitInFlightNs,
 *                           wakerDoubt (a {@link org.lttbench.core.trace.KernelLayout.WakerDoubt})
 * device.TRACE.DEV          a block device's name (DEV: its dev_t)
 * irq.TRACE.ID              an IRQ's name (ID: its number, x86 vectors from 65536)
 * cause.CODE                a wait cause's label (every code, in order)
 * thread.INDEX              tid,trace,idleCpu,pid,kernelThread(0|1),lane,since,parent[,name]: a thread as last known
 *                           (parent: the index of the thread that forked it, -1 when the trace does not show it)
 * </pre>
 * It is written to a temporary file renamed over the old one, so a reader never sees half of it. Reading gives
 * nothing (the caller makes the results again), never an error, for a file that is missing, truncated, damaged,
 * of another version or of other files.
 */
public record KeptResults(String fingerprint, List<Report> reports, Map<String, String> notApplicable,
        Map<Integer, Long> ends, Map<Integer, TraceFacts> facts, List<String> causeLabels, List<KeptThread> threads) {

    /** Bump when the properties above change meaning. */
    public static final int VERSION = 13;

    /**
     * A thread of the kept history, as last known: who it is, its lane and since when it holds it, and when it ended
     * ({@code Long.MIN_VALUE}: alive at its trace's end).
     */
    public record KeptThread(int index, int tid, int trace, int idleCpu, int pid, boolean kernelThread, int lane,
            long since, long died, int parent, String name) {
    }

    public KeptResults {
        reports = List.copyOf(reports);
        notApplicable = Map.copyOf(notApplicable);
        ends = Map.copyOf(ends);
        facts = Map.copyOf(facts);
        causeLabels = List.copyOf(causeLabels);
        threads = List.copyOf(threads);
    }

    /** Writes the file whole or not at all (a temporary file beside it, then renamed over it). */
    public void write(Path file) throws IOException {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("kept", Integer.toString(VERSION));
        p.put("fingerprint", fingerprint);
        notApplicable.forEach((k, v) -> p.put("not-applicable." + k, v));
        new TreeMap<>(ends).forEach((t, time) -> p.put("end." + t, Long.toString(time)));
        new TreeMap<>(facts).forEach((t, f) -> {
            p.put("facts." + t, f.userSystemKnown() + "," + f.ioWaitKnown() + "," + f.lostEvents() + "," + f.lostPackets()
                    + "," + f.ioWaitCheckedNs() + "," + f.ioWaitInFlightNs() + "," + f.wakerDoubt());
            new TreeMap<>(f.deviceNames()).forEach((dev, name) -> p.put("device." + t + "." + dev, name));
            new TreeMap<>(f.irqNames()).forEach((id, name) -> p.put("irq." + t + "." + id, name));
        });
        for (int i = 0; i < causeLabels.size(); i++) {
            p.put("cause." + i, causeLabels.get(i));
        }
        for (KeptThread t : threads) {
            p.put("thread." + t.index(), t.tid() + "," + t.trace() + "," + t.idleCpu() + "," + t.pid() + ","
                    + (t.kernelThread() ? 1 : 0) + "," + t.lane() + "," + t.since() + "," + t.died() + "," + t.parent()
                    + (t.name() == null ? "" : "," + t.name()));
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            ReportArchive.write(reports, p, out);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * The results kept in {@code file} for files of that fingerprint, or null when there are none to trust (missing,
     * truncated, damaged, of another version, of other files): then they are made again.
     */
    public static KeptResults read(Path file, String fingerprint) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            ReportArchive.Contents contents = ReportArchive.read(in);
            Map<String, String> p = contents.properties();
            if (!Integer.toString(VERSION).equals(p.get("kept")) || !fingerprint.equals(p.get("fingerprint"))) {
                return null;
            }
            Map<String, String> notApplicable = new LinkedHashMap<>();
            Map<Integer, Long> ends = new HashMap<>();
            Map<Integer, String[]> facts = new HashMap<>();
            Map<Integer, Map<Long, String>> devices = new HashMap<>();
            Map<Integer, Map<Integer, String>> irqs = new HashMap<>();
            Map<Integer, String> causes = new TreeMap<>();
            List<KeptThread> threads = new ArrayList<>();
            for (var e : p.entrySet()) {
                String key = e.getKey();
                String value = e.getValue();
                String[] k = key.split("\\.", 3);
                switch (k[0]) {
                    case "not-applicable" -> notApplicable.put(key.substring("not-applicable.".length()), value);
                    case "end" -> ends.put(Integer.parseInt(k[1]), Long.parseLong(value));
                    case "facts" -> facts.put(Integer.parseInt(k[1]), value.split(","));
                    case "device" -> devices.computeIfAbsent(Integer.parseInt(k[1]), t -> new HashMap<>())
                            .put(Long.parseLong(k[2]), value);
                    case "irq" -> irqs.computeIfAbsent(Integer.parseInt(k[1]), t -> new HashMap<>())
                            .put(Integer.parseInt(k[2]), value);
                    case "cause" -> causes.put(Integer.parseInt(k[1]), value);
                    case "thread" -> threads.add(thread(Integer.parseInt(k[1]), value));
                    default -> {
                        // kept, fingerprint
                    }
                }
            }
            Map<Integer, TraceFacts> traceFacts = new HashMap<>();
            facts.forEach((t, f) -> traceFacts.put(t, new TraceFacts(Boolean.parseBoolean(f[0]), Boolean.parseBoolean(f[1]),
                    Long.parseLong(f[2]), Long.parseLong(f[3]), devices.getOrDefault(t, Map.of()), Long.parseLong(f[4]),
                    Long.parseLong(f[5]), irqs.getOrDefault(t, Map.of()), KernelLayout.WakerDoubt.valueOf(f[6]))));
            List<String> labels = new ArrayList<>();
            for (var c : causes.entrySet()) {
                if (c.getKey() != labels.size()) {
                    return null; // a code missing: not what was written
                }
                labels.add(c.getValue());
            }
            return new KeptResults(fingerprint, contents.reports(), notApplicable, ends, traceFacts, labels, threads);
        } catch (IOException | RuntimeException e) {
            return null; // damaged or truncated: made again
        }
    }

    private static KeptThread thread(int index, String kept) {
        String[] f = kept.split(",", 10);
        return new KeptThread(index, Integer.parseInt(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2]),
                Integer.parseInt(f[3]), "1".equals(f[4]), Integer.parseInt(f[5]), Long.parseLong(f[6]),
                Long.parseLong(f[7]), Integer.parseInt(f[8]), f.length > 9 ? f[9] : null);
    }
}
