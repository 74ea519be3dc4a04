package dev.latencybench.startup;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** How a service is started: the study's variants; each but {@code jvm} needs something built first. */
enum StartMode {
    /** {@code java -jar}: the JDK's own default CDS archive of its classes, nothing of the application's. */
    JVM,
    /** An application CDS archive of the service's classes, dumped after a training run. */
    CDS,
    /** The ahead-of-time cache of JDK 24+ (JEP 483/514/515), recorded in a training run. */
    AOT,
    /** A native image built by the JDK's own {@code native-image} (GraalVM, Liberica NIK, Mandrel). */
    NATIVE;

    /** The name in properties and variant names: lower case. */
    String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    static List<String> ids() {
        return Arrays.stream(values()).map(StartMode::id).collect(Collectors.toList());
    }

    static StartMode of(String id) {
        for (StartMode m : values()) {
            if (m.id().equals(id)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown start mode '" + id + "'; expected one of " + ids());
    }
}
