package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;
import org.lttbench.core.batch.Main;
import org.osgi.framework.FrameworkUtil;

class VersionTest {

    @Test
    void versionIsTheCoreBundleVersion() {
        String expected = "lttbench " + FrameworkUtil.getBundle(Main.class).getVersion();
        StringWriter out = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(new StringWriter()), "--version");
        assertEquals(0, code);
        assertEquals(expected, out.toString().strip());
    }
}
