package org.lttbench.core.report;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * How a table's columns become LAMI 1.0 columns. Mostly one to one, with each kind's LAMI data class; but LAMI has no
 * thread class: a thread is a {@code process} object holding name, pid and tid, so the first TID, PID and
 * PROCESS_NAME columns of a table merge into one {@code process} column (Trace Compass then shows its name, PID and
 * TID as three columns it can sort and chart).
 */
final class LamiColumns {

    /**
     * One LAMI column.
     *
     * @param title     its title in the column descriptions
     * @param lamiClass its LAMI data class
     * @param source    the table column it shows, or -1 for the merged process column
     */
    record Slot(String title, String lamiClass, int source) {
    }

    static final String PROCESS_CLASS = "process";

    private final List<Slot> slots = new ArrayList<>();
    /** Table columns of the merged process column, or -1. */
    final int tid;
    final int pid;
    final int name;

    LamiColumns(List<Column> columns) {
        int t = -1;
        int p = -1;
        int n = -1;
        for (int i = 0; i < columns.size(); i++) {
            switch (columns.get(i).kind()) {
            case TID -> t = t < 0 ? i : t;
            case PID -> p = p < 0 ? i : p;
            case PROCESS_NAME -> n = n < 0 ? i : n;
            default -> {
            }
            }
        }
        boolean merge = t >= 0 || p >= 0;
        tid = merge ? t : -1;
        pid = merge ? p : -1;
        name = merge ? n : -1;
        boolean processPlaced = false;
        for (int i = 0; i < columns.size(); i++) {
            if (i == tid || i == pid || i == name) {
                if (!processPlaced) {
                    // the first merged column's own title when it names the whole (lttng-analyses' "Wakee process")
                    String own = columns.get(i).title();
                    boolean part = own.equals("TID") || own.equals("PID") || own.equals("Name");
                    slots.add(new Slot(!part ? own : tid >= 0 ? "Thread" : "Process", PROCESS_CLASS, -1));
                    processPlaced = true;
                }
            } else {
                Column c = columns.get(i);
                // A bare number says its unit in its title (a duration, a size... carries it in its class).
                String unit = c.kind().rawUnit();
                slots.add(new Slot(unit == null ? c.title() : c.title() + " (" + unit + ")", c.kind().lamiClass(), i));
            }
        }
        uniqueTitles();
    }

    /**
     * Gives a column whose title an earlier one of the table has its class in brackets ("Running" and "Running
     * (ratio)"): Trace Compass names its table's columns and chart series by title, and shows two of one name as one.
     * Our tables may repeat a title where the text format tells them apart by their units.
     */
    private void uniqueTitles() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < slots.size(); i++) {
            Slot s = slots.get(i);
            String title = s.title();
            if (!seen.add(title)) {
                title = s.title() + " (" + s.lamiClass() + ")";
                for (int n = 2; !seen.add(title); n++) {
                    title = s.title() + " (" + s.lamiClass() + " " + n + ")";
                }
                slots.set(i, new Slot(title, s.lamiClass(), s.source()));
            }
        }
    }

    List<Slot> slots() {
        return slots;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LamiColumns other && other.slots.equals(slots);
    }

    @Override
    public int hashCode() {
        return slots.hashCode();
    }
}
