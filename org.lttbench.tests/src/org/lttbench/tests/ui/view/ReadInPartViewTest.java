package org.lttbench.tests.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.report.Report;
import org.lttbench.core.trace.UnreadFile;
import org.lttbench.testing.TestFiles;
import org.lttbench.tests.OtherUser;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.ui.ViewOverTraces;
import org.lttbench.ui.view.ProcessTimeView;

/**
 * A trace whose stream file ends inside a packet (copied while LTTng wrote it), in a view: the banner above the figures
 * says, in full and in red, that the traces were read in part and what they lack, as every report's note says it;
 * the other notes stay behind the link.
 */
class ReadInPartViewTest {

    @Test
    void theBannerSaysTheTracesWereReadInPart() throws Exception {
        Path cut = TestPaths.workDir("view-cut-short").resolve("kernel-scp-src");
        OtherUser.copyTree(TestPaths.trace("kernel-scp-src"), cut);
        TestFiles.cutShort(cut.resolve("channel0_0"));
        try (var shown = ViewOverTraces.open(1300, 900, ProcessTimeView::new, List.of(cut))) {
            ProcessTimeView view = shown.view();
            Report reference = shown.reference("process");
            String note = reference.notes().stream().filter(n -> n.startsWith(UnreadFile.NOTE_START)).findFirst()
                    .orElseThrow(() -> new AssertionError("the report's notes: " + reference.notes()));
            assertTrue(note.contains(cut.resolve("channel0_0") + ": cut short at byte " + TestFiles.CUT_AT), note);
            assertEquals(note, view.banner().readInPart());
            String text = view.banner().text();
            assertTrue(text.startsWith("The traces were read in part: 1 stream file was read only up to where it ends"
                    + " inside a packet"), text);
            assertFalse(view.banner().notes().contains(note), "not again behind the link");
            shown.ui().screenshot(view, "process-view-read-in-part");
        }
    }
}
