package org.lttbench.testing;

import java.util.function.Predicate;

import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;

/** The widgets a view test looks for in what a view made (SWT; only UI tests load this class). */
public final class Widgets {

    /** The first control of that type at or below {@code root}, depth first, or null. */
    public static <T> T first(Control root, Class<T> type) {
        return first(root, type, t -> true);
    }

    /** The same, among those {@code which} accepts (the visible one of several trees, say). */
    public static <T> T first(Control root, Class<T> type, Predicate<? super T> which) {
        if (type.isInstance(root) && which.test(type.cast(root))) {
            return type.cast(root);
        }
        if (root instanceof Composite parent) {
            for (Control child : parent.getChildren()) {
                T found = first(child, type, which);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    private Widgets() {
    }
}
