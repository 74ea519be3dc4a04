package dev.latencybench.runner.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The release table comes from the pom through graal-releases.properties. */
class GraalJitTest {
    @Test
    void theBuildFillsInAReleaseForEachJvmciLevel() {
        for (int feature : new int[] {17, 21, 25}) {
            String release = GraalJit.releaseFor(feature);
            assertTrue(release != null && release.matches("\\d+\\.\\d+\\.\\d+"),
                    "JDK " + feature + ": '" + release + "' (an unfiltered ${...} means the resource was not filtered)");
        }
        assertEquals(GraalJit.releaseFor(17), GraalJit.releaseFor(21), "17 and 21 share a JVMCI level");
        assertNull(GraalJit.releaseFor(11), "no compiler release is known to match JDK 11");
        assertEquals("17, 21, 25", GraalJit.supportedFeatures(), "in ascending order");
    }
}
