package org.lttbench.tests.ctf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.ctf.RecordCursor;
import org.lttbench.core.ctf.ValueWriter;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.tests.TestPaths;

/**
 * {@link RecordCursor} on every shared trace and every CTF 2 trace: stepping through it gives the records a read
 * gives (events with their fields and contexts, losses), in the same order; a position taken at any record brings a
 * fresh cursor back to that record, whatever the cursor read since (random records, restored in random order, each
 * checked on the records that follow it).
 */
class RecordCursorTest {
    /** Records checked after each restored position. */
    private static final int FOLLOWING = 300;
    private static final int POSITIONS = 40;

    static Stream<Path> traces() throws IOException {
        List<Path> all = new ArrayList<>(SharedTraces.all());
        try (Stream<Path> ctf2 = Files.list(TestPaths.tracesCtf2())) {
            all.addAll(ctf2.filter(Files::isDirectory).sorted().toList());
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("traces")
    void stepsAsAReadAndComesBackToAnyRecord(Path trace) throws IOException {
        List<String> read = new ArrayList<>();
        try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
            set.read(new RecordSink() {
                @Override
                public void event(Event e) {
                    read.add(RecordCursorTest.event(e, null));
                }

                @Override
                public void loss(Loss l) {
                    read.add(RecordCursorTest.loss(l));
                }
            }, ProgressListener.NONE);

            RecordCursor cursor = new RecordCursor(set);
            cursor.start();
            List<String> heads = new ArrayList<>();
            List<String> stepped = new ArrayList<>();
            Random random = new Random(trace.getFileName().toString().hashCode());
            List<Integer> at = new ArrayList<>();
            List<long[]> positions = new ArrayList<>();
            double every = Math.max(1.0, read.size() / (double) POSITIONS);
            while (cursor.kind() != RecordCursor.Kind.END) {
                if (random.nextDouble() * every < 1 || stepped.isEmpty()) {
                    at.add(stepped.size());
                    positions.add(cursor.position());
                }
                heads.add(cursor.kind() == RecordCursor.Kind.EVENT ? event(cursor.event(), null) : loss(cursor.loss()));
                stepped.add(record(cursor));
                cursor.advance();
            }
            assertEquals(read, heads, "the cursor gives the records of a read, in order");
            assertThrows(IllegalStateException.class, cursor::advance);

            RecordCursor other = new RecordCursor(set);
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < at.size(); i++) {
                order.add(i);
            }
            java.util.Collections.shuffle(order, random);
            for (int i : order) {
                RecordCursor c = i % 2 == 0 ? other : cursor; // a cursor elsewhere, or one at the end
                c.restore(positions.get(i));
                int from = at.get(i);
                for (int k = from; k < Math.min(stepped.size(), from + FOLLOWING); k++) {
                    assertTrue(c.kind() != RecordCursor.Kind.END, "record " + k + " after restoring at " + from);
                    assertEquals(stepped.get(k), record(c), "record " + k + " after restoring at " + from);
                    c.advance();
                }
                if (from + FOLLOWING >= stepped.size()) {
                    assertEquals(RecordCursor.Kind.END, c.kind());
                }
            }
            cursor.release();
            other.release();
        }
    }

    private static String record(RecordCursor c) throws IOException {
        return c.kind() == RecordCursor.Kind.EVENT ? event(c.event(), c) : loss(c.loss());
    }

    private static String event(Event e, RecordCursor c) {
        StringBuilder sb = new StringBuilder().append(e.timestamp()).append(' ').append(e.type().name()).append(" cpu ")
                .append(e.cpu()).append(' ').append(e.stream().name());
        if (c != null) {
            try {
                Text w = new Text(sb.append(' '));
                c.writePayload(w);
                c.writeContext(w);
            } catch (IOException x) {
                throw new java.io.UncheckedIOException(x);
            }
        }
        return sb.toString();
    }

    private static String loss(Loss l) {
        return l.kind() + " " + l.count() + " [" + l.beginNs() + ", " + l.endNs() + "] " + l.stream().name() + " cpu "
                + l.cpu();
    }

    /** Field values as plain text, to see that a restored cursor decodes the same values. */
    private static final class Text implements ValueWriter {
        private final StringBuilder out;

        Text(StringBuilder out) {
            this.out = out;
        }

        @Override
        public void beginStruct() {
            out.append('{');
        }

        @Override
        public void name(String name) {
            out.append(name).append('=');
        }

        @Override
        public void endStruct() {
            out.append('}');
        }

        @Override
        public void beginArray() {
            out.append('[');
        }

        @Override
        public void endArray() {
            out.append(']');
        }

        @Override
        public void integer(long value, boolean signed, int base, int size) {
            out.append(signed ? Long.toString(value) : Long.toUnsignedString(value)).append(',');
        }

        @Override
        public void enumeration(long value, boolean signed, int base, int size, String[] labels, int labelCount) {
            out.append(value).append(java.util.Arrays.asList(labels).subList(0, labelCount)).append(',');
        }

        @Override
        public void floating(double value, boolean single) {
            out.append(value).append(',');
        }

        @Override
        public void string(ByteBuffer bytes, int index, int length) {
            out.append('"').append(ValueWriter.utf8(bytes, index, length)).append("\",");
        }

        @Override
        public void bool(boolean value) {
            out.append(value).append(',');
        }

        @Override
        public void text(String value) {
            out.append('"').append(value).append("\",");
        }

        @Override
        public void nil() {
            out.append("nil,");
        }
    }
}
