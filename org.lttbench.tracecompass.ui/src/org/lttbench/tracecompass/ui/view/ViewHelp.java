package org.lttbench.tracecompass.ui.view;

import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.IViewSite;
import org.eclipse.ui.PlatformUI;

/** A view's help (F1, the view's Help): the context {@code contexts.xml} gives it, named after the view's id. */
public final class ViewHelp {
    private static final String VIEWS = "org.lttbench.tracecompass.view.";
    private static final String BUNDLE = "org.lttbench.tracecompass.ui";

    private ViewHelp() {
    }

    /** The help context of the view of that id: {@code org.lttbench.tracecompass.ui.view_process} for the process view. */
    public static String context(String viewId) {
        return BUNDLE + ".view_" + viewId.substring(VIEWS.length()).replace('.', '_');
    }

    /** Gives the view's content its help. */
    static void attach(Composite parent, IViewSite site) {
        PlatformUI.getWorkbench().getHelpSystem().setHelp(parent, context(site.getId()));
    }
}
