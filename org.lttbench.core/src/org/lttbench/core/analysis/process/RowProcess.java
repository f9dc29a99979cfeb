package org.lttbench.core.analysis.process;

import org.lttbench.core.report.Cells;

/**
 * The process a row of a thread or process table is of, as its cells give it: its host (null for one machine's
 * traces) and its PID. A key for summing a table's rows per process.
 */
public record RowProcess(Object host, Object pid) {

    /**
     * Whether a row of that PID and TID belongs to no process a summary should name: an idle thread (PID or TID 0), or
     * a thread whose process the trace never told (no PID: each such thread stands alone in the tables).
     */
    public static boolean noProcess(Object pid, Object tid) {
        return pid == null || Cells.asLong(pid) == 0 || (tid != null && Cells.asLong(tid) == 0);
    }

    /** Whether a row of that TID is the process's main thread (TID = PID): its name is the process's. */
    public boolean mainThread(Object tid) {
        return tid != null && pid != null && Cells.asLong(tid) == Cells.asLong(pid);
    }
}
