package org.lttbench.tests.ui.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.xml.parsers.DocumentBuilderFactory;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.junit.jupiter.api.Test;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.ui.ChartChecks;
import org.lttbench.tests.ui.UiHarness;
import org.lttbench.ui.chart.ChartModel;
import org.lttbench.ui.chart.ChartPanel;
import org.lttbench.ui.chart.Palette;
import org.lttbench.ui.export.FileChooser;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The chart context menu writes a PNG of what is on screen and an SVG of the same data. */
class ChartExportTest {

    static MenuItem item(Menu menu, String text) {
        for (MenuItem i : menu.getItems()) {
            if (i.getText().equals(text)) {
                return i;
            }
        }
        throw new AssertionError("no menu entry '" + text + "'");
    }

    @Test
    void contextMenuSavesPngAndSvg() throws Exception {
        Path dir = TestPaths.workDir("chart-export");
        ChartModel model = ChartModel.bars("Stacked", "Process (PID)", "Time (ms)").horizontal(true).stacked(true)
                .categories(List.of("a (1)", "b & c (2)", "<d> (3)"))
                .add("User", Palette.color(0), new double[] { 10, 20, 0 })
                .add("System", Palette.color(1), new double[] { 5, 0, 30 });
        try (UiHarness ui = new UiHarness(800, 500)) {
            ChartPanel panel = new ChartPanel(ui.shell(), SWT.NONE, "stacked");
            panel.setModel(model);
            ui.open();
            List<String> offered = new ArrayList<>();
            FileChooser.install(ui.display(), (shell, name, ext) -> {
                offered.add(name);
                return dir.resolve(name);
            });
            try {
                Menu menu = panel.chart().getPlotArea().getControl().getMenu();
                item(menu, "Save chart as PNG…").notifyListeners(SWT.Selection, new Event());
                item(menu, "Save chart as SVG…").notifyListeners(SWT.Selection, new Event());
            } finally {
                FileChooser.install(ui.display(), null);
            }
            assertEquals(List.of("stacked.png", "stacked.svg"), offered);

            ImageData png = new ImageLoader().load(dir.resolve("stacked.png").toString())[0];
            assertEquals(panel.chart().getSize().x, png.width);
            for (int i = 0; i < 2; i++) {
                int bars = UiHarness.countNear(png, ChartChecks.barPixel(panel.chart(), Palette.color(i)), 3);
                assertTrue(bars > 5000, "bars of series " + i + " in the PNG: " + bars + " pixels");
            }

            Document svg = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(dir.resolve("stacked.svg").toFile());
            Element root = svg.getDocumentElement();
            assertEquals("svg", root.getTagName());
            Map<String, Element> series = new HashMap<>();
            NodeList groups = root.getElementsByTagName("g");
            for (int i = 0; i < groups.getLength(); i++) {
                Element g = (Element) groups.item(i);
                if (g.getAttribute("class").equals("series")) {
                    series.put(g.getAttribute("data-name"), g);
                }
            }
            // One group per series, in its colour, one bar per non-zero value.
            assertEquals(2, series.size());
            assertEquals("#009e73", series.get("User").getAttribute("fill"));
            assertEquals(2, series.get("User").getElementsByTagName("rect").getLength());
            assertEquals(2, series.get("System").getElementsByTagName("rect").getLength());
            List<String> texts = new ArrayList<>();
            NodeList t = root.getElementsByTagName("text");
            for (int i = 0; i < t.getLength(); i++) {
                texts.add(t.item(i).getTextContent());
            }
            assertTrue(texts.containsAll(List.of("Stacked", "Process (PID)", "Time (ms)", "User", "System", "b & c (2)", "<d> (3)")), texts.toString());
            // Stacked: a category's bars end where the stack total is, so the longest row is 30 + 0 against 10 + 5.
            assertTrue(Files.size(dir.resolve("stacked.svg")) > 500);
        }
    }

    @Test
    void timeSeriesSvgHasOneLinePerSeriesInItsColour() throws Exception {
        Path dir = TestPaths.workDir("chart-export-lines");
        ChartModel model = ChartModel.lines("Losses", "Time (s)", "Lost (count)").timeOrigin(0)
                .add("a", Palette.color(0), new double[] { 0, 1, 1, 2 }, new double[] { 5, 5, 0, 0 })
                .add("b", Palette.color(1), new double[] { 0, 2 }, new double[] { 1, 3 });
        try (UiHarness ui = new UiHarness(600, 400)) {
            ChartPanel panel = new ChartPanel(ui.shell(), SWT.NONE, "lines");
            panel.setModel(model);
            ui.open();
            panel.saveSvg(dir.resolve("lines.svg"));
            Document svg = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(dir.resolve("lines.svg").toFile());
            NodeList lines = svg.getElementsByTagName("polyline");
            assertEquals(2, lines.getLength());
            Element a = (Element) lines.item(0);
            assertEquals("a", a.getAttribute("data-name"));
            assertEquals("#009e73", a.getAttribute("stroke"));
            assertEquals(4, a.getAttribute("points").split(" ").length);
        }
    }
}
