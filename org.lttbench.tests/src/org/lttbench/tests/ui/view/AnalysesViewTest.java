package org.lttbench.tests.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.widgets.Text;
import org.junit.jupiter.api.Test;
import org.lttbench.testing.Widgets;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Report;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.InProcessCli;
import org.lttbench.tests.batch.LauncherTest.Result;
import org.lttbench.tests.ui.UiHarness;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.view.AnalysesView;

/**
 * The view Trace Compass hosts as LTTbench Analyses: it opens on what stands out (the command line's summary of the
 * same reports, line for line after its heading), then a tab per analysis no other view shows.
 */
class AnalysesViewTest {

    @Test
    void opensOnTheCommandLinesSummaryThenATabPerOtherAnalysis() throws Exception {
        Path trace = TestPaths.trace("kernel-scp-src");
        List<Report> reports;
        Map<String, String> notApplicable;
        try (CtfTraceSet traces = CtfTraceSet.open(List.of(trace))) {
            AnalysisRun.Plan plan = AnalysisRun.plan(Analyses.all(), traces, AnalysisOptions.DEFAULT);
            reports = AnalysisRun.run(traces, plan.toRun(), ProgressListener.NONE);
            notApplicable = plan.reasons();
        }
        Set<String> elsewhere = Set.of("process", "waits", "syscalls", "irq", "sched", "io", "spans", "overhead", "discarded");
        try (UiHarness ui = new UiHarness(1000, 700)) {
            AnalysesView view = new AnalysesView(ui.shell(), SWT.NONE, elsewhere);
            ui.open();
            view.setReports(new ReportSet(TimeRange.ALL, reports, notApplicable, null));
            ui.settle(200);
            CTabFolder folder = Widgets.first(view, CTabFolder.class);
            List<String> titles = new ArrayList<>();
            for (var item : folder.getItems()) {
                titles.add(item.getText());
            }
            List<String> expected = new ArrayList<>(List.of("What stands out"));
            for (AnalysisProvider p : Analyses.all()) {
                if (!elsewhere.contains(p.name())) {
                    expected.add(p.tables().title());
                }
            }
            assertEquals(expected, titles);
            assertEquals(0, folder.getSelectionIndex(), "it opens on what stands out");
            Result cli = InProcessCli.run("analyze", trace.toString());
            assertEquals(0, cli.code(), cli.err());
            List<String> printed = cli.out().lines().toList();
            List<String> shown = ((Text) folder.getItem(0).getControl()).getText().lines().toList();
            assertTrue(printed.size() > 3, cli.out());
            int n = printed.size();
            assertEquals(printed.subList(1, n), shown.subList(1, n));
            assertTrue(shown.get(0).startsWith("What stands out: kernel-scp-src"), shown.get(0));
            // Then, after a blank line, each analysis that does not apply with the plan's reason (the trace has no
            // system call events: the command line skipped syscalls too), where the status line would be cramped.
            List<String> said = new ArrayList<>(List.of(""));
            Analyses.all().stream().map(AnalysisProvider::name).filter(notApplicable::containsKey)
                    .forEach(a -> said.add("The " + a + " analysis does not apply: " + notApplicable.get(a)));
            assertEquals(said, shown.subList(n, shown.size()));
            assertTrue(cli.err().contains("note: the syscalls analysis was skipped"), cli.err());
            assertTrue(notApplicable.containsKey("syscalls"), notApplicable.toString());
            // So the status line is one sentence: what the figures cover, the rest said below.
            assertTrue(view.statusText().matches("The figures cover 23\\.0 s, from [^;]+; the [a-z, -]+ analys[ie]s do(es)? not apply \\(why below\\)"),
                    view.statusText());
        }
    }
}
