package dev.latencybench.core.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;

/** The round-trip check names the first member written back otherwise, in one line. */
class CommittedRunsTest {
    private static String difference(String committed, String written) {
        return CommittedRuns.difference(JsonParser.parseString(committed), JsonParser.parseString(written), "");
    }

    @Test
    void namesTheFirstMemberThatDiffers() {
        assertNull(difference("{\"a\":1,\"b\":[1,2]}", "{\"b\":[1,2.0],\"a\":1}"), "order and spelling are not compared");
        assertEquals("member a is missing", difference("{\"a\":1}", "{}"));
        assertEquals("member b is added", difference("{\"a\":1}", "{\"a\":1,\"b\":2}"));
        assertEquals("member a.x[1].y was 2, is 3", difference("{\"a\":{\"x\":[{},{\"y\":2}]}}",
                "{\"a\":{\"x\":[{},{\"y\":3}]}}"));
        assertEquals("member a was [1], is [1,2]", difference("{\"a\":[1]}", "{\"a\":[1,2]}"));
    }
}
