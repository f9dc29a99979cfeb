package org.lttbench.tests.ui.view;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.report.Report;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.ui.SessionProbe;
import org.lttbench.tests.ui.ViewOverTraces;
import org.lttbench.ui.view.ProcessTimeView;

/** The views read CTF 2: the process view over a CTF 2 copy of a kernel trace shows the original's figures. */
class Ctf2ViewTest {

    @Test
    void processViewOverACtf2KernelTrace() throws Exception {
        Path original = TestPaths.trace("kernel-many-threads");
        Path copy = TestPaths.ctf2Copy("kernel-many-threads", "ctf2-view");
        try (var shown = ViewOverTraces.open(1400, 900, ProcessTimeView::new, List.of(copy))) {
            ProcessTimeView view = shown.view();
            Report threads = SessionProbe.reference(List.of(original), "process");
            SessionProbe.assertShows(threads.table("threads"), view.threadTable());
        }
    }
}
