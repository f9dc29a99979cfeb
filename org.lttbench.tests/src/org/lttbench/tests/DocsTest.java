package org.lttbench.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.AnalysisProvider;

/**
 * The README and the user guide in {@code docs/}: what a newcomer reads first fits on a screen and keeps the two
 * commands {@code .ci/run} relies on, every relative link and image resolves (a page, a heading of it, a screenshot),
 * every analysis has its line in {@code analyze}'s page, and {@code releng/scripts/make-help} makes Trace Compass's
 * Eclipse Help of the guide, which the bundle's build runs.
 */
class DocsTest {

    private static final String TEST_COMMAND = "JAVA_HOME=$(releng/scripts/find-jdk) xvfb-run -a ./mvnw -B verify";
    private static final String MAIN_COMMAND = "JAVA_HOME=$(releng/scripts/find-jdk) ./mvnw -q -DskipTests verify && "
            + "./lttbench analyze examples/kernel-demo";
    /** A link or an image: [text](target) or ![alt](target). */
    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6} (.*)$", Pattern.MULTILINE);

    @Test
    void theReadmeFitsOnAScreenAndKeepsTheTwoCommands() throws IOException {
        Path repo = TestPaths.repository();
        List<String> readme = Files.readAllLines(repo.resolve("README.md"), StandardCharsets.UTF_8);
        assertTrue(readme.size() <= 150, "the README has " + readme.size() + " lines: at most 150, the rest in docs/");
        assertTrue(readme.contains("    " + MAIN_COMMAND), "the README's first command, unchanged");
        assertTrue(readme.contains("    " + TEST_COMMAND), "the README's test command, unchanged");
        List<String> ci = Files.readAllLines(repo.resolve(".ci/run"), StandardCharsets.UTF_8);
        int said = ci.indexOf("# Keep this line identical to the README's.");
        assertTrue(said >= 0 && said + 1 < ci.size(), ".ci/run says it runs the README's test command");
        assertEquals(TEST_COMMAND, ci.get(said + 1), ".ci/run runs exactly the README's test command");
    }

    @Test
    void everyRelativeLinkAndImageResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path page : pages()) {
            String text = withoutCode(Files.readString(page, StandardCharsets.UTF_8));
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("[a-z]+:.*")) {
                    continue; // a URL
                }
                links++;
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                if (!Files.exists(resolved)) {
                    broken.add(where(page) + ": " + target + " (no such file)");
                } else if (hash >= 0 && resolved.toString().endsWith(".md")
                        && !anchors(resolved).contains(target.substring(hash + 1))) {
                    broken.add(where(page) + ": " + target + " (no such heading)");
                }
            }
        }
        assertTrue(links > 200, "the pages link to each other: " + links + " links");
        assertTrue(broken.isEmpty(), "links and images that lead nowhere:\n" + String.join("\n", broken));
    }

    @Test
    void everyAnalysisHasItsLineInAnalyzesPage() throws IOException {
        String analyze = Files.readString(TestPaths.repository().resolve("docs/commands/analyze.md"));
        List<AnalysisProvider> all = new ArrayList<>(Analyses.all());
        all.addAll(Analyses.onRequest());
        for (AnalysisProvider p : all) {
            assertTrue(analyze.contains("`" + p.name() + "`"), "docs/commands/analyze.md lists the analysis " + p.name());
        }
    }

    /**
     * The column reference comes from the code: docs/reference/columns.md is what {@code lttbench help --markdown}
     * writes from every analysis's declared tables (a column added without its description, or a page not written
     * again, fails the build), and each analysis's page (the one under docs/analyses/ whose title names it) links to
     * its section there.
     */
    @Test
    void theColumnReferenceIsWhatTheAnalysesDeclare() throws IOException {
        Path reference = TestPaths.repository().resolve("docs/reference/columns.md");
        org.lttbench.tests.batch.LauncherTest.Result help = org.lttbench.tests.batch.InProcessCli.run("help", "--markdown");
        assertEquals(0, help.code(), help.err());
        assertEquals(help.out(), Files.readString(reference),
                "docs/reference/columns.md is not what ./lttbench help --markdown writes: write it again with that command");
        Map<String, String> pages = new java.util.LinkedHashMap<>();
        try (var files = Files.list(TestPaths.repository().resolve("docs/analyses"))) {
            for (Path f : files.filter(f -> f.toString().endsWith(".md")).sorted().toList()) {
                pages.put(f.getFileName().toString(), Files.readString(f));
            }
        }
        List<AnalysisProvider> all = new ArrayList<>(Analyses.all());
        all.addAll(Analyses.onRequest());
        for (AnalysisProvider p : all) {
            String page = pages.values().stream().filter(text -> {
                String title = text.lines().findFirst().orElse("");
                return title.contains("`" + p.name() + "`") || title.contains("`--analysis " + p.name() + "`");
            }).findFirst().orElse(null);
            assertTrue(page != null, p.name() + ": a page under docs/analyses/ names it in its title");
            assertTrue(page.contains("../reference/columns.md#" + p.name().replace("-", "") + ")")
                    || page.contains("../reference/columns.md#" + p.name() + ")"),
                    p.name() + ": its page links to its column reference (../reference/columns.md#" + p.name() + ")");
        }
    }

    /** A command line shown in the docs, and the lines of output shown after it (perhaps an excerpt). */
    private record ShownRun(String where, String command, List<String> shown) {
    }

    /** A placeholder or something a test cannot run: TRACE, DIR, [options], ~, a live session, a window. */
    private static final Pattern NOT_RUNNABLE = Pattern.compile(
            "\\b[A-Z]{3,}\\b|\\[|~|\\.\\.\\.|net://|\\\\$|^\\./lttbench (view|calibrate|live|top|fleet)\\b");

    /**
     * Every command the README, the guide and the examples' README show as runnable (a code block's line starting with
     * {@code ./lttbench} and naming real traces, not placeholders) runs on those traces, exits 0, and prints the lines
     * the docs show after it, in that order (the docs may show an excerpt): a figure the code no longer gives fails.
     */
    @Test
    void everyRunnableCommandInTheDocsPrintsWhatTheyShow() throws IOException {
        Path repo = TestPaths.repository();
        List<ShownRun> runs = new ArrayList<>();
        for (Path page : pages()) {
            String where = repo.relativize(page).toString();
            boolean fenced = false;
            ShownRun current = null; // the command of this fenced block whose output lines follow it
            for (String line : Files.readAllLines(page)) {
                if (line.startsWith("```")) {
                    fenced = !fenced;
                    current = null;
                    continue;
                }
                String text = fenced ? line : line.startsWith("    ") ? line.substring(4) : null;
                if (text == null) {
                    continue;
                }
                String command = text.startsWith("$ ") ? text.substring(2) : text;
                if (command.startsWith("./lttbench ")) {
                    runs.add(new ShownRun(where, command, new ArrayList<>()));
                    current = fenced ? runs.get(runs.size() - 1) : null;
                } else if (current != null && !text.isBlank() && !text.equals("...")) { // ...: the docs leave lines out
                    current.shown().add(text);
                }
            }
        }
        int ran = 0;
        Path outputs = TestPaths.workDir("docs-outputs");
        for (ShownRun run : runs) {
            if (NOT_RUNNABLE.matcher(run.command()).find()) {
                continue;
            }
            List<String> args = new ArrayList<>();
            Map<String, String> relative = new java.util.LinkedHashMap<>();
            for (String word : run.command().substring("./lttbench ".length()).trim().split(" +")) {
                Path p = repo.resolve(word).normalize();
                if (word.startsWith("/tmp/")) {
                    // where the docs write an output: the test's own directory, not a user's /tmp
                    Path mine = outputs.resolve(word.substring("/tmp/".length()));
                    relative.put(mine.toString(), word);
                    args.add(mine.toString());
                } else if (!word.startsWith("-") && Files.exists(p)) {
                    relative.put(p.toString(), word);
                    args.add(p.toString());
                } else {
                    args.add(word);
                }
            }
            org.lttbench.tests.batch.LauncherTest.Result r = org.lttbench.tests.batch.InProcessCli.run(args.toArray(String[]::new));
            assertEquals(0, r.code(), run.where() + ": " + run.command() + "\n" + r.err());
            String out = r.out();
            for (var e : relative.entrySet()) {
                out = out.replace(e.getKey(), e.getValue());
            }
            List<String> printed = out.lines().toList();
            int at = 0;
            for (String line : run.shown()) {
                while (at < printed.size() && !printed.get(at).equals(line)) {
                    at++;
                }
                assertTrue(at < printed.size(), run.where() + ": " + run.command() + " no longer prints, in this order:\n"
                        + line + "\nit prints:\n" + out);
                at++;
            }
            ran++;
        }
        assertTrue(ran >= 4, "the docs show commands to run: " + ran);
    }

    @Test
    void makeHelpWritesTheEclipseHelpOfTheGuideWhenTheBundleIsBuilt() throws Exception {
        Path repo = TestPaths.repository();
        Path help = TestPaths.workDir("eclipse-help");
        Process make = new ProcessBuilder("python3", repo.resolve("releng/scripts/make-help").toString(),
                help.toString()).redirectErrorStream(true).start();
        String said = new String(make.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(make.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, make.exitValue(), said);
        String toc = Files.readString(help.resolve("toc.xml"));
        Matcher href = Pattern.compile("href=\"help/([^\"]+)\"").matcher(toc);
        int topics = 0;
        while (href.find()) {
            topics++;
            assertTrue(Files.isRegularFile(help.resolve(href.group(1))), "toc.xml's topic " + href.group(1));
        }
        assertTrue(topics >= 20, topics + " topics");
        String plugin = Files.readString(repo.resolve("org.lttbench.tracecompass.ui/plugin.xml"));
        assertTrue(plugin.contains("point=\"org.eclipse.help.toc\"") && plugin.contains("file=\"help/toc.xml\""),
                "the bundle declares its table of contents");
        String build = Files.readString(repo.resolve("org.lttbench.tracecompass.ui/build.properties"));
        assertTrue(build.contains("help/"), "the bundle ships help/");
        String pom = Files.readString(repo.resolve("org.lttbench.tracecompass.ui/pom.xml"));
        assertTrue(pom.contains("releng/scripts/make-help</argument>"), "the bundle's build writes help/");
    }

    /** The README, the guide and the examples' README. */
    private static List<Path> pages() throws IOException {
        Path repo = TestPaths.repository();
        List<Path> pages = new ArrayList<>(List.of(repo.resolve("README.md"), repo.resolve("examples/README.md")));
        try (Stream<Path> docs = Files.walk(repo.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** The anchors GitHub gives a page's headings. */
    private static Set<String> anchors(Path page) throws IOException {
        Set<String> anchors = new HashSet<>();
        Matcher m = HEADING.matcher(withoutCode(Files.readString(page, StandardCharsets.UTF_8)));
        while (m.find()) {
            anchors.add(m.group(1).strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}_\\- ]", "")
                    .replace(' ', '-'));
        }
        return anchors;
    }

    /** The text without fenced or indented code blocks, where brackets are not links. */
    private static String withoutCode(String markdown) {
        StringBuilder out = new StringBuilder();
        boolean fenced = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.startsWith("```")) {
                fenced = !fenced;
            } else if (!fenced && !line.startsWith("    ")) {
                out.append(line).append('\n');
            }
        }
        return out.toString();
    }

    private static String where(Path page) {
        return TestPaths.repository().relativize(page).toString();
    }
}
