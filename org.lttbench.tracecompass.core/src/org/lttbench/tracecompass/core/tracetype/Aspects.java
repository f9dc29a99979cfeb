package org.lttbench.tracecompass.core.tracetype;

import org.eclipse.tracecompass.analysis.os.linux.core.event.aspect.LinuxPidAspect;
import org.eclipse.tracecompass.analysis.os.linux.core.event.aspect.LinuxTidAspect;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.core.event.aspect.ITmfEventAspect;
import org.eclipse.tracecompass.tmf.core.event.aspect.TmfCpuAspect;

/** The event aspects (the events table's columns, and what Trace Compass's analyses resolve) of the trace types. */
final class Aspects {
    private Aspects() {
    }

    /** The stream the event comes from. */
    static final ITmfEventAspect<String> CHANNEL = new ITmfEventAspect<>() {
        @Override
        public String getName() {
            return "Channel";
        }

        @Override
        public String getHelpText() {
            return "The stream the event was recorded in (its file's name: channel, then CPU)";
        }

        @Override
        public String resolve(ITmfEvent event) {
            return event instanceof TraceEvent e ? e.getChannel() : null;
        }
    };

    /** The CPU of the event's packet; where the packet does not say, a {@code cpu_id} field of the event. */
    static final TmfCpuAspect CPU = new TmfCpuAspect() {
        @Override
        public Integer resolve(ITmfEvent event) {
            if (!(event instanceof TraceEvent e)) {
                return null;
            }
            if (e.getCpu() >= 0) {
                return e.getCpu();
            }
            Long cpu = event.getContent().getFieldValue(Long.class, "cpu_id");
            return cpu == null ? null : cpu.intValue();
        }
    };

    /** A thread ID from a context field of the events (LTTng's {@code tid} or {@code vtid} context). */
    static LinuxTidAspect tid(String field) {
        return new LinuxTidAspect() {
            @Override
            public Integer resolve(ITmfEvent event) {
                return intField(event, field);
            }
        };
    }

    /** A process ID from a context field of the events (LTTng's {@code pid} or {@code vpid} context). */
    static LinuxPidAspect pid(String field) {
        return new LinuxPidAspect() {
            @Override
            public Integer resolve(ITmfEvent event) {
                return intField(event, field);
            }
        };
    }

    private static Integer intField(ITmfEvent event, String field) {
        ITmfEventField content = event.getContent();
        Long v = content == null ? null : content.getFieldValue(Long.class, field);
        return v == null ? null : v.intValue();
    }
}
