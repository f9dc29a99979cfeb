package org.lttbench.core.ctf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.lttbench.core.ctf.DecodeState.DecodeException;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.StreamFileNames;
import org.lttbench.core.trace.TraceFormatException;
import org.lttbench.core.trace.UnreadFile;

/**
 * Builds the traces of a trace set from their directories, the way babeltrace2's {@code src.ctf.fs} does:
 * directories whose metadata share a UUID are one trace (the widest metadata wins), and stream files whose first
 * packets name the same stream class and {@code stream_instance_id} are one stream, its files ordered by their
 * first packet's time (tracefile rotation, session rotation). Unlike babeltrace2, directories that share a UUID
 * but whose streams overlap (copies of one trace, snapshots of one session) are separate traces: merging them would
 * read their common packets twice and count the sequence numbers going back as negative losses.
 */
final class TraceBuilder {

    private int nextStreamIndex;
    private int nextEventIndex;
    /** Entries of the trace directories that should be stream files but cannot be read as such, by path. */
    private final Map<Path, UnreadFile> unread = new LinkedHashMap<>();

    /** What a stream file's first packet says ({@code sequence} -1 when the packet context has none). */
    record Probe(Path dir, StreamFile file, StreamClassDecoder streamClass, long instance, long beginNs, int cpu,
            long sequence) {
    }

    /** Packets overlapping by less than this are one stream's usual jitter (seen in real traces), not a copy. */
    private static final long OVERLAP_TOLERANCE_NS = 10_000;

    List<CtfTrace> build(List<Path> directories) throws IOException {
        Map<String, List<Path>> byUuid = new LinkedHashMap<>();
        Map<Path, Metadata> metadata = new LinkedHashMap<>();
        for (Path dir : directories) {
            Metadata m = MetadataFile.read(dir);
            metadata.put(dir, m);
            String key = m.uuidString() != null ? m.uuidString() : dir.toString();
            byUuid.computeIfAbsent(key, k -> new ArrayList<>()).add(dir);
        }
        List<CtfTrace> traces = new ArrayList<>();
        for (List<Path> group : byUuid.values()) {
            Metadata winner = null;
            for (Path dir : group) {
                Metadata m = metadata.get(dir);
                if (winner == null || m.classCount() > winner.classCount()) {
                    winner = m;
                }
            }
            if (group.size() > 1 && overlapping(group, winner)) {
                for (Path dir : group) {
                    traces.add(trace(List.of(dir), metadata.get(dir)));
                }
            } else {
                traces.add(trace(group, winner));
            }
        }
        return traces;
    }

    /** The stream files left unread by the last {@link #build}, in the order found. */
    List<UnreadFile> unread() {
        return List.copyOf(unread.values());
    }

