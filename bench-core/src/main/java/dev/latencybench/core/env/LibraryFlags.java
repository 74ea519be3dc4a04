package dev.latencybench.core.env;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The JVM flags the libraries the studies share need on a JDK of a given feature version, written
 * once for every study that uses them. Stateless.
 */
public final class LibraryFlags {
    private LibraryFlags() {
    }

    /**
     * Chronicle Queue (through Chronicle's core and JNA): the module openings it needs from JDK 9,
     * native access from 22, Unsafe memory access from 23; analytics off (nothing phones home) and
     * slf4j's simple logger at WARN.
     */
    public static List<String> chronicle(int javaFeatureVersion) {
        List<String> flags = new ArrayList<>(Arrays.asList("-Dchronicle.analytics.disable=true",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"));
        if (javaFeatureVersion >= 9) {
            flags.addAll(Arrays.asList(
                    "--add-opens=java.base/java.lang=ALL-UNNAMED",
                    "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
                    "--add-opens=java.base/java.nio=ALL-UNNAMED",
                    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
                    "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED",
                    "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
                    "--add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED"));
        }
        if (javaFeatureVersion >= 22) {
            flags.add("--enable-native-access=ALL-UNNAMED");
        }
        if (javaFeatureVersion >= 23) {
            flags.add("--sun-misc-unsafe-memory-access=allow");
        }
        return flags;
    }
}
