package org.lttbench.core.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** The sentences a process report writes about a kernel trace's {@link MachineCounters}. */
final class MachineNotes {
    private MachineNotes() {
    }

    /** Sentences a report must show about how far these results can be trusted (none when nothing was guessed). */
    static List<String> caveats(MachineCounters c) {
        List<String> notes = new ArrayList<>();
        if (!c.missingCpus().isEmpty()) {
            notes.add("partial trace: its events name CPU(s) " + c.missingCpus().stream().map(String::valueOf)
                    .collect(Collectors.joining(", ")) + " but it has no stream for them; "
                    + c.movedToMissingCpu() + " time(s) a thread was woken or moved there, its time from then on is unknown "
                    + "(until an event on a CPU the trace has tells its state)");
        }
        if (c.statedumpWaitsEndedByIo() > 0) {
            notes.add(c.statedumpWaitsEndedByIo() + " wait(s) that began before the trace ended with block I/O completion: "
                    + "the statedump does not say whether they were uninterruptible, so they count as blocked, not I/O");
        }
        if (c.placeholders() > 0) {
            notes.add(c.placeholders() + " CPU(s) ran a thread the trace never named (before their first sched_switch): "
                    + "its time shows as \"(unknown thread on CPU n)\"");
        }
        if (c.guessedModes() > 0 && c.syscallsDeclared()) {
            notes.add(c.guessedModes() + " thread(s) ran without a system call event to tell user from system time: "
                    + "that running time counts as user time");
        }
        if (c.guessedWaits() > 0) {
            notes.add(c.guessedWaits() + " blocked wait(s) were counted as WAIT_BLOCKED before their wakeup was seen");
        }
        if (c.inconsistencies() > 0) {
            notes.add(c.inconsistencies() + " event(s) contradicted the state followed so far (lost events?): "
                    + "the states around them may be off");
        }
        if (c.eventsWithoutCpu() > 0) {
            notes.add(c.eventsWithoutCpu() + " kernel event(s) had no CPU and were ignored");
        }
        if (c.timedOutRequests() > 0) {
            notes.add(c.timedOutRequests() + " block request(s) had no completion within " + InFlightRequests.TIMEOUT_S
                    + " s of their issue (lost events?): the I/O wait check counts each as in flight for those "
                    + InFlightRequests.TIMEOUT_S + " s");
        }
        return notes;
    }
}
