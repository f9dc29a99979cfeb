package org.lttbench.core.kernel;

import java.util.List;

/**
 * What one kernel trace's state machine had to guess, or found contradicted, over the pass: how far its figures can be
 * trusted. {@link MachineNotes} says it in sentences.
 *
 * @param missingCpus             CPUs the events name but whose stream the trace lacks
 * @param movedToMissingCpu       times a thread was woken or moved to one of those
 * @param statedumpWaitsEndedByIo waits begun before the trace (the statedump's) that block I/O completion ended
 * @param placeholders            CPUs whose running thread the trace never named
 * @param guessedModes            threads whose running time no system call event split into user and system
 * @param guessedWaits            blocked waits counted as WAIT_BLOCKED before their wakeup was seen
 * @param inconsistencies         events that contradicted the state followed so far
 * @param eventsWithoutCpu        kernel events with no CPU (ignored)
 * @param timedOutRequests        block requests whose completion never came (forgotten after Linux's timeout)
 * @param syscallsDeclared        whether the trace declares system call events
 */
public record MachineCounters(List<Integer> missingCpus, long movedToMissingCpu, long statedumpWaitsEndedByIo,
        long placeholders, long guessedModes, long guessedWaits, long inconsistencies, long eventsWithoutCpu,
        long timedOutRequests, boolean syscallsDeclared) {
    public MachineCounters {
        missingCpus = List.copyOf(missingCpus);
    }
}
