package org.lttbench.tracecompass.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lttbench.tracecompass.ui.tests.Workbench.ui;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;

import org.eclipse.swt.widgets.Tree;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceElement;
import org.junit.jupiter.api.Test;
import org.lttbench.testing.TestFiles;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.ui.view.ProcessTimeTmfView;
import org.lttbench.tracecompass.ui.view.ThreadStatesView;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.view.ProcessTimeView;

/**
 * A trace LTTbench cannot read (a copy of a shared kernel trace with a damaged packet header in its stream file),
 * opened in the workbench and analysed from its context menu: the views say what the command line says of it (the
 * file and the byte offset), no error dialog opens, and the workbench goes on: another trace opens and its analysis
 * shows the command line's figures.
 */
class CorruptTraceWorkbenchTest {

    /** A copy of a shared trace with a bad magic number where a packet of {@code stream} starts ({@code offset}). */
    static Path damagedCopy(String shared, String stream, long offset) throws IOException {
        Path dir = TestFiles.fresh(Path.of(System.getProperty("lttbench.work")).resolve("corrupt").resolve(shared + "-damaged"));
        TestFiles.writableCopy(TraceContextMenuTest.shared(shared), dir);
        try (RandomAccessFile f = new RandomAccessFile(dir.resolve(stream).toFile(), "rw")) {
            f.seek(offset);
            f.write(new byte[] { (byte) 0xef, (byte) 0xbe, (byte) 0xad, (byte) 0xde });
        }
        return dir;
    }

    @Test
    void aDamagedTraceSaysFileAndOffsetWithoutADialogAndTheWorkbenchGoesOn() throws Exception {
        ui(() -> Workbench.shell().setBounds(0, 0, 1280, 1000));
        Path corrupt = damagedCopy("kernel-scp-src", "channel0_0", 786_432); // the fourth packet (256 KiB each)
        String expected = CommandLine.failure(corrupt);
        assertTrue(expected.startsWith(corrupt.resolve("channel0_0") + " at byte 786432: "), expected);

        TmfProjectElement project = Workbench.tracingProject("LTTbench");
        TmfTraceElement element = Workbench.openTrace(project, corrupt, Workbench.KERNEL_TRACE_TYPE);
        ITmfTrace trace = ui(() -> element.getTrace());
        Tree tree = Workbench.select(element);
        Workbench.clickContextMenu(tree, "LTTbench", "Process time");
        ProcessTimeTmfView view = Workbench.view(ProcessTimeTmfView.ID, ProcessTimeTmfView.class);
        String status = Views.failed(view, trace);
        assertEquals("Could not analyse the traces: " + expected, status, "the view's status line says what the command line says");
        assertEquals("", ui(() -> ((ProcessTimeView) view.content()).noticeText()), "said once, in the status line only");
        LttbenchAnalysisModule module = (LttbenchAnalysisModule) trace.getAnalysisModule(LttbenchAnalysisModule.ID);
        assertNotNull(module.failure());
        assertEquals(expected, module.failure().getMessage());
        Workbench.screenshot("corrupt-process-time", view);
        assertTrue(Workbench.dialogs().isEmpty(), "no dialog: " + Workbench.dialogs());

        // the thread states view says it too, above its (no) rows
        Workbench.clickContextMenu(Workbench.select(element), "LTTbench", "Thread states");
        ThreadStatesView states = Workbench.view(ThreadStatesView.ID, ThreadStatesView.class);
        Workbench.waitUntil("the thread states view to say why it has no rows",
                () -> states.getTrace() == trace && states.message().endsWith(expected));
        assertTrue(Workbench.dialogs().isEmpty(), "no dialog: " + Workbench.dialogs());
        Workbench.screenshot("corrupt-thread-states", states);

        // the workbench goes on: another trace opens, the menu analyses it, the view shows the command line's figures
        Path other = TraceContextMenuTest.shared("kernel-bigendian");
        TmfTraceElement good = Workbench.openTrace(project, other, Workbench.KERNEL_TRACE_TYPE);
        ITmfTrace goodTrace = ui(() -> good.getTrace());
        Workbench.clickContextMenu(Workbench.select(good), "LTTbench", "Process time");
        ProcessTimeTmfView again = Workbench.view(ProcessTimeTmfView.ID, ProcessTimeTmfView.class);
        assertSame(view, again, "the same view, now on the other trace");
        ReportSet reports = Views.finished(again, goodTrace);
        assertNull(reports.failure(), reports.failure());
        CommandLine cli = CommandLine.analyze(other, Views.rangeArguments(reports));
        Views.assertShowsTheCommandLinesTable("Process time > Threads of " + other.getFileName(),
                ((ProcessTimeView) again.content()).threadTable(), cli, "threads");
        Workbench.waitUntil("the thread states view to show the other trace's rows without a message",
                () -> states.getTrace() == goodTrace && states.message().isEmpty());
        assertTrue(!Views.timeGraph(states, goodTrace).isEmpty());
        assertTrue(Workbench.dialogs().isEmpty(), "no dialog: " + Workbench.dialogs());
    }

    /**
     * A trace whose stream file ends inside a packet (copied while LTTng wrote it) opens, and its analysis shows the
     * command line's figures of what was read, with the banner above them saying it was read in part; no dialog.
     */
    @Test
    void aTraceCutShortShowsWhatWasReadAndSaysItWasReadInPart() throws Exception {
        ui(() -> Workbench.shell().setBounds(0, 0, 1280, 1000));
        Path cut = TestFiles.fresh(Path.of(System.getProperty("lttbench.work")).resolve("corrupt").resolve("kernel-scp-src-cut"));
        TestFiles.writableCopy(TraceContextMenuTest.shared("kernel-scp-src"), cut);
        TestFiles.cutShort(cut.resolve("channel0_0"));
        TmfProjectElement project = Workbench.tracingProject("LTTbench");
        TmfTraceElement element = Workbench.openTrace(project, cut, Workbench.KERNEL_TRACE_TYPE);
        ITmfTrace trace = ui(() -> element.getTrace());
        Workbench.clickContextMenu(Workbench.select(element), "LTTbench", "Process time");
        ProcessTimeTmfView view = Workbench.view(ProcessTimeTmfView.ID, ProcessTimeTmfView.class);
        ReportSet reports = Views.finished(view, trace);
        assertNull(reports.failure(), reports.failure());
        CommandLine cli = CommandLine.analyzeReadInPart(cut, Views.rangeArguments(reports));
        Views.assertShowsTheCommandLinesTable("Process time > Threads of the cut copy",
                ((ProcessTimeView) view.content()).threadTable(), cli, "threads");
        String said = ui(() -> ((ProcessTimeView) view.content()).banner().readInPart());
        assertTrue(said != null && said.startsWith("the traces were read in part: ")
                && said.contains(cut.resolve("channel0_0") + ": cut short at byte " + TestFiles.CUT_AT), said);
        Workbench.screenshot("cut-short-process-time", view);
        assertTrue(Workbench.dialogs().isEmpty(), "no dialog: " + Workbench.dialogs());
    }
}
