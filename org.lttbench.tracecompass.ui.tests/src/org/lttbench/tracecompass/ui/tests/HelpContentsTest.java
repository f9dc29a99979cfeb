package org.lttbench.tracecompass.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.runtime.Platform;
import org.eclipse.help.HelpSystem;
import org.eclipse.help.IToc;
import org.eclipse.help.ITopic;
import org.junit.jupiter.api.Test;
import org.lttbench.tracecompass.ui.view.ProcessTimeTmfView;
import org.lttbench.tracecompass.ui.view.ViewHelp;
import org.osgi.framework.Bundle;

/**
 * The user guide as Eclipse Help in Trace Compass: Eclipse's help system lists LTTbench's table of contents (the UI
 * bundle's {@code org.eclipse.help.toc} extension), with the Trace Compass guide's pages, and every topic's page is in
 * the installed bundle, screenshots included. (The pages are read from the bundle as the help system's server reads
 * them: the Trace Compass built here has no help server, {@code org.eclipse.help.base}, to ask.)
 */
class HelpContentsTest {

    @Test
    void theUserGuideIsInTraceCompasssHelp() throws Exception {
        IToc toc = Arrays.stream(HelpSystem.getTocs()).filter(t -> t.getLabel().equals("LTTbench User Guide"))
                .findFirst().orElse(null);
        assertNotNull(toc, "a table of contents labelled LTTbench User Guide among "
                + Arrays.stream(HelpSystem.getTocs()).map(IToc::getLabel).toList());
        List<ITopic> topics = new ArrayList<>();
        collect(toc.getTopics(), topics);
        List<String> labels = topics.stream().map(ITopic::getLabel).toList();
        for (String expected : List.of("Getting started", "LTTbench in Trace Compass", "Installing", "The views",
                "Process time", "Why it waited: waits and the critical path", "Troubleshooting")) {
            assertTrue(labels.contains(expected), expected + " in " + labels);
        }
        for (ITopic topic : topics) {
            assertTrue(topic.getHref().startsWith("/org.lttbench.tracecompass.ui/help/"), topic.getHref());
            String page = content(topic.getHref());
            assertTrue(page.contains("<h1"), topic.getHref() + " is a page with its title");
        }
        String views = content("/org.lttbench.tracecompass.ui/help/tracecompass/views.html");
        assertTrue(views.contains("images/tracecompass-process-waits.png"), "the views' page shows the screenshot");
        try (InputStream png = entry("/org.lttbench.tracecompass.ui/help/images/tracecompass-process-waits.png")) {
            assertNotNull(png, "the screenshot is in the bundle");
            byte[] magic = png.readNBytes(4);
            assertEquals("PNG", new String(magic, 1, 3, StandardCharsets.US_ASCII));
        }
    }

    /**
     * Each LTTbench view has its help (F1, the view's Help): a context for every view the bundle declares, whose topics
     * are pages of the guide in the bundle; an opened view's content carries it.
     */
    @Test
    void everyViewHasItsHelp() throws Exception {
        List<String> views = new ArrayList<>();
        for (var e : org.eclipse.core.runtime.Platform.getExtensionRegistry().getConfigurationElementsFor("org.eclipse.ui.views")) {
            if (e.getName().equals("view") && e.getAttribute("id").startsWith("org.lttbench.tracecompass.view.")) {
                views.add(e.getAttribute("id"));
            }
        }
        assertTrue(views.size() >= 8, "LTTbench's views: " + views);
        for (String view : views) {
            org.eclipse.help.IContext context = HelpSystem.getContext(ViewHelp.context(view));
            assertNotNull(context, view + ": its help context " + ViewHelp.context(view) + " in contexts.xml");
            assertTrue(context.getRelatedTopics().length > 0, view + ": its help has pages");
            for (org.eclipse.help.IHelpResource topic : context.getRelatedTopics()) {
                String href = topic.getHref().startsWith("/") ? topic.getHref() : "/org.lttbench.tracecompass.ui/" + topic.getHref();
                assertTrue(content(href).contains("<h1"), view + ": " + href + " is a page of the guide");
            }
        }
        String id = ProcessTimeTmfView.ID;
        Object help = Workbench.ui(() -> {
            var part = (org.lttbench.tracecompass.ui.view.LttbenchView) Workbench.page().showView(id);
            Object data = part.content().getParent().getData("org.eclipse.ui.help");
            Workbench.page().hideView(part);
            return data;
        });
        assertEquals(ViewHelp.context(id), help, "the opened view's content carries its help");
    }

    private static void collect(ITopic[] topics, List<ITopic> into) {
        for (ITopic t : topics) {
            into.add(t);
            collect(t.getSubtopics(), into);
        }
    }

    private static String content(String href) throws Exception {
        try (InputStream in = entry(href)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** A help href ({@code /BUNDLE/PATH}) read from its bundle. */
    private static InputStream entry(String href) throws Exception {
        int slash = href.indexOf('/', 1);
        Bundle bundle = Platform.getBundle(href.substring(1, slash));
        assertNotNull(bundle, href);
        URL url = bundle.getEntry(href.substring(slash + 1));
        assertNotNull(url, href + " is in its bundle");
        return url.openStream();
    }
}
