package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.junit.jupiter.api.Test;
import org.lttbench.tests.TestPaths;
import org.osgi.framework.FrameworkUtil;

/** The p2 update site zip the build produced (the site module builds before this one) holds what users install. */
class UpdateSiteTest {

    @Test
    void zipHoldsTheFeatureTheBundlesAndP2Metadata() throws IOException {
        Path target = TestPaths.repository().resolve("releng/org.lttbench.site/target");
        List<Path> zips;
        try (Stream<Path> files = Files.list(target)) {
            zips = files.filter(p -> p.getFileName().toString().matches("org\\.lttbench\\.site-.*\\.zip")).toList();
        }
        assertEquals(1, zips.size(), "expected one site zip in " + target + ", found " + zips);

        Set<String> names = new HashSet<>();
        try (ZipFile zip = new ZipFile(zips.get(0).toFile())) {
            zip.stream().map(ZipEntry::getName).forEach(names::add);
        }
        // The same bundle versions as the ones under test: the site is from this build, not a stale one.
        String core = "plugins/org.lttbench.core_" + FrameworkUtil.getBundle(org.lttbench.core.batch.Main.class).getVersion() + ".jar";
        String ui = "plugins/org.lttbench.ui_" + FrameworkUtil.getBundle(org.lttbench.ui.ControlSnapshot.class).getVersion() + ".jar";
        assertTrue(names.contains(core), core + " not in " + names);
        assertTrue(names.contains(ui), ui + " not in " + names);
        assertTrue(names.stream().anyMatch(n -> n.matches("features/org\\.lttbench\\.feature_.*\\.jar")), "no feature in " + names);
        assertTrue(names.stream().anyMatch(n -> n.matches("plugins/picocli_.*\\.jar")), "picocli missing: " + names);
        assertTrue(names.contains("content.jar") || names.contains("content.xml.xz") || names.contains("content.xml"), "no p2 metadata: " + names);
        assertTrue(names.contains("artifacts.jar") || names.contains("artifacts.xml.xz") || names.contains("artifacts.xml"), "no p2 artifacts: " + names);
    }
}
