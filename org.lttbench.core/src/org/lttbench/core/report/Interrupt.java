package org.lttbench.core.report;

/**
 * An interrupt handler as a cell ({@link ColumnKind#IRQ}): LAMI's {@code irq} object, which lttng-analyses' interrupt
 * tables use.
 *
 * @param hard   a hard IRQ (else a softirq)
 * @param number the IRQ number, or the softirq vector
 * @param name   its name, or null
 */
public record Interrupt(boolean hard, long number, String name) {

    @Override
    public String toString() {
        return (hard ? "IRQ " : "softirq ") + number + (name == null ? "" : " " + name);
    }
}