    /**
     * Whether directories sharing a UUID hold overlapping parts of one stream (copies, snapshots), rather than the
     * consecutive chunks of a session rotation: a stream's file in one directory begins before the same stream's file
     * in another ends (by packet sequence numbers where the packets have them, else by time).
     */
    private boolean overlapping(List<Path> dirs, Metadata md) throws IOException {
        Map<Long, StreamClassDecoder> classes = classes(md);
        Map<List<Object>, List<Probe>> byStream = new LinkedHashMap<>();
        for (Path dir : dirs) {
            for (StreamFile f : streamFiles(dir)) {
                Probe p = probeOrNote(dir, f, classes, md.ctf2);
                if (p != null && p.beginNs() != -1) {
                    // without a stream_instance_id (before LTTng 2.4), the file's name is the stream's
                    Object instance = p.instance() != -1 ? (Object) p.instance() : f.path.getFileName().toString();
                    byStream.computeIfAbsent(List.of(p.streamClass().id, instance), k -> new ArrayList<>()).add(p);
                }
            }
        }
        for (List<Probe> files : byStream.values()) {
            files.sort(Comparator.comparingLong(Probe::beginNs));
            for (int i = 1; i < files.size(); i++) {
                Probe prev = files.get(i - 1);
                Probe next = files.get(i);
                if (prev.dir().equals(next.dir())) {
                    continue; // tracefile rotation within one directory
                }
                long[] last = lastPacket(prev, md);
                boolean overlap = prev.sequence() >= 0 && next.sequence() >= 0 ? next.sequence() <= last[1]
                        : next.beginNs() < last[0] - OVERLAP_TOLERANCE_NS;
                if (overlap || next.beginNs() == prev.beginNs()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The end time and sequence number of a stream file's last packet (-1 where unknown). */
    private static long[] lastPacket(Probe p, Metadata md) throws IOException {
        String name = p.file().path.getFileName().toString();
        CtfStream one = new CtfStream(null, name, name, p.cpu(), -1, p.instance(), p.streamClass(), List.of(p.file()));
        StreamReader r = new StreamReader(one, md.uuid, new ReadProgress(ProgressListener.NONE, p.file().size));
        long[] last = { -1, -1 };
        try {
            while (r.loadPacket()) {
                last[0] = r.endNs();
                last[1] = r.sequenceNumber();
            }
        } finally {
            r.release();
        }
        return last;
    }

    static Map<Long, StreamClassDecoder> classes(Metadata md) throws TraceFormatException {
        Map<Long, StreamClassDecoder> classes = new LinkedHashMap<>();
        for (Metadata.StreamDecl decl : md.streams.values()) {
            classes.put(decl.id, new StreamClassDecoder(md, decl));
        }
        return classes;
    }

    private CtfTrace trace(List<Path> dirs, Metadata md) throws IOException {
        CtfTrace trace = new CtfTrace(dirs, md);
        Map<Long, StreamClassDecoder> classes = compile(trace, md);
        List<Probe> probes = new ArrayList<>();
        List<UnreadFile> unreadHere = new ArrayList<>();
        for (Path dir : dirs) {
            for (StreamFile f : streamFiles(dir)) {
                Probe p = probeOrNote(dir, f, classes, md.ctf2);
                if (p != null) {
                    probes.add(p);
                }
            }
            for (UnreadFile u : unread.values()) {
                if (u.file().getParent().equals(dir)) {
                    unreadHere.add(u);
                }
            }
        }
        if (probes.isEmpty() && !unreadHere.isEmpty()) {
            // Nothing of this trace can be read: that is an unreadable trace, not a read in part.
            UnreadFile first = unreadHere.get(0);
            throw new TraceFormatException(first.file(), -1, first.reason() + (unreadHere.size() > 1 ? " (and "
                    + (unreadHere.size() - 1) + " more stream files of the trace cannot be read either)" : ""));
        }
        addStreams(trace, probes);
        return trace;
    }

    /** The decoders of the metadata's stream classes, with their event classes (added to {@code trace}). */
    Map<Long, StreamClassDecoder> compile(CtfTrace trace, Metadata md) throws TraceFormatException {
        Map<Long, StreamClassDecoder> classes = classes(md);
        Map<Long, Integer> eventsPerStream = new LinkedHashMap<>();
        for (Metadata.EventDecl e : md.events) {
            eventsPerStream.merge(e.streamId, 1, Integer::sum);
        }
        for (Metadata.EventDecl e : md.events) {
            long id = e.id;
            if (id == -1) {
                if (eventsPerStream.get(e.streamId) != 1) {
                    throw new TraceFormatException(md.file, -1, "event " + e.name + " has no id and its stream class has "
                            + eventsPerStream.get(e.streamId) + " event classes");
                }
                id = 0;
            }
            CtfEventType t = new CtfEventType(e.name, id, nextEventIndex++, trace);
            try {
                classes.get(e.streamId).add(t, e);
            } catch (TraceFormatException x) {
                if (md.ctf2) {
                    throw x; // it names the fragment already
                }
                String why = x.file() != null && x.getMessage().startsWith(x.file() + ": ")
                        ? x.getMessage().substring(x.file().toString().length() + 2) : x.getMessage();
                throw new TraceFormatException(md.file, -1, "event " + e.name + ": " + why, x);
            }
            trace.eventTypes.add(t);
        }
        return classes;
    }

    /**
     * Regular, non-hidden, non-empty files of a trace directory other than the metadata (babeltrace2's choice).
     * Unlike babeltrace2, which passes them by silently, an entry that is neither a directory nor a regular file
     * (a FIFO, socket or device) or a file we may not read is noted as unread: the trace is read in part, and says so.
     */
    private List<StreamFile> streamFiles(Path dir) throws IOException {
        List<StreamFile> files = new ArrayList<>();
        try (Stream<Path> list = Files.list(dir)) {
            for (Path p : list.sorted().toList()) {
                String name = p.getFileName().toString();
                if (name.equals(MetadataFile.NAME) || name.startsWith(".") || Files.isDirectory(p)) {
                    continue;
                }
                if (!Files.isRegularFile(p)) {
                    unread.putIfAbsent(p, new UnreadFile(p, StreamFile.kind(p) + ", not a regular file"));
                    continue;
                }
                if (!Files.isReadable(p)) {
                    unread.putIfAbsent(p, new UnreadFile(p, "cannot read the stream file (permission denied)"));
                    continue;
                }
                long size = Files.size(p);
                if (size > 0) {
                    files.add(new StreamFile(p, size));
                }
            }
        }
        return files;
    }

    /** The probe of a stream file, or null when the file ends inside its first packet's head (noted as unread). */
    private Probe probeOrNote(Path dir, StreamFile f, Map<Long, StreamClassDecoder> classes, boolean ctf2)
            throws IOException {
        try {
            return probe(dir, f, classes, ctf2);
        } catch (CutShortException e) {
            unread.putIfAbsent(f.path, e.cut());
            return null;
        }
    }

    static Probe probe(Path dir, StreamFile f, Map<Long, StreamClassDecoder> classes, boolean ctf2)
            throws IOException {
        FileWindow window = new FileWindow();
        try {
            ByteBuffer head = window.bytes(f, 0, Math.min(f.size, PacketReader.HEAD_BYTES), f.size);
            return probe(dir, f, head, f.size, classes, ctf2);
        } finally {
            window.release();
        }
    }

    /** What a stream's first packet says, from its first bytes ({@code head}; {@code size}: the stream's bytes). */
    static Probe probe(Path dir, StreamFile f, ByteBuffer head, long size, Map<Long, StreamClassDecoder> classes,
            boolean ctf2) throws IOException {
        StreamClassDecoder any = classes.values().iterator().next();
        int slots = 0;
        for (StreamClassDecoder c : classes.values()) {
            slots = Math.max(slots, c.fixedSlots());
        }
        DecodeState s = new DecodeState(slots);
        String where = "packet header";
        try {
            s.setPacket(head, head.capacity(), head.capacity() * 8L);
            StreamClassDecoder sc = any;
            if (any.packetHeader != null) {
                any.packetHeader.decode(s, 0);
                if (any.magicSlot >= 0 && s.values[any.magicSlot] != StreamClassDecoder.CTF_MAGIC) {
                    throw new TraceFormatException(f.path, 0, String.format("bad packet magic number 0x%08x (expected"
                            + " 0xc1fc1fc1): not a CTF stream file", s.values[any.magicSlot]));
                }
                if (any.streamIdSlot >= 0) {
                    long id = s.values[any.streamIdSlot];
                    sc = classes.get(id);
                    if (sc == null) {
                        throw new TraceFormatException(f.path, 0, "the first packet says stream_id "
                                + Long.toUnsignedString(id) + ", which the metadata does not declare");
                    }
                } else if (ctf2 && classes.containsKey(0L)) {
                    // CTF 2: without a data stream class ID field, the ID is 0.
                    sc = classes.get(0L);
                } else if (classes.size() != 1) {
                    throw new TraceFormatException(f.path, 0, "the packet header has no stream_id and the metadata"
                            + " declares " + classes.size() + " stream classes");
                }
            }
            long instance = any.instanceIdSlot >= 0 ? s.values[any.instanceIdSlot] : -1;
            long begin = -1;
            int cpu = -1;
            long sequence = -1;
            if (sc.packetContext != null) {
                where = "packet context";
                sc.packetContext.decode(s, 0);
                begin = sc.beginSlot >= 0 ? sc.clock.toNs(s.values[sc.beginSlot]) : -1;
                cpu = sc.cpuSlot >= 0 ? (int) s.values[sc.cpuSlot] : -1;
                sequence = sc.sequenceSlot >= 0 ? s.values[sc.sequenceSlot] : -1;
                long bytes = sc.packetSizeSlot >= 0 ? s.values[sc.packetSizeSlot] >>> 3 : 0;
                if (Long.compareUnsigned(bytes, size) > 0
                        && CutShortException.inPacket(f.path, 0, bytes, size, 0) instanceof CutShortException cut) {
                    throw cut; // nothing of the file can be read; a damaged size is the reading's error
                }
            }
            return new Probe(dir, f, sc, instance, begin, cpu, sequence);
        } catch (DecodeException | IndexOutOfBoundsException e) {
            throw PacketReader.headError(f, 0, size, where, e);
        }
    }

    private void addStreams(CtfTrace trace, List<Probe> probes) {
        Map<Object, List<Probe>> groups = new LinkedHashMap<>();
        for (Probe p : probes) {
            Object key = p.instance() != -1 && p.beginNs() != -1 ? List.of(p.streamClass().id, p.instance()) : p.file();
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(p);
        }
        List<List<Probe>> sorted = new ArrayList<>(groups.values());
        for (List<Probe> g : sorted) {
            g.sort(Comparator.comparingLong(Probe::beginNs));
        }
        sorted.sort(Comparator.comparing(g -> g.get(0).file().path.toString()));
        boolean rotation = sorted.stream().anyMatch(g -> g.size() > 1);
        for (List<Probe> g : sorted) {
            Probe first = g.get(0);
            String name = first.file().path.getFileName().toString();
            List<StreamFile> files = g.stream().map(Probe::file).toList();
            trace.streams.add(new CtfStream(trace, name, StreamFileNames.channel(name, first.cpu(), rotation || g.size() > 1),
                    first.cpu(), nextStreamIndex++, first.instance(), first.streamClass(), files));
        }
    }
}
