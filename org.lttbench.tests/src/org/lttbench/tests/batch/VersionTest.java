package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.lttbench.core.batch.Main;
import org.osgi.framework.FrameworkUtil;

class VersionTest {

    @Test
    void versionIsTheCoreBundleVersion() {
        String expected = "lttbench " + FrameworkUtil.getBundle(Main.class).getVersion();
        PrintStream saved = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            code = Main.run("--version");
        } finally {
            System.setOut(saved);
        }
        assertEquals(0, code);
        assertEquals(expected, out.toString(StandardCharsets.UTF_8).strip());
    }
}
