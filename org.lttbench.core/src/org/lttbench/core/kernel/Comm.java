package org.lttbench.core.kernel;

/**
 * A command name as an event holds it ({@code prev_comm}, {@code comm}...): compared where it is read, made a String
 * only when a thread's name changes, so the state machine makes no String per context switch. Tests give plain ones.
 */
public interface Comm {
    /** Whether the name equals {@code name}. */
    boolean is(String name);

    /** The name (allocates). */
    String text();

    /** A name given as a String. */
    static Comm of(String name) {
        return new Comm() {
            @Override
            public boolean is(String other) {
                return name.equals(other);
            }

            @Override
            public String text() {
                return name;
            }
        };
    }
}
