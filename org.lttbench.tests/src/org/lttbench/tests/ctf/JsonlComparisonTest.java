package org.lttbench.tests.ctf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;

import org.junit.jupiter.api.Test;

import com.google.gson.JsonParser;

/** The comparison itself tells apart what must differ: it is what makes the conformance tests able to fail. */
class JsonlComparisonTest {

    private static boolean same(String a, String b) {
        return JsonlComparison.same(JsonParser.parseString(a), JsonParser.parseString(b), new ArrayList<>());
    }

    @Test
    void integersCompareExactlyOver64Bits() {
        assertTrue(same("{\"v\":18446744073709551615}", "{\"v\":18446744073709551615}"));
        assertFalse(same("{\"v\":9007199254740993}", "{\"v\":9007199254740992}"), "beyond double precision");
        assertFalse(same("{\"v\":-1}", "{\"v\":18446744073709551615}"), "signedness matters");
    }

    @Test
    void floatsCompareByValueWhateverTheirSpelling() {
        assertTrue(same("{\"f\":1e-07}", "{\"f\":1.0E-7}"));
        assertTrue(same("{\"f\":NaN}", "{\"f\":NaN}"));
        assertFalse(same("{\"f\":Infinity}", "{\"f\":-Infinity}"));
        assertFalse(same("{\"f\":0.3333333432674408}", "{\"f\":0.3333333333333333}"));
    }

    @Test
    void structureOrderOfKeysDoesNotMatterButContentDoes() {
        assertTrue(same("{\"a\":1,\"b\":[1,2]}", "{\"b\":[1,2],\"a\":1}"));
        assertFalse(same("{\"a\":1,\"b\":[1,2]}", "{\"a\":1,\"b\":[2,1]}"));
        assertFalse(same("{\"a\":1}", "{\"a\":1,\"b\":null}"));
        assertFalse(same("{\"s\":\"1\"}", "{\"s\":1}"), "a string is not a number");
        assertFalse(same("{\"c\":null}", "{\"c\":0}"), "an unknown count is not zero");
    }

    @Test
    void streamNameComesFromTheRecordItself() {
        assertEquals("chan_0", JsonlComparison.streamOf("{\"ts\":1,\"name\":\"x\",\"cpu\":0,\"stream\":\"chan_0\",\"fields\":{\"stream\":\"no\"}}"));
    }
}
