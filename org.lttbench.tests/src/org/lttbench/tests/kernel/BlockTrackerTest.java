package org.lttbench.tests.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lttbench.core.kernel.BlockOperation;
import org.lttbench.core.kernel.BlockTracker;
import org.lttbench.core.kernel.Comm;
import org.lttbench.core.kernel.ThreadStateMachine;

/**
 * {@link BlockTracker}, by its typed calls: the block requests and the I/O waits their completions end, one story per
 * test, no trace file; {@code Heard} writes down what the sinks are told.
 */
class BlockTrackerTest extends MachineFixture {
    private final BlockTracker blocks = m.blocks();

    /** Thread 20 on CPU 0 from 1000, in a system call from 1100. */
    private void inASyscallOnCpu0() {
        m.states().schedSwitch(0, 1_000, 0, 0, NONE, 20, Comm.of("dd"));
        m.syscalls().syscall(0, 1_100, true);
    }

    /**
     * Thread 20 in a system call issues a request of 8 sectors (at sector 64) to that device at 1200, then sleeps
     * uninterruptibly (D) from 1500.
     */
    private void sleepsOnARequestTo(long device) {
        inASyscallOnCpu0();
        blocks.block(0, 1_200, true, device, true, 64, 8);
        m.states().schedSwitch(0, 1_500, 20, 0x2, Comm.of("dd"), 0, NONE);
    }

    /**
     * A request is told when it completes: its operation, sectors, when it was queued and issued, and by whom (the
     * CPU's thread, or the thread its event names).
     */
    @Test
    void aRequestIsToldAtItsCompletion() {
        inASyscallOnCpu0();
        blocks.blockInserted(0, 1_150, DISK, 64);
        blocks.block(0, 1_200, true, DISK, true, 64, 8, BlockOperation.WRITE, ThreadStateMachine.UNTOLD);
        blocks.block(0, 1_300, true, DISK, true, 128, 8, BlockOperation.READ, 30);
        m.threads().runningThread(1, 1_400, 30, 30);
        blocks.block(0, 1_500, true, DISK, true, 256, 8, BlockOperation.READ, 30);
        blocks.block(1, 5_000, false, DISK, true, 64, 8);
        blocks.block(1, 5_100, false, DISK, true, 256, 8);
        blocks.block(1, 5_200, false, DISK, true, 128, 8);
        assertEquals(List.of("request 8:0 write 8 sectors 1150/1200-5000 by 20",
                "request 8:0 read 8 sectors 1500-5100 by 30", "request 8:0 read 8 sectors 1300-5200 by ?"),
                heard.of("request"));
    }

    /** A partial completion leaves the rest of the request in flight: it is told when its last sectors complete. */
    @Test
    void aRequestCompletesWithItsLastSectors() {
        inASyscallOnCpu0();
        blocks.block(0, 1_200, true, DISK, true, 64, 16, BlockOperation.READ, ThreadStateMachine.UNTOLD);
        blocks.block(1, 3_000, false, DISK, true, 64, 8);
        assertEquals(List.of(), heard.of("request"));
        blocks.block(1, 4_000, false, DISK, true, 72, 8);
        assertEquals(List.of("request 8:0 read 16 sectors 1200-4000 by 20"), heard.of("request"));
    }

    @Test
    void anUninterruptibleSleepIsAnIoWaitOnlyWhenACompletionInTheWakersContextEndsIt() {
        sleepsOnARequestTo(DISK);
        m.interrupts().interruptEntry(1, 9_000);
        blocks.block(1, 9_100, false, DISK, true, 64, 8);
        m.wakeups().wakeup(1, 9_200, 20, 0, Comm.of("dd"));
        m.interrupts().interruptExit(1, 9_300);
        m.states().schedSwitch(0, 10_000, 0, 0, NONE, 20, Comm.of("dd"));
        // the same sleep again, woken in another interrupt that completed nothing: not an I/O wait
        m.states().schedSwitch(0, 11_000, 20, 0x2, Comm.of("dd"), 0, NONE);
        m.interrupts().interruptEntry(1, 12_000);
        m.wakeups().wakeup(1, 12_100, 20, 0, Comm.of("dd"));
        m.interrupts().interruptExit(1, 12_200);
        m.end();
        assertEquals(List.of("1000 UNKNOWN", "1000 USER", "1100 SYSCALL", "1500 WAIT_IO", "9200 WAIT_CPU",
                "10000 SYSCALL", "11000 WAIT_BLOCKED", "12100 WAIT_CPU"), heard.states("20"));
        assertEquals(List.of("ioWait 20 8:0 1500-9200"), heard.of("ioWait"));
    }

    /** The I/O waits are checked against the time block requests were in flight. */
    @Test
    void ioWaitsAreCheckedAgainstTheRequestsInFlight() {
        sleepsOnARequestTo(DISK);
        m.interrupts().interruptEntry(1, 9_000, IRQ_16, IRQ_16);
        blocks.block(1, 9_100, false, DISK, true, 64, 8);
        m.wakeups().wakeup(1, 9_500, 20, 0, NONE);
        assertTrue(blocks.checked());
        // waited 1500 to 9500; a request was in flight 1200 to 9100
        assertArrayEquals(new long[] { 8_000, 7_600 }, blocks.check());
    }

    /** Without a disk (device 0: a command such as a CD-ROM's media poll) there is no disk I/O. */
    @Test
    void aRequestWithoutADiskIsNoDiskIo() {
        sleepsOnARequestTo(0);
        blocks.block(1, 2_000, false, 0, true, 64, 8);
        m.wakeups().wakeup(1, 2_100, 20, 0, NONE);
        m.end();
        assertEquals(List.of(), heard.of("request"));
        assertEquals(List.of(), heard.of("ioWait"));
        assertEquals(List.of("1000 UNKNOWN", "1000 USER", "1100 SYSCALL", "1500 WAIT_BLOCKED", "2100 WAIT_CPU"),
                heard.states("20"));
    }

    /** The statedump's device names hold for the whole trace. */
    @Test
    void devicesAreNamedByTheStatedump() {
        blocks.blockDeviceNamed(0, 1_000, DISK, "sda");
        assertEquals(Map.of(DISK, "sda"), blocks.deviceNames());
    }
}
