package org.lttbench.tracecompass.core.trace;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.tracecompass.ctf.core.CTFException;
import org.eclipse.tracecompass.ctf.core.CTFStrings;
import org.eclipse.tracecompass.ctf.core.event.IEventDeclaration;
import org.eclipse.tracecompass.ctf.core.event.types.StructDeclaration;
import org.eclipse.tracecompass.ctf.core.trace.CTFStreamInput;
import org.eclipse.tracecompass.ctf.core.trace.CTFTrace;
import org.eclipse.tracecompass.ctf.core.trace.ICTFStream;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.lttbench.core.trace.StreamFileNames;
import org.lttbench.core.trace.Trace;
import org.lttbench.core.trace.TraceFormatException;

/**
 * One CTF trace Trace Compass opened, as LTTbench's {@link Trace}: its event classes and streams from Trace Compass's
 * own CTF metadata parser (ctf.core's {@link CTFTrace}; {@code CtfTmfTrace} does not expose the one it holds), its
 * environment as {@code CtfTmfTrace} gives it.
 */
final class MetadataTrace implements Trace {

    final CtfTmfTrace tmf;
    /** Position in its trace set. */
    final int position;
    private final Path path;
    private final Map<String, Object> environment;
    final List<MetadataEventType> eventTypes = new ArrayList<>();
    final List<MetadataStream> streams = new ArrayList<>();
    private final Map<String, MetadataStream> streamOfFile = new HashMap<>();
    /** Event classes by stream class id, then by name (names repeat across stream classes: one per channel). */
    private final Map<Long, Map<String, MetadataEventType>> types = new HashMap<>();

    /**
     * @param firstType   dense index of this trace's first event class in its trace set
     * @param firstStream dense index of this trace's first stream in its trace set
     */
    MetadataTrace(CtfTmfTrace tmf, int position, int firstType, int firstStream) throws TraceFormatException {
        this.tmf = tmf;
        this.position = position;
        this.path = Path.of(tmf.getPath());
        this.environment = environment(tmf.getEnvironment());
        CTFTrace metadata;
        try {
            metadata = new CTFTrace(path.toFile());
        } catch (CTFException e) {
            throw new TraceFormatException(path.resolve("metadata"), -1,
                    "Trace Compass's CTF parser cannot read this trace: " + e.getMessage(), e);
        }
        Map<String, File> files = new TreeMap<>();
        Map<String, Boolean> counts = new HashMap<>();
        for (ICTFStream stream : metadata.getStreams()) {
            long streamId = stream.getId(); // what CtfTmfEvent.getStreamId() gives
            Map<String, MetadataEventType> byName = types.computeIfAbsent(streamId, k -> new HashMap<>());
            for (IEventDeclaration declaration : stream.getEventDeclarations()) {
                if (declaration != null) {
                    MetadataEventType t = new MetadataEventType(this, declaration, streamId, stream.getEventContextDecl(),
                            firstType + eventTypes.size());
                    eventTypes.add(t);
                    byName.putIfAbsent(t.name(), t);
                }
            }
            StructDeclaration packetContext = stream.getPacketContextDecl();
            boolean counter = packetContext != null && (packetContext.hasField(CTFStrings.EVENTS_DISCARDED)
                    || packetContext.hasField("_" + CTFStrings.EVENTS_DISCARDED));
            for (CTFStreamInput input : stream.getStreamInputs()) {
                files.put(input.getFilename(), input.getFile());
                counts.put(input.getFilename(), counter);
            }
        }
        addStreams(files, counts, firstStream);
    }

    /** LTTng's names ({@link StreamFileNames}): the files of one rotated stream are one stream, in their order. */
    private void addStreams(Map<String, File> files, Map<String, Boolean> counts, int firstStream) {
        Map<String, List<String>> groups = new LinkedHashMap<>();
        Map<String, Integer> rotatedFiles = new HashMap<>();
        for (String file : files.keySet()) {
            String stream = StreamFileNames.rotatedStream(file);
            if (stream != null) {
                rotatedFiles.merge(stream, 1, Integer::sum);
            }
        }
        for (String file : files.keySet()) {
            String stream = StreamFileNames.rotatedStream(file);
            String key = stream != null && rotatedFiles.get(stream) > 1 ? stream : file;
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(file);
        }
        for (Map.Entry<String, List<String>> g : groups.entrySet()) {
            List<String> names = g.getValue();
            Collections.sort(names, (a, b) -> Long.compare(StreamFileNames.rotation(a), StreamFileNames.rotation(b)));
            String first = names.get(0);
            String channel = StreamFileNames.channel(g.getKey(), -1, false);
            int cpu = StreamFileNames.cpu(g.getKey());
            List<Path> paths = new ArrayList<>();
            for (String n : names) {
                paths.add(files.get(n).toPath());
            }
            MetadataStream s = new MetadataStream(this, first, channel, cpu, firstStream + streams.size(),
                    counts.get(first), paths);
            streams.add(s);
            for (String n : names) {
                streamOfFile.put(n, s);
            }
        }
    }

    /** Trace Compass keeps the TSDL's text: strings in quotes, integers bare. */
    private static Map<String, Object> environment(Map<String, String> env) {
        Map<String, Object> values = new LinkedHashMap<>();
        env.forEach((k, v) -> {
            if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
                values.put(k, v.substring(1, v.length() - 1));
            } else {
                try {
                    values.put(k, Long.parseLong(v.trim()));
                } catch (NumberFormatException e) {
                    values.put(k, v);
                }
            }
        });
        return Collections.unmodifiableMap(values);
    }

    /** The stream of an event, by the file name Trace Compass gives as its channel. */
    MetadataStream streamOfFile(String file) {
        return streamOfFile.get(file);
    }

    MetadataEventType type(long streamId, String name) {
        Map<String, MetadataEventType> byName = types.get(streamId);
        return byName == null ? null : byName.get(name);
    }

    @Override
    public Path path() {
        return path;
    }

    @Override
    public Map<String, Object> environment() {
        return environment;
    }

    @Override
    public List<MetadataEventType> eventTypes() {
        return Collections.unmodifiableList(eventTypes);
    }

    @Override
    public List<MetadataStream> streams() {
        return Collections.unmodifiableList(streams);
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
