package dev.latencybench.core.study;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The studies on the class path, found through {@link ServiceLoader}
 * ({@code META-INF/services/dev.latencybench.core.study.Study}), so the runner, the launcher and each
 * benchmark JVM find a new study module without knowing its classes. Stateless.
 */
public final class Studies {
    private Studies() {
    }

    /**
     * Every study on the class path that this JVM can load, in class-path order. A study compiled for a
     * newer Java is left out: bench.jar carries every study, and a benchmark JVM of Java 11 running the
     * queue study must not fail on the Jet study's classes. Where a study too new for the JVM is asked for,
     * the runner skipped its cell, and the launcher and the study jar's main said why ({@link JavaNeeded}).
     */
    public static List<Study> onClassPath() {
        return onClassPath(Thread.currentThread().getContextClassLoader());
    }

    /** The same, from {@code loader}'s class path. */
    public static List<Study> onClassPath(ClassLoader loader) {
        List<Study> all = new ArrayList<>();
        Iterator<Study> providers = ServiceLoader.load(Study.class, loader).iterator();
        while (true) {
            try {
                if (!providers.hasNext()) {
                    return all;
                }
                all.add(providers.next());
            } catch (UnsupportedClassVersionError e) {
                // a study for a newer Java (ServiceLoader passes the error on as it is): the loader goes on to the
                // next provider
            }
        }
    }
}
